/// One value of a parsed JSON document. A document is stored flat, in document order (a "tape"): a container's
/// members follow it, an object's as key–value pairs of entries, and the container records where its subtree ends,
/// so that a reader skips a member in one step and no value needs an allocation of its own.
package struct JSONEntry: Sendable {
    /// What the entry holds.
    package enum Kind: UInt8, Sendable {
        case null, bool, number, string, escapedString, array, object
    }
    /// The number (booleans: 0 or 1).
    package var number: Double
    /// Strings: first byte of the text inside the quotes. Containers: the number of members.
    package var a: UInt32
    /// Strings: the byte after the text. Containers: the index of the entry after the subtree.
    package var b: UInt32
    /// The kind of value.
    package var kind: Kind

    /// True for arrays and objects.
    @inline(__always) package var isContainer: Bool { kind == .array || kind == .object }
}

/// A member of an object: its key, packed into an integer when it has at most 8 bytes and no escapes (else 0),
/// and the entries of the key and the value.
package struct JSONMember: Sendable {
    /// The key's bytes, first byte lowest, when it has 1…8 bytes and no escapes; else 0.
    package var packed: UInt64
    /// The key's entry.
    package var key: UInt32
    /// The value's entry.
    package var value: UInt32
}

/// A parsed JSON document: the input bytes and the tape of entries that indexes them, in memory the tape owns and
/// frees with itself. Immutable once built; `JSONNode` reads it through a ``JSONTapeView`` (plain pointers, so
/// that making a node costs no reference counting), inside ``withRoot(_:)``.
package final class JSONTape {
    /// The document text, the values (root first) and the members of every object, contiguous per object
    /// (`JSONEntry.number` of an object holds its first).
    let view: JSONTapeView
    /// Slot values by id (`"slots": {id: {"p": value}}`), as entry indices of the `"p"` values.
    let slots: [String: Int]
    /// The three allocations `view` points into.
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    private let entries: UnsafeMutableBufferPointer<JSONEntry>
    private let members: UnsafeMutableBufferPointer<JSONMember>

    /// Documents up to this length are parsed into memory sized by their length (no counting pass): about 20 bytes
    /// of address space a byte of text (80 MiB at most), of which the pages written are what a count would give.
    static let estimatedUpTo = 4 << 20

    /// Parses a complete document; `slots: false` reads every property as written, its `"sid"` ignored.
    package init(_ bytes: [UInt8], slots: Bool = true) throws(JSONSyntaxError) {
        guard bytes.count < Int(UInt32.max) else {
            throw JSONSyntaxError(offset: 0, message: "document larger than 4 GB")
        }
        let text = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, bytes.count))
        _ = text.initialize(from: bytes)
        let p = UnsafeBufferPointer(rebasing: text[..<bytes.count])
        let parsed: (counts: (entries: Int, members: Int), entries: Entries, members: Members)
        do throws(JSONSyntaxError) { parsed = try JSONTape.parse(p) } catch {
            text.deallocate()
            throw error
        }
        let (eb, mb) = (parsed.entries, parsed.members)
        self.bytes = text
        self.entries = eb
        self.members = mb
        let (entryCount, memberCount) = parsed.counts
        view = JSONTapeView(
            bytes: p, entries: UnsafeBufferPointer(rebasing: eb[..<entryCount]),
            members: UnsafeBufferPointer(rebasing: mb[..<memberCount]))
        self.slots = slots ? JSONTape.slotTable(view) : [:]
    }

    /// The tape's values, as allocated.
    private typealias Entries = UnsafeMutableBufferPointer<JSONEntry>
    /// The tape's object members, as allocated.
    private typealias Members = UnsafeMutableBufferPointer<JSONMember>

    /// The tape of document `p`, in memory the caller then owns. A document of up to 4 MiB gets memory for as
    /// many values and members as any document of its length can hold (`JSONTapeParser.capacity`), not a first
    /// pass to count them (about 1 % of loading lottiefiles_unnamed): pages never written are never touched.
    /// Should the parser still run out of room, the values are counted and it parses again.
    private static func parse(
        _ p: UnsafeBufferPointer<UInt8>
    ) throws(JSONSyntaxError) -> (counts: (entries: Int, members: Int), entries: Entries, members: Members) {
        var estimated = p.count <= JSONTape.estimatedUpTo
        while true {
            let bounds = estimated ? JSONTapeParser.capacity(forLength: p.count) : JSONTapeParser.bounds(p)
            let eb = Entries.allocate(capacity: max(1, bounds.entries))
            let mb = Members.allocate(capacity: max(1, bounds.members))
            let open = Members.allocate(capacity: max(1, bounds.members))
            defer { open.deallocate() }
            var parser = JSONTapeParser(
                entries: Entries(rebasing: eb[..<bounds.entries]), members: Members(rebasing: mb[..<bounds.members]),
                open: Members(rebasing: open[..<bounds.members]))
            do throws(JSONSyntaxError) {
                try parser.document(p)
                return (parser.counts, eb, mb)
            } catch {
                eb.deallocate(); mb.deallocate() // entries and members are plain values
                guard estimated, parser.ranOutOfRoom else { throw error }
                estimated = false
            }
        }
    }

    deinit {
        bytes.deallocate()
        entries.deallocate()
        members.deallocate()
    }

    /// Calls `body` with the root value. Nodes read this tape's memory: they are valid inside `body` only, which
    /// must not return or store one (the model readers return model values; nothing keeps a node, an `Elements`
    /// iterator or a view).
    package func withRoot<R, E: Error>(_ body: (JSONNode) throws(E) -> R) throws(E) -> R {
        try withExtendedLifetime(self) { () throws(E) -> R in try body(JSONNode(self)) }
    }

    /// The index of the entry after entry `i` and its subtree.
    @inline(__always) package func next(_ i: Int) -> Int { view.next(i) }

    /// The text of string entry `i` (escapes decoded, invalid UTF-8 repaired).
    package func string(at i: Int) -> String { view.string(at: i) }

    /// Entry `i` as a generic value (for small documents such as a .lottie manifest).
    package func value(at i: Int) -> JSON {
        let e = view.entries[i]
        switch e.kind {
        case .null: return .null
        case .bool: return .bool(e.number != 0)
        case .number: return .number(e.number)
        case .string, .escapedString: return .string(string(at: i))
        case .array:
            var out: [JSON] = []
            var k = i + 1
            for _ in 0..<Int(e.a) { out.append(value(at: k)); k = next(k) }
            return .array(out)
        case .object:
            var out: [String: JSON] = [:]
            var k = i + 1
            for _ in 0..<Int(e.a) { out[string(at: k)] = value(at: k + 1); k = next(k + 1) }
            return .object(out)
        }
    }

    /// The string values of every member named `key`, in any object (the `"sid"` of every property).
    package func stringValues(ofKey key: String) -> Set<String> {
        var out = Set<String>()
        for m in view.members where view.string(at: Int(m.key), equals: key) {
            let v = Int(m.value)
            if view.entries[v].kind == .string || view.entries[v].kind == .escapedString { out.insert(string(at: v)) }
        }
        return out
    }

    /// `"slots"` of the root object: id → index of its `"p"` value.
    private static func slotTable(_ t: JSONTapeView) -> [String: Int] {
        func objectMembers(_ i: Int) -> Slice<UnsafeBufferPointer<JSONMember>> {
            guard t.entries[i].kind == .object else { return t.members[0..<0] }
            let start = Int(t.entries[i].number.bitPattern)
            return t.members[start..<start + Int(t.entries[i].a)]
        }
        func key(_ m: JSONMember) -> String { t.string(at: Int(m.key)) }
        var table: [String: Int] = [:]
        for top in objectMembers(0) where key(top) == "slots" {
            for slot in objectMembers(Int(top.value)) {
                for p in objectMembers(Int(slot.value)) where key(p) == "p" && t.entries[Int(p.value)].kind != .null {
                    table[key(slot)] = Int(p.value)
                }
            }
        }
        return table
    }

    /// Decodes the escapes of a string's text (validated by the parser).
    static func unescape(_ s: Slice<UnsafeBufferPointer<UInt8>>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(s.count)
        var i = s.startIndex
        func hex4(_ at: Int) -> UInt32 {
            var v: UInt32 = 0
            for j in at..<min(at + 4, s.endIndex) {
                let c = s[j]
                let d: UInt32 =
                    c <= 0x39 ? UInt32(c &- 0x30) : c <= 0x46 ? UInt32(c &- 0x41 &+ 10) : UInt32(c &- 0x61 &+ 10)
                v = v << 4 | (d & 15)
            }
            return v
        }
        while i < s.endIndex {
            // The text up to the next backslash goes over as one copy (a byte at a time was 6 % of insta_camera's
            // load, whose expressions escape every line end).
            var j = i
            while j < s.endIndex && s[j] != UInt8(ascii: "\\") { j += 1 }
            if j > i { out.append(contentsOf: s[i..<j]) }
            i = j
            guard i < s.endIndex else { break }
            guard i + 1 < s.endIndex else { out.append(s[i]); i += 1; continue }
            let e = s[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var code = hex4(i)
                i += 4
                if code >= 0xD800 && code < 0xDC00, i + 5 < s.endIndex, s[i] == UInt8(ascii: "\\"),
                    s[i + 1] == UInt8(ascii: "u")
                {
                    let low = hex4(i + 2)
                    if low >= 0xDC00 && low < 0xE000 {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        i += 6
                    }
                }
                let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
            default: out.append(e) // \" \\ \/
            }
        }
        return out
    }
}

/// A parsed document's memory as plain pointers (``JSONTape`` owns it): what `JSONNode` reads, with no reference
/// to count. Valid while its tape lives.
///
/// Measured (release, one core, 2026-11-26, `lottie-render bench`'s `parse_ms` − `json_ms`): bodymovin.json's model
/// (1.1 MB) read in 6.4 ms, from 10.8 ms when each node held a counted reference to the tape and looked keys up
/// by `String` from the first member on (retain and release were 28 % of the load profile, key lookup 11 %).
package struct JSONTapeView {
    /// The document text.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The values, root first.
    let entries: UnsafeBufferPointer<JSONEntry>
    /// The members of every object, contiguous per object.
    let members: UnsafeBufferPointer<JSONMember>

    /// The index of the entry after entry `i` and its subtree.
    @inline(__always) func next(_ i: Int) -> Int {
        let e = entries[i]
        return e.isContainer ? Int(e.b) : i &+ 1
    }

    /// The text of string entry `i` (escapes decoded, invalid UTF-8 repaired).
    func string(at i: Int) -> String {
        let e = entries[i]
        let text = bytes[Int(e.a)..<Int(e.b)]
        if e.kind == .string { return String(decoding: text, as: UTF8.self) }
        return String(decoding: JSONTape.unescape(text), as: UTF8.self)
    }

    /// Appends the UTF-8 of string entry `i` (escapes decoded, not yet repaired) to `out`.
    func appendText(at i: Int, to out: inout [UInt8]) {
        let e = entries[i]
        let text = bytes[Int(e.a)..<Int(e.b)]
        if e.kind == .string { out.append(contentsOf: text) } else { out.append(contentsOf: JSONTape.unescape(text)) }
    }

    /// True when string entry `i` equals `key`.
    @inline(__always) func string(at i: Int, equals key: String) -> Bool {
        let e = entries[i]
        guard e.kind == .string else { return e.kind == .escapedString && string(at: i) == key }
        let count = Int(e.b &- e.a)
        var k = key
        return k.withUTF8 { kb in
            guard kb.count == count else { return false }
            let start = Int(e.a)
            var j = 0
            while j < count {
                if bytes[start &+ j] != kb[j] { return false }
                j &+= 1
            }
            return true
        }
    }

    /// The index of the value of member `key` of object entry `i` (the last one when a key repeats), or nil.
    @inline(__always) func member(_ i: Int, _ key: JSONKey) -> Int? {
        guard key.packed != 0 else { return member(i, key.description) }
        let e = entries[i]
        guard e.kind == .object else { return nil }
        let start = Int(e.number.bitPattern)
        // From the last member back: the first match is the one that wins when a key repeats.
        var j = start &+ Int(e.a)
        while j > start {
            j &-= 1
            let m = members[j]
            if m.packed == key.packed { return Int(m.value) }
            if m.packed == 0, entries[Int(m.key)].kind == .escapedString, string(at: Int(m.key)) == key.description {
                return Int(m.value) // a key written with escapes has no packed form
            }
        }
        return nil
    }

    /// The index of the value of member `key` of object entry `i` (the last one when a key repeats), or nil.
    func member(_ i: Int, _ key: String) -> Int? {
        let e = entries[i]
        guard e.kind == .object else { return nil }
        // Keys of 1…8 bytes compare as one packed integer, over the object's contiguous member list.
        let packed = JSONKey.pack(key)
        let start = Int(e.number.bitPattern)
        let end = start &+ Int(e.a)
        var found: Int? = nil
        if packed != 0 {
            for j in start..<end {
                let m = members[j]
                if m.packed == packed {
                    found = Int(m.value)
                } else if m.packed == 0, entries[Int(m.key)].kind == .escapedString, string(at: Int(m.key), equals: key)
                {
                    found = Int(m.value) // a key written with escapes has no packed form
                }
            }
        } else {
            for j in start..<end where string(at: Int(members[j].key), equals: key) { found = Int(members[j].value) }
        }
        return found
    }
}
