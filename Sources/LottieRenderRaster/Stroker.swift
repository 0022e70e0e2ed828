/// Line caps.
package enum LineCap: Sendable { case butt, round, square }
/// Line joins.
package enum LineJoin: Sendable { case miter, round, bevel }

/// Stroke geometry parameters.
package struct StrokeStyle: Sendable, Equatable {
    /// Full width.
    package var width: Double
    /// End caps.
    package var cap: LineCap
    /// Corner joins.
    package var join: LineJoin
    /// Miter limit as a ratio of miter length to half width.
    package var miterLimit: Double
    /// Dash lengths alternating on/off; empty for solid.
    package var dashes: [Double]
    /// Distance into the dash pattern at which the path starts.
    package var dashOffset: Double
    /// Creates a style.
    package init(
        width: Double, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 4,
        dashes: [Double] = [], dashOffset: Double = 0
    ) {
        self.width = width; self.cap = cap; self.join = join; self.miterLimit = miterLimit
        self.dashes = dashes; self.dashOffset = dashOffset
    }
}

/// Turns polylines into the polygons that cover their stroke: one quad per segment, one wedge per join,
/// and cap pieces, all wound the same way so that non-zero filling unites them.
package enum Stroker {
    /// Appends the stroke outline of `input` to `out`. `tolerance` bounds the error of round pieces.
    package static func stroke(_ input: Polylines, style: StrokeStyle, tolerance: Double, into out: inout Polylines) {
        let hw = style.width / 2
        guard hw > 0, hw.isFinite else { return }
        let pts = input.points
        for c in input.contours {
            // Drop repeated points so that every segment has a direction.
            var poly: [Point] = []
            poly.reserveCapacity(c.count)
            for i in c.start..<(c.start + c.count) {
                let p = pts[i]
                if let l = poly.last, (p - l).length < 1e-9 { continue }
                poly.append(p)
            }
            var closed = c.closed
            if closed, poly.count > 2, let f = poly.first, let l = poly.last, (f - l).length < 1e-9 {
                poly.removeLast()
            }
            if poly.count < 2 {
                if let p = poly.first ?? (c.count > 0 ? pts[c.start] : nil) {
                    // A zero-length contour draws a dot for round and square caps.
                    if style.cap == .round { circle(p, hw, tolerance, &out) }
                    if style.cap == .square { square(p, Point(1, 0), hw, &out) }
                }
                continue
            }
            if poly.count == 2 { closed = false }
            let n = poly.count
            let segs = closed ? n : n - 1
            for i in 0..<segs {
                let a = poly[i], b = poly[(i + 1) % n]
                let d = b - a
                let len = d.length
                let u = d * (1 / len)
                let nrm = Point(-u.y * hw, u.x * hw)
                var sa = a, sb = b
                if !closed && style.cap == .square {
                    if i == 0 { sa = a - u * hw }
                    if i == segs - 1 { sb = b + u * hw }
                }
                polygon([sa + nrm, sb + nrm, sb - nrm, sa - nrm], &out)
            }
            let joins = closed ? 0..<n : 1..<(n - 1)
            for i in joins {
                let p = poly[i]
                let prev = poly[(i + n - 1) % n], next = poly[(i + 1) % n]
                join(p, p - prev, next - p, hw, style, tolerance, &out)
            }
            if !closed && style.cap == .round {
                circle(poly[0], hw, tolerance, &out)
                circle(poly[n - 1], hw, tolerance, &out)
            }
        }
    }

    private static func join(
        _ p: Point, _ d1: Point, _ d2: Point, _ hw: Double, _ style: StrokeStyle,
        _ tol: Double, _ out: inout Polylines
    ) {
        let u1 = d1 * (1 / d1.length), u2 = d2 * (1 / d2.length)
        let cross = u1.cross(u2), dot = u1.dot(u2)
        if abs(cross) < 1e-9 && dot > 0 { return }
        let s: Double = cross > 0 ? -1 : 1
        let n1 = Point(-u1.y, u1.x) * (hw * s), n2 = Point(-u2.y, u2.x) * (hw * s)
        switch style.join {
        case .bevel:
            polygon([p, p + n1, p + n2], &out)
        case .miter:
            let mid = n1 + n2
            let ml = mid.length
            let cosHalf = ml / (2 * hw)
            if cosHalf > 1e-9 && 1 / cosHalf <= style.miterLimit {
                let tip = p + mid * (hw / cosHalf / ml)
                polygon([p, p + n1, tip, p + n2], &out)
            } else {
                polygon([p, p + n1, p + n2], &out)
            }
        case .round:
            let a1 = atan2(n1.y, n1.x)
            var a2 = atan2(n2.y, n2.x)
            // Sweep the short way from n1 to n2.
            var delta = a2 - a1
            while delta > Double.pi { delta -= 2 * Double.pi }
            while delta < -Double.pi { delta += 2 * Double.pi }
            a2 = a1 + delta
            let steps = max(1, Int((abs(delta) / arcStep(hw, tol)).rounded(.up)))
            var poly: [Point] = [p]
            for k in 0...steps {
                let a = a1 + delta * Double(k) / Double(steps)
                poly.append(Point(p.x + cos(a) * hw, p.y + sin(a) * hw))
            }
            polygon(poly, &out)
        }
    }

    private static func arcStep(_ r: Double, _ tol: Double) -> Double {
        let x = 1 - min(tol, r) / r
        return max(2 * acos(max(-1, min(1, x))), 0.05)
    }

    static func circle(_ c: Point, _ r: Double, _ tol: Double, _ out: inout Polylines) {
        let n = max(8, Int((2 * Double.pi / arcStep(r, tol)).rounded(.up)))
        var poly: [Point] = []
        poly.reserveCapacity(n)
        for k in 0..<n {
            let a = 2 * Double.pi * Double(k) / Double(n)
            poly.append(Point(c.x + cos(a) * r, c.y + sin(a) * r))
        }
        polygon(poly, &out)
    }

    private static func square(_ c: Point, _ u: Point, _ hw: Double, _ out: inout Polylines) {
        let n = Point(-u.y, u.x) * hw, d = u * hw
        polygon([c - d + n, c + d + n, c + d - n, c - d - n], &out)
    }

    /// Appends a closed polygon wound with positive signed area.
    static func polygon(_ poly: [Point], _ out: inout Polylines) {
        var area = 0.0
        for i in 0..<poly.count {
            let a = poly[i], b = poly[(i + 1) % poly.count]
            area += a.x * b.y - b.x * a.y
        }
        if area == 0 { return }
        let ordered = area > 0 ? poly : poly.reversed()
        out.begin(ordered[0])
        for p in ordered.dropFirst() { out.add(p) }
        out.closeContour()
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
