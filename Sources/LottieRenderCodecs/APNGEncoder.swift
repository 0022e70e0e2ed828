import LottieRenderRaster

/// Animated PNG with full alpha. Each frame after the first stores only the rectangle that changed, replacing
/// (blend "source") that area, so the canvas after every frame is exactly that frame. Unchanged frames extend the
/// previous frame's delay. The image data of each frame is compressed as our PNGs are (PNGCodec+Encode.swift).
package struct APNGEncoder: Sendable {
    private struct Frame: Sendable { var x, y, w, h: Int; var delayMs: Int; var data: [UInt8] }
    private let width: Int, height: Int, loop: Int
    private var frames: [Frame] = []
    private var previous: Pixmap?
    private var head: [[UInt8]] = [] // IHDR and ancillary chunks of the first frame's PNG

    /// Starts an APNG of `width`×`height`; `loop` is the number of plays, 0 forever.
    package init(width: Int, height: Int, loop: Int) { self.width = width; self.height = height; self.loop = loop }

    /// Adds a premultiplied frame shown for `delayMs`.
    package mutating func add(_ pm: Pixmap, delayMs: Int) throws(CodecError) {
        guard pm.width == width, pm.height == height else { throw CodecError("apng: frame size differs") }
        var r = IntRect(x0: 0, y0: 0, x1: width, y1: height)
        if let prev = previous {
            r = .empty
            for y in 0..<height {
                var x0 = -1, x1 = -1
                for x in 0..<width where pm.pixels[y * width + x] != prev.pixels[y * width + x] {
                    if x0 < 0 { x0 = x }
                    x1 = x
                }
                if x0 >= 0 { r = r.union(IntRect(x0: x0, y0: y, x1: x1 + 1, y1: y + 1)) }
            }
            if r.isEmpty, !frames.isEmpty { frames[frames.count - 1].delayMs += delayMs; return }
        }
        var sub = Pixmap(width: r.width, height: r.height)
        for y in 0..<r.height {
            for x in 0..<r.width { sub.pixels[y * r.width + x] = pm.pixels[(y + r.y0) * width + x + r.x0] }
        }
        let png = try PNGCodec.encode(sub)
        var data: [UInt8] = []
        for (type, body) in APNGEncoder.chunks(png) {
            if type == "IDAT" {
                data += body
            } else if frames.isEmpty && type != "IEND" {
                head.append(PNGCodec.chunk(type, body))
            }
        }
        frames.append(Frame(x: r.x0, y: r.y0, w: r.width, h: r.height, delayMs: delayMs, data: data))
        previous = pm
    }

    /// The file.
    package func finish() throws(CodecError) -> [UInt8] {
        guard let ihdr = head.first else { throw CodecError("apng: no frames") }
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out += ihdr
        out += PNGCodec.chunk("acTL", PNGCodec.be32(frames.count) + PNGCodec.be32(max(0, loop)))
        for c in head.dropFirst() { out += c }
        var seq = 0
        for (k, f) in frames.enumerated() {
            var fc = PNGCodec.be32(seq) + PNGCodec.be32(f.w) + PNGCodec.be32(f.h)
            fc += PNGCodec.be32(f.x) + PNGCodec.be32(f.y)
            // Delay as a fraction of a second: milliseconds over 1000 (values above 65535 ms are split is not needed
            // for animations; they are clamped).
            fc += APNGEncoder.be16(min(65535, f.delayMs)) + APNGEncoder.be16(1000)
            fc += [0, 0] // dispose none, blend source
            out += PNGCodec.chunk("fcTL", fc)
            seq += 1
            // Split data into chunks of at most 1 MiB.
            var i = 0
            repeat {
                let part = Array(f.data[i..<min(f.data.count, i + (1 << 20))])
                if k == 0 {
                    out += PNGCodec.chunk("IDAT", part)
                } else {
                    out += PNGCodec.chunk("fdAT", PNGCodec.be32(seq) + part)
                    seq += 1
                }
                i += 1 << 20
            } while i < f.data.count
        }
        out += PNGCodec.chunk("IEND", [])
        return out
    }

    /// `v` as two big-endian bytes.
    static func be16(_ v: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }

    /// The chunks of a PNG file as (type, body).
    package static func chunks(_ png: [UInt8]) -> [(String, [UInt8])] {
        var out: [(String, [UInt8])] = []
        var i = 8
        while i + 8 <= png.count {
            let n = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            let type = String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self)
            guard n >= 0, i + 12 + n <= png.count else { break }
            out.append((type, Array(png[(i + 8)..<(i + 8 + n)])))
            i += 12 + n
        }
        return out
    }
}

/// Reads APNG timing and frames: enough to check files we write (frame count, delays, loop) and to compose them.
package enum APNGDecoder {
    /// Decodes an APNG written with dispose "none" and blend "source" (what `APNGEncoder` writes).
    package static func decode(_ bytes: [UInt8]) throws(CodecError) -> DecodedAnimation {
        let chunks = APNGEncoder.chunks(bytes)
        guard let ihdr = chunks.first, ihdr.0 == "IHDR", ihdr.1.count >= 8 else { throw CodecError("not a PNG") }
        func u32(_ b: [UInt8], _ o: Int) -> Int {
            Int(b[o]) << 24 | Int(b[o + 1]) << 16 | Int(b[o + 2]) << 8 | Int(b[o + 3])
        }
        func u16(_ b: [UInt8], _ o: Int) -> Int { Int(b[o]) << 8 | Int(b[o + 1]) }
        var out = DecodedAnimation(width: u32(ihdr.1, 0), height: u32(ihdr.1, 4))
        guard let actl = chunks.first(where: { $0.0 == "acTL" }), actl.1.count >= 8 else {
            throw CodecError("not an APNG")
        }
        out.loop = u32(actl.1, 4)
        let ancillary = chunks.filter { !["IHDR", "acTL", "fcTL", "IDAT", "fdAT", "IEND"].contains($0.0) }
        var canvas = Pixmap(width: out.width, height: out.height)
        var current: (x: Int, y: Int, w: Int, h: Int)?
        var data: [UInt8] = []
        func flush() throws(CodecError) {
            guard let f = current else { return }
            var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            var hdr = ihdr.1
            hdr.replaceSubrange(0..<8, with: PNGCodec.be32(f.w) + PNGCodec.be32(f.h))
            png += PNGCodec.chunk("IHDR", hdr)
            for c in ancillary { png += PNGCodec.chunk(c.0, c.1) }
            png += PNGCodec.chunk("IDAT", data) + PNGCodec.chunk("IEND", [])
            let sub = try PNGCodec.decode(png)
            for y in 0..<f.h {
                for x in 0..<f.w { canvas.pixels[(y + f.y) * out.width + x + f.x] = sub.pixels[y * f.w + x] }
            }
            out.frames.append(canvas)
            data = []
        }
        for (type, body) in chunks {
            switch type {
            case "fcTL":
                try flush()
                guard body.count >= 26 else { throw CodecError("short fcTL") }
                current = (u32(body, 12), u32(body, 16), u32(body, 4), u32(body, 8))
                let num = u16(body, 20), den = u16(body, 22)
                out.delaysMs.append(Int((Double(num) * 1000 / Double(den == 0 ? 100 : den)).rounded()))
            case "IDAT": if current != nil { data += body }
            case "fdAT": data += body.dropFirst(4)
            default: break
            }
        }
        try flush()
        return out
    }
}
