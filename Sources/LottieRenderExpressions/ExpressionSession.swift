import CDuktape
import LottieRenderEval
import LottieRenderModel
import LottieRenderRaster

/// One render thread's expression evaluator: a heap with the prelude and every expression compiled into it, the
/// stack of expressions being evaluated (cycles and depth), a cache for the current frame, the frame's step budget
/// and the warnings raised. Not thread-safe: `ExpressionRuntime` owns it behind a lock.
final class ExpressionSession {
    /// Limits, in executed bytecode instructions (deterministic; never the clock). Budgets are enforced every
    /// 256 Ki instructions (Duktape's interrupt interval, a "tick").
    enum Limit {
        /// Duktape's interrupt interval.
        static let tick = 256 << 10
        /// Expressions reading expressions, nested at most.
        static let depth = 16
    }

    /// What one heap may spend (``ExpressionLimits``).
    let limits: ExpressionLimits

    let heap: ScriptHeap
    private let program: ExpressionProgram?
    private var handles: [Int32?] = []
    private var stack: [Int] = []
    private var cache: [CacheKey: [Double]] = [:]
    private var failed: Set<CacheKey> = [] // failures are remembered for the frame too: a failing loop runs once
    private var frameInstructions = 0
    private var transformDepth = 0
    private var contextBox: UnsafeMutableRawPointer
    private let log: ExpressionLog?
    /// Non-finite results are kept (ThorVG's bindings, which draw what NaN makes of a property).
    private var keepsNonFinite = false
    private var logged: [Int: Double] = [:] // the earliest frame reported per expression

    private struct CacheKey: Hashable {
        var id: Int
        var frame: Double
    }

    /// A heap with the prelude and `program`'s expressions compiled; with a nil program, a bare heap (for
    /// compile checks). Nil when Duktape or the prelude cannot start.
    init?(
        program: ExpressionProgram?, log: ExpressionLog? = nil, dialect: ExpressionDialect = .afterEffects,
        limits: ExpressionLimits = ExpressionLimits()
    ) {
        self.log = log
        self.limits = limits
        keepsNonFinite = dialect == .thorvg
        contextBox = UnsafeMutableRawPointer.allocate(byteCount: 8, alignment: 8)
        guard let heap = ScriptHeap(memoryCap: limits.memory, host: ExpressionSession.entry, context: contextBox)
        else {
            contextBox.deallocate()
            return nil
        }
        self.heap = heap
        self.program = program
        contextBox.storeBytes(of: Unmanaged.passUnretained(self).toOpaque(), as: UnsafeMutableRawPointer.self)
        guard let program else { return }
        if let e = heap.run(Prelude.source, ticks: 64) { fatalPrelude(e) }
        // JSON is an object literal to JavaScript (the writer escapes U+2028 and U+2029).
        let web = dialect == .lottieWeb
        let mode = web ? 1 : dialect == .thorvg ? 2 : 0
        if let e = heap.run("__setup(" + program.setup + ", \(mode))", ticks: 256) { fatalPrelude(e) }
        handles = (web ? program.strictFunctions : program.functions).map { f in
            if case .success(let h) = heap.compile(f) { return h }
            return nil
        }
    }

    deinit { contextBox.deallocate() }

    private func fatalPrelude(_ message: String) {
        // The prelude is ours; failing to run it is a bug, reported on every expression instead of crashing.
        for i in 0..<(program?.count ?? 0) {
            note(i, -.infinity, "could not run: the runtime did not start: \(message)")
        }
        handles = []
    }

    /// Starts a frame: the cache is emptied and the frame budget restored.
    /// The frame being drawn, counted from the root composition's in point (ThorVG's `time` for every layer).
    private(set) var rootFrame = 0.0

    func beginFrame(rootFrame: Double = 0) {
        self.rootFrame = rootFrame
        cache.removeAll(keepingCapacity: true)
        failed.removeAll(keepingCapacity: true)
        frameInstructions = 0
    }

    /// The value of expression `id` at `frame` (flattened for paths), `own` being the property's own value there;
    /// nil when it fails (the caller uses `own`).
    func evaluate(_ id: Int, frame: Double, own: [Double]) -> [Double]? {
        guard let program, id < handles.count, let fn = handles[id], program.sites[id] != nil else { return nil }
        let key = CacheKey(id: id, frame: frame)
        if let hit = cache[key] { return hit }
        if failed.contains(key) { return nil }
        if stack.contains(id) {
            // Reading itself (valueAtTime on its own property) gives its own value; a loop through others is
            // reported once.
            // Through toComp/fromComp a layer's own transform is not reported: After Effects rigs read their layer's
            // anchor in comp space from its own transform, which the layer's rotation and scale do not move.
            if stack.last != id, transformDepth == 0 {
                note(id, frame, "depends on its own value through other expressions (a cycle)")
            }
            return nil
        }
        guard stack.count < Limit.depth else {
            note(id, frame, "reads expressions that read expressions more than \(Limit.depth) deep")
            return nil
        }
        let top = stack.isEmpty
        let left = min(limits.instructionsPerEvaluation, limits.instructionsPerFrame - frameInstructions)
        let ticks = top ? max(0, left / Limit.tick) : 0
        stack.append(id)
        let (outcome, used) = heap.call("__run", fn, [Double(id), frame, rootFrame] + own, ticks: ticks)
        stack.removeLast()
        if top { frameInstructions += used }
        let result = interpret(outcome, id, frame, own)
        if let result { cache[key] = result } else { failed.insert(key) }
        return result
    }

    /// The numbers of a call's outcome, checked, or nil with the problem noted.
    private func interpret(_ outcome: ScriptHeap.Outcome, _ id: Int, _ frame: Double, _ own: [Double]) -> [Double]? {
        guard let program else { return nil }
        switch outcome {
        case .numbers(var v):
            // ThorVG draws what NaN makes of a property (a layer whose transform is NaN is not drawn).
            guard keepsNonFinite || v.allSatisfy(\.isFinite) else {
                note(id, frame, "returned a value that is not a finite number")
                return nil
            }
            let kind = program.bound.composition.expressions[id].kind
            if kind == .number, v.count < own.count { v += own[v.count...] }
            if kind == .number, v.isEmpty { return nil }
            return v
        case .text(let s):
            if program.bound.composition.expressions[id].kind == .text { return ExpressionSession.units(s) }
            note(id, frame, "returned text where numbers are needed")
        case .failure(let message):
            if message.contains("execution timeout") {
                note(
                    id, frame,
                    "ran past its step budget (\(ExpressionLimits.text(limits.instructionsPerEvaluation)) instructions)"
                )
            } else if message.contains("alloc failed") || message.contains("out of memory")
                || message.hasPrefix("DoubleError")
            {
                // DoubleError: no memory was left even to build the error.
                note(id, frame, "ran out of memory (\(ExpressionLimits.text(limits.memory))B)")
            } else {
                note(id, frame, "threw \(message)")
            }
        }
        return nil
    }

    private func note(_ id: Int, _ frame: Double, _ message: String) {
        if let old = logged[id], old <= frame { return }
        logged[id] = frame
        log?.record(id, frame: frame, message)
    }

    // MARK: host calls from the prelude

    /// `__host(op, …)`: 1 the value of a property, 3 its keyframe times, 4 `toComp`, 5 `fromComp`, 6 a hash.
    fileprivate func host(
        _ op: Int32, _ a: UnsafeBufferPointer<Double>, _ out: UnsafeMutableBufferPointer<Double>
    ) -> Int32 {
        guard let program else { return -2 }
        func slot(_ x: Double) -> ExpressionProgram.Slot? {
            guard x.isFinite, x >= 0, x < Double(program.slots.count) else { return nil }
            return program.slots[Int(x)]
        }
        func write(_ v: [Double]) -> Int32 {
            let n = min(v.count, out.count)
            for i in 0..<n { out[i] = v[i] }
            return Int32(n)
        }
        switch op {
        case 1:
            guard a.count >= 2, let s = slot(a[0]), a[1].isFinite else { return -2 }
            return write(value(s.value, at: a[1]))
        case 3:
            guard a.count >= 1, let s = slot(a[0]) else { return -2 }
            return write(keyTimes(s.value))
        case 4, 5:
            guard a.count >= 6, a[0] >= 0, Int(a[0]) < program.bound.lists.count, a[2].isFinite else { return -2 }
            let list = program.bound.lists[Int(a[0])]
            guard a[1] >= 0, Int(a[1]) < list.layers.count else { return -2 }
            guard var m = world(Int(a[1]), Int(a[0]), at: a[2]) else { return write([a[3], a[4], a[5]]) }
            if op == 5 { guard let inv = m.inverted() else { return write([a[3], a[4], a[5]]) }; m = inv }
            let p = m.apply(Point(a[3], a[4]))
            return write([p.x, p.y, a[5]])
        case 6:
            var h: UInt64 = 0x9E37_79B9_7F4A_7C15
            for x in a { h = ExpressionSession.mix(h ^ x.bitPattern) }
            out[0] = Double(h >> 11) / Double(1 << 53)
            return -1
        default:
            return -2
        }
    }

    /// A property's value at `frame`, with its expression.
    private func value(_ v: ExpressionValue, at frame: Double) -> [Double] {
        switch v {
        case .number(let p):
            if case .expression(let ref, let base) = p {
                let own = Interpolator.value(base, at: frame).array
                return evaluate(ref.id, frame: frame, own: own) ?? own
            }
            return Interpolator.value(p, at: frame).array
        case .shape(let p):
            if case .expression(let ref, let base) = p {
                let own = ExpressionSession.flatten(Interpolator.shape(base, at: frame))
                return evaluate(ref.id, frame: frame, own: own) ?? own
            }
            return ExpressionSession.flatten(Interpolator.shape(p, at: frame))
        case .text(let texts, let ref):
            var own = texts.first?.text ?? ""
            for (t, text) in texts where t <= frame { own = text }
            let units = ExpressionSession.units(own)
            if let ref { return evaluate(ref.id, frame: frame, own: units) ?? units }
            return units
        }
    }

    private func keyTimes(_ v: ExpressionValue) -> [Double] {
        switch v {
        case .number(let p): if case .animated(let k) = p.withoutExpression { return k.map(\.time) }
        case .shape(let p): if case .animated(let k) = p.withoutExpression { return k.map(\.time) }
        case .text(let texts, _): return texts.count > 1 ? texts.map(\.time) : []
        }
        return []
    }

    /// A layer's matrix including its parents, from the values expressions see (their own expressions included).
    private func world(_ i: Int, _ listId: Int, at frame: Double) -> Transform? {
        guard let program else { return nil }
        let list = program.bound.lists[listId]
        guard !list.bound[i].parentCycle else { return nil }
        let tree = program.tree.lists[list.key] ?? []
        var m = Transform.identity
        var cur: Int? = i
        var steps = 0
        while let c = cur, steps <= list.layers.count {
            m = local(c, list, tree, at: frame).concat(m)
            cur = list.bound[c].parent
            steps += 1
        }
        return m
    }

    private func local(_ i: Int, _ list: BoundList, _ tree: [PropertyNode], at frame: Double) -> Transform {
        guard i < tree.count, let tr = tree[i].children.first(where: { $0.matchName == "ADBE Transform Group" }) else {
            return .identity // a layer without "ks"
        }
        var values: [String: [Double]] = [:]
        transformDepth += 1
        defer { transformDepth -= 1 }
        for c in tr.children { if let a = c.attribute, let v = c.value { values[a] = value(v, at: frame) } }
        let p = values["position"] ?? [values["xPosition"]?.first ?? 0, values["yPosition"]?.first ?? 0]
        let r = values["rotation"]?.first ?? values["zRotation"]?.first ?? 0
        return TransformEval.compose(
            anchor: NumberVector(values["anchorPoint"] ?? [0, 0]),
            position: Point(p.first ?? 0, p.count > 1 ? p[1] : 0),
            scale: NumberVector(values["scale"] ?? [100, 100]), rotation: TransformEval.rotation(degrees: r),
            skew: values["skew"]?.first ?? 0, skewAxis: values["skewAxis"]?.first ?? 0)
    }

    /// A path as the prelude reads it: closed, count, vertices, in tangents, out tangents.
    static func flatten(_ s: BezierShape) -> [Double] {
        var out: [Double] = [s.closed ? 1 : 0, Double(s.vertices.count)]
        out.reserveCapacity(2 + 6 * s.vertices.count)
        for p in s.vertices { out.append(p.x); out.append(p.y) }
        for p in s.inTangents { out.append(p.x); out.append(p.y) }
        for p in s.outTangents { out.append(p.x); out.append(p.y) }
        return out
    }

    /// Text as the prelude reads it: UTF-16 code units, at most 4096 (what one host call returns).
    static func units(_ s: String) -> [Double] { s.utf16.prefix(4096).map(Double.init) }

    /// Text from UTF-16 code units.
    static func string(_ v: [Double]) -> String {
        String(decoding: v.map { UInt16(clamping: Int($0.isFinite ? $0 : 0xFFFD)) }, as: UTF16.self)
    }

    /// The inverse of `flatten`; nil when the numbers are not a path.
    static func path(_ v: [Double]) -> BezierShape? {
        guard v.count >= 2, v[1] >= 0, v[1] < 1e6 else { return nil }
        let n = Int(v[1])
        guard v.count >= 2 + 6 * n else { return nil }
        func points(_ at: Int) -> [Vec2] { (0..<n).map { Vec2(v[at + 2 * $0], v[at + 2 * $0 + 1]) } }
        return BezierShape(
            vertices: points(2), inTangents: points(2 + 2 * n), outTangents: points(2 + 4 * n), closed: v[0] != 0)
    }

    private static func mix(_ x: UInt64) -> UInt64 { // SplitMix64's finaliser
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The C entry point of `__host`: the context box holds the session that made the current call.
    static let entry: lr_js_host = { context, op, args, nargs, out, cap in
        guard let context, let args, let out else { return -2 }
        let raw = context.load(as: UnsafeMutableRawPointer.self)
        let session = Unmanaged<ExpressionSession>.fromOpaque(raw).takeUnretainedValue()
        return session.host(
            op, UnsafeBufferPointer(start: args, count: Int(nargs)),
            UnsafeMutableBufferPointer(start: out, count: Int(cap)))
    }
}
