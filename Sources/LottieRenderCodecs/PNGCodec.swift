import CPNG
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

/// PNG encoding and decoding through libpng's simplified API.
package enum PNGCodec {
    /// Encodes a premultiplied pixmap as an 8-bit straight-alpha RGBA PNG.
    package static func encode(_ pixmap: Pixmap) throws(CodecError) -> [UInt8] {
        var rgba = pixmap.straightRGBA()
        return try encodeRGBA(&rgba, width: pixmap.width, height: pixmap.height)
    }

    /// Encodes straight-alpha RGBA bytes.
    package static func encodeRGBA(_ rgba: inout [UInt8], width: Int, height: Int) throws(CodecError) -> [UInt8] {
        guard width > 0, height > 0, rgba.count >= width * height * 4 else { throw CodecError("empty image") }
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(width)
        image.height = png_uint_32(height)
        image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        // One pass into a buffer big enough for stored (incompressible) data; libpng reports the size it needs
        // when the buffer is short, and the second call is then exact.
        let raw = height * (width * 4 + 1)
        var size = png_alloc_size_t(raw + raw / 1000 + 4096)
        var out = [UInt8](repeating: 0, count: Int(size))
        var ok2 = out.withUnsafeMutableBytes { dst in
            rgba.withUnsafeBytes { raw in
                png_image_write_to_memory(
                    &image, dst.baseAddress, &size, 0, raw.baseAddress, png_int_32(width * 4), nil)
            }
        }
        if ok2 == 0 && Int(size) > out.count {
            png_image_free(&image)
            image.opaque = nil
            out = [UInt8](repeating: 0, count: Int(size))
            ok2 = out.withUnsafeMutableBytes { dst in
                rgba.withUnsafeBytes { raw in
                    png_image_write_to_memory(
                        &image, dst.baseAddress, &size, 0, raw.baseAddress, png_int_32(width * 4), nil)
                }
            }
        }
        png_image_free(&image)
        guard ok2 != 0 else { throw CodecError("libpng failed to encode") }
        return Array(out.prefix(Int(size)))
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
