import LottieRenderCodecs

/// A zip archive read from memory (dotLottie): the central directory is parsed and checked against the bytes
/// before anything is inflated, and entries inflate through zlib with their declared and actual sizes both
/// counted against a limit.
///
/// lottie-render used ZIPFoundation here until fuzzing found that its in-memory archive traps on an entry offset
/// past the end and leaks the archive's bytes when a damaged archive fails to open; a reader of the few records a
/// dotLottie needs (stored and deflated entries, no zip64, no encryption) is smaller than working around both.
package struct ZipArchive {
    /// One file of the archive.
    package struct Entry {
        /// Its path inside the archive.
        package var path: String
        /// 0 stored, 8 deflated.
        package var method: Int
        /// Where its compressed bytes lie.
        package var data: Range<Int>
        /// Its size once inflated, as the headers declare it.
        package var size: Int
        /// The CRC-32 of the inflated bytes.
        package var crc: UInt32
    }

    /// The files, in central directory order (folders left out).
    package let entries: [Entry]
    private let bytes: [UInt8]

    /// Parses the central directory of `b`; the error says what is wrong with the archive.
    package init(_ b: [UInt8]) throws(CodecError) {
        func u16(_ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
        func u32(_ i: Int) -> Int { u16(i) | u16(i + 2) << 16 }
        // The end of central directory record: the last "PK\5\6" within the final 64 KiB + 22 bytes.
        guard b.count >= 22 else { throw CodecError("too short for a zip archive") }
        var end = -1
        var i = b.count - 22
        while i >= max(0, b.count - 22 - 65535) {
            if b[i] == 0x50 && b[i + 1] == 0x4B && b[i + 2] == 5 && b[i + 3] == 6 { end = i; break }
            i -= 1
        }
        guard end >= 0 else { throw CodecError("no end of central directory record") }
        let count = u16(end + 10), size = u32(end + 12), offset = u32(end + 16)
        guard count != 0xFFFF, size != 0xFFFF_FFFF, offset != 0xFFFF_FFFF else {
            throw CodecError("zip64 archives are not supported")
        }
        guard offset + size <= end else { throw CodecError("central directory lies outside the archive") }
        var entries: [Entry] = []
        var p = offset
        for _ in 0..<count {
            guard p + 46 <= offset + size, u32(p) == 0x0201_4B50 else { throw CodecError("damaged central directory") }
            let flags = u16(p + 8), method = u16(p + 10), crc = UInt32(u32(p + 16))
            let compressed = u32(p + 20), inflated = u32(p + 24), nameLength = u16(p + 28)
            let local = u32(p + 42)
            let next = p + 46 + nameLength + u16(p + 30) + u16(p + 32)
            guard next <= offset + size else { throw CodecError("damaged central directory") }
            guard compressed != 0xFFFF_FFFF, inflated != 0xFFFF_FFFF, local != 0xFFFF_FFFF else {
                throw CodecError("zip64 archives are not supported")
            }
            let path = String(decoding: b[(p + 46)..<(p + 46 + nameLength)], as: UTF8.self)
            guard local + 30 <= b.count, u32(local) == 0x0403_4B50 else {
                throw CodecError("\(path): entry header outside the archive")
            }
            let start = local + 30 + u16(local + 26) + u16(local + 28)
            guard start + compressed <= b.count else {
                throw CodecError("\(path): data runs past the end of the archive")
            }
            p = next
            if path.hasSuffix("/") { continue }
            guard flags & 1 == 0 else { throw CodecError("\(path): encrypted entries are not supported") }
            guard method == 0 || method == 8 else {
                throw CodecError("\(path): compression method \(method) is not supported")
            }
            entries.append(
                Entry(path: path, method: method, data: start..<(start + compressed), size: inflated, crc: crc))
        }
        self.entries = entries
        bytes = b
    }

    /// The inflated bytes of `entry`, checked against its CRC-32; nil when they would be more than `limit`
    /// (whatever the headers say: inflating stops there).
    package func contents(_ entry: Entry, limit: Int) throws(CodecError) -> [UInt8]? {
        guard entry.size <= limit else { return nil }
        let raw = Array(bytes[entry.data])
        let out: [UInt8]
        do { out = entry.method == 0 ? raw : try Gzip.decompress(raw, limit: limit, raw: true) } catch {
            if error.exceedsLimit { return nil }
            throw CodecError("\(entry.path): \(error)")
        }
        guard out.count <= limit else { return nil }
        guard Gzip.crc32(out[...]) == entry.crc else { throw CodecError("\(entry.path): CRC-32 mismatch") }
        return out
    }
}
