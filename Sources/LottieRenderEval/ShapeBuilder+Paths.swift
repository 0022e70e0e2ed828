import LottieRenderModel
import LottieRenderRaster

/// The shape builder's path work on its outline pool: merge paths (`"mm"`) and the paths a style paints, combined
/// into the style's space.
extension ShapeBuilder {
    /// Replaces the paths from `first` on by one path in the group's space whose fill rule performs the boolean
    /// operation: every input is first wound positively; add is winding > 0, subtract adds the later shapes
    /// reversed, intersect is winding > n − 1, exclude is even-odd. Fills of the result are exact, anti-aliasing
    /// included; strokes, trims and modifiers use the result's outline (`PathBoolean`).
    mutating func mergePaths(from first: Int, mode: MergeMode, groupTransform g: Transform) {
        guard let inv = g.inverted() else { return }
        var out = Path()
        let n = pool.count - first
        // Room for the inputs as they stand (an earlier merge's outline, worked out below, may need more).
        out.reserveCapacity(pool[first...].reduce(0) { $0 + $1.path.elements.count })
        for (k, geo) in pool[first...].enumerated() {
            let rel = inv.concat(geo.transform)
            // Each input mapped into the one array (`append(_:transformedBy:)` never takes over another's array).
            if mode == .merge {
                out.append(geo.outlinePath, transformedBy: rel)
                continue
            }
            var p = geo.outlinePath.transformed(rel)
            // The rasterizer counts a contour that runs counter-clockwise on screen (y down) as winding +1.
            if PathModifiers.signedArea(p) > 0 { p = PathModifiers.reversed(p) }
            if mode == .subtract && k > 0 { p = PathModifiers.reversed(p) }
            out.append(p, transformedBy: .identity)
        }
        let rule: FillRule?
        switch mode {
        case .add, .subtract: rule = .windingAbove(0)
        case .intersect: rule = .windingAbove(max(0, n - 1))
        case .exclude: rule = .evenOdd
        case .merge, .unknown: rule = nil
        }
        // Merge outlines are flattened within 1/50 of a composition pixel.
        let scale = max(layerScale * g.maxScale, 1e-9)
        pool.removeSubrange(first...)
        pool.append(Geometry(path: out, transform: g, rule: rule, outlineTolerance: 0.02 / scale))
    }

    /// The paths of `range` combined into the style's coordinate space, or nil when the style space is singular.
    /// Strokes take merge results as outlines (`outlines`); fills take the paths their fill rule acts on.
    mutating func combined(_ range: Range<Int>, styleTransform s: Transform, outlines: Bool = false) -> Path? {
        guard let inv = s.inverted() else { return nil }
        @inline(__always) func path(_ i: Int) -> Path {
            outlines ? pool[i].outlinePath : pool[i].untrimmed ?? pool[i].path
        }
        if outlines { for i in range { pool[i].cacheOutline() } }
        // One path: its own elements when it is in the style's space (no copy). Several: one array as long as all
        // of them, each mapped into it (not a mapped copy each, appended to an array grown as it went).
        if range.count == 1 { return path(range.lowerBound).transformed(inv.concat(pool[range.lowerBound].transform)) }
        var out = Path()
        out.reserveCapacity(range.reduce(0) { $0 + path($1).elements.count })
        for i in range { out.append(path(i), transformedBy: inv.concat(pool[i].transform)) }
        return out
    }

    /// One past the end of the part of `range` (`..< upper`) that starts at `start` and one fill paints as one path:
    /// a run of paths, or one path marked ``Geometry/apart`` alone.
    func filledPartEnd(from start: Int, upTo upper: Int) -> Int {
        if pool[start].apart { return start + 1 }
        var end = start + 1
        while end < upper && !pool[end].apart { end += 1 }
        return end
    }
}
