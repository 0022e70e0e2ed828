/// The rasterizer's edges: each edge of a fill's polylines deposits the signed area it covers into the accumulation
/// cells of the rows it crosses (``Rasterizer``'s sweeps then sum them).
///
/// Hot loop file. Measured (callgrind, release, 512², every frame, expressions off): bodymovin's edges about 250
/// instructions a point (90 of setup, then about 47 for each of its 1.75 rows), 24 % of its drawing, about 26 % of
/// its time. A fill whose bounds lie within ±10⁵ of its origin sends its edges to `line` without `edge`'s range
/// test, each point converted once, from one non-inlined loop shared by every kind of fill: bodymovin 218.4 →
/// 216.6 M, LightningBug 2 009 → 1 979 M (session 46; see docs/performance.md).
extension Rasterizer {
    /// Deposits every edge of `polys` (an open contour is filled as if closed), relative to the bounds' origin
    /// (`ox`, `oy`). One function for every kind of fill, not inlined into each (their sweeps are), so that the
    /// fills' specialisations keep their own loops inlined.
    @inline(never)
    static func deposit(
        _ polys: Polylines, _ g: Grid, _ w: Float, _ h: Float, _ ox: Double, _ oy: Double, near: Bool
    ) {
        polys.points.withUnsafeBufferPointer { pts in
            // An open contour is still filled as if closed.
            guard near else {
                for c in polys.contours where c.count >= 2 {
                    var prev = pts[c.start + c.count - 1]
                    var i = c.start
                    while i < c.start + c.count {
                        let p = pts[i]
                        Rasterizer.edge(g, w, h, prev.x - ox, prev.y - oy, p.x - ox, p.y - oy)
                        prev = p
                        i += 1
                    }
                }
                return
            }
            // Every point is within ±10⁵ of the origin: each is converted once and its edges go
            // straight to `line`, as `edge` sends them; an edge with a NaN end is dropped, as there.
            for c in polys.contours where c.count >= 2 {
                let last = pts[c.start + c.count - 1]
                var px = Float(last.x - ox), py = Float(last.y - oy)
                // Either coordinate NaN makes their sum NaN (neither is infinite here): one test a point.
                var prevNaN = (px + py).isNaN
                var i = c.start
                while i < c.start + c.count {
                    let p = pts[i]
                    let qx = Float(p.x - ox), qy = Float(p.y - oy)
                    let nan = (qx + qy).isNaN
                    if !(nan || prevNaN) { Rasterizer.line(g, w, h, px, py, qx, qy) }
                    px = qx; py = qy; prevNaN = nan
                    i += 1
                }
            }
        }
    }

    /// How far from the bounds' origin an edge's ends may lie for `line` to take them in Float as they are.
    static let floatReach = 1e5

    /// Deposits one edge given relative to the bounds' origin. Edges within ±10⁵ pixels go straight to `line`
    /// in Float. Longer ones (a layer scaled by 10¹⁴) are clipped in Double first, so Float never meets values it
    /// would round to infinity: to the rows [0, h], then split at the columns 0 and w. Parts beyond a column
    /// become vertical edges on it, as `line` deposits them: on column 0 they carry the same coverage, on column
    /// w they end the row's run. Edges with a non-finite end are dropped.
    @inline(__always)
    static func edge(_ g: Grid, _ w: Float, _ h: Float, _ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
        let lim = floatReach
        if abs(ax) < lim && abs(ay) < lim && abs(bx) < lim && abs(by) < lim {
            line(g, w, h, Float(ax), Float(ay), Float(bx), Float(by))
            return
        }
        guard ax.isFinite, ay.isFinite, bx.isFinite, by.isFinite, ay != by else { return }
        let hd = Double(h), wd = Double(w)
        if max(ay, by) <= 0 || min(ay, by) >= hd { return }
        func xAt(_ y: Double) -> Double { ax + (bx - ax) * ((y - ay) / (by - ay)) }
        let y0 = min(max(ay, 0), hd), y1 = min(max(by, 0), hd)
        let x0 = y0 == ay ? ax : xAt(y0), x1 = y1 == by ? bx : xAt(y1)
        clipped(g, w, h, wd, x0, y0, x1, y1)
    }

    /// An edge already within the rows, split where it crosses the columns 0 and `wd`.
    static func clipped(
        _ g: Grid, _ w: Float, _ h: Float, _ wd: Double,
        _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double
    ) {
        // Split only where the edge strictly crosses a border, so each part ends on it and splits no further.
        let border: Double
        if (x0 < 0 && x1 > 0) || (x0 > 0 && x1 < 0) {
            border = 0
        } else if (x0 < wd && x1 > wd) || (x0 > wd && x1 < wd) {
            border = wd
        } else {
            let xa = min(max(x0, 0), wd), xb = min(max(x1, 0), wd)
            line(g, w, h, Float(xa), Float(y0), Float(xb), Float(y1))
            return
        }
        let ym = y0 + (y1 - y0) * ((border - x0) / (x1 - x0))
        clipped(g, w, h, wd, x0, y0, border, ym)
        clipped(g, w, h, wd, border, ym, x1, y1)
    }

    /// Deposits the signed area of one edge into the accumulation buffer.
    @inline(__always)
    static func line(_ g: Grid, _ w: Float, _ h: Float, _ ax: Float, _ ay: Float, _ bx: Float, _ by: Float) {
        if ay == by { return }
        let dir: Float
        var x0 = ax, y0 = ay, x1 = bx, y1 = by
        if y0 < y1 { dir = 1 } else { dir = -1; swap(&x0, &x1); swap(&y0, &y1) }
        if y1 <= 0 || y0 >= h { return }
        let dxdy = (x1 - x0) / (y1 - y0)
        var x = x0
        if y0 < 0 { x -= y0 * dxdy }
        // Rows from ⌊y0⌋ (0 above the bounds) to ⌈min(y1, h)⌉: 0 < y1 and y0 < h here, and h < 2²² (`scan`), so
        // both are floored without `Int`'s range checks (about 20 instructions an edge).
        let yStart = y0 > 0 ? floorSmall(y0) : 0
        let yLast = min(y1, h), yFloor = floorSmall(yLast)
        let yEnd = Float(yFloor) < yLast ? yFloor &+ 1 : yFloor
        var y = yStart
        // The row's cells and bitmap words, stepped a row at a time (not indexed from the grid per deposit).
        let stride = g.cells.stride, words = g.cells.words
        var row = Row(acc: g.acc + yStart &* stride, bits: g.bits + yStart &* words)
        while y < yEnd {
            let fy = Float(y)
            let dy = min(fy + 1, y1) - max(fy, y0)
            let xnext = x + dxdy * dy
            var d = dy * dir
            var xa = x, xb = xnext
            if xa > xb { swap(&xa, &xb) }
            // The piece crosses column 0 or w: x is linear in y, so the part beyond a border takes its share of
            // the height there (full coverage from column 0 on; nothing visible from w on) and the rest is deposited
            // between them. Clamping the ends instead spread the whole height over the inside part. An all but
            // horizontal edge (a slope that overflows Float) spans infinitely: its ends are clamped, not split
            // into ∞/∞.
            // Most pieces lie within the columns: then there is nothing to split or clamp (two tests, not eight).
            if !(xa >= 0 && xb <= w) {
                if (xa < 0 && xb > 0) || (xa < w && xb > w), case let span = xb - xa, span.isFinite {
                    let whole = d
                    if xa < 0 {
                        let left = whole * (-xa / span)
                        row.add(0, left)
                        d -= left
                    }
                    if xb > w {
                        let right = whole * ((xb - w) / span)
                        row.add(stride &- 2, right) // column w
                        d -= right
                    }
                }
                xa = min(max(xa, 0), w); xb = min(max(xb, 0), w)
            }
            // xa, xb ≥ 0, so truncation is floor.
            let xai = floorSmall(xa)
            let xaf = Float(xai)
            // Within one cell (⌈xb⌉ ≤ xai + 1, that is xb ≤ xai + 1): the piece's far end is not rounded at all.
            if xb <= xaf + 1 {
                let xm = 0.5 * (xa + xb) - xaf
                row.add(xai, d - d * xm)
                row.add(xai &+ 1, d * xm)
            } else {
                let xbt = floorSmall(xb)
                let xbi = Float(xbt) < xb ? xbt &+ 1 : xbt
                let xbc = Float(xbi)
                let s = 1 / (xb - xa)
                let f0 = xa - xaf
                let a0 = 0.5 * s * (1 - f0) * (1 - f0)
                let f1 = xb - xbc + 1
                let am = 0.5 * s * f1 * f1
                row.add(xai, d * a0)
                if xbi == xai &+ 2 {
                    row.add(xai &+ 1, d * (1 - a0 - am))
                } else {
                    let a1 = s * (1.5 - f0)
                    row.add(xai &+ 1, d * (a1 - a0))
                    var xi = xai &+ 2
                    while xi < xbi &- 1 { row.add(xi, d * s); xi &+= 1 }
                    let a2 = a1 + Float(xbi &- xai &- 3) * s
                    row.add(xbi &- 1, d * (1 - a2 - am))
                }
                row.add(xbi, d * am)
            }
            x = xnext
            y &+= 1
            row = Row(acc: row.acc + stride, bits: row.bits + words)
        }
    }
}
