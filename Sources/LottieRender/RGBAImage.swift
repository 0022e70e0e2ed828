import LottieRenderCodecs
import LottieRenderRaster

/// A rendered frame: 8-bit RGBA with straight (unpremultiplied) alpha, rows top to bottom, as image files and
/// most image libraries expect it.
public struct RGBAImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha for each pixel, row by row.
    /// Read-only, so that the bytes always match `width` and `height`; make a new image to change them.
    public private(set) var bytes: [UInt8]

    /// An image from straight-alpha RGBA bytes; `bytes` must hold `width × height × 4` values. Nil otherwise,
    /// and for sizes whose byte count does not fit an `Int`.
    public init?(width: Int, height: Int, bytes: [UInt8]) {
        guard width >= 0, height >= 0 else { return nil }
        let (pixels, o1) = width.multipliedReportingOverflow(by: height)
        let (count, o2) = pixels.multipliedReportingOverflow(by: 4)
        guard !o1, !o2, bytes.count == count else { return nil }
        self.width = width; self.height = height; self.bytes = bytes
    }

    /// The image of a premultiplied pixmap (the renderer's own format).
    package init(_ pixmap: Pixmap) {
        width = pixmap.width; height = pixmap.height; bytes = pixmap.straightRGBA()
    }

    /// Decodes a PNG file's bytes.
    public init(pngData: [UInt8]) throws(LottieRenderError) {
        do {
            let (w, h, rgba) = try PNGCodec.decodeRGBA(pngData)
            width = w; height = h; bytes = rgba
        } catch {
            let text = "\(error)" // the decoder's own message may already say so
            throw .encoding(reason: text.hasPrefix("not a readable PNG") ? text : "not a readable PNG: \(text)")
        }
    }

    /// The pixel at (`x`, `y`) as red, green, blue, alpha; (`x`, `y`) must lie inside the image (as an array index).
    public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        // Like an array's index: a position outside the image is a programming error, not the next row's pixel.
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside \(width)x\(height)")
        let i = (y * width + x) * 4
        return (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3])
    }

    /// The image as PNG file bytes (8-bit RGBA).
    public func pngData() throws(LottieRenderError) -> [UInt8] {
        do { return try PNGCodec.encodeRGBA(bytes, width: width, height: height) } catch {
            throw .encoding(reason: "PNG: \(error)")
        }
    }

    /// The premultiplied pixmap the renderer and encoders work with.
    package var pixmap: Pixmap { Pixmap.fromStraightRGBA(width: width, height: height, bytes: bytes) }
}

/// A colour with straight alpha, 8 bits per channel: backgrounds and GIF mattes.
public struct RGBAColor: Sendable, Equatable {
    /// Red, green, blue and alpha, 0…255.
    public var r, g, b, a: UInt8

    /// A colour from its channels (alpha 255 = opaque).
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) { self.r = r; self.g = g; self.b = b; self.a = a }

    /// Opaque white.
    public static let white = RGBAColor(r: 255, g: 255, b: 255)
    /// Opaque black.
    public static let black = RGBAColor(r: 0, g: 0, b: 0)
    /// Fully transparent.
    public static let transparent = RGBAColor(r: 0, g: 0, b: 0, a: 0)

    /// Parses `#rgb`, `#rrggbb`, `#rrggbbaa` or a name (white, black, transparent, red, green, blue, gray); nil
    /// for anything else.
    public init?(_ text: String) {
        let names = [
            "white": "#ffffff", "black": "#000000", "transparent": "#00000000", "red": "#ff0000",
            "green": "#00ff00", "blue": "#0000ff", "gray": "#808080", "grey": "#808080",
        ]
        var hex = names[text.lowercased()] ?? text
        if hex.hasPrefix("#") { hex.removeFirst() }
        if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
        if hex.count == 6 { hex += "ff" }
        guard hex.count == 8, hex.allSatisfy(\.isHexDigit), let v = UInt32(hex, radix: 16) else { return nil }
        self.init(r: UInt8(v >> 24), g: UInt8((v >> 16) & 255), b: UInt8((v >> 8) & 255), a: UInt8(v & 255))
    }

    /// The premultiplied pixel value the renderer uses.
    package var premultiplied: UInt32 {
        let a = UInt32(self.a)
        func p(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
        return p(r) | p(g) << 8 | p(b) << 16 | a << 24
    }
}
