/// A parsed JSON value. Objects keep their keys in a dictionary; duplicate keys keep the last value.
package enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    /// A short name of the value's kind, for error messages ("a number", "an object", …).
    package var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// An error in the JSON text itself (syntax, nesting depth), with the byte offset and the path reached.
package struct JSONSyntaxError: Error, Sendable, CustomStringConvertible {
    /// Byte offset into the input where the problem was found.
    package let offset: Int
    /// What went wrong.
    package let message: String
    /// Human-readable description.
    package var description: String { "invalid JSON at byte \(offset): \(message)" }
}

/// Parses JSON into the generic `JSON` value, for small documents read as a whole (a .lottie manifest). Bodymovin
/// documents are read through `JSONTape` and `JSONNode`, which build no tree.
package enum JSONParser {
    /// Parses a complete JSON document.
    package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSON {
        try JSONTape(bytes).value(at: 0)
    }
}
