/// A path element.
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

/// A vector path of contours made of lines and cubic beziers.
public struct Path: Sendable, Equatable {
    /// The elements in order.
    public private(set) var elements: [PathElement] = []

    /// An empty path.
    public init() {}
    /// A path from elements.
    public init(elements: [PathElement]) { self.elements = elements }

    /// True when it has no segments.
    public var isEmpty: Bool { elements.isEmpty }
    /// Starts a contour.
    public mutating func move(to p: Point) { elements.append(.move(p)) }
    /// Adds a line.
    public mutating func line(to p: Point) { elements.append(.line(p)) }
    /// Adds a cubic bezier.
    public mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) { elements.append(.cubic(c1, c2, p)) }
    /// Closes the contour.
    public mutating func close() { elements.append(.close) }
    /// Appends another path's contours.
    public mutating func append(_ other: Path) { elements.append(contentsOf: other.elements) }

    /// The path with every point mapped through `t`.
    public func transformed(_ t: Transform) -> Path {
        if t == .identity { return self }
        var out = Path()
        out.elements.reserveCapacity(elements.count)
        for e in elements {
            switch e {
            case .move(let p): out.elements.append(.move(t.apply(p)))
            case .line(let p): out.elements.append(.line(t.apply(p)))
            case .cubic(let a, let b, let p): out.elements.append(.cubic(t.apply(a), t.apply(b), t.apply(p)))
            case .close: out.elements.append(.close)
            }
        }
        return out
    }

    /// Bounds of all points including control points.
    public var controlBounds: Rect {
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

    /// A rectangle.
    public static func rect(_ r: Rect) -> Path {
        var p = Path()
        p.move(to: Point(r.minX, r.minY)); p.line(to: Point(r.maxX, r.minY))
        p.line(to: Point(r.maxX, r.maxY)); p.line(to: Point(r.minX, r.maxY)); p.close()
        return p
    }

    /// An ellipse inscribed in `r`, as four cubic arcs.
    public static func ellipse(_ r: Rect) -> Path {
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
