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

/// A hand-written JSON parser over UTF-8 bytes (RFC 8259), with a nesting limit so that hostile input
/// cannot exhaust the stack.
package struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    package static let maxDepth = 512

    private let bytes: [UInt8]
    private var pos = 0
    private var depth = 0

    /// Parses a complete JSON document.
    package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSON {
        var p = JSONParser(bytes: bytes)
        p.skipWhitespace()
        let v = try p.parseValue()
        p.skipWhitespace()
        if p.pos != bytes.count { throw p.error("unexpected data after the document") }
        return v
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ m: String) -> JSONSyntaxError { JSONSyntaxError(offset: pos, message: m) }

    private mutating func skipWhitespace() {
        while pos < bytes.count {
            let c = bytes[pos]
            if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { pos += 1 } else { break }
        }
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSON {
        guard pos < bytes.count else { throw error("unexpected end of input") }
        switch bytes[pos] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return .number(try parseNumber())
        }
    }

    private mutating func literal(_ s: String) throws(JSONSyntaxError) {
        let p = Array(s.utf8)
        guard pos + p.count <= bytes.count else { throw error("unexpected end of input") }
        for i in 0..<p.count where bytes[pos + i] != p[i] { throw error("invalid literal") }
        pos += p.count
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > JSONParser.maxDepth { throw error("nested deeper than \(JSONParser.maxDepth) levels") }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSON {
        try enter()
        pos += 1
        var dict: [String: JSON] = [:]
        skipWhitespace()
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "}") { pos += 1; depth -= 1; return .object(dict) }
        while true {
            skipWhitespace()
            guard pos < bytes.count else { throw error("unexpected end of input in an object") }
            guard bytes[pos] == UInt8(ascii: "\"") else { throw error("expected a key string") }
            let key = try parseString()
            skipWhitespace()
            guard pos < bytes.count, bytes[pos] == UInt8(ascii: ":") else { throw error("expected ':'") }
            pos += 1
            skipWhitespace()
            dict[key] = try parseValue()
            skipWhitespace()
            guard pos < bytes.count else { throw error("unexpected end of input in an object") }
            if bytes[pos] == UInt8(ascii: ",") { pos += 1; continue }
            if bytes[pos] == UInt8(ascii: "}") { pos += 1; break }
            throw error("expected ',' or '}'")
        }
        depth -= 1
        return .object(dict)
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSON {
        try enter()
        pos += 1
        var arr: [JSON] = []
        skipWhitespace()
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "]") { pos += 1; depth -= 1; return .array(arr) }
        while true {
            skipWhitespace()
            arr.append(try parseValue())
            skipWhitespace()
            guard pos < bytes.count else { throw error("unexpected end of input in an array") }
            if bytes[pos] == UInt8(ascii: ",") { pos += 1; continue }
            if bytes[pos] == UInt8(ascii: "]") { pos += 1; break }
            throw error("expected ',' or ']'")
        }
        depth -= 1
        return .array(arr)
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = pos
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "-") { pos += 1 }
        var digits = 0
        while pos < bytes.count, bytes[pos] >= 0x30 && bytes[pos] <= 0x39 { pos += 1; digits += 1 }
        if pos < bytes.count, bytes[pos] == UInt8(ascii: ".") {
            pos += 1
            while pos < bytes.count, bytes[pos] >= 0x30 && bytes[pos] <= 0x39 { pos += 1; digits += 1 }
        }
        guard digits > 0 else { pos = start; throw error("unexpected character") }
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "e") || bytes[pos] == UInt8(ascii: "E") {
            pos += 1
            if pos < bytes.count, bytes[pos] == UInt8(ascii: "+") || bytes[pos] == UInt8(ascii: "-") { pos += 1 }
            var e = 0
            while pos < bytes.count, bytes[pos] >= 0x30 && bytes[pos] <= 0x39 { pos += 1; e += 1 }
            guard e > 0 else { throw error("malformed exponent") }
        }
        let text = String(decoding: bytes[start..<pos], as: UTF8.self)
        guard let v = Double(text), v.isFinite else { throw error("number out of range") }
        return v
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        pos += 1
        let start = pos
        // Fast path: no escapes.
        while pos < bytes.count {
            let c = bytes[pos]
            if c == UInt8(ascii: "\"") {
                let s = String(decoding: bytes[start..<pos], as: UTF8.self)
                pos += 1
                return s
            }
            if c == UInt8(ascii: "\\") { break }
            if c < 0x20 { throw error("control character in a string") }
            pos += 1
        }
        var out = Array(bytes[start..<pos])
        while pos < bytes.count {
            let c = bytes[pos]
            if c == UInt8(ascii: "\"") { pos += 1; return String(decoding: out, as: UTF8.self) }
            if c < 0x20 { throw error("control character in a string") }
            if c != UInt8(ascii: "\\") { out.append(c); pos += 1; continue }
            pos += 1
            guard pos < bytes.count else { break }
            let e = bytes[pos]
            pos += 1
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var code = try hex4()
                if code >= 0xD800 && code < 0xDC00, pos + 1 < bytes.count,
                    bytes[pos] == UInt8(ascii: "\\"), bytes[pos + 1] == UInt8(ascii: "u")
                {
                    pos += 2
                    let low = try hex4()
                    if low >= 0xDC00 && low < 0xE000 {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                }
                let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
            default: throw error("invalid escape")
            }
        }
        throw error("unterminated string")
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard pos + 4 <= bytes.count else { throw error("truncated \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[pos]
            let d: UInt32
            switch c {
            case 0x30...0x39: d = UInt32(c - 0x30)
            case 0x41...0x46: d = UInt32(c - 0x41 + 10)
            case 0x61...0x66: d = UInt32(c - 0x61 + 10)
            default: throw error("invalid \\u escape")
            }
            v = v << 4 | d
            pos += 1
        }
        return v
    }
}
