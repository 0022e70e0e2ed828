/// A warning as a value, for a service's logs and metrics: what kind (`code`), the message as the tool prints it,
/// and where in the document it applies when one place is at fault.
///
/// Codes: `scene` (drawn as the players draw it, but worth knowing), `model` (values read as the players read them),
/// `unsupported` (a feature not drawn), `image`, `image-aspect`, `font` (a fallback font), `expression`, `footage`,
/// and for ``ContentOverrides`` `slot-unused`, `text-layer-missing`, `image-asset-missing` and `theme`.
public struct LottieWarning: Sendable, Hashable, CustomStringConvertible {
    /// The kind of warning.
    public let code: String
    /// The message, as ``LottieDocument/warnings`` holds it.
    public let message: String

    /// A warning of kind `code`.
    public init(code: String, _ message: String) {
        self.code = code; self.message = message
    }

    /// The message.
    public var description: String { message }

    /// The JSON path the message starts with (`layers[2].ks.o: …`), or nil when it is about the document as a whole
    /// or names its place in words (an asset or layer by name).
    public var jsonPath: String? {
        guard let colon = message.range(of: ": ") else { return nil }
        let path = message[..<colon.lowerBound]
        guard let first = path.first, first.isLetter || first == "[", !path.contains(" "),
            path.contains(".") || path.contains("[")
        else { return nil }
        return String(path)
    }
}
