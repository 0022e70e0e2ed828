/// Scan conversion by exact signed-area accumulation, in the manner of font-rs: each edge deposits the
/// area it covers into a per-pixel accumulation buffer over the shape's clipped bounds; a running sum
/// along each row gives the winding-weighted coverage. Non-zero clamps |sum| to 1; even-odd folds it.
///
/// Hot loop file. Measured (release, one core, `lottie-render bench samples/… --size 2048x2048`): a rotated solid
/// rectangle scans and blends about 400 Mpixel/s of bounds (2 Mpixel in 5.1 ms); an even-odd ring about
/// 230 Mpixel/s (2.0 Mpixel in 9.0 ms). See docs/performance.md.

/// Fill rules.
public enum FillRule: Sendable {
    /// Non-zero winding.
    case nonZero
    /// Even-odd.
    case evenOdd
}

/// Converts polygons to coverage rows. Reusable: keep one per render context so its buffers are reused.
public struct Rasterizer: Sendable {
    private var acc: [Float] = []
    private var coverage: [UInt8] = []
    /// Bounds of the current shape in device pixels (clipped to the target).
    public private(set) var minX = 0, minY = 0, width = 0, height = 0

    /// Creates an empty rasterizer.
    public init() {}

    /// Rasterizes `polys` (device coordinates) clipped to `clip` and calls `row(y, x0, coverage)` for every row
    /// that has coverage, with one coverage byte per pixel from `x0`. Returns the pixel bounds it scanned.
    @discardableResult
    public mutating func fill(_ polys: Polylines, rule: FillRule, clip: IntRect,
                              row: (Int, Int, UnsafeBufferPointer<UInt8>) -> Void) -> IntRect {
        let b = polys.bounds
        guard !b.isEmpty, b.minX.isFinite, b.maxX.isFinite, b.minY.isFinite, b.maxY.isFinite else { return .empty }
        // Clamp before converting so that huge coordinates cannot overflow Int.
        let bx0 = max(Double(clip.x0), min(Double(clip.x1), b.minX.rounded(.down)))
        let by0 = max(Double(clip.y0), min(Double(clip.y1), b.minY.rounded(.down)))
        let bx1 = max(Double(clip.x0), min(Double(clip.x1), b.maxX.rounded(.up) + 1))
        let by1 = max(Double(clip.y0), min(Double(clip.y1), b.maxY.rounded(.up) + 1))
        let x0 = Int(bx0), y0 = Int(by0), x1 = Int(bx1), y1 = Int(by1)
        guard x1 > x0, y1 > y0 else { return .empty }
        minX = x0; minY = y0; width = x1 - x0; height = y1 - y0
        let stride = width + 2
        let need = stride * height
        if acc.count < need { acc = [Float](repeating: 0, count: need) }
        if coverage.count < width { coverage = [UInt8](repeating: 0, count: width) }
        let w = Float(width), h = Float(height)
        let ox = Double(x0), oy = Double(y0)
        acc.withUnsafeMutableBufferPointer { accBuf in
            guard let a = accBuf.baseAddress else { return }
            polys.points.withUnsafeBufferPointer { pts in
                for c in polys.contours where c.count >= 2 {
                    var prev = pts[c.start + c.count - 1]
                    var i = c.start
                    // An open contour is still filled as if closed.
                    while i < c.start + c.count {
                        let p = pts[i]
                        Rasterizer.line(a, stride, w, h, Float(prev.x - ox), Float(prev.y - oy),
                                        Float(p.x - ox), Float(p.y - oy))
                        prev = p
                        i += 1
                    }
                }
            }
            coverage.withUnsafeMutableBufferPointer { cov in
                guard let cv = cov.baseAddress else { return }
                for y in 0..<height {
                    let line = a + y &* stride
                    var sum: Float = 0
                    var any = false
                    for x in 0..<width {
                        sum += line[x]
                        line[x] = 0
                        var v = abs(sum)
                        if rule == .evenOdd {
                            v = v.truncatingRemainder(dividingBy: 2)
                            if v > 1 { v = 2 - v }
                        } else if v > 1 { v = 1 }
                        let c = UInt8(truncatingIfNeeded: Int(v * 255 + 0.5))
                        cv[x] = c
                        any = any || c != 0
                    }
                    line[width] = 0; line[width + 1] = 0
                    if any { row(y0 + y, x0, UnsafeBufferPointer(start: cv, count: width)) }
                }
            }
        }
        return IntRect(x0: x0, y0: y0, x1: x1, y1: y1)
    }

    /// Deposits the signed area of one edge into the accumulation buffer.
    @inline(__always)
    private static func line(_ acc: UnsafeMutablePointer<Float>, _ stride: Int, _ w: Float, _ h: Float,
                             _ ax: Float, _ ay: Float, _ bx: Float, _ by: Float) {
        if ay == by { return }
        let dir: Float
        var x0 = ax, y0 = ay, x1 = bx, y1 = by
        if y0 < y1 { dir = 1 } else { dir = -1; swap(&x0, &x1); swap(&y0, &y1) }
        if y1 <= 0 || y0 >= h { return }
        let dxdy = (x1 - x0) / (y1 - y0)
        var x = x0
        if y0 < 0 { x -= y0 * dxdy }
        let yStart = max(0, Int(y0)), yEnd = min(Int(h), Int(y1.rounded(.up)))
        var y = yStart
        while y < yEnd {
            let fy = Float(y)
            let dy = min(fy + 1, y1) - max(fy, y0)
            let xnext = x + dxdy * dy
            let d = dy * dir
            var xa = x, xb = xnext
            if xa > xb { swap(&xa, &xb) }
            xa = min(max(xa, 0), w); xb = min(max(xb, 0), w)
            let line = acc + y &* stride
            let xaf = xa.rounded(.down)
            let xai = Int(xaf)
            let xbc = xb.rounded(.up)
            let xbi = Int(xbc)
            if xbi <= xai + 1 {
                let xm = 0.5 * (xa + xb) - xaf
                line[xai] += d - d * xm
                line[xai + 1] += d * xm
            } else {
                let s = 1 / (xb - xa)
                let f0 = xa - xaf
                let a0 = 0.5 * s * (1 - f0) * (1 - f0)
                let f1 = xb - xbc + 1
                let am = 0.5 * s * f1 * f1
                line[xai] += d * a0
                if xbi == xai + 2 {
                    line[xai + 1] += d * (1 - a0 - am)
                } else {
                    let a1 = s * (1.5 - f0)
                    line[xai + 1] += d * (a1 - a0)
                    var xi = xai + 2
                    while xi < xbi - 1 { line[xi] += d * s; xi += 1 }
                    let a2 = a1 + Float(xbi - xai - 3) * s
                    line[xbi - 1] += d * (1 - a2 - am)
                }
                line[xbi] += d * am
            }
            x = xnext
            y += 1
        }
    }
}
