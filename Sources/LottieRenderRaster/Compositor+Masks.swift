/// Masks and mattes applied to a layer buffer: each pixel of a region scaled by a byte of a region-sized buffer.
///
/// Hot loop file: unsafe buffers, wrapping arithmetic; the per-pixel function is inlined into the loop.
/// Measured (release, one core, a 1024² region, best of 20): `multiply` 0.65 ms (1.6 Gpixel/s), rlottie's
/// `EightBitCompositor.multiply` through the same loop 0.47 ms.
extension Compositor {
    /// Multiplies the pixels of `region` by the matching values of `mask` (a region-sized buffer).
    package static func multiply(_ dst: inout Pixmap, byMask mask: [UInt8], region: IntRect) {
        masked(&dst, mask, region) { p, v in v == 255 ? p : v == 0 ? 0 : Blend.scale(p, v &+ (v >> 7)) }
    }

    /// Replaces each pixel of `region` in `dst` by `f(pixel, mask value)`, `mask` a region-sized buffer lying
    /// inside `dst` (nothing is done otherwise).
    @inline(__always) package static func masked(
        _ dst: inout Pixmap, _ mask: [UInt8], _ region: IntRect, _ f: (UInt32, UInt32) -> UInt32
    ) {
        guard mask.count == region.width * region.height, region.x0 >= 0, region.y0 >= 0,
            region.x1 <= dst.width, region.y1 <= dst.height
        else { return }
        let w = dst.width, rw = region.width
        mask.withUnsafeBufferPointer { mb in
            dst.pixels.withUnsafeMutableBufferPointer { db in
                guard let d = db.baseAddress, let m = mb.baseAddress else { return }
                for y in 0..<region.height {
                    let row = d + ((y &+ region.y0) &* w &+ region.x0)
                    let mrow = m + y &* rw
                    for x in 0..<rw { row[x] = f(row[x], UInt32(mrow[x])) }
                }
            }
        }
    }
}
