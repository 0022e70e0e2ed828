/// A member name written in the code (`"ks"`): its bytes packed into one integer when it has 1…8 bytes (most
/// Bodymovin keys), worked out from the literal once, so that a lookup compares integers.
package struct JSONKey: ExpressibleByStringLiteral, CustomStringConvertible, Sendable {
    /// The key's bytes, first byte lowest, when it has 1…8 bytes; else 0.
    let packed: UInt64
    /// The key's text.
    let text: StaticString

    /// The key `text`.
    @inline(__always) package init(stringLiteral text: StaticString) {
        self.text = text
        var packed: UInt64 = 0
        // A literal of one Unicode scalar may be stored without a pointer (then `utf8CodeUnitCount` traps).
        if text.hasPointerRepresentation, case let n = text.utf8CodeUnitCount, n >= 1 && n <= 8 {
            let b = text.utf8Start
            var i = 0
            while i < n { packed |= UInt64(b[i]) << (8 &* UInt64(i)); i &+= 1 }
        }
        self.packed = packed
    }

    /// The key as text.
    package var description: String { text.description }

    /// True when `key` is this key. Only keys of 1…8 bytes match (every Bodymovin key the readers switch on): a
    /// pattern of more bytes, or `""`, never does; look such a key up with the subscript.
    @inline(__always) package static func ~= (pattern: JSONKey, key: MemberKey) -> Bool {
        pattern.packed != 0 && pattern.packed == key.packed
    }

    /// `text`'s bytes packed as a key's are (first byte lowest) when it has 1…8 bytes, none of them 0; else 0.
    package static func pack(_ text: String) -> UInt64 {
        var packed: UInt64 = 0
        var n = 0
        for b in text.utf8 {
            guard n < 8, b != 0 else { return 0 }
            packed |= UInt64(b) << (8 &* UInt64(n))
            n &+= 1
        }
        return packed
    }
}

/// The key of a member seen by ``JSONNode/forEachMember(_:)`` (or a short string value, ``JSONNode/stringKey()``),
/// matched against ``JSONKey`` literals in a `switch`.
package struct MemberKey: Sendable {
    /// The bytes, first byte lowest, when there are 1…8 of them; else 0.
    package let packed: UInt64

    /// The text of a key of 1…8 bytes (invalid UTF-8 repaired, as a string value's is).
    package var text: String {
        var bytes: [UInt8] = []
        var p = packed
        while p != 0 { bytes.append(UInt8(truncatingIfNeeded: p)); p >>= 8 }
        return String(decoding: bytes, as: UTF8.self)
    }
}
