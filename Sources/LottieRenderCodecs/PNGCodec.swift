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
    /// a profile that cannot be applied is said in `notes`. A palette PNG (`PLTE`, colour type 3) is read as one
    /// index a pixel and its colormap (libpng's simplified API gives the same entries it expands pixels to), and the
    /// colormap is converted and premultiplied once: 30 % of rlottie/29056-nepenthe-illustration's load was libpng
    /// expanding its 43 palette images and premultiplying every pixel.
    package static func decode(_ bytes: [UInt8], notes: inout [String]) throws(CodecError) -> Pixmap {
        let icc = ColorProfile.profile(inPNG: bytes)
        switch try read(bytes, colormapped: true) {
        case .rgba(let w, let h, var rgba):
            if let icc, !ColorProfile.convertToSRGB(&rgba, width: w, height: h, icc: icc) {
                notes.append(ColorProfile.unusable)
            }
            return Pixmap.fromStraightRGBA(width: w, height: h, bytes: rgba)
        case .indexed(let w, let h, let indices, var colormap, let entries):
            if let icc, !ColorProfile.convertToSRGB(&colormap, width: entries, height: 1, icc: icc) {
                notes.append(ColorProfile.unusable)
            }
            return Pixmap(
                width: w, height: h,
                pixels: PixelExport.premultiplied(indices: indices, colormap: colormap, entries: entries))
        }
    }

    /// Decodes a PNG to straight-alpha RGBA bytes.
    package static func decodeRGBA(_ bytes: [UInt8]) throws(CodecError) -> (Int, Int, [UInt8]) {
        switch try read(bytes, colormapped: false) {
        case .rgba(let w, let h, let rgba): return (w, h, rgba)
        case .indexed: throw CodecError("PNG decode failed: colormap") // `colormapped: false` never gives one
        }
    }

    /// What libpng's simplified API reads: straight RGBA bytes, or one index a pixel with a colormap of
    /// `entries` straight RGBA entries.
    private enum Decoded {
        case rgba(Int, Int, [UInt8])
        case indexed(Int, Int, indices: [UInt8], colormap: [UInt8], entries: Int)
    }

    /// Reads a PNG; palette PNGs as indices and a colormap when `colormapped` is set.
    private static func read(_ bytes: [UInt8], colormapped: Bool) throws(CodecError) -> Decoded {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        let ok = bytes.withUnsafeBytes { raw in png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) }
        guard ok != 0 else { throw CodecError("not a readable PNG: \(message(&image))") }
        let palette =
            colormapped && image.format & png_uint_32(PNG_FORMAT_FLAG_COLORMAP) != 0 && !correctsGamma(bytes)
        image.format = png_uint_32(
            PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA | (palette ? PNG_FORMAT_FLAG_COLORMAP : 0))
        let w = Int(image.width), h = Int(image.height)
        guard w > 0, h > 0, w <= 32768, h <= 32768 else {
            png_image_free(&image)
            throw CodecError("PNG size \(w)x\(h) out of range")
        }
        let ok2: Int32
        var out = [UInt8](repeating: 0, count: w * h * (palette ? 1 : 4))
        var colormap = [UInt8](repeating: 0, count: palette ? 256 * 4 : 0)
        if palette {
            ok2 = out.withUnsafeMutableBytes { dst in
                colormap.withUnsafeMutableBytes { map in
                    png_image_finish_read(&image, nil, dst.baseAddress, png_int_32(w), map.baseAddress)
                }
            }
        } else {
            ok2 = out.withUnsafeMutableBytes { dst in
                png_image_finish_read(&image, nil, dst.baseAddress, png_int_32(w * 4), nil)
            }
        }
        let msg = message(&image)
        let entries = Int(image.colormap_entries)
        png_image_free(&image)
        guard ok2 != 0 else { throw CodecError("PNG decode failed: \(msg)") }
        return palette
            ? .indexed(w, h, indices: out, colormap: colormap, entries: min(entries, 256)) : .rgba(w, h, out)
    }

    /// True when the PNG's `gAMA` is far enough from sRGB's (0.45455) for libpng to correct it. libpng rounds a
    /// corrected colormap entry and a corrected pixel differently (by one, in PalettePNGTests), so such palette
    /// files are expanded pixel by pixel as before; within 3 % of sRGB's gamma (libpng's threshold is 5 %) nothing
    /// is corrected and both give the palette's own values.
    private static func correctsGamma(_ bytes: [UInt8]) -> Bool {
        var at = 8
        while at + 12 <= bytes.count {
            let length = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            let start = at + 8, end = start + length
            guard end + 4 <= bytes.count else { return true }
            let type = (bytes[at + 4], bytes[at + 5], bytes[at + 6], bytes[at + 7])
            if type == (0x49, 0x44, 0x41, 0x54) || type == (0x49, 0x45, 0x4E, 0x44) { return false } // IDAT, IEND
            if type == (0x67, 0x41, 0x4D, 0x41) { // gAMA
                guard length == 4 else { return true }
                let g =
                    Int(bytes[start]) << 24 | Int(bytes[start + 1]) << 16 | Int(bytes[start + 2]) << 8
                    | Int(bytes[start + 3])
                return !(44_000...47_000).contains(g)
            }
            at = end + 4
        }
        return false
    }

    private static func message(_ image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
