/// Bilinear image samples weighed and blended eight pixels at a time.
///
/// Hot loop helper. A row's pixels are gathered eight at a time (each pixel's four source pixels and its two 4-bit
/// weights, worked out and loaded one by one), then weighed and blended as vectors: a channel times a weight of at
/// most 256 fits in 16 bits, and the four products with the rounding half sum to at most 255 · 256 + 128, so the two
/// channels the 0x00FF00FF trick keeps in a 32-bit lane are weighed as two 16-bit lanes (x86-64's baseline, SSE2,
/// multiplies 16-bit lanes). The bits are those of the bilinear formula, `scale` and `over` pixel by pixel. A block
/// covered throughout gathers without a test per pixel, and one fully covered takes the opacity as its factor.
/// Measured (callgrind, one `lottie-render bench --unchecked` pass at 512², expressions off), against the same loops
/// pixel by pixel (session 41): nepenthe (rotated and downscaled images) 7 456 → 5 569 M instructions over its 100
/// frames, issue_2269 38.0 → 30.6 M, seed/fireworks 20.95 → 20.28 M. Not for upscaled rows: gathering a pixel's two
/// column blends costs what mixing them does (seed/clouds 36.0 → 42.5 M; `Blend+Images.swift` keeps them scalar).
extension Blend {
    /// A gathered block: eight pixels' top-left, top-right, bottom-left and bottom-right source pixels, their
    /// horizontal and vertical weights (0…16) and their coverage factors (0…256), eight lanes each in this order.
    static let gatheredLanes = 56

    /// Blends `cov.count` bilinear samples into `out`: `gather(i, lanes)` writes pixel `i`'s four source pixels and
    /// horizontal weight into `lanes[0]`, `[8]`, `[16]`, `[24]` and `[32]`, and its vertical weight into `[40]`
    /// when it varies along the row (`fv` otherwise). Pixels of no coverage are not gathered: their coverage factor
    /// of 0 leaves the destination as it was, whatever their other lanes hold.
    @inline(__always) static func bilinearRow(
        _ out: UnsafeMutablePointer<UInt32>, _ cov: UnsafeBufferPointer<UInt8>, opacity op: UInt32, fv: UInt32,
        _ gather: (Int, UnsafeMutablePointer<UInt32>) -> Void
    ) {
        let n = cov.count
        guard let cb = cov.baseAddress else { return }
        let craw = UnsafeRawPointer(cb)
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: gatheredLanes &+ 8) { buf in
            guard let g = buf.baseAddress else { return }
            g.initialize(repeating: 0, count: 40)
            (g + 40).initialize(repeating: fv, count: 8)
            let k = g + 48
            k.initialize(repeating: 0, count: 16)
            let tail = k + 8
            @inline(__always) func factor(_ m: UInt32) -> UInt32 { (op &* (m &+ (m >> 7))) >> 8 }
            var i = 0
            while i < n {
                let count = min(8, n &- i)
                if count == 8 {
                    let word = craw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    if word == 0 {
                        i &+= 8
                        continue
                    }
                    if hasNoZeroByte(word) {
                        // Covered throughout (a shape's inside): every pixel is gathered; fully, one factor.
                        for j in 0..<8 { gather(i &+ j, g + j) }
                        if word == UInt64.max {
                            UnsafeMutableRawPointer(k).storeBytes(of: SIMD8(repeating: op), as: SIMD8<UInt32>.self)
                        } else {
                            for j in 0..<8 { k[j] = factor(UInt32(cb[i &+ j])) }
                        }
                        blend8(g, out + i)
                        i &+= 8
                        continue
                    }
                }
                for j in 0..<8 {
                    let m = j < count ? UInt32(cb[i &+ j]) : 0
                    k[j] = factor(m)
                    if m != 0 { gather(i &+ j, g + j) }
                }
                if count == 8 {
                    blend8(g, out + i)
                } else {
                    tail.update(from: out + i, count: count)
                    blend8(g, tail)
                    (out + i).update(from: tail, count: count)
                }
                i &+= 8
            }
        }
    }

    /// Whether none of the eight bytes of `word` is zero (a bit per byte that borrows only below a zero byte).
    @inline(__always) static func hasNoZeroByte(_ word: UInt64) -> Bool {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 == 0
    }

    /// Weighs one gathered block (`gatheredLanes` lanes at `g`) and blends it over the eight pixels at `dst`.
    @inline(__always) static func blend8(_ g: UnsafeMutablePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>) {
        let raw = UnsafeRawPointer(g)
        @inline(__always) func load(_ lane: Int) -> SIMD8<UInt32> {
            raw.loadUnaligned(fromByteOffset: lane &* 4, as: SIMD8<UInt32>.self)
        }
        @inline(__always) func pairs(_ x: SIMD8<UInt32>) -> SIMD16<UInt16> {
            unsafeBitCast(x | (x &<< 16), to: SIMD16<UInt16>.self)
        }
        let lo = SIMD8<UInt32>(repeating: 0x00FF_00FF)
        @inline(__always) func channels(_ x: SIMD8<UInt32>) -> SIMD16<UInt16> {
            unsafeBitCast(x & lo, to: SIMD16<UInt16>.self)
        }
        let a = load(0), b = load(8), c = load(16), d = load(24)
        let fu = pairs(load(32)), fv = pairs(load(40))
        let sixteen = SIMD16<UInt16>(repeating: 16)
        let gu = sixteen &- fu, gv = sixteen &- fv
        let w00 = gu &* gv, w10 = fu &* gv, w01 = gu &* fv, w11 = fu &* fv
        let half = SIMD16<UInt16>(repeating: 0x80)
        let rb = channels(a) &* w00 &+ channels(b) &* w10 &+ channels(c) &* w01 &+ channels(d) &* w11 &+ half
        let ag =
            channels(a &>> 8) &* w00 &+ channels(b &>> 8) &* w10 &+ channels(c &>> 8) &* w01
            &+ channels(d &>> 8) &* w11 &+ half
        let s =
            unsafeBitCast(rb &>> 8, to: SIMD8<UInt32>.self)
            | unsafeBitCast(ag & SIMD16<UInt16>(repeating: 0xFF00), to: SIMD8<UInt32>.self)
        let out = UnsafeMutableRawPointer(dst)
        let under = out.loadUnaligned(as: SIMD8<UInt32>.self)
        out.storeBytes(of: over8(scale8(s, load(48)), under), as: SIMD8<UInt32>.self)
    }
}
