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

/// A JSON value together with the path that led to it, so every read can report where it failed.
package struct JSONNode: Sendable {
    /// The value.
    package let value: JSON
    /// Its path from the document root.
    package let path: String

    /// Wraps a root value.
    package init(_ value: JSON, path: String = "") { self.value = value; self.path = path }

    /// An error at this node.
    package func error(_ message: String) -> ModelError { ModelError(path: path, message: message) }

    private func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The member `key` of an object, or nil when absent, null, or this is not an object.
    package subscript(key: String) -> JSONNode? {
        guard case .object(let d) = value, let v = d[key] else { return nil }
        if case .null = v { return nil }
        return JSONNode(v, path: child(key))
    }

    /// The member `key`, which must be present.
    package func required(_ key: String) throws(ModelError) -> JSONNode {
        guard case .object = value else { throw error("expected an object, found \(value.kindName)") }
        guard let n = self[key] else { throw ModelError(path: child(key), message: "missing required key") }
        return n
    }

    /// The elements of an array.
    package func array() throws(ModelError) -> [JSONNode] {
        guard case .array(let a) = value else { throw error("expected an array, found \(value.kindName)") }
        var out: [JSONNode] = []
        out.reserveCapacity(a.count)
        for (i, v) in a.enumerated() { out.append(JSONNode(v, path: "\(path)[\(i)]")) }
        return out
    }

    /// True when the value is an array.
    package var isArray: Bool { if case .array = value { return true } else { return false } }
    /// True when the value is an object.
    package var isObject: Bool { if case .object = value { return true } else { return false } }

    /// The value as a number (booleans count as 0/1, as the players accept them).
    package func number() throws(ModelError) -> Double {
        switch value {
        case .number(let d): return d
        case .bool(let b): return b ? 1 : 0
        default: throw error("expected a number, found \(value.kindName)")
        }
    }

    /// The value as a string.
    package func string() throws(ModelError) -> String {
        guard case .string(let s) = value else { throw error("expected a string, found \(value.kindName)") }
        return s
    }

    /// A number, or a one-element array of a number (as legacy files write scalars).
    package func scalar() throws(ModelError) -> Double {
        if case .array(let a) = value {
            guard let first = a.first else { throw error("expected a number, found an empty array") }
            return try JSONNode(first, path: "\(path)[0]").number()
        }
        return try number()
    }

    /// An array of numbers, or a single number as a one-element vector.
    package func numbers() throws(ModelError) -> [Double] {
        switch value {
        case .number(let d): return [d]
        case .array:
            var out: [Double] = []
            for n in try array() { out.append(try n.number()) }
            return out
        default: throw error("expected a number or an array of numbers, found \(value.kindName)")
        }
    }

    /// Optional members with defaults.
    package func number(_ key: String, default d: Double) throws(ModelError) -> Double {
        guard let n = self[key] else { return d }
        return try n.scalar()
    }
    /// An optional integer member (rounded toward zero).
    package func int(_ key: String, default d: Int) throws(ModelError) -> Int {
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
    package func string(_ key: String) throws(ModelError) -> String? {
        guard let n = self[key] else { return nil }
        if case .number(let d) = n.value { return JSONNode.text(d) }
        return try n.string()
    }
    /// An optional boolean member (numbers count: non-zero is true).
    package func bool(_ key: String, default d: Bool = false) throws(ModelError) -> Bool {
        guard let n = self[key] else { return d }
        switch n.value {
        case .bool(let b): return b
        case .number(let v): return v != 0
        default: throw n.error("expected a boolean, found \(n.value.kindName)")
        }
    }
}
