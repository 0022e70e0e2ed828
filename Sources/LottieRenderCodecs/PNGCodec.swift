import CPNG
import CPNGEncode
import LottieRenderRaster

/// An error from an image codec.
package struct CodecError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    package let message: String
    /// True when the data would decompress past a size limit (a decompression bomb).
    package let exceedsLimit: Bool
    /// Creates an error.
    package init(_ message: String, exceedsLimit: Bool = false) {
        self.message = message
        self.exceedsLimit = exceedsLimit
    }
    /// The message.
    package var description: String { message }
}

/// PNG encoding through libpng's write API (``encodeRGBA(_:width:height:)``) and decoding through its simplified
/// API.
package enum PNGCodec {
    /// Encodes a premultiplied pixmap as an 8-bit straight-alpha RGBA PNG.
    package static func encode(_ pixmap: Pixmap) throws(CodecError) -> [UInt8] {
        try encodeRGBA(pixmap.straightRGBA(), width: pixmap.width, height: pixmap.height)
    }

    /// Row filter of every PNG written: none. libpng's simplified API tries all five filters on every row and keeps
    /// the one with the smallest sum; on rendered frames (flat colours, anti-aliased edges, 8-bit gradients) deflate
    /// does better on the unfiltered rows: 7–26 % smaller files on seven of the eight sets of frames measured, 2.7 %
    /// larger on the eighth (docs/performance.md, "Whole process"), and no filtering work, which took half of a PNG
    /// sequence's time.
    static let rowFilter = Int32(PNG_FILTER_NONE)
    /// zlib level of every PNG written: libpng's default.
    static let compressionLevel: Int32 = 6

    /// Encodes straight-alpha RGBA bytes (with an `sRGB` chunk, as libpng's simplified API writes them).
    package static func encodeRGBA(_ rgba: [UInt8], width: Int, height: Int) throws(CodecError) -> [UInt8] {
        guard width > 0, height > 0, width <= Int(Int32.max) / 4, height <= Int(UInt32.max),
            rgba.count >= width * height * 4
        else { throw CodecError("empty image") }
        var out: UnsafeMutablePointer<UInt8>? = nil
        var length = 0
        var message = [CChar](repeating: 0, count: 200)
        let failed = rgba.withUnsafeBufferPointer { px in
            message.withUnsafeMutableBufferPointer { m in
                lr_png_encode_rgba(
                    px.baseAddress, UInt32(width), UInt32(height), width * 4, rowFilter, compressionLevel, &out,
                    &length, m.baseAddress, m.count)
            }
        }
        defer { lr_png_free(out) }
        guard failed == 0, let out else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw CodecError("libpng failed to encode: \(text)")
        }
        return Array(UnsafeBufferPointer(start: out, count: length))
    }

    /// Decodes a PNG to a premultiplied pixmap.
    package static func decode(_ bytes: [UInt8]) throws(CodecError) -> Pixmap {
        var notes: [String] = []
        return try decode(bytes, notes: &notes)
    }

    /// Decodes a PNG to a premultiplied pixmap, in sRGB when it embeds an ICC profile (`iCCP`, ``ColorProfile``);
    /// a profile that cannot be applied is said in `notes`.
    package static func decode(_ bytes: [UInt8], notes: inout [String]) throws(CodecError) -> Pixmap {
        var (w, h, rgba) = try decodeRGBA(bytes)
        if let icc = ColorProfile.profile(inPNG: bytes),
            !ColorProfile.convertToSRGB(&rgba, width: w, height: h, icc: icc)
        {
            notes.append(ColorProfile.unusable)
        }
        return Pixmap.fromStraightRGBA(width: w, height: h, bytes: rgba)
    }

    /// Decodes a PNG to straight-alpha RGBA bytes.
    package static func decodeRGBA(_ bytes: [UInt8]) throws(CodecError) -> (Int, Int, [UInt8]) {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        let ok = bytes.withUnsafeBytes { raw in png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) }
        guard ok != 0 else { throw CodecError("not a readable PNG: \(message(&image))") }
        image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        let w = Int(image.width), h = Int(image.height)
        guard w > 0, h > 0, w <= 32768, h <= 32768 else {
            png_image_free(&image)
            throw CodecError("PNG size \(w)x\(h) out of range")
        }
        var out = [UInt8](repeating: 0, count: w * h * 4)
        let ok2 = out.withUnsafeMutableBytes { dst in
            png_image_finish_read(&image, nil, dst.baseAddress, png_int_32(w * 4), nil)
        }
        let msg = message(&image)
        png_image_free(&image)
        guard ok2 != 0 else { throw CodecError("PNG decode failed: \(msg)") }
        return (w, h, out)
    }

    private static func message(_ image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
