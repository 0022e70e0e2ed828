/// The tight bounds of a path: its end points and the extremes of its curves, not their control points.
extension Path {
    /// The smallest rectangle holding every point of the path's geometry (no stroke width); `Rect.empty` for a path
    /// without segments. A lone move counts as a point.
    package var tightBounds: Rect {
        var r = Rect.empty
        var cur = Point.zero
        for e in elements {
            switch e {
            case .move(let p), .line(let p):
                r.include(p)
                cur = p
            case .cubic(let a, let b, let p):
                r.include(p)
                for t in Path.extremes(cur.x, a.x, b.x, p.x) + Path.extremes(cur.y, a.y, b.y, p.y) {
                    r.include(Cubic.point((cur, a, b, p), t))
                }
                cur = p
            case .close:
                break
            }
        }
        return r
    }

    /// Parameters in (0, 1) where the cubic with coordinates `p0…p3` has a zero derivative.
    private static func extremes(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> [Double] {
        // B'(t) / 3 = a t² + b t + c
        let a = -p0 + 3 * p1 - 3 * p2 + p3
        let b = 2 * (p0 - 2 * p1 + p2)
        let c = p1 - p0
        var roots: [Double] = []
        if abs(a) < 1e-12 {
            if abs(b) > 1e-12 { roots.append(-c / b) }
        } else {
            let disc = b * b - 4 * a * c
            if disc >= 0 {
                let s = disc.squareRoot()
                roots.append((-b + s) / (2 * a))
                roots.append((-b - s) / (2 * a))
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }
}
