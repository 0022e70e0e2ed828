import LottieRenderModel
import LottieRenderRaster

extension TextBuilder {
    /// Text on a path (`"t"."p"`): each character's baseline centre travels along the path, by its distance from
    /// the line's alignment point, from the path's start, middle or end (left, centre, right justification), moved
    /// by the first margin, both margins or the last margin (as Skottie reads After Effects). Force alignment
    /// spreads each line from the first margin to the path's length less the last margin. Past the ends a closed
    /// path wraps around and an open one continues along its end tangent. Lines after the first, and baseline
    /// shift, keep their offset across the path. `anchorX` is where the lines' alignment point was placed and
    /// `baseline` the first line's baseline.
    func onPath(
        _ placed: [Placed], path: Path, justify: TextJustify, anchorX: Double, baseline: Double,
        data: TextData
    ) -> [(placed: Placed, transform: Transform)] {
        let reverse = Interpolator.scalar(data.reversePath, at: time) != 0
        let measure = PathMeasure(reverse ? PathModifiers.reversed(path) : path)
        let length = measure.contours.first?.length ?? 0
        let first = Interpolator.scalar(data.firstMargin, at: time),
            last = Interpolator.scalar(data.lastMargin, at: time)
        let perpendicular = Interpolator.scalar(data.perpendicular, at: time, fallback: 1) != 0
        let force = Interpolator.scalar(data.forceAlignment, at: time) != 0
        // Where the alignment point of a line sits on the path: its start, middle or end.
        let share = justify.alignmentShare
        let base =
            force ? first : length * share + (justify == .right ? last : justify == .center ? first + last : first)
        var spread: [Int: (start: Double, gap: Double)] = [:]
        if force {
            for (line, chars) in Dictionary(grouping: placed, by: \.line) {
                guard let lo = chars.map(\.x).min(), let hi = chars.map({ $0.x + $0.advance }).max() else { continue }
                let room = length - first - last - (hi - lo)
                spread[line] = (lo, chars.count > 1 ? room / Double(chars.count - 1) : 0)
            }
        }
        var out: [(placed: Placed, transform: Transform)] = []
        var order: [Int: Int] = [:]
        for var p in placed {
            let centre = p.x + p.advance / 2
            let distance: Double
            if let s = spread[p.line] {
                let k = order[p.line, default: 0]; order[p.line] = k + 1
                distance = base + centre - s.start + Double(k) * s.gap
            } else {
                // The character's offset from its line's alignment point.
                distance = base + centre - anchorX
            }
            guard let (pt, angle) = measure.placement(at: distance) else { continue }
            var t = Transform.translation(pt.x, pt.y)
            if perpendicular { t = t.concat(.rotation(angle)) }
            t = t.concat(.translation(-centre, 0))
            p.y -= baseline
            out.append((p, t))
        }
        return out
    }
}
