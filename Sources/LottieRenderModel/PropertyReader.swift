/// Reads animatable properties (`{"a":…,"k":…}`) in both keyframe formats into normalised keyframe spans.
enum PropertyReader {
    /// Reads a property whose values are decoded by `decode`.
    static func read<V: Sendable>(
        _ node: JSONNode, diagnostics: inout Diagnostics,
        decode: (JSONNode) throws(ModelError) -> V
    ) throws(ModelError) -> Animatable<V> {
        // A bare value (no "k" wrapper) is accepted as a constant, as some exporters write.
        guard node.isObject else { return .constant(try decode(node)) }
        // The property's keys in one pass: "k" (the value or its keyframes), "a" (only its presence counts), "x"
        // (an expression) and "sid" (a slot).
        var k = JSONNode.Member.absent, a = JSONNode.Member.absent, x = JSONNode.Member.absent
        var sid = JSONNode.Member.absent
        try node.forEachMember { (key, value) throws(ModelError) in
            switch key {
            case "k": k = value
            case "a": a = value
            case "x": x = value
            case "sid": sid = value
            default: break
            }
        }
        // Slots ("sid"): a slot's value replaces the property's: an object supplies "a" and "k" (or whatever it
        // holds), anything else is the value ("k") itself. The property's other keys ("ix", "x") stay; a slot the
        // document does not have leaves the property as written.
        var property = node, kValue = node[k], animated = node[a] != nil
        if node[sid] != nil, let slot = node.slotValue {
            if slot.isObject {
                property = node.overlaid(by: slot)
                kValue = property["k"]
                animated = property["a"] != nil
            } else {
                kValue = slot
            }
        }
        let base: Animatable<V>
        if let kValue {
            base =
                isKeyframeList(kValue)
                ? try keyframes(kValue, diagnostics: &diagnostics, decode: decode) : .constant(try decode(kValue))
        } else {
            if animated { throw property.error("missing required key \"k\"") }
            base = .constant(try decode(property))
        }
        // "x": an After Effects expression, as Bodymovin exports it. Numbers and paths are evaluated.
        guard let x = node[x], x.isString, let source = try? x.text(), source.hasNonWhitespace else { return base }
        let kind: ExpressionKind
        if V.self == NumberVector.self || V.self == [Double].self {
            kind = .number
        } else if V.self == BezierShape.self {
            kind = .shape
        } else {
            diagnostics.note("expressions:other")
            return base
        }
        return .expression(diagnostics.expression(at: node, source: source, kind: kind), base: base)
    }

    /// A `"k"` holds keyframes when it is a non-empty array whose first element is an object with `"t"`.
    static func isKeyframeList(_ k: JSONNode) -> Bool {
        guard let first = k.first, first.isObject else { return false }
        return first["t"] != nil
    }

    /// A spatial tangent (`"to"`, `"ti"`): at least a point's two numbers.
    @inline(__always) private static func tangent(_ n: JSONNode?) throws(ModelError) -> NumberVector? {
        guard let n else { return nil }
        let v = try n.numberVector()
        guard v.count >= 2 else { throw n.error("expected a tangent of 2 numbers, found \(v.count)") }
        return v
    }

    @inline(__always) private static func handle(_ n: JSONNode?) throws(ModelError) -> EasingHandle? {
        guard let n else { return nil }
        guard n.isObject else { throw n.error("expected an easing handle object, found \(n.kindName)") }
        var x = JSONNode.Member.absent, y = JSONNode.Member.absent
        try n.forEachMember { (key, value) throws(ModelError) in
            switch key {
            case "x": x = value // time components
            case "y": y = value // value components
            default: break
            }
        }
        guard let x = n[x], let y = n[y] else { return nil }
        return EasingHandle(x: try x.numberVector(), y: try y.numberVector())
    }

    /// The members of one keyframe object that the reader uses, found in one pass over its members.
    private struct KeyframeMembers {
        var t = JSONNode.Member.absent, s = JSONNode.Member.absent, e = JSONNode.Member.absent
        var h = JSONNode.Member.absent, o = JSONNode.Member.absent, i = JSONNode.Member.absent
        var to = JSONNode.Member.absent, ti = JSONNode.Member.absent

        init(_ f: JSONNode) throws(ModelError) {
            guard f.isObject else { throw f.error("expected a keyframe object, found \(f.kindName)") }
            var m = self
            try f.forEachMember { (key, value) throws(ModelError) in
                switch key {
                case "t": m.t = value // time
                case "s": m.s = value // start value
                case "e": m.e = value // end value (legacy)
                case "h": m.h = value // hold
                case "o": m.o = value // out easing handle
                case "i": m.i = value // in easing handle
                case "to": m.to = value // spatial out tangent
                case "ti": m.ti = value // spatial in tangent
                default: break
                }
            }
            self = m
        }
    }

    private static func keyframes<V: Sendable>(
        _ list: JSONNode, diagnostics: inout Diagnostics,
        decode: (JSONNode) throws(ModelError) -> V
    ) throws(ModelError)
        -> Animatable<V>
    {
        // One pass over the keyframes. A span ends at its own "e" (legacy files) or else at the next keyframe's
        // "s": a span without "e" is stored ending at its start, and its end set in place when the next is read.
        var out: [Keyframe<V>] = []
        out.reserveCapacity(list.count)
        var legacy = false, holds = false
        var previousEnd: V? = nil
        var sorted = true
        var endsAtNext = false // whether the last span stored takes the next keyframe's "s" as its end
        var lastTime = -Double.infinity
        for f in list.elements {
            let m = try KeyframeMembers(f)
            let s: V? = try f[m.s].map { (n: JSONNode) throws(ModelError) -> V in try decode(n) }
            if endsAtNext, let s { out[out.count &- 1].end = s }
            let time: JSONNode
            if let n = f[m.t] { time = n } else { time = try f.required("t") } // "missing required key"
            let t = try time.number()
            let e: V? = try f[m.e].map { (n: JSONNode) throws(ModelError) -> V in try decode(n) }
            let h = try f[m.h]?.boolean() ?? false
            let to = try tangent(f[m.to]), ti = try tangent(f[m.ti]) // "to", "ti": spatial tangents
            let o = try handle(f[m.o]), i = try handle(f[m.i])
            legacy = legacy || e != nil
            holds = holds || h
            // A record without "s" (the legacy closing {t}) starts where the previous span ended.
            guard let start = s ?? previousEnd else { throw f.error("keyframe has no value (\"s\")") }
            if lastTime > t { sorted = false } // (a comparison with NaN is false, as it was with the previous span's)
            lastTime = t
            out.append(
                Keyframe(
                    time: t, start: start, end: e ?? start, hold: h, outHandle: o, inHandle: i, spatialOut: to,
                    spatialIn: ti))
            endsAtNext = e == nil
            previousEnd = e ?? start
        }
        if legacy { diagnostics.noteLegacyKeyframes() }
        if holds { diagnostics.noteHoldKeyframes() }
        // Keyframes must be in time order for binary search; keep a stable sort for files that are not.
        if !sorted {
            out = out.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        }
        return .animated(out)
    }

    /// Numeric vector values (one to four numbers).
    @inline(__always) static func numbers(
        _ node: JSONNode?, default d: NumberVector, minimum: Int? = nil, diagnostics: inout Diagnostics
    ) throws(ModelError) -> NumberProperty {
        try values(node, default: d, minimum: minimum, diagnostics: &diagnostics)
    }

    /// Numeric list values of any length (gradient data, `"g".k`).
    static func numberList(
        _ node: JSONNode?, default d: [Double], minimum: Int? = nil, diagnostics: inout Diagnostics
    ) throws(ModelError) -> NumberListProperty {
        try values(node, default: d, minimum: minimum, diagnostics: &diagnostics)
    }

    /// Inlined into its readers, as are `numbers`, `ShapeReader.num`, `handle` and the vector's decoding: each call
    /// handed a 41-byte value back through memory, written eight bytes at a time and copied sixteen at a time (a
    /// store the load cannot take its data from). Session 47: lottiefiles_unnamed's load 1.575 → 1.526 ms (median
    /// of 64 `bench` loads), 78.1 → 75.6 M instructions over five loads.
    @inline(__always) private static func values<V: NumberValues>(
        _ node: JSONNode?, default d: V, minimum: Int?, diagnostics: inout Diagnostics
    )
        throws(ModelError) -> Animatable<V>
    {
        guard let node else { return .constant(d) }
        // A vector (the default has two or more numbers: a point, a scale, a colour) needs two numbers in each
        // value, a colour three (alpha may be left out); a single number is a value of a scalar only.
        let dimension = minimum ?? min(d.count, 3)
        var short: [String] = []
        let p = try read(node, diagnostics: &diagnostics) { (n: JSONNode) throws(ModelError) -> V in
            var v = try V(json: n)
            guard v.count >= dimension || (minimum == nil && dimension < 2) else {
                // A point, scale or anchor with too few numbers: lottie-ios reads the missing ones as 0
                // (LottieVector3D's decoder), and so do we, with a warning; a required minimum still refuses.
                guard minimum == nil, d.count >= 2, n.isArray, !v.isEmpty, dimension == 2 else {
                    throw n.error("expected \(dimension) numbers, found \(v.count)")
                }
                short.append("\(n.path): expected \(dimension) numbers, found \(v.count); read with 0 for the rest")
                var padded = v.array
                padded += [Double](repeating: 0, count: dimension - v.count)
                v = V(numbers: padded)
                return v
            }
            return v
        }
        for w in short { diagnostics.warn(w + " (as lottie-ios reads it)") }
        return p
    }

    /// A colour (`"fl"`/`"st"` `"c"`) in 0…1: some exporters write 0…255, and the players read a value with a
    /// channel above 1 as that range. Each value is decided on its own, as lottie-ios decides each keyframe when it
    /// decodes it (ColorExtension.swift), so an easing that overshoots 1 between keyframes in 0…1 stays in 0…1.
    /// An expression's own results are decided when they are drawn.
    static func unitColor(_ p: NumberProperty) -> NumberProperty {
        func above(_ v: NumberVector) -> Bool { v.prefix(3).contains(where: { $0 > 1 }) }
        func unit(_ v: NumberVector) -> NumberVector {
            guard above(v) else { return v }
            return NumberVector(v.enumerated().map { $0.offset < 3 ? $0.element / 255 : $0.element })
        }
        switch p {
        case .constant(let v): return .constant(unit(v))
        case .animated(let k):
            // Most files write colours in 0…1: their keyframes are kept as read, not copied into a new array.
            guard k.contains(where: { above($0.start) || above($0.end) }) else { return p }
            return .animated(
                k.map { kf in
                    var kf = kf
                    kf.start = unit(kf.start)
                    kf.end = unit(kf.end)
                    return kf
                })
        case .expression(let ref, let base): return .expression(ref, base: unitColor(base))
        }
    }

    /// Bezier path values; legacy files wrap each value in a one-element array.
    static func shape(_ node: JSONNode, diagnostics: inout Diagnostics) throws(ModelError) -> Animatable<BezierShape> {
        try read(node, diagnostics: &diagnostics) { (n: JSONNode) throws(ModelError) -> BezierShape in try bezier(n) }
    }

    static func bezier(_ node: JSONNode) throws(ModelError) -> BezierShape {
        var n = node
        if n.isArray { // the first element, without an array of nodes made for it
            guard let first = n.first else { throw n.error("expected a path object, found an empty array") }
            n = first
        }
        guard n.isObject else { throw n.error("expected a path object, found \(n.kindName)") }
        var v = JSONNode.Member.absent, i = JSONNode.Member.absent, o = JSONNode.Member.absent
        var c = JSONNode.Member.absent
        try n.forEachMember { (key, value) throws(ModelError) in
            switch key {
            case "v": v = value // vertices
            case "i": i = value // in tangents
            case "o": o = value // out tangents
            case "c": c = value // closed
            default: break
            }
        }
        // Vertices, then in and out tangents, each cut or padded with zeros to the vertex count, in one array
        // (every tangent is still read, so that a malformed one beyond the vertices is still an error).
        var all: [Vec2] = []
        var count = 0
        func append(_ member: JSONNode.Member, vertices: Bool) throws(ModelError) {
            let start = all.count
            if let arr = n[member] {
                guard arr.isArray else { throw arr.error("expected an array, found \(arr.kindName)") }
                if vertices {
                    count = arr.count
                    all.reserveCapacity(3 * count)
                }
                for p in arr.elements {
                    let point: Vec2
                    if let (x, y) = p.pair {
                        point = Vec2(x, y)
                    } else {
                        let c = try p.numbers()
                        guard c.count >= 2 else { throw p.error("expected a point of 2 numbers") }
                        point = Vec2(c[0], c[1])
                    }
                    if all.count - start < count { all.append(point) }
                }
            }
            while all.count - start < count { all.append(Vec2(0, 0)) }
        }
        try append(v, vertices: true)
        try append(i, vertices: false)
        try append(o, vertices: false)
        return BezierShape(points: all, closed: try n[c]?.boolean() ?? false)
    }
}
