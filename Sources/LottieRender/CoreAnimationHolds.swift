import LottieRenderModel

/// lottie-ios's Core Animation engine splits a property's keyframes into runs of hold and non-hold keyframes, one
/// CAKeyframeAnimation each (CALayer+addAnimation.swift `segmentsSplitByCalculationMode`); a hold run becomes a
/// discrete animation whose last value `validate` removes. A run of one hold keyframe followed by a non-hold one
/// (or one hold keyframe at the end) is left with a single value, which Core Animation does not apply: for that
/// span the layer shows the property's default instead of the held value (lottie-ios's snapshots of pr_1632_1,
/// pr_1632_2 and issue_2066 show it). A first run whose keyframe comes after the animation's start gets a second
/// value from `validate` and holds as it should.
///
/// The rewrite covers the properties whose default is plain: layer opacity, scale and rotation (`"ks"`), fill and
/// stroke opacity and colour, and paths (`"sh"`, default: no path).
enum CoreAnimationHolds {
    /// `c` with such spans set to the property's default.
    static func rewrite(_ c: Composition) -> Composition {
        var out = c
        let start = c.inPoint
        out.layers = c.layers.map { layer($0, start: start) }
        for (id, asset) in c.assets {
            if case .precomp(let pid, let layers, let w, let h) = asset {
                out.assets[id] = .precomp(id: pid, layers: layers.map { layer($0, start: start) }, width: w, height: h)
            }
        }
        return out
    }

    static func layer(_ l: Layer, start: Double) -> Layer {
        var l = l
        l.transform.opacity = property(l.transform.opacity, default: [100], start: start) // "ks.o"
        l.transform.scale = property(l.transform.scale, default: [100, 100, 100], start: start) // "ks.s"
        l.transform.rotation = property(l.transform.rotation, default: [0], start: start) // "ks.r"
        if case .shapes(let items) = l.content { l.content = .shapes(items.map { item($0, start: start) }) }
        return l
    }

    static func item(_ i: ShapeItem, start: Double) -> ShapeItem {
        switch i {
        case .group(var g):
            g.items = g.items.map { item($0, start: start) }
            return .group(g)
        case .path(let p, let reversed): // "sh"
            let none = BezierShape(vertices: [], inTangents: [], outTangents: [], closed: false)
            return .path(property(p, default: none, start: start), reversed: reversed)
        case .fill(let box): // "fl"
            return .fill(box.modified { style(&$0.opacity, &$0.paint, start: start) })
        case .stroke(let box): // "st"
            return .stroke(box.modified { style(&$0.opacity, &$0.paint, start: start) })
        default:
            return i
        }
    }

    /// A fill's or stroke's opacity (`"o"`) and solid colour (`"c"`) as ``property(_:default:start:)`` shows them.
    private static func style(_ opacity: inout NumberProperty, _ paint: inout StylePaint, start: Double) {
        opacity = property(opacity, default: [100], start: start)
        if case .color(let c) = paint { paint = .color(property(c, default: [0, 0, 0, 1], start: start)) }
    }

    /// `p` with each single-value hold run showing `d`. Lists of hold keyframes only, or of none, are one segment
    /// and stay as they are.
    static func property<V>(_ p: Animatable<V>, default d: V, start: Double) -> Animatable<V> {
        guard case .animated(var k) = p, k.count >= 2, k.contains(where: \.hold), k.contains(where: { !$0.hold })
        else { return p }
        var i = 0
        while i < k.count {
            guard k[i].hold else { i += 1; continue }
            var j = i
            while j + 1 < k.count && k[j + 1].hold { j += 1 }
            let single = i == j
            // The first segment gains a value when its keyframe comes after the animation's start.
            let padded = i == 0 && k[0].time > start
            if single && !padded { k[i].start = d }
            i = j + 1
        }
        return .animated(k)
    }
}
