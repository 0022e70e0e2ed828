import LottieModel
import Raster

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Resolves fill and stroke paints (`"c"`, `"g"`) and stroke parameters at a time.
enum StylePaints {
    /// The paint in the style's own coordinates (the renderer adds the device transform).
    static func paint(_ p: StylePaint, at t: Double) -> Paint? {
        switch p {
        case .color(let c):
            let v = Interpolator.value(c, at: t)
            guard v.count >= 3 else { return nil }
            // Some exporters write 0…255 colours; the players treat values above 1 as that range.
            let scale = (v[0] > 1 || v[1] > 1 || v[2] > 1) ? 1.0 / 255 : 1
            return .solid(Color(r: v[0] * scale, g: v[1] * scale, b: v[2] * scale, a: 1))
        case .gradient(let g):
            let stops = gradientStops(Interpolator.value(g.stops, at: t), colorCount: g.colorStopCount)
            guard !stops.isEmpty else { return nil }
            let s = Interpolator.value(g.start, at: t), e = Interpolator.value(g.end, at: t)
            let sp = Point(s.first ?? 0, s.count > 1 ? s[1] : 0), ep = Point(e.first ?? 0, e.count > 1 ? e[1] : 0)
            if !g.isRadial { return .linear(stops: stops, start: sp, end: ep, transform: .identity) }
            let radius = (ep - sp).length
            var h = Interpolator.scalar(g.highlightLength, at: t) / 100        // "h"
            h = min(max(h, -0.99), 0.99)
            let angle = Interpolator.scalar(g.highlightAngle, at: t) * Double.pi / 180 // "a"
            let base = atan2(ep.y - sp.y, ep.x - sp.x)
            let focal = Point(sp.x + cos(base + angle) * radius * h, sp.y + sin(base + angle) * radius * h)
            return .radial(stops: stops, center: sp, radius: radius, focal: focal, transform: .identity)
        }
    }

    /// Gradient stops from Bodymovin's flat array: `colorCount` × [offset, r, g, b], then [offset, alpha] pairs.
    static func gradientStops(_ raw: [Double], colorCount: Int) -> [GradientStop] {
        let n = min(colorCount, raw.count / 4)
        guard n > 0 else { return [] }
        var colors: [(Double, Double, Double, Double)] = []
        for i in 0..<n { colors.append((raw[i * 4], raw[i * 4 + 1], raw[i * 4 + 2], raw[i * 4 + 3])) }
        var alphas: [(Double, Double)] = []
        var k = n * 4
        while k + 1 < raw.count { alphas.append((raw[k], raw[k + 1])); k += 2 }
        func colorAt(_ o: Double) -> (Double, Double, Double) {
            if o <= colors[0].0 { return (colors[0].1, colors[0].2, colors[0].3) }
            for j in 1..<colors.count where o <= colors[j].0 {
                let a = colors[j - 1], b = colors[j]
                let u = b.0 - a.0 > 1e-9 ? (o - a.0) / (b.0 - a.0) : 0
                return (a.1 + (b.1 - a.1) * u, a.2 + (b.2 - a.2) * u, a.3 + (b.3 - a.3) * u)
            }
            let l = colors[colors.count - 1]
            return (l.1, l.2, l.3)
        }
        func alphaAt(_ o: Double) -> Double {
            guard let f = alphas.first else { return 1 }
            if o <= f.0 { return f.1 }
            for j in 1..<alphas.count where o <= alphas[j].0 {
                let a = alphas[j - 1], b = alphas[j]
                let u = b.0 - a.0 > 1e-9 ? (o - a.0) / (b.0 - a.0) : 0
                return a.1 + (b.1 - a.1) * u
            }
            return alphas[alphas.count - 1].0 <= o ? alphas[alphas.count - 1].1 : 1
        }
        var offsets = Set(colors.map(\.0))
        for a in alphas { offsets.insert(a.0) }
        return offsets.sorted().map { o in
            let c = colorAt(o)
            return GradientStop(offset: min(max(o, 0), 1), color: Color(r: c.0, g: c.1, b: c.2, a: alphaAt(o)))
        }
    }

    /// Stroke geometry from `"lc"`, `"lj"`, `"ml"` and the dash pattern `"d"`.
    static func strokeStyle(_ s: StrokeItem, width: Double, at t: Double) -> StrokeStyle {
        let cap: LineCap = s.lineCap == 1 ? .butt : (s.lineCap == 3 ? .square : .round)
        let join: LineJoin = s.lineJoin == 1 ? .miter : (s.lineJoin == 3 ? .bevel : .round)
        var dashes: [Double] = []
        var offset = 0.0
        for d in s.dashes {
            let v = Interpolator.scalar(d.value, at: t)
            if d.kind == "o" { offset = v } else { dashes.append(v) }
        }
        if dashes.allSatisfy({ $0 <= 0 }) { dashes = [] }
        return StrokeStyle(width: width, cap: cap, join: join, miterLimit: s.miterLimit, dashes: dashes,
                           dashOffset: offset)
    }
}
