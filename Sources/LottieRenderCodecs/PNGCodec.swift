import CPNG
import CPNGShim
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

/// PNG decoding through libpng's read API for palette and 8-bit RGB(A) images (``decodeDirect(_:icc:notes:)``) and
/// through its simplified API for the rest; encoding (``encode(_:)``, PNGCodec+Encode.swift) through libdeflate.
package enum PNGCodec {
    /// Decodes a PNG to a premultiplied pixmap.
    package static func decode(_ bytes: [UInt8]) throws(CodecError) -> Pixmap {
        var notes: [String] = []
        return try decode(bytes, notes: &notes)
    }

    /// Decodes a PNG to a premultiplied pixmap, in sRGB when it embeds an ICC profile (`iCCP`, ``ColorProfile``);
    /// a profile that cannot be applied is said in `notes`. Palette and 8-bit RGB(A) PNGs are read through
    /// ``decodeDirect(_:icc:notes:)``, the rest through libpng's simplified API.
    package static func decode(_ bytes: [UInt8], notes: inout [String]) throws(CodecError) -> Pixmap {
        let icc = ColorProfile.profile(inPNG: bytes)
        if let pixmap = decodeDirect(bytes, icc: icc, notes: &notes) { return pixmap }
        var image = png_image()
        let (w, h) = try begin(bytes, &image)
        var failure: String? = nil
        let pixmap = straightRGBA(width: w, height: h, icc: icc, notes: &notes) { dst in
            failure = finish(&image, into: dst, width: w)
            return failure == nil
        }
        guard let pixmap else { throw CodecError("PNG decode failed: \(failure ?? "")") }
        return pixmap
    }

    /// A pixmap whose words `read` fills with straight-alpha RGBA bytes (`width × 4` a row; false when it could
    /// not), then converted to sRGB by `icc` and premultiplied in place: no second image-sized buffer.
    private static func straightRGBA(
        width: Int, height: Int, icc: [UInt8]?, notes: inout [String], _ read: (UnsafeMutableRawPointer) -> Bool
    ) -> Pixmap? {
        var unusable = false
        var filled = false
        let pixels = [UInt32](unsafeUninitializedCapacity: width * height) { buffer, initialized in
            guard let base = buffer.baseAddress, read(UnsafeMutableRawPointer(base)) else { return }
            if let icc, !ColorProfile.convertToSRGB(base, width: width, height: height, icc: icc) { unusable = true }
            PixelExport.premultiplyStraightRGBA(buffer)
            initialized = width * height
            filled = true
        }
        if unusable { notes.append(ColorProfile.unusable) }
        return filled ? Pixmap(width: width, height: height, pixels: pixels) : nil
    }

    /// A palette PNG or an 8-bit RGB(A) one read through libpng's read API (`lr_png_open`, png_decode.c), nil for
    /// any other and for one it cannot read (the simplified API then reads it, or says why). Palette images are not
    /// expanded: their packed indices become pixels through the 256 entries, converted (ICC) and premultiplied once
    /// (rlottie/29056-nepenthe-illustration, 43 palette images, 31 of them with 4-bit indices: 1 132 M instructions
    /// for six loads with every pixel expanded by the simplified API, 174 M this way). RGBA rows are read into the
    /// pixmap's words and premultiplied there. Neither checks the zlib stream's Adler-32 (each IDAT's CRC is); a
    /// file gamma libpng would correct is left to the simplified API (the shim corrects nothing).
    static func decodeDirect(_ bytes: [UInt8], icc: [UInt8]?, notes: inout [String]) -> Pixmap? {
        var colormap = [UInt8](repeating: 0, count: 256 * 4)
        var w: UInt32 = 0, h: UInt32 = 0, kind: Int32 = 0, depth: Int32 = 0, rowBytes = 0
        return bytes.withUnsafeBufferPointer { b -> Pixmap? in
            let opened = colormap.withUnsafeMutableBufferPointer { c in
                lr_png_open(b.baseAddress, b.count, 32768, &w, &h, &kind, &depth, c.baseAddress, &rowBytes)
            }
            guard let reader = opened else { return nil }
            defer { lr_png_close(reader) }
            let width = Int(w), height = Int(h)
            guard width > 0, height > 0 else { return nil }
            if kind == LR_PNG_RGBA {
                guard rowBytes == width * 4 else { return nil }
                return straightRGBA(width: width, height: height, icc: icc, notes: &notes) { dst in
                    lr_png_read(reader, dst.assumingMemoryBound(to: UInt8.self), width * 4) == 0
                }
            }
            guard kind == LR_PNG_PALETTE, [1, 2, 4, 8].contains(depth), rowBytes >= (width * Int(depth) + 7) / 8
            else { return nil }
            var rows = [UInt8](repeating: 0, count: rowBytes * height)
            guard rows.withUnsafeMutableBufferPointer({ lr_png_read(reader, $0.baseAddress, rowBytes) }) == 0 else {
                return nil
            }
            if let icc, !ColorProfile.convertToSRGB(&colormap, width: 256, height: 1, icc: icc) {
                notes.append(ColorProfile.unusable)
            }
            let pixels = rows.withUnsafeBufferPointer { r in
                PixelExport.premultiplied(
                    packedRows: r, rowBytes: rowBytes, width: width, height: height, depth: Int(depth),
                    colormap: colormap)
            }
            return Pixmap(width: width, height: height, pixels: pixels)
        }
    }

    /// Decodes a PNG to straight-alpha RGBA bytes.
    package static func decodeRGBA(_ bytes: [UInt8]) throws(CodecError) -> (Int, Int, [UInt8]) {
        var image = png_image()
        let (w, h) = try begin(bytes, &image)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        let failure = out.withUnsafeMutableBytes { dst in finish(&image, into: dst.baseAddress, width: w) }
        if let failure { throw CodecError("PNG decode failed: \(failure)") }
        return (w, h, out)
    }

    /// Starts reading a PNG through libpng's simplified API, as 8-bit straight-alpha RGBA: its size, at most
    /// 32 768 a side.
    private static func begin(_ bytes: [UInt8], _ image: inout png_image) throws(CodecError) -> (Int, Int) {
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        let ok = bytes.withUnsafeBytes { raw in png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) }
        guard ok != 0 else { throw CodecError("not a readable PNG: \(message(&image))") }
        image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        let w = Int(image.width), h = Int(image.height)
        guard w > 0, h > 0, w <= 32768, h <= 32768 else {
            png_image_free(&image)
            throw CodecError("PNG size \(w)x\(h) out of range")
        }
        return (w, h)
    }

    /// Reads the pixels of a begun image into `dst` (`width × 4` bytes a row) and frees the image: libpng's
    /// message when it failed, nil when it did not.
    private static func finish(_ image: inout png_image, into dst: UnsafeMutableRawPointer?, width: Int) -> String? {
        let ok = dst.map { png_image_finish_read(&image, nil, $0, png_int_32(width * 4), nil) } ?? 0
        let msg = message(&image)
        png_image_free(&image)
        return ok != 0 ? nil : msg
    }

    private static func message(_ image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
