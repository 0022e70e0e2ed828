import CDeflate
import LottieRenderRaster

/// Writing PNGs: 8-bit straight-alpha RGBA, unfiltered rows, one zlib stream compressed by libdeflate.
///
/// The file is what libpng's write API made of the same rows until session 33 (signature, `IHDR`, `sRGB`, `IDAT`,
/// `IEND`), with the zlib stream from libdeflate at the same level: on rendered frames it compresses in about half
/// of zlib's time and 0.3–3.8 % smaller (docs/performance.md, "Issue 33, session 33"). The chunks are few and fixed, so
/// they are written here; libpng still reads PNGs (PNGCodec.swift).
extension PNGCodec {
    /// Row filter of every PNG written: none (filter type 0). libpng's simplified API tries all five filters on every
    /// row and keeps the one with the smallest sum; on rendered frames (flat colours, anti-aliased edges, 8-bit
    /// gradients) deflate does better on the unfiltered rows: 7–26 % smaller files on seven of the eight sets of
    /// frames measured, 2.7 % larger on the eighth (docs/performance.md, "Whole process"), and no filtering work.
    static let rowFilter: UInt8 = 0
    /// Compression level of every PNG written: 6, zlib's and libpng's default, on libdeflate's scale of 1…12.
    static let compressionLevel: Int32 = 6
    /// The most bytes one `IDAT` chunk holds here (a chunk may hold up to 2³¹ − 1).
    static let maxChunk = 1 << 30

    /// Encodes a premultiplied pixmap as an 8-bit straight-alpha RGBA PNG.
    package static func encode(_ pixmap: Pixmap) throws(CodecError) -> [UInt8] {
        try encodeRows(width: pixmap.width, height: pixmap.height) { base, stride in
            PixelExport.write(pixmap, into: base, bytesPerRow: stride, order: .rgba, premultiplied: false)
        }
    }

    /// Encodes straight-alpha RGBA bytes (with an `sRGB` chunk, as libpng's simplified API writes them).
    package static func encodeRGBA(_ rgba: [UInt8], width: Int, height: Int) throws(CodecError) -> [UInt8] {
        // `encodeRows` checks the sides; here only that the bytes hold them.
        guard width > 0, rgba.count / 4 / width >= height else { throw CodecError("empty image") }
        return try encodeRows(width: width, height: height) { base, stride in
            rgba.withUnsafeBytes { src in
                guard let s = src.baseAddress else { return }
                for y in 0..<height { (base + y * stride).copyMemory(from: s + y * width * 4, byteCount: width * 4) }
            }
        }
    }

    /// A PNG of `width` × `height` pixels whose RGBA rows `fill` writes (`stride` bytes apart from the pointer it is
    /// given); each row is preceded by its filter byte.
    private static func encodeRows(
        width: Int, height: Int, fill: (UnsafeMutableRawPointer, Int) -> Void
    ) throws(CodecError) -> [UInt8] {
        // PNG sides are at most 2³¹ − 1; a row is its filter byte and four bytes a pixel.
        guard width > 0, height > 0, width <= (Int(Int32.max) - 1) / 4, height <= Int(Int32.max) else {
            throw CodecError("empty image")
        }
        let stride = width * 4 + 1
        let (rawCount, overflow) = stride.multipliedReportingOverflow(by: height)
        guard !overflow else { throw CodecError("image too large to encode") }
        let raw = [UInt8](unsafeUninitializedCapacity: rawCount) { buffer, initialized in
            if let base = buffer.baseAddress {
                for y in 0..<height { base[y * stride] = rowFilter }
                fill(UnsafeMutableRawPointer(base + 1), stride)
            }
            initialized = rawCount
        }
        guard let compressor = libdeflate_alloc_compressor(compressionLevel) else {
            throw CodecError("libdeflate could not start")
        }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, rawCount)
        var zlibLength = 0
        let stream = [UInt8](unsafeUninitializedCapacity: bound) { buffer, initialized in
            raw.withUnsafeBytes { r in
                zlibLength = libdeflate_zlib_compress(compressor, r.baseAddress, rawCount, buffer.baseAddress, bound)
            }
            initialized = zlibLength
        }
        guard zlibLength > 0 else { throw CodecError("libdeflate failed to compress") }
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out.reserveCapacity(8 + 25 + 13 + zlibLength + 12 * (zlibLength / maxChunk + 2))
        // IHDR: width, height, bit depth 8, colour type 6 (RGBA), compression 0, filter method 0, no interlace.
        appendChunk("IHDR", be32(width) + be32(height) + [8, 6, 0, 0, 0], to: &out)
        // sRGB, rendering intent 0 (perceptual).
        appendChunk("sRGB", [0], to: &out)
        var at = 0
        repeat {
            let end = min(zlibLength, at + maxChunk)
            appendChunk("IDAT", stream[at..<end], to: &out)
            at = end
        } while at < zlibLength
        appendChunk("IEND", [], to: &out)
        return out
    }

    /// A chunk on its own (the APNG writer's chunks too).
    static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        appendChunk(type, body, to: &out)
        return out
    }

    /// Appends a chunk: the body's length, the type, the body, and the CRC-32 of type and body.
    static func appendChunk<Body: Collection<UInt8>>(_ type: String, _ body: Body, to out: inout [UInt8]) {
        let start = out.count + 4
        out += be32(body.count)
        out += type.utf8
        out += body
        out += be32(Int(Gzip.crc32(out[start...])))
    }

    /// `v` as four big-endian bytes.
    static func be32(_ v: Int) -> [UInt8] {
        [
            UInt8(truncatingIfNeeded: v >> 24), UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8),
            UInt8(truncatingIfNeeded: v),
        ]
    }
}
