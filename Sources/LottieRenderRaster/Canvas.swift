/// A per-render drawing context: owns the rasterizer and scratch buffers, so repeated draws reuse memory, and the
/// coverage runs of the shapes drawn in its last frames (``CoverageMemo``), so that shapes drawn again unchanged are
/// not scanned again.
package struct Canvas: Sendable {
    private var rasterizer = Rasterizer()
    /// The polylines of the shape being drawn: a fill's flattened path, or a stroke's outline (swapped in from
    /// `outline` once built, its centre line going there).
    private var flat = Polylines()
    /// A stroke's outline while it is built (from the centre line in `flat`).
    private var outline = Polylines()
    /// A stroked contour's points without repeats (the stroker's scratch).
    private var strokePoints: [Point] = []
    private var memo = CoverageMemo(capacity: 0)
    /// The colour tables of the gradients drawn last.
    private var gradients = GradientTables()
    /// A magnified image's source rows, blended across, between the rows of one fill.
    private var imageRows = ImageRows()
    /// Device-space flattening tolerance in pixels.
    package var tolerance = 0.05
    /// A device-space rectangle that fills and strokes are clipped to, with anti-aliased edges: coverage is
    /// multiplied by the fraction of each pixel inside it (a precomp's frame, a rectangular mask).
    package var clipRect: Rect? = nil { didSet { clipPixels = clipRect.map(Canvas.pixels(around:)) } }
    /// The pixels `clipRect` touches, worked out when it is set rather than for every fill drawn under it.
    private var clipPixels: IntRect? = nil

    /// Creates a context.
    package init() {}

    /// Starts a `width`×`height` frame: the coverage runs of the shapes the frame that ended did not draw are let
    /// go, and at most ``CoverageMemo/capacity(width:height:)`` bytes of shapes and runs are kept.
    package mutating func beginFrame(width: Int, height: Int) {
        memo.beginFrame(capacity: CoverageMemo.capacity(width: width, height: height))
    }

    /// Shapes whose coverage runs were replayed from an earlier frame so far.
    package var replayedShapes: Int { memo.replayed }

    /// Lets go of the coverage runs kept from earlier frames.
    package mutating func releaseMemo() { memo.removeAll() }

    /// A shape to cover: a path filled, or stroked in its own coordinates, mapped by a transform.
    private enum Shape {
        case fill(Path, Transform)
        case stroke(Path, Transform, StrokeStyle)
    }

    /// Where a shape's coverage runs come from: runs kept from an earlier frame (with the pixels they scanned), or
    /// the polylines just made in `flat` to scan (keeping the runs when given a memo ticket). The polylines are read
    /// where they lie, not handed over in here (their two arrays retained and released again for every fill).
    private enum Runs {
        case kept([UInt64], scanned: IntRect)
        case scan(keep: Int?)
    }

    /// Fills `path` (mapped by `transform`) with `paint` at `opacity` into `target`; returns the pixels touched.
    @discardableResult
    package mutating func fill(
        _ path: Path, transform: Transform, rule: FillRule, paint: Paint, opacity: Double,
        into target: inout Pixmap
    ) -> IntRect {
        guard transform.isFinite else { return .empty }
        let prepared = PreparedPaint.make(paint, opacity: opacity, tables: &gradients)
        guard prepared.paints else { return .empty }
        return draw(.fill(path, transform), rule: rule, paint: prepared, into: &target)
    }

    /// Strokes `path` in its own coordinates (so that `transform` also scales the width) and paints the result;
    /// returns the pixels touched.
    @discardableResult
    package mutating func stroke(
        _ path: Path, transform: Transform, style: StrokeStyle, paint: Paint, opacity: Double,
        into target: inout Pixmap
    ) -> IntRect {
        guard transform.isFinite, style.width > 0 else { return .empty }
        let prepared = PreparedPaint.make(paint, opacity: opacity, tables: &gradients)
        guard prepared.paints else { return .empty }
        return draw(.stroke(path, transform, style), rule: .nonZero, paint: prepared, into: &target)
    }

    /// Makes the device polylines that cover `shape` in `flat` (for a stroke, its outline, swapped in) and returns
    /// their bounds.
    private mutating func polylines(_ shape: Shape) -> Rect {
        switch shape {
        case .fill(let path, let transform):
            flat.removeAll()
            flat.append(path, transform: transform, tolerance: tolerance)
        case .stroke(let path, let transform, let style):
            strokeOutline(path, transform: transform, style: style)
            swap(&flat, &outline)
        }
        return flat.bounds
    }

    /// Where the coverage runs of `shape` within `clip` come from, and the bounds of its device points: runs kept in
    /// the memo when `memoized` and the shape was drawn unchanged in the last frames, otherwise its polylines.
    private mutating func prepare(_ shape: Shape, rule: FillRule, clip: IntRect, memoized: Bool) -> (Runs, Rect) {
        // Runs are packed with rows and columns below 2²⁰ and lengths below 2¹⁶ (CoverageMemo.pack).
        if memoized, clip.x0 >= 0, clip.y0 >= 0, clip.x1 < 1 << 16, clip.y1 < 1 << 20 {
            let key: CoverageMemo.Key
            switch shape {
            case .fill(let p, let t):
                key = CoverageMemo.Key(path: p, transform: t, style: nil, tolerance: tolerance, rule: rule, clip: clip)
            case .stroke(let p, let t, let s):
                key = CoverageMemo.Key(path: p, transform: t, style: s, tolerance: tolerance, rule: rule, clip: clip)
            }
            switch memo.use(consume key) {
            case .replay(let runs, let bounds, let scanned): return (.kept(runs, scanned: scanned), bounds)
            case .scanAndKeep(let ticket):
                return (.scan(keep: ticket), polylines(shape))
            case .scan: break
            }
        }
        return (.scan(keep: nil), polylines(shape))
    }

    /// Calls `span(y, x, count, coverage)` for every run of `runs` (as ``Rasterizer/fillSpans(_:bounds:rule:clip:span:)``
    /// does) and returns the pixels scanned; runs scanned under a key are kept in the memo.
    @inline(__always)
    private mutating func spans(
        _ runs: Runs, bounds: Rect, rule: FillRule, clip: IntRect, span: (Int, Int, Int, UInt8) -> Void
    ) -> IntRect {
        switch runs {
        case .kept(let kept, let scanned):
            CoverageMemo.replay(kept, span)
            return scanned
        case .scan(nil):
            return rasterizer.fillSpans(flat, bounds: bounds, rule: rule, clip: clip, span: span)
        case .scan(let ticket?):
            // Recorded while drawn, up to the room the memo has: a shape with more runs is drawn and not kept.
            let room = memo.room / 8
            var kept: [UInt64] = []
            var fits = true
            let scanned = rasterizer.fillSpans(flat, bounds: bounds, rule: rule, clip: clip) { y, x, n, c in
                span(y, x, n, c)
                if fits {
                    if kept.count < room { kept.append(CoverageMemo.pack(y, x, n, c)) } else { fits = false }
                }
            }
            if fits { memo.keep(ticket, runs: kept, bounds: bounds, scanned: scanned) }
            return scanned
        }
    }

    /// Builds the device-space stroke outline into `outline` (``polylines(_:)`` then swaps it into `flat`).
    private mutating func strokeOutline(_ path: Path, transform: Transform, style: StrokeStyle) {
        let scale = max(transform.maxScale, 1e-9)
        let localTol = tolerance / scale
        flat.removeAll()
        flat.append(path, transform: .identity, tolerance: localTol)
        outline.removeAll()
        if style.dashes.isEmpty {
            Stroker.stroke(flat, style: style, tolerance: localTol, into: &outline, scratch: &strokePoints)
        } else {
            let dashed = Dasher.dash(flat, pattern: style.dashes, offset: style.dashOffset)
            Stroker.stroke(dashed, style: style, tolerance: localTol, into: &outline, scratch: &strokePoints)
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
        rasterize(.fill(path, transform), rule: rule, region: region, into: &mask)
    }

    /// Writes the coverage of a stroked path into `mask` (as `coverage` does for fills).
    package mutating func strokeCoverage(
        _ path: Path, transform: Transform, style: StrokeStyle, region: IntRect,
        into mask: inout [UInt8]
    ) {
        guard transform.isFinite, style.width > 0 else { Canvas.zero(&mask, region); return }
        rasterize(.stroke(path, transform, style), rule: .nonZero, region: region, into: &mask)
    }

    private static func zero(_ mask: inout [UInt8], _ region: IntRect) {
        let n = region.width * region.height
        if mask.count != n { mask = [UInt8](repeating: 0, count: n); return }
        mask.withUnsafeMutableBufferPointer { b in if let p = b.baseAddress { p.update(repeating: 0, count: b.count) } }
    }

    private mutating func rasterize(_ shape: Shape, rule: FillRule, region: IntRect, into mask: inout [UInt8]) {
        Canvas.zero(&mask, region)
        let w = region.width
        let (runs, bounds) = prepare(shape, rule: rule, clip: region, memoized: true)
        mask.withUnsafeMutableBufferPointer { mb in
            guard let m = mb.baseAddress else { return }
            _ = spans(runs, bounds: bounds, rule: rule, clip: region) { y, x, n, c in
                (m + ((y &- region.y0) &* w &+ (x &- region.x0))).update(repeating: c, count: n)
            }
        }
    }

    private mutating func draw(
        _ shape: Shape, rule: FillRule, paint: PreparedPaint, into target: inout Pixmap
    ) -> IntRect {
        let w = target.width
        var clip = IntRect(x0: 0, y0: 0, x1: target.width, y1: target.height)
        let r = clipRect, outer = clipPixels ?? clip
        clip = clip.intersection(outer)
        if clip.isEmpty { return .empty }
        // Runs are kept for one colour only: other paints take coverage rows.
        let (runs, bounds) = prepare(shape, rule: rule, clip: clip, memoized: paint.kind == .solid)
        return target.pixels.withUnsafeMutableBufferPointer { buf -> IntRect in
            guard let dst = buf.baseAddress else { return .empty }
            if paint.kind == .solid {
                // One colour: each run of one coverage is blended as a run. A clip rectangle scales the coverage of
                // the pixels it covers in part (its first and last columns, and rows it covers in part) pixel by
                // pixel, as the rows below do; the rest of a run passes unchanged.
                let c = paint.color
                // Without a clip rectangle, or with one every scanned pixel lies wholly inside, nothing is scaled.
                guard let r, !Canvas.inside(bounds, r) else {
                    return spans(runs, bounds: bounds, rule: rule, clip: clip) { y, x, n, m in
                        Blend.solidSpan(dst + (y &* w &+ x), n, UInt32(m), c)
                    }
                }
                let left = outer.x0, right = outer.x1 &- 1
                return spans(runs, bounds: bounds, rule: rule, clip: clip) { y, x, n, m in
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
            guard case .scan = runs else { return .empty }
            // The image rows kept are this fill's (moved out of `self` while the rasterizer, also in it, runs).
            var images = ImageRows()
            swap(&images, &imageRows)
            images.reset()
            defer { swap(&images, &imageRows) }
            return rasterizer.fill(flat, bounds: bounds, rule: rule, clip: clip) { y, x0, cov in
                // Without a clip rectangle, and in its rows and columns wholly inside it, coverage passes
                // unchanged; on its edges it is scaled by the fraction of each pixel inside.
                let n = cov.count
                guard let r, x0 <= outer.x0 || x0 &+ n >= outer.x1 || Double(y) < r.minY || Double(y &+ 1) > r.maxY
                else {
                    Blend.row(dst, width: w, y: y, x0: x0, coverage: cov, paint: paint, images: &images)
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
                        Blend.row(dst, width: w, y: y, x0: x0, coverage: cov, paint: paint, images: &images)
                        return
                    }
                    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: n) { scaled in
                        guard let s = scaled.baseAddress, let c = cov.baseAddress else { return }
                        s.update(from: c, count: n)
                        if first >= 0 && first < n { s[first] = a }
                        if last >= 0 && last < n { s[last] = b }
                        Blend.row(
                            dst, width: w, y: y, x0: x0, coverage: UnsafeBufferPointer(scaled), paint: paint,
                            images: &images)
                    }
                    return
                }
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: n) { scaled in
                    for i in 0..<n { scaled[i] = scaledAt(i) }
                    Blend.row(
                        dst, width: w, y: y, x0: x0, coverage: UnsafeBufferPointer(scaled), paint: paint,
                        images: &images)
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

    /// The pixels a device rectangle touches (rounded outward; clamped so that conversion cannot trap). Floors and
    /// ceilings by truncation within ±10⁹, where it is exact, rather than through libm's `floor` and `ceil` calls.
    package static func pixels(around r: Rect) -> IntRect {
        let lim = 1e9
        func lo(_ v: Double) -> Int {
            let c = max(-lim, min(lim, v)), t = Int(c)
            return Double(t) > c ? t &- 1 : t
        }
        func hi(_ v: Double) -> Int {
            let c = max(-lim, min(lim, v)), t = Int(c)
            return Double(t) < c ? t &+ 1 : t
        }
        guard !r.minX.isNaN, !r.minY.isNaN, !r.maxX.isNaN, !r.maxY.isNaN else { return .empty }
        return IntRect(x0: lo(r.minX), y0: lo(r.minY), x1: hi(r.maxX), y1: hi(r.maxY))
    }
}
