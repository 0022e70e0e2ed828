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

/// PNG encoding through libpng's write API (``encodeRGBA(_:width:height:)``); decoding through its read API for
/// palette and 8-bit RGB(A) images (``decodeDirect(_:icc:notes:)``) and through its simplified API for the rest.
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
    /// a profile that cannot be applied is said in `notes`. Palette and 8-bit RGB(A) PNGs are read through
    /// ``decodeDirect(_:icc:notes:)``, the rest through libpng's simplified API.
    package static func decode(_ bytes: [UInt8], notes: inout [String]) throws(CodecError) -> Pixmap {
        let icc = ColorProfile.profile(inPNG: bytes)
        if !correctsGamma(bytes), let pixmap = decodeDirect(bytes, icc: icc, notes: &notes) { return pixmap }
        // Read into the pixmap's own words and premultiplied there: no second image-sized buffer.
        var image = png_image()
        let (w, h) = try begin(bytes, &image)
        var failure: String? = nil
        var unusable = false
        let pixels = [UInt32](unsafeUninitializedCapacity: w * h) { buffer, initialized in
            failure = finish(&image, into: buffer.baseAddress, width: w)
            guard failure == nil, let base = buffer.baseAddress else { return }
            if let icc, !ColorProfile.convertToSRGB(UnsafeMutableRawPointer(base), width: w, height: h, icc: icc) {
                unusable = true
            }
            PixelExport.premultiplyStraightRGBA(buffer)
            initialized = w * h
        }
        if let failure { throw CodecError("PNG decode failed: \(failure)") }
        if unusable { notes.append(ColorProfile.unusable) }
        return Pixmap(width: w, height: h, pixels: pixels)
    }

    /// A palette PNG or an 8-bit RGB(A) one read through libpng's read API (`lr_png_open`, png_decode.c), nil for
    /// any other and for one it cannot read (the simplified API then reads it, or says why). Palette images are not
    /// expanded: their packed indices become pixels through the 256 entries, converted (ICC) and premultiplied once
    /// (rlottie/29056-nepenthe-illustration, 43 palette images, 31 of them with 4-bit indices: 1 132 M instructions
    /// for six loads with every pixel expanded by the simplified API, 174 M this way). RGBA rows are read into the
    /// pixmap's words and premultiplied there. Neither checks the zlib stream's Adler-32 (each IDAT's CRC is).
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
            var unusable = false
            defer { if unusable { notes.append(ColorProfile.unusable) } }
            if kind == LR_PNG_RGBA {
                guard rowBytes == width * 4 else { return nil }
                var read = false
                let pixels = [UInt32](unsafeUninitializedCapacity: width * height) { buffer, initialized in
                    guard let base = buffer.baseAddress else { return }
                    let dst = UnsafeMutableRawPointer(base).assumingMemoryBound(to: UInt8.self)
                    guard lr_png_read(reader, dst, width * 4) == 0 else { return }
                    if let icc, !ColorProfile.convertToSRGB(base, width: width, height: height, icc: icc) {
                        unusable = true
                    }
                    PixelExport.premultiplyStraightRGBA(buffer)
                    initialized = width * height
                    read = true
                }
                return read ? Pixmap(width: width, height: height, pixels: pixels) : nil
            }
            guard kind == LR_PNG_PALETTE, [1, 2, 4, 8].contains(depth), rowBytes >= (width * Int(depth) + 7) / 8
            else { return nil }
            var rows = [UInt8](repeating: 0, count: rowBytes * height)
            guard rows.withUnsafeMutableBufferPointer({ lr_png_read(reader, $0.baseAddress, rowBytes) }) == 0 else {
                return nil
            }
            if let icc, !ColorProfile.convertToSRGB(&colormap, width: 256, height: 1, icc: icc) { unusable = true }
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

    /// True when the PNG's `gAMA` is far enough from sRGB's (0.45455) for libpng's simplified API to correct it to
    /// sRGB. ``decodeDirect(_:icc:notes:)`` corrects nothing, so such files are left to the simplified API; within
    /// 3 % of sRGB's gamma (libpng's threshold is 5 %) nothing is corrected and both give the stored values
    /// (PNGDecodeTests: six file gammas).
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
