/// Reads animatable properties (`{"a":…,"k":…}`) in both keyframe formats into normalised keyframe spans.
enum PropertyReader {
    /// Reads a property whose values are decoded by `decode`.
    static func read<V: Sendable>(
        _ node: JSONNode, diagnostics: inout Diagnostics,
        decode: (JSONNode) throws(ModelError) -> V
    ) throws(ModelError) -> Animatable<V> {
        if node["x"] != nil, case .string = node["x"]?.value { diagnostics.note("expressions") }
        // A bare value (no "k" wrapper) is accepted as a constant, as some exporters write.
        guard node.isObject, let k = node["k"] else {
            if node.isObject, node["k"] == nil, node["a"] != nil { throw node.error("missing required key \"k\"") }
            return .constant(try decode(node))
        }
        if isKeyframeList(k) {
            let frames = try k.array()
            return try keyframes(frames, diagnostics: &diagnostics, decode: decode)
        }
        return .constant(try decode(k))
    }

    /// A `"k"` holds keyframes when it is a non-empty array whose first element is an object with `"t"`.
    static func isKeyframeList(_ k: JSONNode) -> Bool {
        guard case .array(let a) = k.value, let first = a.first, case .object(let d) = first else { return false }
        return d["t"] != nil
    }

    private static func handle(_ n: JSONNode?) throws(ModelError) -> EasingHandle? {
        guard let n else { return nil }
        guard let x = n["x"], let y = n["y"] else { return nil }
        return EasingHandle(x: try x.numbers(), y: try y.numbers())
    }

    private static func keyframes<V: Sendable>(
        _ frames: [JSONNode], diagnostics: inout Diagnostics,
        decode: (JSONNode) throws(ModelError) -> V
    ) throws(ModelError)
        -> Animatable<V>
    {
        var raws: [RawKeyframe<V>] = []
        raws.reserveCapacity(frames.count)
        for f in frames {
            guard f.isObject else { throw f.error("expected a keyframe object, found \(f.value.kindName)") }
            let t = try f.required("t").number()
            let s: V? = try f["s"].map { (n: JSONNode) throws(ModelError) -> V in try decode(n) }
            let e: V? = try f["e"].map { (n: JSONNode) throws(ModelError) -> V in try decode(n) }
            let h = try f.bool("h")
            let to = try f["to"]?.numbers()
            let ti = try f["ti"]?.numbers()
            raws.append(
                RawKeyframe(t: t, s: s, e: e, h: h, o: try handle(f["o"]), i: try handle(f["i"]), to: to, ti: ti))
        }
        if raws.contains(where: { $0.e != nil }) { diagnostics.noteFormat(legacy: true) }
        if raws.contains(where: { $0.h }) { diagnostics.note("keyframes:hold", unsupported: false) }
        // Fill in start values: a record without "s" (the legacy closing {t}) starts where the previous span ended.
        var out: [Keyframe<V>] = []
        out.reserveCapacity(raws.count)
        var previousEnd: V? = nil
        for (idx, r) in raws.enumerated() {
            guard let start = r.s ?? previousEnd else {
                throw frames[idx].error("keyframe has no value (\"s\")")
            }
            let next = idx + 1 < raws.count ? raws[idx + 1] : nil
            let end = r.e ?? next?.s ?? start
            out.append(
                Keyframe(
                    time: r.t, start: start, end: end, hold: r.h, outHandle: r.o,
                    inHandle: r.i, spatialOut: r.to, spatialIn: r.ti))
            previousEnd = r.e ?? start
        }
        // Keyframes must be in time order for binary search; keep a stable sort for files that are not.
        if zip(out, out.dropFirst()).contains(where: { $0.time > $1.time }) {
            out = out.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        }
        return .animated(out)
    }

    /// Numeric vector values.
    static func numbers(
        _ node: JSONNode?, default d: [Double], diagnostics: inout Diagnostics
    )
        throws(ModelError) -> NumberProperty
    {
        guard let node else { return .constant(d) }
        return try read(node, diagnostics: &diagnostics) { (n: JSONNode) throws(ModelError) -> [Double] in
            try n.numbers()
        }
    }

    /// Bezier path values; legacy files wrap each value in a one-element array.
    static func shape(_ node: JSONNode, diagnostics: inout Diagnostics) throws(ModelError) -> Animatable<BezierShape> {
        try read(node, diagnostics: &diagnostics) { (n: JSONNode) throws(ModelError) -> BezierShape in try bezier(n) }
    }

    static func bezier(_ node: JSONNode) throws(ModelError) -> BezierShape {
        var n = node
        if n.isArray {
            let items = try n.array()
            guard let first = items.first else { throw n.error("expected a path object, found an empty array") }
            n = first
        }
        guard n.isObject else { throw n.error("expected a path object, found \(n.value.kindName)") }
        func points(_ key: String) throws(ModelError) -> [Vec2] {
            guard let arr = n[key] else { return [] }
            var out: [Vec2] = []
            for p in try arr.array() {
                let c = try p.numbers()
                guard c.count >= 2 else { throw p.error("expected a point of 2 numbers") }
                out.append(Vec2(c[0], c[1]))
            }
            return out
        }
        let v = try points("v")
        return BezierShape(
            vertices: v, inTangents: try points("i"), outTangents: try points("o"),
            closed: try n.bool("c"))
    }
}

/// A keyframe record as written in the file, before normalisation.
private struct RawKeyframe<V: Sendable> {
    var t: Double; var s: V?; var e: V?; var h: Bool; var o: EasingHandle?; var i: EasingHandle?
    var to: [Double]?; var ti: [Double]?
}
