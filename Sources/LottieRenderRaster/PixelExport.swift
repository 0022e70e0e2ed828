/// Copies a pixmap into memory someone else owns: rows of `bytesPerRow` bytes, 4 bytes a pixel in RGBA or BGRA
/// order, premultiplied or straight alpha (straight alpha rounds as `Pixmap.straightRGBA` does, so the bytes match
/// an `RGBAImage` of the same frame).
///
/// Measured (release, one core of this machine's 2, 1024² frames, best of 20): every pixel translucent, premultiplied
/// BGRA 0.64 ms (6.5 GB/s), straight RGBA or BGRA 1.45 ms (2.9 GB/s; it was 3.3 ms with three divisions a pixel
/// instead of the table); a rendered frame's mix (rows half transparent, 40 % opaque, 10 % translucent) straight
/// RGBA 0.60 ms, BGRA 0.70 ms (1.19 and 1.62 ms before transparent and opaque pixels skipped the table and the bytes
/// were stored as one word). Blocks of eight pixels all opaque or all transparent go as one vector (session 33:
/// bodymovin's 103 frames at 512² 314.4 → 146.5 M instructions, callgrind). Decoded images are premultiplied here
/// too: a palette image's 256 entries once, then its packed indices looked up (below 8 bits a byte's pixels at once,
/// from a table of every byte value), an RGBA image in its own words. Six loads of
/// rlottie/29056-nepenthe-illustration (43 palette images, 3.9 M pixels) take 174 M instructions, 1 132 M when every
/// pixel was expanded by libpng and premultiplied here (session 32); looking up its indices costs ~1.9 instructions a
/// pixel.
package enum PixelExport {
    /// The channel order of an exported pixel.
    package enum Order: Sendable {
        /// Red, green, blue, alpha.
        case rgba
        /// Blue, green, red, alpha (Core Graphics' and Cairo's little-endian ARGB32, Skia's BGRA_8888).
        case bgra
    }

    /// `straight[a << 8 | c]`: premultiplied channel `c` at alpha `a` with the alpha taken out, rounded
    /// (`(c × 255 + a / 2) / a`, at most 255; 0 at alpha 0): a table instead of three divisions a pixel.
    package static let straight: [UInt8] = (0..<65_536).map { i in
        let a = i >> 8, c = i & 255
        return a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a))
    }

    /// Writes `pm` into `base` (at least `bytesPerRow × (height − 1) + width × 4` bytes; the caller checked).
    package static func write(
        _ pm: Pixmap, into base: UnsafeMutableRawPointer, bytesPerRow: Int, order: Order, premultiplied: Bool
    ) {
        let w = pm.width, h = pm.height, swap = order == .bgra
        PixelExport.straight.withUnsafeBufferPointer { straight in
            pm.pixels.withUnsafeBufferPointer { src in
                guard let s = src.baseAddress, let table = straight.baseAddress else { return }
                // One pixel as stored: straight alpha through the table (opaque pixels as they are, transparent
                // ones 0), or premultiplied as it is; red (or blue) first in memory, alpha last.
                @inline(__always) func converted(_ pixel: UInt32) -> UInt32 {
                    var p = pixel
                    let a = p >> 24
                    if !premultiplied && a != 255 {
                        if a == 0 {
                            p = 0
                        } else {
                            let at = table + Int(a) &<< 8
                            let r = UInt32(at[Int(p & 255)]), g = UInt32(at[Int((p >> 8) & 255)])
                            let b = UInt32(at[Int((p >> 16) & 255)])
                            p = (swap ? b | r &<< 16 : r | b &<< 16) | g &<< 8 | a &<< 24
                        }
                    } else if swap {
                        p = (p & 0xFF00_FF00) | (p & 0xFF) &<< 16 | (p >> 16) & 0xFF
                    }
                    return p.littleEndian
                }
                let opaque = SIMD8<UInt32>(repeating: 255)
                // A vector's lanes are stored in the host's byte order, which is the files' (little-endian) on every
                // platform Swift runs on here; elsewhere every pixel takes `converted`.
                let vectors = UInt32(1).littleEndian == 1
                for y in 0..<h {
                    let row = base + y &* bytesPerRow
                    let line = s + y &* w
                    var x = 0
                    // Eight pixels at a time where all eight are opaque, or all transparent, or need no table
                    // (premultiplied): the same words as `converted` gives them, a vector at a time.
                    while vectors && x &+ 8 <= w {
                        var v = UnsafeRawPointer(line + x).loadUnaligned(as: SIMD8<UInt32>.self)
                        let a = v &>> 24
                        if premultiplied || a == opaque {
                            if swap {
                                v = (v & 0xFF00_FF00) | (v & 0xFF) &<< 16 | (v &>> 16) & 0xFF
                            }
                        } else if a == .zero {
                            v = .zero
                        } else {
                            for k in 0..<8 {
                                row.storeBytes(
                                    of: converted(line[x &+ k]), toByteOffset: (x &+ k) &* 4, as: UInt32.self)
                            }
                            x &+= 8
                            continue
                        }
                        row.storeBytes(of: v, toByteOffset: x &* 4, as: SIMD8<UInt32>.self)
                        x &+= 8
                    }
                    while x < w {
                        row.storeBytes(of: converted(line[x]), toByteOffset: x &* 4, as: UInt32.self)
                        x &+= 1
                    }
                }
            }
        }
    }

    /// Palette images, as they are decoded: `height` rows of `width` indices packed `depth` bits each (1, 2, 4 or
    /// 8, the first pixel in a byte's high bits, rows `rowBytes` apart, as PNG stores them), each pixel its entry
    /// of `colormap` (256 straight-alpha RGBA entries, premultiplied once as `premultiplied(fromStraightRGBA:count:)`
    /// does rather than once a pixel). The caller checked that the rows hold `width` indices.
    package static func premultiplied(
        packedRows rows: UnsafeBufferPointer<UInt8>, rowBytes: Int, width: Int, height: Int, depth: Int,
        colormap: [UInt8]
    ) -> [UInt32] {
        let map = premultiplied(fromStraightRGBA: colormap, count: 256)
        let n = width * height
        guard let src = rows.baseAddress, rows.count >= rowBytes * height, [1, 2, 4, 8].contains(depth) else {
            return [UInt32](repeating: 0, count: n)
        }
        return [UInt32](unsafeUninitializedCapacity: n) { px, initialized in
            guard let dst = px.baseAddress else { return }
            map.withUnsafeBufferPointer { m in
                // Below 8 bits, a table of every byte value's pixels (lane 0 the first): one load and one store
                // for a byte's two, four or eight pixels.
                switch depth {
                case 8:
                    for y in 0..<height {
                        let row = src + y &* rowBytes, out = dst + y &* width
                        for x in 0..<width { out[x] = m[Int(row[x])] }
                    }
                case 4: expand(src, rowBytes, dst, width, height, m, as: SIMD2<UInt32>.self)
                case 2: expand(src, rowBytes, dst, width, height, m, as: SIMD4<UInt32>.self)
                default: expand(src, rowBytes, dst, width, height, m, as: SIMD8<UInt32>.self)
                }
            }
            initialized = n
        }
    }

    /// Rows of indices packed `V.scalarCount` to a byte, each pixel its entry of `map`.
    @inline(__always) private static func expand<V: SIMD>(
        _ src: UnsafePointer<UInt8>, _ rowBytes: Int, _ dst: UnsafeMutablePointer<UInt32>, _ width: Int,
        _ height: Int, _ map: UnsafeBufferPointer<UInt32>, as: V.Type
    ) where V.Scalar == UInt32 {
        let per = V.scalarCount, depth = 8 / V.scalarCount, mask = (1 << depth) - 1
        let table = (0..<256).map { b in
            var v = V()
            for k in 0..<per { v[k] = map[(b >> (8 - depth * (k + 1))) & mask] }
            return v
        }
        let whole = width / per
        table.withUnsafeBufferPointer { t in
            for y in 0..<height {
                let row = src + y &* rowBytes, out = dst + y &* width
                let raw = UnsafeMutableRawPointer(out)
                for i in 0..<whole {
                    raw.storeBytes(of: t[Int(row[i])], toByteOffset: i &* MemoryLayout<V>.size, as: V.self)
                }
                for x in (whole &* per)..<width {
                    let bit = x &* depth
                    out[x] = map[(Int(row[bit >> 3]) >> (8 &- depth &- (bit & 7))) & mask]
                }
            }
        }
    }

    /// Premultiplies in place pixels that hold straight-alpha RGBA bytes (as a decoder wrote them into the words'
    /// memory), with the arithmetic of `premultiplied(fromStraightRGBA:count:)`.
    package static func premultiplyStraightRGBA(_ px: UnsafeMutableBufferPointer<UInt32>) {
        for i in 0..<px.count { px[i] = premultiply(UInt32(littleEndian: px[i])) }
    }

    /// One straight-alpha pixel premultiplied: each channel `(c × a + 127) / 255`, opaque and transparent pixels
    /// without the arithmetic.
    @inline(__always) static func premultiply(_ v: UInt32) -> UInt32 {
        let a = v >> 24
        if a == 255 { return v }
        if a == 0 { return 0 }
        let r = ((v & 255) &* a &+ 127) / 255, g = ((v >> 8 & 255) &* a &+ 127) / 255
        let b = ((v >> 16 & 255) &* a &+ 127) / 255
        return r | g << 8 | b << 16 | a << 24
    }

    /// The other way, as images are decoded: `n` premultiplied pixels from straight-alpha RGBA bytes, each channel
    /// `(c × a + 127) / 255`; opaque and transparent pixels skip the arithmetic (the formula leaves the one as it
    /// is and clears the other). Pixels past the bytes given are transparent.
    package static func premultiplied(fromStraightRGBA bytes: [UInt8], count n: Int) -> [UInt32] {
        let m = min(n, bytes.count / 4)
        return [UInt32](unsafeUninitializedCapacity: n) { px, initialized in
            bytes.withUnsafeBytes { raw in
                for i in 0..<m {
                    px[i] = premultiply(
                        UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self)))
                }
            }
            for i in m..<n { px[i] = 0 }
            initialized = n
        }
    }
}
