import Foundation

/// Reads a Bodymovin JSON document into a `Composition`.
package enum DocumentReader {
    /// Largest accepted composition side, in pixels.
    package static let maxDimension = 16384.0
    /// Longest accepted animation, in frames (`op - ip`).
    package static let maxFrames = 100_000.0

    /// Parses bytes into a composition, or throws a `ModelError` naming the JSON path.
    /// `slots: false`: properties as written, the document's slots (`"sid"`) not applied (rlottie reads none).
    package static func read(_ bytes: [UInt8], slots: Bool = true) throws(ModelError) -> Composition {
        let tape: JSONTape
        do { tape = try JSONTape(bytes, slots: slots) } catch { throw ModelError(path: "", message: error.description) }
        var comp = try tape.withRoot { (root: JSONNode) throws(ModelError) -> Composition in try read(root) }
        // Expressions ("x") see the After Effects property tree: read from these bytes when they are first bound.
        if !comp.expressions.isEmpty { comp.expressionTreeSource = ExpressionTreeSource(bytes: bytes, slots: slots) }
        return comp
    }

    /// Reads a composition from a parsed document.
    package static func read(_ doc: JSONNode) throws(ModelError) -> Composition {
        guard doc.isObject else {
            throw doc.error("expected the document to be an object, found \(doc.kindName)")
        }
        // A JSON file that is no animation at all (package.json, a manifest) gets one sentence, not a missing key.
        let keys: [JSONKey] = ["v", "fr", "ip", "op", "w", "h", "layers"]
        let present = keys.filter { doc[$0] != nil }
        if doc["layers"] == nil && present.count < 3 {
            throw ModelError(
                path: "",
                message: "not a Lottie animation: a Bodymovin document has the keys "
                    + keys.map { "\"\($0)\"" }.joined(separator: ", ")
                    + (present.isEmpty
                        ? "; this JSON has none of them"
                        : "; this JSON has only "
                            + present.map { "\"\($0)\"" }.joined(separator: ", ")))
        }
        var diag = Diagnostics()
        let w = try doc.required("w").number() // "w"
        let h = try doc.required("h").number() // "h"
        let frNode = try doc.required("fr") // "fr"
        let fr = try frNode.number()
        let ipNode = try doc.required("ip"), opNode = try doc.required("op")
        let ip = try ipNode.number(), op = try opNode.number()
        for (v, key) in [(w, "w"), (h, "h")] where !(v > 0 && v <= maxDimension) {
            throw ModelError(path: key, message: "size \(v) is outside 1…\(Int(maxDimension))")
        }
        guard fr > 0, fr <= 1000 else { throw frNode.error("frame rate must be between 0 and 1000, found \(fr)") }
        guard op > ip else { throw opNode.error("out point \(op) is not after in point \(ip)") }
        guard op - ip <= maxFrames else {
            throw opNode.error("animation is \(op - ip) frames long, more than the limit of \(Int(maxFrames))")
        }
        var hasSlots = false
        if let slots = try doc.object("slots") { // "slots": {id: {"p": value}}
            for slot in slots.memberValues where !slot.isObject {
                throw slot.error("expected a slot object {\"p\": …}, found \(slot.kindName)")
            }
            hasSlots = !slots.memberValues.isEmpty
        }
        var assets: [String: Asset] = [:]
        var order: [String] = []
        if let list = doc["assets"] {
            for a in try list.arrayElements() {
                guard let asset = try readAsset(a, diagnostics: &diag) else { continue }
                let id: String
                switch asset {
                case .precomp(let i, _, _, _): id = i
                case .image(let img): id = img.id
                case .sound(let i): id = i
                case .data(let d): id = d.id
                }
                if assets[id] == nil { order.append(id) }
                assets[id] = asset
            }
        }
        let layers = try readLayers(try doc.required("layers"), diagnostics: &diag)
        var markers: [Marker] = []
        if let ms = doc["markers"] {
            for m in try ms.arrayElements() {
                guard m.isObject else { throw m.error("expected a marker object, found \(m.kindName)") }
                markers.append(
                    Marker(
                        name: try m.string("cm") ?? "", time: try m.number("tm", default: 0),
                        duration: try m.number("dr", default: 0)))
            }
            if !markers.isEmpty { diag.use("markers") }
        }
        let hasFonts = doc["fonts"] != nil || doc["chars"] != nil
        if doc["ddd"] != nil, try doc.bool("ddd") { diag.use("comp:3d") }
        let fonts = try TextReader.fonts(doc["fonts"]) // "fonts"
        let glyphs = try TextReader.glyphs(doc["chars"], diagnostics: &diag) // "chars"
        var comp = Composition(
            version: try doc.string("v") ?? "", name: try doc.string("nm") ?? "",
            width: w, height: h, frameRate: fr, inPoint: ip, outPoint: op, layers: layers,
            assets: assets, assetOrder: order, markers: markers, hasFonts: hasFonts,
            diagnostics: diag)
        comp.fonts = fonts
        comp.hasSlots = hasSlots
        if let mb = try doc.object("mb") { // "mb": composition motion blur settings
            comp.motionBlur = (
                try mb.number("sa", default: 180), try mb.number("sp", default: -90),
                max(1, min(64, try mb.int("spf", default: 16)))
            )
        }
        comp.glyphs = glyphs
        comp.expressions = diag.expressions
        return comp
    }

    static func readLayers(_ node: JSONNode, diagnostics: inout Diagnostics) throws(ModelError) -> [Layer] {
        let list = try node.arrayElements()
        var out: [Layer] = []
        out.reserveCapacity(node.count)
        for l in list { out.append(try LayerReader.read(l, diagnostics: &diagnostics)) }
        return out
    }

    private static func readAsset(_ a: JSONNode, diagnostics: inout Diagnostics) throws(ModelError) -> Asset? {
        guard a.isObject else { throw a.error("expected an asset object, found \(a.kindName)") }
        // A slot (`"sid"`) can replace an image asset's members, as it replaces a property's value.
        let a = a.slotValue.map { $0.isObject ? a.overlaid(by: $0) : a } ?? a
        guard let id = try a.string("id") else { return nil }
        if let layers = a["layers"] { // precomp asset
            return .precomp(
                id: id, layers: try readLayers(layers, diagnostics: &diagnostics),
                width: try a["w"]?.number(), height: try a["h"]?.number())
        }
        guard let p = try a.string("p") else { return nil } // "p": file name or data URI
        // Sounds of audio layers (ty 6) share the image asset's keys; they have no "w"/"h".
        let audio = ["mp3", "wav", "m4a", "aac", "ogg", "oga", "flac", "aif", "aiff"]
        if p.hasPrefix("data:audio/") || (a["w"] == nil && audio.contains((p as NSString).pathExtension.lowercased())) {
            diagnostics.use("asset:audio")
            return .sound(id: id)
        }
        // "t": 3 marks data footage (JSON); a string "t" ("seg") belongs to precomps and is not read here.
        if let t = a["t"], !t.isString, (try t.number()) == 3 {
            diagnostics.use("asset:data")
            let source: ImageSource
            if p.hasPrefix("data:") {
                source = decodeDataURI(p).map { .embedded($0) } ?? .invalid(String(p.prefix(40)))
            } else {
                source = .file((try a.string("u") ?? "") + p)
            }
            return .data(DataAsset(id: id, name: p.hasPrefix("data:") ? id : p, source: source))
        }
        let source: ImageSource
        if p.hasPrefix("data:") {
            diagnostics.use("image:embedded")
            source = decodeDataURI(p).map { .embedded($0) } ?? .invalid(String(p.prefix(40)))
        } else {
            diagnostics.use("image:external")
            let u = try a.string("u") ?? "" // "u": folder
            source = .file(u + p)
        }
        var image = ImageAsset(
            id: id, width: try a.number("w", default: 0), height: try a.number("h", default: 0), source: source)
        // "e": read as an integer, as the players do (1.5 is 1; no Int conversion, which traps on 1e300).
        image.markedEmbedded = (try? a["e"]?.number()).flatMap { $0 }.map { $0.rounded(.towardZero) == 1 } ?? false
        return .image(image)
    }

    /// Decodes `data:…;base64,…`; nil when it is not valid base64.
    static func decodeDataURI(_ uri: String) -> [UInt8]? {
        guard let comma = uri.firstIndex(of: ",") else { return nil }
        let header = uri[uri.startIndex..<comma]
        let payload = String(uri[uri.index(after: comma)...])
        if header.hasSuffix(";base64") {
            guard let d = Data(base64Encoded: payload, options: .ignoreUnknownCharacters) else { return nil }
            return [UInt8](d)
        }
        return payload.removingPercentEncoding.map { Array($0.utf8) }
    }
}
