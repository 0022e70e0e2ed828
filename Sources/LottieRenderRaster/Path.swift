/// A path element. A `public` type, as `Path`.
public enum PathElement: Sendable, Equatable {
    /// Starts a new contour.
    case move(Point)
    /// A straight segment.
    case line(Point)
    /// A cubic bezier segment with two control points.
    case cubic(Point, Point, Point)
    /// Closes the current contour.
    case close
}

/// A vector path of contours made of lines and cubic beziers. A `public` type (its members `package`) so that the
/// builders below inline where the scene builder makes paths (docs/architecture.md).
public struct Path: Sendable, Equatable {
    /// The elements in order, changed only by the methods here.
    @usableFromInline var stored: [PathElement]
    /// The elements in order.
    package var elements: [PathElement] { stored }

    /// An empty path.
    @inlinable package init() { stored = [] }
    /// A path from elements.
    package init(elements: [PathElement]) { stored = elements }

    /// True when it has no segments.
    @inlinable package var isEmpty: Bool { stored.isEmpty }
    /// Makes room for `n` elements, so building a path of known size allocates once.
    @inlinable package mutating func reserveCapacity(_ n: Int) { stored.reserveCapacity(n) }
    /// Starts a contour.
    @inlinable package mutating func move(to p: Point) { stored.append(.move(p)) }
    /// Adds a line.
    @inlinable package mutating func line(to p: Point) { stored.append(.line(p)) }
    /// Adds a cubic bezier.
    @inlinable package mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
        stored.append(.cubic(c1, c2, p))
    }
    /// Closes the contour.
    @inlinable package mutating func close() { stored.append(.close) }
    /// Appends another path's contours (an empty path takes the other's elements as they are, without a copy).
    package mutating func append(_ other: Path) {
        if stored.isEmpty { stored = other.stored } else { stored.append(contentsOf: other.stored) }
    }

    /// Appends `other`'s contours with every point mapped through `t`: the elements ``transformed(_:)`` gives,
    /// without a path of their own in between. Always into this path's own array (which the caller may have sized
    /// for all it appends), never by taking `other`'s.
    package mutating func append(_ other: Path, transformedBy t: Transform) {
        if t == .identity { stored.append(contentsOf: other.stored); return }
        for e in other.stored {
            switch e {
            case .move(let p): stored.append(.move(t.apply(p)))
            case .line(let p): stored.append(.line(t.apply(p)))
            case .cubic(let a, let b, let p): stored.append(.cubic(t.apply(a), t.apply(b), t.apply(p)))
            case .close: stored.append(.close)
            }
        }
    }

    /// The path with every point mapped through `t`.
    package func transformed(_ t: Transform) -> Path {
        if t == .identity { return self }
        var out = Path()
        out.stored.reserveCapacity(elements.count)
        out.append(self, transformedBy: t)
        return out
    }

    /// Bounds of all points including control points.
    package var controlBounds: Rect {
        var r = Rect.empty
        for e in elements {
            switch e {
            case .move(let p), .line(let p): r.include(p)
            case .cubic(let a, let b, let p): r.include(a); r.include(b); r.include(p)
            case .close: break
            }
        }
        return r
    }

    /// When the path is one closed quadrilateral that `t` maps to an axis-aligned rectangle, that rectangle
    /// (device space); otherwise nil. Lets a renderer skip a clip that cannot remove anything.
    package func axisAlignedRect(_ t: Transform) -> Rect? {
        // Four or five points and at most a closing element: anything longer or shorter is not one (most paths, a
        // test a group's clip makes every frame). The points are kept in locals, not an array (an allocation a test).
        let es = stored
        guard es.count >= 4 && es.count <= 6 else { return nil }
        var p0 = Point.zero, p1 = Point.zero, p2 = Point.zero, p3 = Point.zero, p4 = Point.zero
        var count = 0
        for (k, e) in es.enumerated() {
            let p: Point
            switch e {
            case .move(let q):
                if k != 0 { return nil }
                p = t.apply(q)
            case .line(let q): p = t.apply(q)
            case .close:
                if k != es.count - 1 { return nil }
                continue
            case .cubic: return nil
            }
            switch count {
            case 0: p0 = p
            case 1: p1 = p
            case 2: p2 = p
            case 3: p3 = p
            case 4: p4 = p
            default: return nil // a sixth point
            }
            count += 1
        }
        // A fifth point on the first closes the contour.
        if count == 5, abs(p0.x - p4.x) < 1e-9, abs(p0.y - p4.y) < 1e-9 { count = 4 }
        guard count == 4 else { return nil }
        let eps = 1e-6
        // Edges alternate horizontal and vertical (starting with either); NaN counts as along the edge.
        func along(_ a: Point, _ b: Point, horizontal: Bool) -> Bool {
            horizontal ? !(abs(a.y - b.y) > eps) : !(abs(a.x - b.x) > eps)
        }
        func alternates(startingHorizontal h: Bool) -> Bool {
            along(p0, p1, horizontal: h) && along(p1, p2, horizontal: !h) && along(p2, p3, horizontal: h)
                && along(p3, p0, horizontal: !h)
        }
        guard alternates(startingHorizontal: true) || alternates(startingHorizontal: false) else { return nil }
        var r = Rect.empty
        r.include(p0); r.include(p1); r.include(p2); r.include(p3)
        return r
    }

    /// A rectangle.
    package static func rect(_ r: Rect) -> Path {
        var p = Path()
        p.reserveCapacity(5)
        p.move(to: Point(r.minX, r.minY)); p.line(to: Point(r.maxX, r.minY))
        p.line(to: Point(r.maxX, r.maxY)); p.line(to: Point(r.minX, r.maxY)); p.close()
        return p
    }

    /// An ellipse inscribed in `r`, as four cubic arcs.
    package static func ellipse(_ r: Rect) -> Path {
        let k = 0.5522847498307936
        let cx = (r.minX + r.maxX) / 2, cy = (r.minY + r.maxY) / 2
        let rx = (r.maxX - r.minX) / 2, ry = (r.maxY - r.minY) / 2
        var p = Path()
        p.move(to: Point(cx, cy - ry))
        p.cubic(to: Point(cx + rx, cy), control1: Point(cx + rx * k, cy - ry), control2: Point(cx + rx, cy - ry * k))
        p.cubic(to: Point(cx, cy + ry), control1: Point(cx + rx, cy + ry * k), control2: Point(cx + rx * k, cy + ry))
        p.cubic(to: Point(cx - rx, cy), control1: Point(cx - rx * k, cy + ry), control2: Point(cx - rx, cy + ry * k))
        p.cubic(to: Point(cx, cy - ry), control1: Point(cx - rx, cy - ry * k), control2: Point(cx - rx * k, cy - ry))
        p.close()
        return p
    }
}
