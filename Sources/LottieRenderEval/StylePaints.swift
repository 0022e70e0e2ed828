import LottieRenderModel
import LottieRenderRaster

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Resolves fill and stroke paints (`"c"`, `"g"`) and stroke parameters at a time.
package enum StylePaints {
    /// The paint in the style's own coordinates (the renderer adds the device transform), as `rules` draw it:
    /// `gradientOpacityStopsApart` false applies opacity stops only when there is one at each colour stop, and
    /// otherwise none (lottie-web canvas); `flooredColors` cuts a solid colour's channels down to whole 8-bit levels
    /// (lottie-web); `gradientOpacityAtColorStops` gives one stop per colour stop, with the opacity there (rlottie,
    /// ``rlottieStops(_:colorCount:)``); `radialHighlight` and `radialRadius` place a radial gradient.
    static func paint(_ p: StylePaint, at t: Double, rules: DrawRules) -> Paint? {
        switch p {
        case .color(let c):
            let v = Interpolator.value(c, at: t)
            guard v.count >= 3 else { return nil }
            // Keyframed and constant colours are in 0…1 from the model (PropertyReader.unitColor), and a value an
            // easing pushes past 1 is clamped; an expression's result in 0…255 is read as that range.
            let expression = if case .expression = c { true } else { false }
            let scale = expression && v.prefix(3).contains(where: { $0 > 1 }) ? 1.0 / 255 : 1
            var r = min(max(v[0] * scale, 0), 1), g = min(max(v[1] * scale, 0), 1), b = min(max(v[2] * scale, 0), 1)
            if rules.flooredColors {
                // SVGElementsRenderer and CVShapeElement write `rgb(bmFloor(c × 255), …)`: 0.345 is level 87,
                // where After Effects' own 8-bit value (and rounding) gives 88.
                func floored(_ x: Double) -> Double { (min(max(x, 0), 1) * 255).rounded(.down) / 255 }
                r = floored(r); g = floored(g); b = floored(b)
            }
            return .solid(Color(r: r, g: g, b: b, a: 1))
        case .gradient(let g):
            var raw = Interpolator.value(g.stops, at: t).array
            if !rules.gradientOpacityStopsApart { raw = collapsedOpacity(raw, colorCount: g.colorStopCount) }
            var stops =
                rules.gradientOpacityAtColorStops
                ? rlottieStops(raw, colorCount: g.colorStopCount) : gradientStops(raw, colorCount: g.colorStopCount)
            guard !stops.isEmpty else { return nil }
            if rules.gradientsInGenericRGB { stops = GenericRGB.resampled(stops) }
            let s = Interpolator.value(g.start, at: t), e = Interpolator.value(g.end, at: t)
            let sp = Point(s.component(0), s.component(1)), ep = Point(e.component(0), e.component(1))
            if !g.isRadial { return .linear(stops: stops, start: sp, end: ep, transform: .identity) }
            let radius = rules.radialRadius.radius(from: sp, to: ep)
            // lottie-ios decodes the highlight but draws every radial gradient centred (GradientFill.swift).
            guard rules.radialHighlight else {
                return .radial(stops: stops, center: sp, radius: radius, focal: sp, transform: .identity)
            }
            var h = Interpolator.scalar(g.highlightLength, at: t) / 100 // "h"
            h = min(max(h, -0.99), 0.99)
            let angle = Interpolator.scalar(g.highlightAngle, at: t) * Double.pi / 180 // "a"
            let base = atan2(ep.y - sp.y, ep.x - sp.x)
            let focal = Point(sp.x + cos(base + angle) * radius * h, sp.y + sin(base + angle) * radius * h)
            return .radial(stops: stops, center: sp, radius: radius, focal: focal, transform: .identity)
        }
    }

    /// The stops with their opacity stops kept only when each sits at its colour stop (within 0.01, as many as
    /// the colours); otherwise without opacity stops (lottie-web canvas: CVShapeElement, `_collapsable`).
    package static func collapsedOpacity(_ raw: [Double], colorCount: Int) -> [Double] {
        let n = min(colorCount, raw.count / 4)
        let alphas = (raw.count - n * 4) / 2
        guard alphas > 0 else { return raw }
        let collapsable = alphas == n && (0..<n).allSatisfy { abs(raw[$0 * 4] - raw[n * 4 + $0 * 2]) <= 0.01 }
        return collapsable ? raw : Array(raw[..<(n * 4)])
    }

    /// Gradient stops from Bodymovin's flat array: `colorCount` × [offset, r, g, b], then [offset, alpha] pairs.
    /// Colour and opacity stops are merged at the union of their offsets. Two stops at one offset make a hard
    /// step (a band edge), in colour or in opacity, as in the players, so each offset gives the value arriving
    /// from the left and, when it differs, the value leaving to the right.
    static func gradientStops(_ raw: [Double], colorCount: Int) -> [GradientStop] {
        let n = min(colorCount, raw.count / 4)
        guard n > 0 else { return [] }
        var colors: [Ramp.Stop] = []
        for i in 0..<n {
            colors.append(.init(offset: raw[i * 4], value: (raw[i * 4 + 1], raw[i * 4 + 2], raw[i * 4 + 3])))
        }
        var alphas: [Ramp.Stop] = []
        var k = n * 4
        while k + 1 < raw.count { alphas.append(.init(offset: raw[k], value: (raw[k + 1], 0, 0))); k += 2 }
        let color = Ramp(colors), alpha = Ramp(alphas)
        var out: [GradientStop] = []
        for o in Set(colors.map(\.offset) + alphas.map(\.offset)).filter({ $0.isFinite }).sorted() {
            let off = min(max(o, 0), 1)
            let cl = color.value(at: o, leaving: false), cr = color.value(at: o, leaving: true)
            let al = alphas.isEmpty ? 1 : alpha.value(at: o, leaving: false).0
            let ar = alphas.isEmpty ? 1 : alpha.value(at: o, leaving: true).0
            out.append(GradientStop(offset: off, color: Color(r: cl.0, g: cl.1, b: cl.2, a: al)))
            if cl != cr || al != ar {
                out.append(GradientStop(offset: off, color: Color(r: cr.0, g: cr.1, b: cr.2, a: ar)))
            }
        }
        return out
    }

    /// rlottie's stops (lottiemodel.cpp `Gradient::populate`): one per colour stop, in file order, its alpha the
    /// opacity stops' value at its offset (`getOpacityAtPosition`: interpolated from the first opacity stop at or
    /// after it; 0 past the last opacity stop, and with a single one); opaque without opacity stops, or when they
    /// are an odd number of values.
    static func rlottieStops(_ raw: [Double], colorCount: Int) -> [GradientStop] {
        let n = colorCount < 0 ? raw.count / 4 : min(colorCount, raw.count / 4)
        var opacity = Array(raw[(n * 4)...])
        if opacity.count % 2 != 0 { opacity = [] }
        func alpha(at p: Double) -> Double {
            var i = 2
            while i + 1 < opacity.count {
                let last = opacity[i - 2], this = opacity[i]
                if this >= p {
                    let u = (p - last) / (this - last)
                    let clamped = u.isNaN ? 0 : min(max(u, 0), 1)
                    return opacity[i - 1] + clamped * (opacity[i + 1] - opacity[i - 1])
                }
                i += 2
            }
            return 0
        }
        var out: [GradientStop] = []
        for i in 0..<n {
            let p = raw[i * 4]
            let a = opacity.isEmpty ? 1 : min(max(alpha(at: p), 0), 1)
            out.append(
                GradientStop(
                    offset: min(max(p, 0), 1),
                    color: Color(r: raw[i * 4 + 1], g: raw[i * 4 + 2], b: raw[i * 4 + 3], a: a)))
        }
        if out.isEmpty { return [GradientStop(offset: 0, color: Color(r: 1, g: 1, b: 1, a: 1))] }
        return premultipliedRamp(out)
    }

    /// `stops` resampled at 256 offsets so that drawing them (which interpolates straight colours) gives what
    /// interpolating premultiplied colours gives, as rlottie's colour table does (vdrawhelper.cpp
    /// `VGradientCache::generateGradientColorTable`): a stop fading to transparent keeps the other stop's colour.
    static func premultipliedRamp(_ stops: [GradientStop]) -> [GradientStop] {
        guard stops.count > 1 else { return stops }
        return GradientStop.samples(stops, premultiplied: true).enumerated().map {
            GradientStop(offset: Double($0.offset) / 255, color: $0.element)
        }
    }

    /// A piecewise-linear function of the gradient offset with up to three components (a colour, or an opacity
    /// in the first), from stops sorted by offset with ties kept in file order.
    struct Ramp {
        /// One stop.
        struct Stop { var offset: Double; var value: (Double, Double, Double) }
        let stops: [Stop]

        init(_ stops: [Stop]) {
            self.stops = stops.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }
                .map(\.element)
        }

        /// The value at `o`: at a hard step, the first stop there (arriving) or the last one (`leaving`).
        func value(at o: Double, leaving: Bool) -> (Double, Double, Double) {
            guard let first = stops.first, let last = stops.last else { return (0, 0, 0) }
            if o < first.offset { return first.value }
            if o > last.offset { return last.value }
            if let i = leaving
                ? stops.lastIndex(where: { $0.offset == o }) : stops.firstIndex(where: { $0.offset == o })
            {
                return stops[i].value
            }
            guard let j = stops.firstIndex(where: { $0.offset > o }), j > 0 else { return last.value }
            let a = stops[j - 1], b = stops[j]
            let u = (o - a.offset) / (b.offset - a.offset)
            return (
                a.value.0 + (b.value.0 - a.value.0) * u, a.value.1 + (b.value.1 - a.value.1) * u,
                a.value.2 + (b.value.2 - a.value.2) * u
            )
        }
    }

    /// Stroke geometry from `"lc"`, `"lj"`, `"ml"` and the dash pattern `"d"`.
    static func strokeStyle(_ s: StrokeItem, width: Double, at t: Double) -> StrokeStyle {
        let cap: LineCap
        switch s.lineCap {
        case .butt: cap = .butt
        case .round: cap = .round
        case .square: cap = .square
        }
        let join: LineJoin
        switch s.lineJoin {
        case .miter: join = .miter
        case .round: join = .round
        case .bevel: join = .bevel
        }
        var dashes: [Double] = []
        var offset = 0.0
        for d in s.dashes {
            let v = Interpolator.scalar(d.value, at: t)
            if d.kind == "o" { offset = v } else { dashes.append(v) }
        }
        if dashes.allSatisfy({ $0 <= 0 }) { dashes = [] }
        return StrokeStyle(
            width: width, cap: cap, join: join, miterLimit: s.miterLimit, dashes: dashes,
            dashOffset: offset)
    }
}
