import CGzip

/// gzip and zlib streams through the system zlib: `.tgs` files (gzip-compressed Lottie) and PNG chunk CRCs.
package enum Gzip {
    /// Decompresses a gzip (or zlib) stream, refusing to produce more than `limit` bytes (a decompression bomb
    /// stops there with an error instead of filling memory).
    /// `raw`: a bare deflate stream (a zip entry's data), without header or trailer.
    package static func decompress(
        _ input: [UInt8], limit: Int = 256 << 20, raw: Bool = false
    ) throws(CodecError) -> [UInt8] {
        var stream = z_stream()
        // windowBits 15 + 32: detect gzip or zlib headers; -15: raw deflate.
        let bits: Int32 = raw ? -15 : 15 + 32
        guard inflateInit2_(&stream, bits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw CodecError("zlib: cannot initialise")
        }
        defer { inflateEnd(&stream) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var status: Int32 = Z_OK
        var failure: String?, tooLarge = false
        input.withUnsafeBufferPointer { inBuf in
            stream.next_in = UnsafeMutablePointer(mutating: inBuf.baseAddress)
            stream.avail_in = UInt32(inBuf.count)
            repeat {
                chunk.withUnsafeMutableBufferPointer { c in
                    stream.next_out = c.baseAddress
                    stream.avail_out = UInt32(c.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    let produced = c.count - Int(stream.avail_out)
                    out.append(contentsOf: c[0..<produced])
                }
                if out.count > limit {
                    failure = "decompressed size exceeds \(limit >> 20) MiB"
                    tooLarge = true
                    return
                }
                if status == Z_BUF_ERROR && stream.avail_in == 0 { failure = "truncated gzip stream"; return }
            } while status == Z_OK || (status == Z_BUF_ERROR && stream.avail_in > 0)
        }
        if let f = failure { throw CodecError(f, exceedsLimit: tooLarge) }
        guard status == Z_STREAM_END else { throw CodecError("not a valid gzip stream (zlib status \(status))") }
        return out
    }

    /// Compresses to a gzip stream (`.tgs` files).
    package static func compressGzip(_ input: [UInt8], level: Int32 = 6) throws(CodecError) -> [UInt8] {
        var stream = z_stream()
        // windowBits 15 + 16: write a gzip header.
        guard
            deflateInit2_(
                &stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { throw CodecError("zlib: cannot initialise") }
        defer { deflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(input.count))) + 64)
        var status: Int32 = 0
        input.withUnsafeBufferPointer { i in
            out.withUnsafeMutableBufferPointer { o in
                stream.next_in = UnsafeMutablePointer(mutating: i.baseAddress)
                stream.avail_in = UInt32(i.count)
                stream.next_out = o.baseAddress
                stream.avail_out = UInt32(o.count)
                status = deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { throw CodecError("zlib: gzip compression failed (\(status))") }
        return Array(out[0..<Int(stream.total_out)])
    }

    /// CRC-32 as PNG chunks use it.
    package static func crc32(_ bytes: ArraySlice<UInt8>, start: UInt = 0) -> UInt32 {
        bytes.withUnsafeBufferPointer { b in UInt32(CGzip.crc32(start, b.baseAddress, UInt32(b.count))) }
    }
}
