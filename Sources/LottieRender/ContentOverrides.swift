import LottieRenderModel

/// What an app changes in an animation as it loads it, as the players' providers do (lottie-ios's value, text and
/// image providers; ThorVG's `LottieAnimation::override`; dotLottie themes): slot values, the text of text
/// layers, and images. Fonts an app bundles are `fontFolders` beside it. Each change that finds nothing to change
/// is a warning in ``LottieDocument/warnings``, never silent.
public struct ContentOverrides: Sendable {
    /// Slot values in the Lottie slots format, a JSON object `{"slot id": {"p": value}}` (lottie-docs "Slots"): each
    /// replaces the properties whose `"sid"` names it, as the file's own `"slots"` do, over them.
    public var slots: String?
    /// New text for text layers, by layer name (`"nm"`), in every composition: every keyframe of the layer's text
    /// document gets it; its font, size and colour stay.
    public var text: [String: String] = [:]
    /// Image files (PNG, JPEG, WebP, GIF bytes) that replace image assets, by asset id (`"assets[].id"`): embedded
    /// or external alike, including one the file names by URL.
    public var images: [String: [UInt8]] = [:]
    /// Asked for every image asset not in ``images``, before the file's own bytes are looked up: the asset's id and
    /// where the file says it is (`"u"` + `"p"`, or nil for embedded data); return an image file's bytes to use
    /// them, nil to keep the file's own (as lottie-ios's `AnimationImageProvider` and lottie-web's
    /// `imageAssetsFolder` serve apps). Called while the document loads, once per asset.
    public var imageProvider: (@Sendable (_ assetID: String, _ path: String?) -> [UInt8]?)?
    /// A theme of a `.lottie` file, by id (`t/ID.json`): its rules set slots as the dotLottie players apply them
    /// (``slots`` go over it). Loading anything else with a theme throws.
    public var theme: String?
    /// The theme's slots JSON and the rules it could not apply (set while loading a `.lottie`).
    var themeSlots: String?
    var themeWarnings: [String] = []

    /// No changes.
    public init() {}

    /// Nothing to change.
    public var isEmpty: Bool { slots == nil && text.isEmpty && images.isEmpty && theme == nil }

    /// `bytes` (a Lottie document) with the theme's slots and `slots` appended as root `"slots"` members, whose
    /// ids win over the file's own (JSONTape reads the members in order, the last value of an id wins). Throws when
    /// `slots` is not an object of `{"p": …}`.
    func applySlots(to bytes: [UInt8]) throws(LottieRenderError) -> [UInt8] {
        let added = [themeSlots, slots].compactMap { $0 }
        guard !added.isEmpty else { return bytes }
        if let slots { try Self.check(slots) }
        var end = bytes.count
        while end > 0, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[end - 1]) { end -= 1 }
        guard end > 1, bytes[end - 1] == UInt8(ascii: "}") else { return bytes } // not an object: reading fails
        var out = Array(bytes[..<(end - 1)])
        for json in added { out += Array(",\"slots\":".utf8) + Array(json.utf8) }
        return out + [UInt8(ascii: "}")]
    }

    /// Throws unless `slots` is a JSON object of objects with a `"p"`.
    static func check(_ slots: String) throws(LottieRenderError) {
        let parsed: JSON
        do { parsed = try JSONParser.parse(Array(slots.utf8)) } catch {
            throw .badRequest(reason: "slots: not valid JSON: \(error)")
        }
        guard case .object(let members) = parsed else {
            throw .badRequest(reason: "slots: expected an object of slot ids, found \(parsed.kindName)")
        }
        for (id, value) in members.sorted(by: { $0.key < $1.key }) {
            guard case .object(let slot) = value, slot["p"] != nil else {
                throw .badRequest(reason: "slots.\(id): expected an object with the slot's value in \"p\"")
            }
        }
    }

    /// The ids of `slots` and of the theme's rules that no property of `bytes` names by `"sid"`.
    func unusedSlots(in bytes: [UInt8]) -> [String] {
        let ids = [themeSlots, slots].compactMap { json -> [String]? in
            guard let json, case .object(let members)? = try? JSONParser.parse(Array(json.utf8)) else { return nil }
            return Array(members.keys)
        }.flatMap { $0 }
        guard !ids.isEmpty, let tape = try? JSONTape(bytes, slots: false) else { return [] }
        let used = tape.stringValues(ofKey: "sid")
        return Set(ids).subtracting(used).sorted()
    }

    /// `c` with the text of the layers `text` names replaced; also returns the names that matched no text layer.
    func applyText(to c: Composition) -> (Composition, unmatched: [String]) {
        guard !text.isEmpty else { return (c, []) }
        var out = c
        var matched = Set<String>()
        func apply(_ layers: [Layer]) -> [Layer] {
            layers.map { l in
                guard case .text(var data) = l.content, let new = text[l.name] else { return l }
                matched.insert(l.name)
                for i in data.documents.indices { data.documents[i].document.text = new }
                var l = l
                l.content = .text(data)
                return l
            }
        }
        out.layers = apply(c.layers)
        for (id, asset) in c.assets {
            if case .precomp(let pid, let layers, let w, let h) = asset {
                out.assets[id] = .precomp(id: pid, layers: apply(layers), width: w, height: h)
            }
        }
        return (out, text.keys.filter { !matched.contains($0) }.sorted())
    }
}
