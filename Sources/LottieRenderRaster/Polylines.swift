/// Contours flattened to straight segments, stored flat to avoid per-contour allocations.
package struct Polylines: Sendable {
    /// One contour: a range of `points`, and whether it closes.
    package struct Contour: Sendable {
        /// Index of the first point.
        package var start: Int
        /// Number of points.
        package var count: Int
        /// Whether the last point joins the first.
        package var closed: Bool
    }
    /// All points of all contours.
    package var points: [Point] = []
    /// Contours in order.
    package var contours: [Contour] = []

    /// An empty set.
    package init() {}

    /// Removes everything, keeping capacity.
    package mutating func removeAll() {
        points.removeAll(keepingCapacity: true)
        contours.removeAll(keepingCapacity: true)
    }

    /// Starts a contour at `p`.
    @inline(__always)
    package mutating func begin(_ p: Point) {
        contours.append(Contour(start: points.count, count: 1, closed: false))
        points.append(p)
    }
    /// Adds a point to the current contour, skipping exact repeats.
    @inline(__always)
    package mutating func add(_ p: Point) {
        guard !contours.isEmpty else { begin(p); return }
        if let last = points.last, last == p, contours[contours.count - 1].count > 0 { return }
        points.append(p)
        contours[contours.count - 1].count += 1
    }
    /// Appends `run` to the current contour's points but leaves its count to ``count(appended:)``, so that a walk
    /// of many points updates the contour once (the caller skips repeats as ``add(_:)`` does). The current contour
    /// must exist and hold a point.
    @inline(__always)
    package mutating func append(uncounted run: UnsafeBufferPointer<Point>) {
        points.append(contentsOf: run)
    }
    /// Adds `k` points appended to the current contour's points (``append(uncounted:)``) to its count. The current
    /// contour must exist.
    @inline(__always)
    package mutating func count(appended k: Int) {
        contours[contours.count - 1].count += k
    }
    /// Marks the current contour closed.
    package mutating func closeContour() {
        guard !contours.isEmpty else { return }
        contours[contours.count - 1].closed = true
    }

    /// Flattens `path` mapped through `transform` so that no chord strays more than `tolerance` from the curve.
    package mutating func append(_ path: Path, transform: Transform, tolerance: Double) {
        var current = Point.zero, start = Point.zero
        let tol = max(tolerance, 1e-4)
        for e in path.elements {
            switch e {
            case .move(let p):
                current = transform.apply(p); start = current
                begin(current)
            case .line(let p):
                current = transform.apply(p)
                add(current)
            case .cubic(let c1, let c2, let p):
                let p1 = transform.apply(c1), p2 = transform.apply(c2), p3 = transform.apply(p)
                let ddx = max(abs(current.x - 2 * p1.x + p2.x), abs(p1.x - 2 * p2.x + p3.x))
                let ddy = max(abs(current.y - 2 * p1.y + p2.y), abs(p1.y - 2 * p2.y + p3.y))
                let dd = (ddx * ddx + ddy * ddy).squareRoot()
                // Convert only a finite, bounded value: Int(∞) or Int(NaN) would trap.
                let q = (0.75 * dd / tol).squareRoot().rounded(.up)
                let n = q >= 1 && q.isFinite ? Int(min(q, 500)) : 1
                let p0 = current
                let inv = 1.0 / Double(n)
                if contours.isEmpty || points.isEmpty || n > 64 {
                    for i in 1..<n { add(Cubic.point((p0, p1, p2, p3), Double(i) * inv)) }
                    add(p3)
                } else {
                    // The points of one curve, its end included, gathered first and appended at once, repeats
                    // skipped as `add` does.
                    withUnsafeTemporaryAllocation(of: Point.self, capacity: n) { buf in
                        guard let b = buf.baseAddress, var last = points.last else { return }
                        var k = 0
                        for i in 1..<n {
                            let p = Cubic.point((p0, p1, p2, p3), Double(i) * inv)
                            if p != last { (b + k).initialize(to: p); k &+= 1; last = p }
                        }
                        if p3 != last { (b + k).initialize(to: p3); k &+= 1 }
                        points.append(contentsOf: UnsafeBufferPointer(start: b, count: k))
                        count(appended: k)
                    }
                }
                current = p3
            case .close:
                closeContour()
                current = start
            }
        }
    }

    /// Maps every point through `t`.
    package mutating func transform(_ t: Transform) {
        if t == .identity { return }
        for i in points.indices { points[i] = t.apply(points[i]) }
    }

    /// Bounds of all points: `Rect.include` over them, both axes at once (the same compares: a point's coordinate
    /// replaces the bound only where it is below the minimum, or at or above the maximum, so NaN never does).
    package var bounds: Rect {
        var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
        for p in points {
            let v = SIMD2(p.x, p.y)
            lo.replace(with: v, where: v .< lo)
            hi.replace(with: v, where: v .>= hi)
        }
        return Rect(minX: lo.x, minY: lo.y, maxX: hi.x, maxY: hi.y)
    }
}
