import LottieRenderModel

/// rlottie keeps a keyframe only when it has an easing (`"i"`) or holds (`"h"`); its end time is set by the next
/// keyframe it reads (lottieparser.cpp `parseKeyFrame`). A last keyframe that has `"i"` and does not hold keeps an
/// end time of 0 and a default end value, so `KeyFrames::value` (lottiemodel.h) returns that default for every
/// frame after the first keyframe's: 0 for numbers and points (opacity 0, scale 0), white for colours, no path for
/// shapes. Files written by tools that put easing on the last keyframe vanish after their first keyframe in rlottie
/// (rlottie's frames of exported_with_flow and pr_2478 show it; rlottie issue #548).
///
/// The rewrite covers the properties rlottie reads through `parseKeyFrame` that lottie-render's model keeps: layer
/// and group transforms, masks, paths, rectangles, ellipses, stars, fills, strokes and trims.
///
/// It also reads the file in rlottie's key order (lottieparser.cpp): a shape item only from its `"ty"` on
/// (`parseObject` dispatches on `"ty"` and the item's parser reads on, so keys written before it are skipped:
/// ``Layer/shapesFromType``), and a layer's transform as 3-D, `"r"` ignored, unless `"ddd": 0` comes before `"ks"`
/// (`parseLayer` starts with `ddd = true`; `Transform::Data::matrix` then rotates by `"rz"`).
struct RlottieKeyframes {
    /// Properties rewritten so far.
    private(set) var rewritten = 0

    /// `c` with such properties ending at their first keyframe.
    static func rewrite(_ c: Composition) -> Composition {
        var r = RlottieKeyframes()
        var out = c
        out.layers = c.layers.map { r.layer($0) }
        for (id, asset) in c.assets {
            if case .precomp(let pid, let layers, let w, let h) = asset {
                out.assets[id] = .precomp(id: pid, layers: layers.map { r.layer($0) }, width: w, height: h)
            }
        }
        return out
    }

    /// Whether rlottie reads `l`'s transform as 3-D, so that its rotation `"r"` is ignored: `"ddd"` missing or
    /// written after `"ks"`, or 1.
    static func readsTransformAs3D(_ l: Layer) -> Bool {
        l.transform.rotationFromR && (!l.dddBeforeTransform || l.is3D)
    }

    /// Whether a property of `l` that the rewrite covers has a last keyframe with an easing and no hold.
    static func easesLastKeyframe(_ l: Layer) -> Bool {
        var r = RlottieKeyframes()
        _ = r.layer(l)
        return r.rewritten > 0
    }

    mutating func layer(_ l: Layer) -> Layer {
        var l = l
        if let items = l.shapesFromType { l.content = .shapes(items) }
        if Self.readsTransformAs3D(l) { l.transform.rotation = .constant([0]) }
        l.transform = transform(l.transform) // "ks"
        l.masks = l.masks.map { m in
            var m = m
            m.path = property(
                m.path, default: BezierShape(vertices: [], inTangents: [], outTangents: [], closed: false))
            m.opacity = number(m.opacity)
            return m
        }
        if case .shapes(let items) = l.content { l.content = .shapes(items.map { item($0) }) }
        return l
    }

    mutating func transform(_ t: LayerTransform) -> LayerTransform {
        var t = t
        t.anchor = number(t.anchor) // "a"
        switch t.position { // "p"
        case .combined(let p): t.position = .combined(number(p))
        case .split(let x, let y): t.position = .split(x: number(x), y: number(y))
        }
        t.scale = number(t.scale) // "s"
        t.rotation = number(t.rotation) // "r"
        t.opacity = number(t.opacity) // "o"
        return t
    }

    mutating func item(_ i: ShapeItem) -> ShapeItem {
        switch i {
        case .group(var g): // "gr"
            g.items = g.items.map { item($0) }
            if let t = g.transform { g.transform = transform(t) }
            return .group(g)
        case .transform(let t): // "tr"
            return .transform(Boxed(transform(t.value)))
        case .path(let p, let reversed): // "sh"
            let none = BezierShape(vertices: [], inTangents: [], outTangents: [], closed: false)
            return .path(property(p, default: none), reversed: reversed)
        case .rect(let box): // "rc"
            return .rect(
                box.modified { r in
                    r.position = number(r.position); r.size = number(r.size); r.roundness = number(r.roundness)
                })
        case .ellipse(let box): // "el"
            return .ellipse(
                box.modified { e in
                    e.position = number(e.position); e.size = number(e.size)
                })
        case .star(let box): // "sr"
            return .star(
                box.modified { s in
                    s.position = number(s.position); s.points = number(s.points); s.rotation = number(s.rotation)
                    s.outerRadius = number(s.outerRadius); s.outerRoundness = number(s.outerRoundness)
                    s.innerRadius = number(s.innerRadius); s.innerRoundness = number(s.innerRoundness)
                })
        case .fill(let box): // "fl"
            return .fill(
                box.modified { f in
                    f.opacity = number(f.opacity)
                    if case .color(let c) = f.paint { f.paint = .color(color(c)) }
                })
        case .stroke(let box): // "st"
            return .stroke(
                box.modified { s in
                    s.opacity = number(s.opacity); s.width = number(s.width)
                    if case .color(let c) = s.paint { s.paint = .color(color(c)) }
                })
        case .trim(let box): // "tm"
            return .trim(
                box.modified { t in
                    t.start = number(t.start); t.end = number(t.end); t.offset = number(t.offset)
                })
        default:
            return i
        }
    }

    /// A number or point: its default is 0 in every dimension.
    mutating func number(_ p: NumberProperty) -> NumberProperty {
        guard case .animated(let k) = p, let first = k.first else { return p }
        return property(p, default: NumberVector(repeating: 0, count: first.start.count))
    }

    /// A colour: rlottie's `Color` defaults to white.
    mutating func color(_ p: NumberProperty) -> NumberProperty {
        guard case .animated(let k) = p, let first = k.first else { return p }
        return property(p, default: NumberVector(repeating: 1, count: first.start.count))
    }

    /// `p` holding its first value up to the first keyframe and `d` after it, when its last keyframe eases
    /// (`"i"`) without holding.
    mutating func property<V>(_ p: Animatable<V>, default d: V) -> Animatable<V> {
        guard case .animated(let k) = p, let first = k.first, let last = k.last, !last.hold, last.inHandle != nil
        else { return p }
        rewritten += 1
        // rlottie evaluates whole frames: the first keyframe's value holds at its frame, the default from the next.
        return .animated([
            Keyframe(
                time: first.time, start: first.start, end: first.start, hold: true, outHandle: nil, inHandle: nil,
                spatialOut: nil, spatialIn: nil),
            Keyframe(
                time: first.time + 1e-3, start: d, end: d, hold: true, outHandle: nil, inHandle: nil, spatialOut: nil,
                spatialIn: nil),
        ])
    }
}
