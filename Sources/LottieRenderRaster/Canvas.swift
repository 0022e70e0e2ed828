/// A per-render drawing context: owns the rasterizer and scratch buffers, so repeated draws reuse memory.
package struct Canvas: Sendable {
    private var rasterizer = Rasterizer()
    private var flat = Polylines()
    private var outline = Polylines()
    /// Device-space flattening tolerance in pixels.
    package var tolerance = 0.05
    /// A device-space rectangle that fills and strokes are clipped to, with anti-aliased edges: coverage is
    /// multiplied by the fraction of each pixel inside it (a precomp's frame, a rectangular mask).
    package var clipRect: Rect? = nil

    /// Creates a context.
    package init() {}

    /// Fills `path` (mapped by `transform`) with `paint` at `opacity` into `target`; returns the pixels touched.
    @discardableResult
    package mutating func fill(
        _ path: Path, transform: Transform, rule: FillRule, paint: Paint, opacity: Double,
        into target: inout Pixmap
    ) -> IntRect {
        guard transform.isFinite, let prepared = PreparedPaint(paint, opacity: opacity) else { return .empty }
        flat.removeAll()
        flat.append(path, transform: transform, tolerance: tolerance)
        return draw(flat, rule: rule, paint: prepared, into: &target)
    }

    /// Strokes `path` in its own coordinates (so that `transform` also scales the width) and paints the result;
    /// returns the pixels touched.
    @discardableResult
    package mutating func stroke(
        _ path: Path, transform: Transform, style: StrokeStyle, paint: Paint, opacity: Double,
        into target: inout Pixmap
    ) -> IntRect {
        guard transform.isFinite, style.width > 0, let prepared = PreparedPaint(paint, opacity: opacity) else {
            return .empty
        }
        strokeOutline(path, transform: transform, style: style)
        return draw(outline, rule: .nonZero, paint: prepared, into: &target)
    }

    /// Builds the device-space stroke outline into `outline`.
    private mutating func strokeOutline(_ path: Path, transform: Transform, style: StrokeStyle) {
        let scale = max(transform.maxScale, 1e-9)
        let localTol = tolerance / scale
        flat.removeAll()
        flat.append(path, transform: .identity, tolerance: localTol)
        outline.removeAll()
        if style.dashes.isEmpty {
            Stroker.stroke(flat, style: style, tolerance: localTol, into: &outline)
        } else {
            let dashed = Dasher.dash(flat, pattern: style.dashes, offset: style.dashOffset)
            Stroker.stroke(dashed, style: style, tolerance: localTol, into: &outline)
        }
        outline.transform(transform)
    }

    /// Writes the coverage (0…255) of `path` inside `region` into `mask`, a `region.width`×`region.height` buffer;
    /// uncovered pixels are 0.
    package mutating func coverage(
        _ path: Path, transform: Transform, rule: FillRule, region: IntRect,
        into mask: inout [UInt8]
    ) {
        guard transform.isFinite else { Canvas.zero(&mask, region); return }
        flat.removeAll()
        flat.append(path, transform: transform, tolerance: tolerance)
        rasterize(flat, rule: rule, region: region, into: &mask)
    }

    /// Writes the coverage of a stroked path into `mask` (as `coverage` does for fills).
    package mutating func strokeCoverage(
        _ path: Path, transform: Transform, style: StrokeStyle, region: IntRect,
        into mask: inout [UInt8]
    ) {
        guard transform.isFinite, style.width > 0 else { Canvas.zero(&mask, region); return }
        strokeOutline(path, transform: transform, style: style)
        rasterize(outline, rule: .nonZero, region: region, into: &mask)
    }

    private static func zero(_ mask: inout [UInt8], _ region: IntRect) {
        let n = region.width * region.height
        if mask.count != n { mask = [UInt8](repeating: 0, count: n); return }
        mask.withUnsafeMutableBufferPointer { b in if let p = b.baseAddress { p.update(repeating: 0, count: b.count) } }
    }

    private mutating func rasterize(_ polys: Polylines, rule: FillRule, region: IntRect, into mask: inout [UInt8]) {
        Canvas.zero(&mask, region)
        let w = region.width
        mask.withUnsafeMutableBufferPointer { mb in
            guard let m = mb.baseAddress else { return }
            rasterizer.fillSpans(polys, rule: rule, clip: region) { y, x, n, c in
                (m + ((y &- region.y0) &* w &+ (x &- region.x0))).update(repeating: c, count: n)
            }
        }
    }

    private mutating func draw(
        _ polys: Polylines, rule: FillRule, paint: PreparedPaint, into target: inout Pixmap
    ) -> IntRect {
        let w = target.width
        var clip = IntRect(x0: 0, y0: 0, x1: target.width, y1: target.height)
        let r = clipRect, outer = clipRect.map(Canvas.pixels(around:)) ?? clip
        clip = clip.intersection(outer)
        if clip.isEmpty { return .empty }
        return target.pixels.withUnsafeMutableBufferPointer { buf -> IntRect in
            guard let dst = buf.baseAddress else { return .empty }
            let bounds = polys.bounds
            if paint.kind == .solid {
                // One colour: each run of one coverage is blended as a run. A clip rectangle scales the coverage of
                // the pixels it covers in part (its first and last columns, and rows it covers in part) pixel by
                // pixel, as the rows below do; the rest of a run passes unchanged.
                let c = paint.color
                // Without a clip rectangle, or with one every scanned pixel lies wholly inside, nothing is scaled.
                guard let r, !Canvas.inside(bounds, r) else {
                    return rasterizer.fillSpans(polys, bounds: bounds, rule: rule, clip: clip) { y, x, n, m in
                        Blend.solidSpan(dst + (y &* w &+ x), n, UInt32(m), c)
                    }
                }
                let left = outer.x0, right = outer.x1 &- 1
                return rasterizer.fillSpans(polys, bounds: bounds, rule: rule, clip: clip) { y, x, n, m in
                    let row = dst + y &* w
                    let fy = min(Double(y &+ 1), r.maxY) - max(Double(y), r.minY)
                    @inline(__always) func edgePixel(_ px: Int) {
                        let s = Canvas.clipped(m, at: px, rowFraction: fy, r)
                        if s != 0 { Blend.solidSpan(row + px, 1, UInt32(s), c) }
                    }
                    guard fy >= 1 else {
                        for px in x..<(x &+ n) { edgePixel(px) }
                        return
                    }
                    var lo = x, hi = x &+ n
                    if lo == left { edgePixel(lo); lo &+= 1 }
                    if hi > lo && hi &- 1 == right { edgePixel(right); hi &-= 1 }
                    if hi > lo { Blend.solidSpan(row + lo, hi &- lo, UInt32(m), c) }
                }
            }
            return rasterizer.fill(polys, bounds: bounds, rule: rule, clip: clip) { y, x0, cov in
                // Without a clip rectangle, and in its rows and columns wholly inside it, coverage passes
                // unchanged; on its edges it is scaled by the fraction of each pixel inside.
                let n = cov.count
                guard let r, x0 <= outer.x0 || x0 &+ n >= outer.x1 || Double(y) < r.minY || Double(y &+ 1) > r.maxY
                else {
                    Blend.row(dst, width: w, y: y, x0: x0, coverage: cov, paint: paint)
                    return
                }
                let fy = min(Double(y &+ 1), r.maxY) - max(Double(y), r.minY)
                @inline(__always) func scaledAt(_ i: Int) -> UInt8 {
                    Canvas.clipped(cov[i], at: x0 &+ i, rowFraction: fy, r)
                }
                // In a row wholly inside the clip's rows only its first and last columns can be partly outside
                // (the rasterizer clipped to its pixels): the others keep their coverage.
                let first = outer.x0 &- x0, last = outer.x1 &- 1 &- x0
                if fy >= 1 {
                    let a = first >= 0 && first < n ? scaledAt(first) : 0
                    let b = last >= 0 && last < n ? scaledAt(last) : 0
                    if (first < 0 || first >= n || a == cov[first]) && (last < 0 || last >= n || b == cov[last]) {
                        Blend.row(dst, width: w, y: y, x0: x0, coverage: cov, paint: paint)
                        return
                    }
                    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: n) { scaled in
                        guard let s = scaled.baseAddress, let c = cov.baseAddress else { return }
                        s.update(from: c, count: n)
                        if first >= 0 && first < n { s[first] = a }
                        if last >= 0 && last < n { s[last] = b }
                        Blend.row(
                            dst, width: w, y: y, x0: x0, coverage: UnsafeBufferPointer(scaled), paint: paint)
                    }
                    return
                }
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: n) { scaled in
                    for i in 0..<n { scaled[i] = scaledAt(i) }
                    Blend.row(
                        dst, width: w, y: y, x0: x0, coverage: UnsafeBufferPointer(scaled), paint: paint)
                }
            }
        }
    }

    /// True when every pixel the rasterizer scans for points within `bounds` (⌊min⌋ to ⌈max⌉ + 1) lies wholly
    /// inside `clip`, where the clip rectangle's fraction is 1 and coverage passes unchanged.
    static func inside(_ bounds: Rect, _ clip: Rect) -> Bool {
        bounds.minX.rounded(.down) >= clip.minX && bounds.minY.rounded(.down) >= clip.minY
            && bounds.maxX.rounded(.up) + 1 <= clip.maxX && bounds.maxY.rounded(.up) + 1 <= clip.maxY
    }

    /// Coverage `m` of pixel column `x` scaled by the part of the pixel inside the clip rectangle `r`, in a row
    /// whose part inside it is `fy`: unchanged where the pixel is wholly inside.
    @inline(__always) static func clipped(_ m: UInt8, at x: Int, rowFraction fy: Double, _ r: Rect) -> UInt8 {
        let px = Double(x)
        let f = max(0, min(1, (min(px + 1, r.maxX) - max(px, r.minX)) * fy))
        return f >= 1 ? m : UInt8(truncatingIfNeeded: Int(Double(m) * f + 0.5))
    }

    /// The pixels a device rectangle touches (rounded outward; clamped so that conversion cannot trap).
    package static func pixels(around r: Rect) -> IntRect {
        let lim = 1e9
        func lo(_ v: Double) -> Int { Int(max(-lim, min(lim, v.rounded(.down)))) }
        func hi(_ v: Double) -> Int { Int(max(-lim, min(lim, v.rounded(.up)))) }
        guard !r.minX.isNaN, !r.minY.isNaN, !r.maxX.isNaN, !r.maxY.isNaN else { return .empty }
        return IntRect(x0: lo(r.minX), y0: lo(r.minY), x1: hi(r.maxX), y1: hi(r.maxY))
    }
}
