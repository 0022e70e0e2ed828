/// Scan conversion by exact signed-area accumulation, in the manner of font-rs: each edge deposits the
/// area it covers into a per-pixel accumulation buffer over the shape's clipped bounds; a running sum
/// along each row gives the winding-weighted coverage. Non-zero clamps |sum| to 1; even-odd folds it.
/// A bitmap marks the cells an edge touched, so a row is summed only at those cells: between two of them
/// the coverage is constant and is written as a run (the idea behind RLE coverage spans).
///
/// Hot loop file. Measured (release, one core, `lottie-render bench samples/… --size 2048x2048`): a rotated solid
/// rectangle scans and blends about 2 Gpixel/s of bounds (2 Mpixel in 0.96 ms); an even-odd ring about
/// 1.5 Gpixel/s (2.0 Mpixel in 1.3 ms). Solid fills without a clip rectangle take the runs themselves (`fillSpans`),
/// not a row of bytes to scan again: drawing seed/simple 42.1 → 37.2 M instructions, Boat_Loader 2.09 → 1.87 G
/// (session 25). Edges deposit through a row's cells stepped a row at a time, and a row's extent is read from its
/// bitmap words rather than kept per row: a bodymovin edge cost ~330 instructions, drawing 231.2 → 222.8 M
/// (session 30). A piece within the columns skips the border tests and clamps: bodymovin 266.3 → 262.2 M (session 37).
/// A piece within one cell is told from its near end alone (xb ≤ ⌊xa⌋ + 1), its far end not rounded: bodymovin −1 %
/// (session 40). An edge's rows floored without `Int`'s range checks: LightningBug −1.1 % (session 42). The edges
/// themselves are in Rasterizer+Edges.swift (session 46). Non-zero fills sweep in loops of their own, the rule's
/// tests folded away: bodymovin 200.3 → 197.1 M, seed/simple −3.6 % (session 50). See docs/performance.md.

/// Fill rules.
package enum FillRule: Sendable, Equatable {
    /// Non-zero winding.
    case nonZero
    /// Even-odd.
    case evenOdd
    /// Coverage where the winding number exceeds `k`: clamp(w − k, 0, 1). With every shape wound positively,
    /// k = 0 over A + reversed(B) is A − B, and k = n − 1 over n shapes is their intersection.
    case windingAbove(Int)
}

/// Converts polygons to coverage rows. Reusable: keep one per render context so its buffers are reused.
package struct Rasterizer: Sendable {
    private var acc: [Float] = []
    private var coverage: [UInt8] = []
    /// One bit per accumulation cell: set when an edge deposited area there. A row's extent is read from its
    /// words (a fill is one or a few words wide), not kept per row: keeping a first and last cell per row cost
    /// every edge two loads and two stores a row (session 30).
    private var touched: [UInt64] = []
    /// Bounds of the current shape in device pixels (clipped to the target).
    package private(set) var minX = 0, minY = 0, width = 0, height = 0

    /// Creates an empty rasterizer.
    package init() {}

    /// Rasterizes `polys` (device coordinates) clipped to `clip` and calls `row(y, x0, coverage)` for every row
    /// that has coverage, with one coverage byte per pixel from `x0`. Returns the pixel bounds it scanned.
    /// `bounds`, when given, must be `polys.bounds` as the caller already has it: when it lies within ±10⁵ of its
    /// origin the edges are deposited without a range test each, so a rectangle that left points out could send
    /// coordinates `line` cannot take (``deposit(_:_:_:_:_:_:near:)``).
    @discardableResult
    package mutating func fill(
        _ polys: Polylines, bounds: Rect? = nil, rule: FillRule, clip: IntRect,
        row: (Int, Int, UnsafeBufferPointer<UInt8>) -> Void
    ) -> IntRect {
        scan(polys, bounds: bounds ?? polys.bounds, rule: rule, clip: clip) {
            g, y0, x0, height, width, evenOdd, threshold, cv in
            @inline(__always) func rows(_ evenOdd: Bool, _ threshold: Float) {
                for y in 0..<height {
                    let (l, end) = Rasterizer.sweep(
                        g, row: y, width: width, evenOdd: evenOdd, threshold: threshold, into: cv)
                    if end > l { row(y0 + y, x0 + l, UnsafeBufferPointer(start: cv + l, count: end - l)) }
                }
            }
            // Non-zero in a loop of its own, as in `fillSpans`.
            if !evenOdd && threshold < 0 { rows(false, -1) } else { rows(evenOdd, threshold) }
        }
    }

    /// Rasterizes `polys` as ``fill(_:bounds:rule:clip:row:)`` does, but hands over each run of one coverage value
    /// instead of a row of bytes: `span(y, x, count, coverage)` for every run with coverage, left to right in each
    /// row (a run ends where an edge touched the next pixel, so neighbouring runs may share a value). The pixels
    /// and values are those `fill` gives, without writing or rescanning them. `bounds` is as for `fill`: `polys.bounds`.
    @discardableResult
    package mutating func fillSpans(
        _ polys: Polylines, bounds: Rect? = nil, rule: FillRule, clip: IntRect,
        span: (Int, Int, Int, UInt8) -> Void
    ) -> IntRect {
        scan(polys, bounds: bounds ?? polys.bounds, rule: rule, clip: clip) {
            g, y0, x0, height, width, evenOdd, threshold, _ in
            @inline(__always) func rows(_ evenOdd: Bool, _ threshold: Float) {
                for y in 0..<height {
                    let py = y0 &+ y
                    Rasterizer.sweepSpans(g, row: y, width: width, evenOdd: evenOdd, threshold: threshold) {
                        x, n, c in span(py, x0 &+ x, n, c)
                    }
                }
            }
            // Non-zero, the rule of nearly every fill, gets a copy of the loop with the rule's tests folded away
            // (two tests a marked cell).
            if !evenOdd && threshold < 0 { rows(false, -1) } else { rows(evenOdd, threshold) }
        }
    }

    /// Deposits every edge of `polys` in the accumulation cells over its bounds clipped to `clip`, then calls
    /// `rows(grid, y0, x0, height, width, evenOdd, threshold, coverage)` to sweep them (which must clear every
    /// marked cell and bitmap word of every row: the next fill reads whole rows). Returns the pixel bounds.
    @inline(__always)
    private mutating func scan(
        _ polys: Polylines, bounds b: Rect, rule: FillRule, clip: IntRect,
        rows: (Grid, Int, Int, Int, Int, Bool, Float, UnsafeMutablePointer<UInt8>) -> Void
    ) -> IntRect {
        guard !b.isEmpty, b.minX.isFinite, b.maxX.isFinite, b.minY.isFinite, b.maxY.isFinite else { return .empty }
        // Clamp before converting so that huge coordinates cannot overflow Int.
        let bx0 = max(Double(clip.x0), min(Double(clip.x1), b.minX.rounded(.down)))
        let by0 = max(Double(clip.y0), min(Double(clip.y1), b.minY.rounded(.down)))
        let bx1 = max(Double(clip.x0), min(Double(clip.x1), b.maxX.rounded(.up) + 1))
        let by1 = max(Double(clip.y0), min(Double(clip.y1), b.maxY.rounded(.up) + 1))
        // At most 2²² − 2 rows and columns (targets are at most 16 384 pixels a side): `line` floors coordinates
        // within the bounds with `floorSmall`.
        let x0 = Int(bx0), y0 = Int(by0), x1 = min(Int(bx1), x0 &+ Rasterizer.maxSide),
            y1 = min(Int(by1), y0 &+ Rasterizer.maxSide)
        guard x1 > x0, y1 > y0 else { return .empty }
        minX = x0; minY = y0; width = x1 - x0; height = y1 - y0
        let stride = width + 2
        let words = (stride + 63) >> 6
        // The buffers grow at least twofold, up to the clip's size: a shape that grows from frame to frame (a scale
        // animation) made them anew, zeroed, for every fill (seed/simple: four a frame, a quarter of its drawing).
        if acc.count < stride * height {
            let clipCells = (clip.x1 &- clip.x0 &+ 2) &* (clip.y1 &- clip.y0)
            acc = [Float](repeating: 0, count: max(stride * height, min(acc.count * 2, clipCells)))
        }
        if touched.count < words * height {
            let clipWords = ((clip.x1 &- clip.x0 &+ 65) >> 6) &* (clip.y1 &- clip.y0)
            touched = [UInt64](repeating: 0, count: max(words * height, min(touched.count * 2, clipWords)))
        }
        if coverage.count < width { coverage = [UInt8](repeating: 0, count: width) }
        let w = Float(width), h = Float(height)
        let ox = Double(x0), oy = Double(y0)
        // The bounds hold every point but NaN ones (which no bound includes; infinite bounds returned above), and
        // rounding `p − o` keeps the points' order: within ±10⁵ of the origin at both ends, every point is (`edge`'s
        // test, made once a fill rather than an edge).
        let lim = Rasterizer.floatReach
        let near =
            abs(b.minX - ox) < lim && abs(b.maxX - ox) < lim && abs(b.minY - oy) < lim && abs(b.maxY - oy) < lim
        let evenOdd = rule == .evenOdd
        var threshold: Float = -1 // < 0: non-zero or even-odd
        if case .windingAbove(let k) = rule { threshold = Float(k) }
        let cells = Cells(stride: stride, words: words)
        let cols = width, count = height
        acc.withUnsafeMutableBufferPointer { accBuf in
            touched.withUnsafeMutableBufferPointer { bitBuf in
                coverage.withUnsafeMutableBufferPointer { cov in
                    guard let a = accBuf.baseAddress, let bits = bitBuf.baseAddress, let cv = cov.baseAddress
                    else { return }
                    let g = Grid(acc: a, bits: bits, cells: cells)
                    Rasterizer.deposit(polys, g, w, h, ox, oy, near: near)
                    rows(g, y0, x0, count, cols, evenOdd, threshold, cv)
                }
            }
        }
        return IntRect(x0: x0, y0: y0, x1: x1, y1: y1)
    }

    /// The most rows or columns one fill scans (2²² − 2: its coordinates stay within `floorSmall`'s range).
    static let maxSide = (1 << 22) - 2

    /// Accumulation geometry: cells per row and bitmap words per row.
    struct Cells { let stride: Int, words: Int }

    /// The scratch buffers one fill works on.
    struct Grid {
        let acc: UnsafeMutablePointer<Float>
        let bits: UnsafeMutablePointer<UInt64>
        let cells: Cells
    }

    /// One row's accumulation cells and their bitmap words.
    struct Row {
        let acc: UnsafeMutablePointer<Float>
        let bits: UnsafeMutablePointer<UInt64>

        /// Adds `v` to cell `x` and marks it.
        @inline(__always) func add(_ x: Int, _ v: Float) {
            acc[x] += v
            bits[x >> 6] |= 1 &<< UInt64(x & 63)
        }
    }

    /// Coverage byte of a winding sum.
    @inline(__always) static func cover(_ sum: Float, _ evenOdd: Bool, _ threshold: Float = -1) -> UInt8 {
        if threshold >= 0 { return UInt8(truncatingIfNeeded: floorSmall(min(max(sum - threshold, 0), 1) * 255 + 0.5)) }
        var v = abs(sum)
        if evenOdd {
            v = v.truncatingRemainder(dividingBy: 2)
            if v > 1 { v = 2 - v }
        } else if v > 1 {
            v = 1
        }
        return UInt8(truncatingIfNeeded: floorSmall(v * 255 + 0.5))
    }

    /// Sums row `y` over its marked cells, writes coverage into `cv` from the first marked cell `first` and clears
    /// the cells it read. Returns `first` and one past the last pixel with coverage (coverage is zero from there
    /// on, since every row's deposits sum to zero for closed contours); `end` is `first` when nothing is covered.
    @inline(__always)
    static func sweep(
        _ g: Grid, row y: Int, width: Int, evenOdd: Bool, threshold: Float, into cv: UnsafeMutablePointer<UInt8>
    ) -> (first: Int, end: Int) {
        let line = g.acc + y &* g.cells.stride
        let bits = g.bits + y &* g.cells.words
        let wEnd = g.cells.words
        var wi = 0
        while wi < wEnd && bits[wi] == 0 { wi &+= 1 }
        if wi == wEnd { return (0, 0) }
        let l = (wi << 6) | bits[wi].trailingZeroBitCount
        var sum: Float = 0
        var x = l // next pixel to write
        var c: UInt8 = 0 // coverage of the run since the last marked cell
        var last = l // one past the last pixel with non-zero coverage
        while wi < wEnd {
            var word = bits[wi]
            bits[wi] = 0
            while word != 0 {
                let cell = (wi << 6) | word.trailingZeroBitCount
                word &= word &- 1
                let stop = min(cell, width)
                if stop > x {
                    (cv + x).update(repeating: c, count: stop &- x)
                    if c != 0 { last = stop }
                    x = stop
                }
                sum += line[cell]
                line[cell] = 0
                c = cover(sum, evenOdd, threshold)
                if cell < width {
                    cv[cell] = c
                    if c != 0 { last = cell &+ 1 }
                    x = cell &+ 1
                }
            }
            wi &+= 1
        }
        return (l, last)
    }

    /// Sums row `y` over its marked cells as ``sweep(_:row:width:evenOdd:threshold:into:)`` does
    /// and clears them, but calls `span(x, count, coverage)` for each run of non-zero coverage instead of writing
    /// bytes: a marked pixel and the unmarked ones after it up to the next marked cell share its coverage; after the
    /// last marked cell nothing is covered. (The two sweeps walk the bitmap alike but each has its own loop: writing
    /// `sweep`'s bytes through this one's runs, tried in session 25, made bodymovin's drawing 242.9 → 257.1 M
    /// instructions.)
    @inline(__always)
    static func sweepSpans(
        _ g: Grid, row y: Int, width: Int, evenOdd: Bool, threshold: Float, span: (Int, Int, UInt8) -> Void
    ) {
        let line = g.acc + y &* g.cells.stride
        let bits = g.bits + y &* g.cells.words
        var sum: Float = 0
        var start = 0 // first pixel of the current run (the last marked cell)
        var c: UInt8 = 0 // its coverage
        var wi = 0
        let wEnd = g.cells.words
        while wi < wEnd {
            var word = bits[wi]
            bits[wi] = 0
            while word != 0 {
                let cell = (wi << 6) | word.trailingZeroBitCount
                word &= word &- 1
                let stop = min(cell, width)
                if c != 0 && stop > start { span(start, stop &- start, c) }
                sum += line[cell]
                line[cell] = 0
                c = cover(sum, evenOdd, threshold)
                start = cell
            }
            wi &+= 1
        }
        if c != 0 && start < width { span(start, 1, c) }
    }
}
