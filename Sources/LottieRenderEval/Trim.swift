import LottieRenderModel
import LottieRenderRaster

/// Trim paths (`"ty":"tm"`): keeps the part of each path (or of all paths in sequence) between start and end.
enum Trim {
    /// Normalised [start, end] in 0…1 from percentages and the offset in degrees; may extend past 1 (wraps).
    static func range(start s: Double, end e: Double, offset o: Double) -> (Double, Double)? {
        var a = min(max(s / 100, 0), 1), b = min(max(e / 100, 0), 1)
        if a > b { swap(&a, &b) }
        if b - a <= 1e-9 { return nil }
        if b - a >= 1 - 1e-9 { return (0, 1) }
        var off = (o / 360).truncatingRemainder(dividingBy: 1)
        if off < 0 { off += 1 }
        a += off; b += off
        if a >= 1 { a -= 1; b -= 1 }
        return (a, b)
    }

    /// Trims each path on its own (`"m":1`), or all paths as one sequence (`"m":2`). `measures`, when not empty, has
    /// for each path its lengths as binding measured them, or nil (then it is measured here).
    static func apply(
        _ paths: inout [Path], measures known: [PathMeasure?] = [], start: Double, end: Double, offset: Double,
        individually: Bool,
        cut rule: PathMeasure.Cut = .arcLength
    ) {
        guard let (a, b) = range(start: start, end: end, offset: offset) else {
            for i in paths.indices { paths[i] = Path() }
            return
        }
        if a <= 0 && b >= 1 { return }
        func measure(_ i: Int) -> PathMeasure { (i < known.count ? known[i] : nil) ?? PathMeasure(paths[i]) }
        if !individually {
            for i in paths.indices {
                let m = measure(i)
                var out = Path()
                out.reserveCapacity(pieceElements(m))
                for ci in m.contours.indices {
                    cut(
                        m, contour: ci, from: a * m.contours[ci].length, to: b * m.contours[ci].length, rule,
                        into: &out)
                }
                paths[i] = out
            }
            return
        }
        let measures = paths.indices.map(measure)
        let total = measures.reduce(0) { $0 + $1.length }
        guard total > 0 else { return }
        // Intervals in absolute length; the range may wrap past the end.
        var intervals: [(Double, Double)] = [(a * total, min(b, 1) * total)]
        if b > 1 { intervals.append((0, (b - 1) * total)) }
        var base = 0.0
        for i in paths.indices {
            let m = measures[i]
            var out = Path()
            out.reserveCapacity(pieceElements(m))
            var cbase = base
            for ci in m.contours.indices {
                let len = m.contours[ci].length
                for (s, e) in intervals {
                    let lo = max(s, cbase), hi = min(e, cbase + len)
                    if hi > lo {
                        m.appendPiece(
                            contour: ci, from: lo - cbase, to: hi - cbase, continuing: false, cut: rule, into: &out)
                    }
                }
                cbase += len
            }
            base += m.length
            paths[i] = out
        }
    }

    /// The most elements the pieces of `m` take: every segment, and a move and a wrapped segment a contour (one
    /// allocation for a trimmed path, not one each time it grows).
    private static func pieceElements(_ m: PathMeasure) -> Int {
        m.contours.reduce(0) { $0 + $1.segments.count + 2 }
    }

    /// Appends the piece [from, to] of one contour; `to` may pass the contour's length, wrapping a closed one.
    private static func cut(
        _ m: PathMeasure, contour ci: Int, from: Double, to: Double, _ rule: PathMeasure.Cut, into out: inout Path
    ) {
        let len = m.contours[ci].length
        guard len > 0 else { return }
        if to <= len {
            m.appendPiece(contour: ci, from: from, to: to, continuing: false, cut: rule, into: &out)
        } else if m.contours[ci].closed {
            m.appendPiece(contour: ci, from: from, to: len, continuing: false, cut: rule, into: &out)
            m.appendPiece(contour: ci, from: 0, to: to - len, continuing: true, cut: rule, into: &out)
        } else {
            m.appendPiece(contour: ci, from: from, to: len, continuing: false, cut: rule, into: &out)
            m.appendPiece(contour: ci, from: 0, to: to - len, continuing: false, cut: rule, into: &out)
        }
    }
}
