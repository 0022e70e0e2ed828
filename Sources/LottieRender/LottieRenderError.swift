import Foundation

/// An error of the library: loading, planning frames, encoding or writing. Its description is one line a person can
/// act on.
public enum LottieRenderError: LocalizedError, Sendable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(file: String, reason: String)
    /// The document is not valid Bodymovin JSON; `message` names the JSON path, as in
    /// `layers[3].ks.p.k[1].t: expected a number, found a string`.
    case invalid(file: String, message: String)
    /// The frames asked for do not exist or make no sense (an empty range, an unknown marker, a bad rate).
    case badRequest(reason: String)
    /// An image could not be encoded or decoded.
    case encoding(reason: String)
    /// An output could not be written.
    case write(path: String, reason: String)
    /// The file or the request needs more than a resource limit allows (``ResourceLimits``): an image, a frame
    /// or the frames an encoder holds would take more memory than `maxMemory`.
    case limit(file: String, message: String)
    /// The work was cancelled (``CancellationFlag``, or the `Task` of an `async` call).
    case cancelled

    /// One line: `file: path: message`, or the reason.
    public var description: String {
        switch self {
        case .unreadable(let f, let r): return "\(f): \(r)"
        case .invalid(let f, let m): return "\(f): \(m)"
        case .badRequest(let r), .encoding(let r): return r
        case .write(let p, let r): return "cannot write \(p): \(r)"
        case .limit(let f, let m): return "\(f): \(m)"
        case .cancelled: return "cancelled"
        }
    }

    /// The same line, so that `localizedDescription` (what a service logs) says what went wrong.
    public var errorDescription: String? { description }

    /// A stable name of the kind of error, for logs and metrics: `unreadable`, `invalid`, `bad-request`,
    /// `encoding`, `write`, `limit` or `cancelled`.
    public var code: String {
        switch self {
        case .unreadable: "unreadable"
        case .invalid: "invalid"
        case .badRequest: "bad-request"
        case .encoding: "encoding"
        case .write: "write"
        case .limit: "limit"
        case .cancelled: "cancelled"
        }
    }

    /// Where in the document an ``invalid(file:message:)`` error is (`layers[3].ks.p.k[1].t`), or nil for the
    /// document as a whole and for the other errors.
    public var jsonPath: String? {
        guard case .invalid(_, let m) = self, let colon = m.range(of: ": ") else { return nil }
        let path = m[..<colon.lowerBound]
        guard !path.isEmpty, !path.contains(" "), path.first.map({ $0.isLetter || $0 == "[" }) == true else {
            return nil
        }
        return String(path)
    }
}
