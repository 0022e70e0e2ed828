import CGzip
import Foundation

/// Hostile animation files, written by the tests themselves (nothing large is committed): each attacks one limit.
public enum HostileFiles {
    /// The start of a valid document of `w`×`h` and `op` frames, up to its `"layers"` array's opening bracket.
    public static func header(
        width w: Int = 512, height h: Int = 512, frames op: Int = 30, assets: String = "[]"
    )
        -> String
    {
        #"{"v":"5.7.0","fr":30,"ip":0,"op":\#(op),"w":\#(w),"h":\#(h),"assets":\#(assets),"layers":["#
    }

    /// A shape layer `i` with a 20×20 red square at a position from `i`, and `extra` members.
    public static func squareLayer(_ i: Int, extra: String = "") -> String {
        #"{"ty":4,"ind":\#(i),"ip":0,"op":1000000,"st":0,"ks":{"o":{"a":0,"k":50}}\#(extra),"shapes":["#
            + #"{"ty":"rc","p":{"a":0,"k":[\#(i % 500),\#(i % 300)]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},"#
            + #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}"#
    }

    /// `count` shape layers, each padded with a name of `padding` characters (200,000 layers of 400: 120 MB).
    public static func manyLayers(_ count: Int, padding: Int) -> Data {
        var d = Data(header().utf8)
        let pad = String(repeating: "x", count: padding)
        for i in 0..<count {
            if i > 0 { d.append(UInt8(ascii: ",")) }
            d.append(contentsOf: Array(squareLayer(i + 1, extra: #","nm":"\#(pad)""#).utf8))
        }
        d.append(contentsOf: Array("]}".utf8))
        return d
    }

    /// Precomps nested `depth` deep, the innermost holding a square.
    public static func nestedPrecomps(_ depth: Int) -> String {
        var assets: [String] = []
        for i in 0..<depth {
            let inner =
                i + 1 < depth
                ? #"{"ty":0,"ind":1,"refId":"c\#(i + 1)","ip":0,"op":1000000,"st":0,"w":512,"h":512,"ks":{"o":{"a":0,"k":99}}}"#
                : squareLayer(1)
            assets.append(#"{"id":"c\#(i)","layers":[\#(inner)]}"#)
        }
        return header(assets: "[" + assets.joined(separator: ",") + "]")
            + #"{"ty":0,"ind":1,"refId":"c0","ip":0,"op":1000000,"st":0,"w":512,"h":512,"ks":{}}]}"#
    }

    /// One closed path of `count` vertices (a Lissajous-like curve).
    public static func bigPath(_ count: Int) -> Data {
        var v = "", z = ""
        v.reserveCapacity(count * 24)
        for k in 0..<count {
            let x = 256 + 200 * cos(Double(k) * 0.001), y = 256 + 200 * sin(Double(k) * 0.0013)
            v += (k > 0 ? "," : "") + "[\(Int(x * 100) / 100),\(Int(y * 100) / 100)]"
        }
        z = Array(repeating: "[0,0]", count: count).joined(separator: ",")
        let shape =
            #"{"ty":4,"ind":1,"ip":0,"op":1000000,"st":0,"ks":{},"shapes":[{"ty":"sh","ks":{"a":0,"k":{"c":true,"v":["#
            + v + #"],"i":["# + z + #"],"o":["# + z
            + #"]}}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}"#
        return Data((header() + shape + "]}").utf8)
    }

    /// A square with a Gaussian blur of `blurriness` on a `side`² composition.
    public static func hugeBlur(side: Int, blurriness: Double) -> String {
        let ef =
            #","ef":[{"ty":29,"nm":"Gaussian Blur","ef":[{"ty":0,"nm":"Blurriness","v":{"a":0,"k":\#(blurriness)}},"#
            + #"{"ty":7,"nm":"Dimensions","v":{"a":0,"k":1}},{"ty":7,"nm":"Repeat","v":{"a":0,"k":0}}]}]"#
        return header(width: side, height: side) + squareLayer(1, extra: ef) + "]}"
    }

    /// A square on a `side`² composition of `frames` frames.
    public static func longAnimation(side: Int, frames: Int) -> String {
        header(width: side, height: side, frames: frames) + squareLayer(1) + "]}"
    }

    /// An image layer whose embedded PNG declares `side`×`side` pixels (the data stops after a few bytes).
    public static func hugeImage(side: Int) -> String {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        func chunk(_ type: String, _ body: [UInt8]) {
            let t = Array(type.utf8)
            png += be(UInt32(body.count)) + t + body + be(UInt32(crc32(0, t + body, UInt32(t.count + body.count))))
        }
        chunk("IHDR", be(UInt32(side)) + be(UInt32(side)) + [8, 6, 0, 0, 0])
        chunk("IDAT", [0x78, 0x9C, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])
        chunk("IEND", [])
        let asset =
            #"[{"id":"img","w":100,"h":100,"u":"","e":1,"p":"data:image/png;base64,\#(Data(png).base64EncodedString())"}]"#
        return header(assets: asset) + #"{"ty":2,"ind":1,"refId":"img","ip":0,"op":1000000,"st":0,"ks":{}}]}"#
    }

    /// A `.tgs` (gzip) whose JSON inflates to `megabytes` MiB: a document whose last member is a long string.
    public static func gzipBomb(megabytes: Int) -> Data {
        let (stream, crc, size) = deflateBomb(megabytes: megabytes)
        var out = Data([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3])
        out += stream
        out += Data(le(crc) + le(UInt32(truncatingIfNeeded: size)))
        return out
    }

    /// A `.lottie` (zip) whose animation inflates to `megabytes` MiB; its headers declare `declaredSize` bytes
    /// (the real size when nil: an honest bomb; a small number: a lying one).
    public static func zipBomb(megabytes: Int, declaredSize: UInt32? = nil) -> Data {
        let (stream, crc, size) = deflateBomb(megabytes: megabytes)
        let manifest = Array(#"{"animations":[{"id":"a"}]}"#.utf8)
        var out: [UInt8] = [], central: [UInt8] = []
        func add(_ name: String, method: UInt16, data: [UInt8], crc: UInt32, size: UInt32) {
            let n = Array(name.utf8), offset = UInt32(out.count)
            let fields =
                le16(20) + le16(0) + le16(method) + le16(0) + le16(0x21) + le(crc) + le(UInt32(data.count))
                + le(size) + le16(UInt16(n.count)) + le16(0)
            out += [0x50, 0x4B, 0x03, 0x04] + fields + n + data
            central +=
                [0x50, 0x4B, 0x01, 0x02] + le16(20) + fields + le16(0) + le16(0) + le16(0) + le(0) + le(offset)
                + n
        }
        add(
            "manifest.json", method: 0, data: manifest, crc: UInt32(crc32(0, manifest, UInt32(manifest.count))),
            size: UInt32(manifest.count))
        add(
            "animations/a.json", method: 8, data: [UInt8](stream), crc: crc,
            size: declaredSize ?? UInt32(truncatingIfNeeded: size))
        let cdOffset = UInt32(out.count)
        out += central
        out +=
            [0x50, 0x4B, 0x05, 0x06] + le16(0) + le16(0) + le16(2) + le16(2) + le(UInt32(central.count)) + le(cdOffset)
            + le16(0)
        return Data(out)
    }

    /// A raw deflate stream of a document whose `"pad"` string makes it `megabytes` MiB, its CRC-32 and size.
    /// Built fast: one MiB of the string is compressed once after a full flush (so it refers to nothing before
    /// it) and its compressed bytes repeated.
    static func deflateBomb(megabytes: Int) -> (Data, UInt32, Int) {
        let head = Array((header() + squareLayer(1) + #"],"pad":""#).utf8), tail = Array(#""}"#.utf8)
        let mib = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
        var s = z_stream()
        deflateInit2_(&s, 9, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        defer { deflateEnd(&s) }
        func run(_ input: [UInt8], _ flush: Int32) -> [UInt8] {
            var input = input, out: [UInt8] = []
            var buf = [UInt8](repeating: 0, count: 1 << 16)
            input.withUnsafeMutableBufferPointer { i in
                s.next_in = i.baseAddress
                s.avail_in = UInt32(i.count)
                repeat {
                    buf.withUnsafeMutableBufferPointer { b in
                        s.next_out = b.baseAddress
                        s.avail_out = UInt32(b.count)
                        _ = deflate(&s, flush)
                        out += b[0..<(b.count - Int(s.avail_out))]
                    }
                } while s.avail_out == 0
            }
            return out
        }
        var stream = run(head, Z_FULL_FLUSH)
        let block = run(mib, Z_FULL_FLUSH)
        for _ in 0..<megabytes { stream += block }
        stream += run(tail, Z_FINISH)
        var crc = crc32(0, head, UInt32(head.count))
        let mibCRC = crc32(0, mib, UInt32(mib.count))
        for _ in 0..<megabytes { crc = crc32_combine(crc, mibCRC, 1 << 20) }
        crc = crc32_combine(crc, crc32(0, tail, UInt32(tail.count)), off_t(tail.count))
        return (Data(stream), UInt32(crc), head.count + megabytes << 20 + tail.count)
    }

    static func be(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]
    }
    static func le(_ v: UInt32) -> [UInt8] {
        [UInt8(v & 255), UInt8(v >> 8 & 255), UInt8(v >> 16 & 255), UInt8(v >> 24)]
    }
    static func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 255), UInt8(v >> 8)] }
}
