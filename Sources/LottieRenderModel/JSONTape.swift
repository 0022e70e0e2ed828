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

/// A parsed JSON document: the input bytes and the tape of entries that indexes them. Immutable once built;
/// `JSONNode` reads it.
package final class JSONTape: Sendable {
    /// The document text.
    package let bytes: [UInt8]
    /// The values, root first.
    package let entries: [JSONEntry]
    /// The members of every object, contiguous per object (`JSONEntry.number` of an object holds its first).
    package let members: [JSONMember]
    /// Slot values by id (`"slots": {id: {"p": value}}`), as entry indices of the `"p"` values.
    package let slots: [String: Int]

    /// Parses a complete document; `slots: false` reads every property as written, its `"sid"` ignored.
    package init(_ bytes: [UInt8], slots: Bool = true) throws(JSONSyntaxError) {
        guard bytes.count < Int(UInt32.max) else {
            throw JSONSyntaxError(offset: 0, message: "document larger than 4 GB")
        }
        var failure: JSONSyntaxError? = nil
        var members: [JSONMember] = []
        let entries = bytes.withUnsafeBufferPointer { p in
            let bounds = JSONTapeParser.bounds(p)
            return [JSONEntry](unsafeUninitializedCapacity: bounds.entries) { eb, entryCount in
                members = [JSONMember](unsafeUninitializedCapacity: bounds.members) { mb, memberCount in
                    var parser = JSONTapeParser(entries: eb, members: mb)
                    do throws(JSONSyntaxError) { try parser.document(p) } catch { failure = error }
                    (entryCount, memberCount) = parser.counts
                }
            }
        }
        if let failure { throw failure }
        self.bytes = bytes
        self.entries = entries
        self.members = members
        self.slots = slots ? JSONTape.slotTable(bytes: bytes, entries: entries, members: members) : [:]
    }

    /// The index of the entry after entry `i` and its subtree.
    @inline(__always) package func next(_ i: Int) -> Int {
        let e = entries[i]
        return e.isContainer ? Int(e.b) : i + 1
    }

    /// The text of string entry `i` (escapes decoded, invalid UTF-8 repaired).
    package func string(at i: Int) -> String { JSONTape.text(of: entries[i], in: bytes) }

    /// The text of a string entry of `bytes`.
    private static func text(of e: JSONEntry, in bytes: [UInt8]) -> String {
        let range = Int(e.a)..<Int(e.b)
        if e.kind == .string { return String(decoding: bytes[range], as: UTF8.self) }
        return String(decoding: unescape(bytes[range]), as: UTF8.self)
    }

    /// True when string entry `i` equals `key`.
    @inline(__always) package func string(at i: Int, equals key: String) -> Bool {
        let e = entries[i]
        guard e.kind == .string else { return e.kind == .escapedString && string(at: i) == key }
        let count = Int(e.b &- e.a)
        var k = key
        return k.withUTF8 { kb in
            guard kb.count == count else { return false }
            return bytes.withUnsafeBufferPointer { p in
                var j = 0
                let start = Int(e.a)
                while j < count {
                    if p[start &+ j] != kb[j] { return false }
                    j &+= 1
                }
                return true
            }
        }
    }

    /// The index of the value of member `key` of object entry `i` (the last one when a key repeats), or nil.
    @inline(__always) package func member(_ i: Int, _ key: String) -> Int? {
        let e = entries[i]
        guard e.kind == .object else { return nil }
        // Keys of 1…8 bytes compare as one packed integer, over the object's contiguous member list.
        var packed: UInt64 = 0
        var length = 0
        for c in key.utf8 {
            if length < 8 { packed |= UInt64(c) << (8 &* UInt64(length)) }
            length &+= 1
        }
        let start = Int(e.number.bitPattern)
        let end = start &+ Int(e.a)
        var found: Int? = nil
        return members.withUnsafeBufferPointer { m in
            if length >= 1 && length <= 8 {
                for j in start..<end {
                    if m[j].packed == packed {
                        found = Int(m[j].value)
                    } else if m[j].packed == 0, entries[Int(m[j].key)].kind == .escapedString,
                        string(at: Int(m[j].key), equals: key)
                    {
                        found = Int(m[j].value) // a key written with escapes has no packed form
                    }
                }
            } else {
                for j in start..<end where string(at: Int(m[j].key), equals: key) { found = Int(m[j].value) }
            }
            return found
        }
    }

    /// Entry `i` as a generic value (for small documents such as a .lottie manifest).
    package func value(at i: Int) -> JSON {
        let e = entries[i]
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
        for m in members where string(at: Int(m.key), equals: key) {
            let v = Int(m.value)
            if entries[v].kind == .string || entries[v].kind == .escapedString { out.insert(string(at: v)) }
        }
        return out
    }

    /// `"slots"` of the root object: id → index of its `"p"` value (run before the tape exists, on its parts).
    private static func slotTable(bytes: [UInt8], entries: [JSONEntry], members: [JSONMember]) -> [String: Int] {
        func objectMembers(_ i: Int) -> ArraySlice<JSONMember> {
            guard entries[i].kind == .object else { return [] }
            let start = Int(entries[i].number.bitPattern)
            return members[start..<start + Int(entries[i].a)]
        }
        func key(_ m: JSONMember) -> String { text(of: entries[Int(m.key)], in: bytes) }
        var table: [String: Int] = [:]
        for top in objectMembers(0) where key(top) == "slots" {
            for slot in objectMembers(Int(top.value)) {
                for p in objectMembers(Int(slot.value)) where key(p) == "p" && entries[Int(p.value)].kind != .null {
                    table[key(slot)] = Int(p.value)
                }
            }
        }
        return table
    }

    /// Decodes the escapes of a string's text (validated by the parser).
    static func unescape(_ s: ArraySlice<UInt8>) -> [UInt8] {
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
            let c = s[i]
            guard c == UInt8(ascii: "\\"), i + 1 < s.endIndex else { out.append(c); i += 1; continue }
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
