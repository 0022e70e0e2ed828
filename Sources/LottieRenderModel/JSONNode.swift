/// An error found while reading the Bodymovin document, naming the JSON path (`layers[3].ks.p.k[1].t`).
package struct ModelError: Error, Sendable, CustomStringConvertible {
    /// The JSON path of the offending value (empty for the root).
    package let path: String
    /// What was wrong with it.
    package let message: String
    /// Creates an error at a path.
    package init(path: String, message: String) { self.path = path; self.message = message }
    /// `path: message`.
    package var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// A value of a parsed document (`JSONTape`), read by the model readers. A node is an index into the tape's
/// memory, so making one costs nothing (no reference is counted); it is valid while the tape lives, which
/// ``JSONTape/withRoot(_:)`` guarantees for the nodes made inside it. Its JSON path (`layers[3].ks.p.k[1].t`) is
/// worked out from the tape only when an error or a warning names it.
package struct JSONNode {
    /// The document (not retained: the node lives inside `withRoot`): its memory and its slot table. A node is
    /// four words, passed and returned in registers or copied cheaply (holding the tape's pointers as well made it
    /// ten, and the readers copy nodes often).
    private let owner: Unmanaged<JSONTape>
    /// The entry of this value.
    let index: Int
    /// An object whose members come before this one's (a slot's value, for a property that names one by `"sid"`).
    private let overlay: Int
    /// Members whose value starts before this entry are not seen (``fromMember(_:)``).
    private let from: Int

    /// The root of a parsed document (``JSONTape/withRoot(_:)`` keeps the tape alive while it is read).
    init(_ tape: JSONTape) { self.init(Unmanaged.passUnretained(tape), 0) }

    private init(_ owner: Unmanaged<JSONTape>, _ index: Int, overlay: Int = -1, from: Int = 0) {
        self.owner = owner
        self.index = index
        self.overlay = overlay
        self.from = from
    }

    /// The document's memory, read through the owner without a reference count (the standard library's
    /// `_withUnsafeGuaranteedRef`: the tape outlives every node, as `withRoot` guarantees).
    @inline(__always) var t: JSONTapeView { owner._withUnsafeGuaranteedRef { $0.view } }

    @inline(__always) private var entry: JSONEntry { t.entries[index] }

    /// The position of its value in the tape: one per JSON path of the document.
    package var entryIndex: Int { index }

    /// An error at this node.
    package func error(_ message: String) -> ModelError { ModelError(path: path, message: message) }

    /// A short name of the value's kind, for error messages ("a number", "an object", …).
    package var kindName: String {
        switch entry.kind {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string, .escapedString: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The member `key` of an object, or nil when absent, null, or this is not an object.
    @inline(__always) package subscript(key: JSONKey) -> JSONNode? {
        if overlay >= 0, let i = t.member(overlay, key) { return t.entries[i].kind == .null ? nil : node(i) }
        guard let i = t.member(index, key), i >= from, t.entries[i].kind != .null else { return nil }
        return node(i)
    }

    /// The member named by a string worked out at run time (slower than a literal ``JSONKey``).
    package subscript(named key: String) -> JSONNode? {
        if overlay >= 0, let i = t.member(overlay, key) { return t.entries[i].kind == .null ? nil : node(i) }
        guard let i = t.member(index, key), i >= from, t.entries[i].kind != .null else { return nil }
        return node(i)
    }

    /// This object seen from its member `key` on: the members written before it are absent, as a reader that
    /// dispatches on that key and then reads on sees it (rlottie reads a shape item from its `"ty"` on).
    package func fromMember(_ key: JSONKey) -> JSONNode {
        guard let i = t.member(index, key) else { return self }
        return JSONNode(owner, index, overlay: overlay, from: i)
    }

    @inline(__always) private func node(_ i: Int) -> JSONNode { JSONNode(owner, i) }

    /// Calls `body` once per member of an object, in file order, with its key and its value (``Member``; read it
    /// with ``subscript(_:)-(Member)``): one pass for a reader that wants several keys of an object
    /// (`switch key { case "t": … }`), where each subscript scans the members again. A repeated key is seen each
    /// time, so the last one wins, as with the subscript; a slot's members (``overlaid(by:)``) come after the
    /// object's own.
    @inline(__always) package func forEachMember(
        _ body: (MemberKey, Member) throws(ModelError) -> Void
    )
        throws(ModelError)
    {
        try forEachMember(of: index, from: from, body)
        if overlay >= 0 { try forEachMember(of: overlay, from: 0, body) }
    }

    @inline(__always) private func forEachMember(
        of object: Int, from: Int, _ body: (MemberKey, Member) throws(ModelError) -> Void
    ) throws(ModelError) {
        let e = t.entries[object]
        guard e.kind == .object else { return }
        let start = Int(e.number.bitPattern)
        var j = start
        let end = start &+ Int(e.a)
        while j < end {
            let m = t.members[j]
            j &+= 1
            let v = Int(m.value)
            guard v >= from else { continue }
            var key = m.packed
            if key == 0, t.entries[Int(m.key)].kind == .escapedString { key = JSONKey.pack(t.string(at: Int(m.key))) }
            try body(
                MemberKey(packed: key),
                t.entries[v].kind == .null ? .absent : Member(value: UInt32(truncatingIfNeeded: v)))
        }
    }

    /// A member's value as ``forEachMember(_:)`` passes it: a position in the document, small to keep.
    package struct Member: Sendable {
        /// The value's entry (a tape has fewer than 2³² entries: its text is smaller); `UInt32.max` when absent or
        /// null.
        fileprivate var value: UInt32
        /// No value.
        package static let absent = Member(value: .max)
        fileprivate init(value: UInt32) { self.value = value }
    }

    /// The value of a member passed by ``forEachMember(_:)`` of this document; nil when absent or null.
    @inline(__always) package subscript(_ member: Member) -> JSONNode? {
        member.value == .max ? nil : node(Int(member.value))
    }

    /// The value of the slot this object names by `"sid"` (`"slots": {id: {"p": value}}`), when the document has it.
    package var slotValue: JSONNode? {
        let slots = owner.takeUnretainedValue().slots
        guard !slots.isEmpty, let sid = t.member(index, "sid"),
            t.entries[sid].kind == .string
                || t.entries[sid].kind == .escapedString, let p = slots[t.string(at: sid)]
        else { return nil }
        return node(p)
    }

    /// This object with the members of `object` in front of its own (how a slot's value replaces a property's).
    package func overlaid(by object: JSONNode) -> JSONNode { JSONNode(owner, index, overlay: object.index) }

    /// The member `key`, which must be present.
    package func required(_ key: JSONKey) throws(ModelError) -> JSONNode {
        guard isObject else { throw error("expected an object, found \(kindName)") }
        guard let n = self[key] else {
            throw ModelError(path: path.isEmpty ? "\(key)" : "\(path).\(key)", message: "missing required key")
        }
        return n
    }

    /// The member `key` when it is an object; nil when absent or null; an error naming its path when it is
    /// anything else (a `"ks"` that is a string must not read as an empty transform).
    package func object(_ key: JSONKey) throws(ModelError) -> JSONNode? {
        guard let n = self[key] else { return nil }
        guard n.isObject else { throw n.error("expected an object, found \(n.kindName)") }
        return n
    }

    /// The values of an object's members, in file order (nothing for other values).
    package var memberValues: [JSONNode] {
        guard isObject else { return [] }
        let e = entry, start = Int(e.number.bitPattern)
        let members = t.members[start..<start + Int(e.a)]
        if from == 0 { return members.map { node(Int($0.value)) } }
        return members.filter { Int($0.value) >= from }.map { node(Int($0.value)) }
    }

    /// The member `key` when it is an array; nil when absent or null; an error naming its path otherwise.
    package func list(_ key: JSONKey) throws(ModelError) -> JSONNode? {
        guard let n = self[key] else { return nil }
        guard n.isArray else { throw n.error("expected an array, found \(n.kindName)") }
        return n
    }

    /// The elements of an array.
    package func array() throws(ModelError) -> [JSONNode] {
        let e = entry
        guard e.kind == .array else { throw error("expected an array, found \(kindName)") }
        var out: [JSONNode] = []
        out.reserveCapacity(Int(e.a))
        var k = index + 1
        for _ in 0..<Int(e.a) { out.append(node(k)); k = t.next(k) }
        return out
    }

    /// The elements of an array as ``elements`` gives them (no array of nodes made), or the error ``array()``
    /// throws for any other value.
    package func arrayElements() throws(ModelError) -> Elements {
        guard isArray else { throw error("expected an array, found \(kindName)") }
        return elements
    }

    /// The elements of an array, without building an array of nodes (nothing for other values).
    package var elements: Elements {
        Elements(t: t, owner: owner, cursor: index + 1, remaining: isArray ? Int(entry.a) : 0)
    }

    /// Iterates over the elements of an array.
    package struct Elements: Sequence, IteratorProtocol {
        fileprivate let t: JSONTapeView
        fileprivate let owner: Unmanaged<JSONTape>
        fileprivate var cursor: Int
        fileprivate var remaining: Int
        /// The next element.
        package mutating func next() -> JSONNode? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            let i = cursor
            cursor = t.next(i)
            return JSONNode(owner, i)
        }
    }

    /// The first two numbers of an array of at least two numbers (a point `[x, y, …]`), or nil.
    package var pair: (Double, Double)? {
        let e = entry
        guard e.kind == .array, e.a >= 2 else { return nil }
        let x = t.entries[index + 1]
        guard x.kind == .number else { return nil }
        let y = t.entries[index + 2]
        guard y.kind == .number else { return nil }
        return (x.number, y.number)
    }

    /// The number of elements of an array (0 for other values).
    package var count: Int { entry.kind == .array ? Int(entry.a) : 0 }
    /// The first element of an array.
    package var first: JSONNode? { entry.kind == .array && entry.a > 0 ? node(index + 1) : nil }

    /// True when the value is an array.
    package var isArray: Bool { entry.kind == .array }
    /// True when the value is an object.
    package var isObject: Bool { entry.kind == .object }
    /// True when the value is a string.
    package var isString: Bool { entry.kind == .string || entry.kind == .escapedString }

    /// The value as a number (booleans count as 0/1, as the players accept them).
    package func number() throws(ModelError) -> Double {
        let e = entry
        guard e.kind == .number || e.kind == .bool else { throw error("expected a number, found \(kindName)") }
        return e.number
    }

    /// The value as a string.
    package func string() throws(ModelError) -> String {
        guard isString else { throw error("expected a string, found \(kindName)") }
        return t.string(at: index)
    }

    /// A string value's text as the document spells it (``JSONText``), decoded only when read.
    package func text() throws(ModelError) -> JSONText {
        guard isString else { throw error("expected a string, found \(kindName)") }
        let e = entry
        return JSONText(bytes: Array(t.bytes[Int(e.a)..<Int(e.b)]), escaped: e.kind == .escapedString)
    }

    /// A string value as a ``MemberKey``, to match against codes (`switch ty { case "gr": … }`) without making a
    /// `String`: the tape keeps a string of up to 8 bytes packed.
    package func stringKey() throws(ModelError) -> MemberKey {
        let e = entry
        switch e.kind {
        case .string: return MemberKey(packed: e.number.bitPattern)
        case .escapedString: return MemberKey(packed: JSONKey.pack(t.string(at: index)))
        default: throw error("expected a string, found \(kindName)")
        }
    }

    /// A number, or a one-element array of a number (as legacy files write scalars).
    package func scalar() throws(ModelError) -> Double {
        let e = entry
        if e.kind == .array {
            guard e.a > 0 else { throw error("expected a number, found an empty array") }
            return try node(index + 1).number()
        }
        return try number()
    }

    /// An array of numbers, or a single number as a one-element vector.
    package func numbers() throws(ModelError) -> [Double] {
        var out: [Double] = []
        out.reserveCapacity(isArray ? Int(entry.a) : 1)
        try forEachNumber { out.append($0) }
        return out
    }

    /// An array of numbers, or a single number as a one-element vector, as a property value: the first four
    /// (every number is checked).
    @inline(__always) package func numberVector() throws(ModelError) -> NumberVector {
        var out = NumberVector()
        try forEachNumber { out.append($0) }
        return out
    }

    /// Each number of a number or an array of numbers, in order. Inlined into its two callers, so that each value
    /// is appended without a closure call (load instructions, clean builds: bodymovin −1.8 %, lottiefiles_unnamed
    /// −1.2 %, ph_onboarding −0.9 %; session 41).
    @inline(__always) private func forEachNumber(_ body: (Double) -> Void) throws(ModelError) {
        let e = entry
        switch e.kind {
        case .number: body(e.number)
        case .array:
            var k = index + 1
            for _ in 0..<Int(e.a) {
                let x = t.entries[k]
                guard x.kind == .number || x.kind == .bool else {
                    throw node(k).error("expected a number, found \(node(k).kindName)")
                }
                body(x.number)
                k = t.next(k)
            }
        default: throw error("expected a number or an array of numbers, found \(kindName)")
        }
    }

    /// Optional members with defaults.
    package func number(_ key: JSONKey, default d: Double) throws(ModelError) -> Double {
        guard let n = self[key] else { return d }
        return try n.scalar()
    }
    /// An optional integer member (rounded toward zero).
    package func int(_ key: JSONKey, default d: Int) throws(ModelError) -> Int {
        guard let n = self[key] else { return d }
        return try n.integer()
    }
    /// This number as an integer (rounded toward zero); an error beyond ±10¹⁵, where a conversion would trap.
    package func integer() throws(ModelError) -> Int {
        let v = try scalar()
        guard let i = JSONNode.code(v) else { throw error("number \(v) is out of range") }
        return i
    }
    /// A number as text, without a fractional part when it has none (`442`, not `442.0`).
    package static func text(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
    /// `v` rounded toward zero when within ±10¹⁵ (so that converting it cannot trap), else nil.
    package static func code(_ v: Double) -> Int? {
        v.isFinite && abs(v) < 1e15 ? Int(v) : nil
    }
    /// An optional string member.
    package func string(_ key: JSONKey) throws(ModelError) -> String? {
        guard let n = self[key] else { return nil }
        if n.entry.kind == .number { return JSONNode.text(n.entry.number) }
        return try n.string()
    }
    /// An optional boolean member (numbers count: non-zero is true).
    package func bool(_ key: JSONKey, default d: Bool = false) throws(ModelError) -> Bool {
        guard let n = self[key] else { return d }
        return try n.boolean()
    }
    /// The value as a boolean (a number counts: non-zero is true).
    package func boolean() throws(ModelError) -> Bool {
        guard entry.kind == .bool || entry.kind == .number else { throw error("expected a boolean, found \(kindName)") }
        return entry.number != 0
    }
}
