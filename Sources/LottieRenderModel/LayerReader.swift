/// Reads one layer (`"layers"[]`) and its transform and masks.
enum LayerReader {
    static func read(_ l: JSONNode, diagnostics d: inout Diagnostics) throws(ModelError) -> Layer {
        guard l.isObject else { throw l.error("expected a layer object, found \(l.kindName)") }
        let ty = JSONNode.code(try l.required("ty").number()) ?? -1 // "ty"; out of range: unsupported
        let content: LayerContent
        var keysBeforeType = false
        switch ty {
        case 4:
            d.use("layer:shape")
            content = .shapes(
                try ShapeReader.items(l["shapes"], fromType: false, keysBeforeType: &keysBeforeType, diagnostics: &d)
            ) // "shapes"
        case 0:
            d.use("layer:precomp")
            let tm = try l["tm"].map { (n: JSONNode) throws(ModelError) -> NumberProperty in
                d.use("time-remap")
                return try PropertyReader.numbers(n, default: [0], diagnostics: &d)
            }
            content = .precomp(
                refId: try l.string("refId") ?? "", width: try l.number("w", default: 0),
                height: try l.number("h", default: 0), timeRemap: tm)
        case 1:
            d.use("layer:solid")
            content = .solid(
                color: try solidColor(l),
                width: try l.number("sw", default: 0), height: try l.number("sh", default: 0))
        case 2:
            d.use("layer:image")
            content = .image(refId: try l.string("refId") ?? "")
        case 3:
            d.use("layer:null")
            content = .null
        case 5:
            d.use("layer:text")
            content = .text(try TextReader.text(try l.object("t"), diagnostics: &d)) // "t"
        case 13:
            d.use("layer:camera")
            let ks = try l.object("ks")
            content = .camera(
                zoom: try PropertyReader.numbers(l["pe"], default: [879.13], diagnostics: &d), // "pe"
                pointOfInterest: try ks?["a"].map { (n: JSONNode) throws(ModelError) -> NumberProperty in
                    try PropertyReader.numbers(n, default: [0, 0, 0], diagnostics: &d)
                })
        case 15:
            d.use("layer:data")
            content = .data(refId: try l.string("refId") ?? "") // "refId": a data asset ("t": 3)
        default:
            content = .unsupported(type: ty)
            d.note("layer:" + content.kindName.split(separator: " ").joined(separator: "-")) // "audio", "type-7"
        }
        var masks: [Mask] = []
        if let mp = try l.list("masksProperties") { // "masksProperties"
            for m in try mp.arrayElements() {
                let modeString = try m.string("mode") ?? "a"
                let mode = MaskMode(rawValue: modeString) ?? .add
                d.use("mask:\(mode)")
                guard let pt = m["pt"] else { throw ModelError(path: m.path + ".pt", message: "missing required key") }
                var mask = Mask(
                    mode: mode, inverted: try m.bool("inv"),
                    path: try PropertyReader.shape(pt, diagnostics: &d),
                    opacity: try PropertyReader.numbers(m["o"], default: [100], diagnostics: &d),
                    expansion: try PropertyReader.numbers(m["x"], default: [0], diagnostics: &d))
                mask.inversionBeforeMode = m["inv"] != nil && m.fromMember("inv")["mode"] != nil
                if m["f"] != nil { // "f": feather
                    mask.feather = try PropertyReader.numbers(m["f"], default: [0, 0], diagnostics: &d)
                    d.use("mask:feather")
                }
                masks.append(mask)
            }
        }
        var tt: MatteMode? = nil
        if let t = l["tt"] { // "tt"
            tt = JSONNode.code(try t.number()).flatMap(MatteMode.init(rawValue:))
            if let tt { d.use("matte:tt:\(tt.rawValue)") }
        }
        let code = try l.int("bm", default: 0)
        if code != 0 { if (1...17).contains(code) { d.use("blend:\(code)") } else { d.note("blend:\(code)") } }
        let bm = LayerBlendMode(code: code) // "bm"
        if try l.bool("ddd") { d.use("layer:3d") }
        let effects = try EffectReader.effects(l["ef"], diagnostics: &d) // "ef"
        let collapse = try l.bool("ct"), motionBlur = try l.bool("mb") // "ct", "mb"
        if motionBlur { d.use("motion-blur") }
        if try l.int("hasMask", default: 0) != 0 && masks.isEmpty {
            d.warn("layer \(l.path) says it has masks but lists none")
        }
        let ks = try l.object("ks") // "ks": the transform
        var fields = LayerFields(
            index: try l["ind"].map { (n: JSONNode) throws(ModelError) -> Int in try n.integer() },
            parent: try l["parent"].map { (n: JSONNode) throws(ModelError) -> Int in try n.integer() },
            name: try l.string("nm") ?? "",
            inPoint: try l.number("ip", default: 0), outPoint: try l.number("op", default: 1e9),
            startTime: try l.number("st", default: 0), timeStretch: try l.number("sr", default: 1),
            transform: try transform(ks, diagnostics: &d), autoOrient: try l.bool("ao"),
            masks: masks, matteMode: tt, isMatteSource: try l.bool("td"),
            matteParent: try l["tp"].map { (n: JSONNode) throws(ModelError) -> Int in try n.integer() },
            hidden: try l.bool("hd"), blendMode: bm, is3D: try l.bool("ddd"), content: content,
            collapse: collapse, motionBlur: motionBlur, effects: effects)
        fields.timingKeyMissing = l["ip"] == nil || l["op"] == nil || l["st"] == nil
        fields.styles = try LayerStyleReader.styles(l["sy"], diagnostics: &d) // "sy"
        // Key order, for rlottie: "ddd" before "ks"; shape items with keys that are read written before their "ty".
        fields.dddBeforeTransform = l["ddd"] != nil && l.fromMember("ddd")["ks"] != nil
        if keysBeforeType {
            var scratch = Diagnostics()
            fields.shapesFromType = try? ShapeReader.items(l["shapes"], fromType: true, diagnostics: &scratch)
        }
        // Boxed once, with every field set (setting a layer's field afterwards boxes them again).
        return Layer(fields)
    }

    /// A transform (`"ks"` of layers, `"ty":"tr"` of groups).
    static func transform(_ ks: JSONNode?, diagnostics d: inout Diagnostics) throws(ModelError) -> LayerTransform {
        // The transform's keys in one pass.
        var m = TransformMembers()
        try ks?.forEachMember { (key, value) throws(ModelError) in
            switch key {
            case "a": m.a = value
            case "p": m.p = value
            case "s": m.s = value
            case "r": m.r = value
            case "rz": m.rz = value
            case "rx": m.rx = value
            case "ry": m.ry = value
            case "or": m.or = value
            case "o": m.o = value
            case "sk": m.sk = value
            case "sa": m.sa = value
            default: break
            }
        }
        func member(_ v: JSONNode.Member) -> JSONNode? { ks?[v] }
        let position: PositionProperty
        var positionZ: NumberProperty? = nil
        if let p = member(m.p), p.isObject, try p.bool("s") { // split position "p.s"
            d.use("transform:split-position")
            position = .split(
                x: try PropertyReader.numbers(p["x"], default: [0], diagnostics: &d),
                y: try PropertyReader.numbers(p["y"], default: [0], diagnostics: &d))
            if let z = p["z"] { positionZ = try PropertyReader.numbers(z, default: [0], diagnostics: &d) } // "p.z"
        } else {
            position = .combined(try PropertyReader.numbers(member(m.p), default: [0, 0], diagnostics: &d))
        }
        let rot = member(m.r) ?? member(m.rz) // "r", or "rz" on 3-D layers
        var tr3: Transform3D? = nil
        if member(m.rx) != nil || member(m.ry) != nil || member(m.or) != nil { // "rx", "ry", "or": 3-D rotation
            d.use("transform:3d")
            tr3 = Transform3D(
                rotationX: try PropertyReader.numbers(member(m.rx), default: [0], diagnostics: &d),
                rotationY: try PropertyReader.numbers(member(m.ry), default: [0], diagnostics: &d),
                orientation: try PropertyReader.numbers(member(m.or), default: [0, 0, 0], diagnostics: &d))
        }
        var result = LayerTransform(
            anchor: try PropertyReader.numbers(member(m.a), default: [0, 0], diagnostics: &d), // "a"
            position: position,
            scale: try PropertyReader.numbers(member(m.s), default: [100, 100], diagnostics: &d), // "s"
            rotation: try PropertyReader.numbers(rot, default: [0], diagnostics: &d),
            opacity: try PropertyReader.numbers(member(m.o), default: [100], diagnostics: &d), // "o"
            skew: try PropertyReader.numbers(member(m.sk), default: [0], diagnostics: &d), // "sk"
            skewAxis: try PropertyReader.numbers(member(m.sa), default: [0], diagnostics: &d)) // "sa"
        result.threeD = tr3
        result.positionZ = positionZ
        result.rotationFromR = member(m.r) != nil
        return result
    }

    /// The members of a transform (`"ks"`, `"ty":"tr"`) that the reader uses.
    private struct TransformMembers {
        var a = JSONNode.Member.absent, p = JSONNode.Member.absent, s = JSONNode.Member.absent
        var r = JSONNode.Member.absent, rz = JSONNode.Member.absent, rx = JSONNode.Member.absent
        var ry = JSONNode.Member.absent, or = JSONNode.Member.absent, o = JSONNode.Member.absent
        var sk = JSONNode.Member.absent, sa = JSONNode.Member.absent
    }

    /// A solid layer's colour (`"sc"`, `"#rrggbb"` or `"#rgb"`): an error naming the path when it is neither.
    static func solidColor(_ l: JSONNode) throws(ModelError) -> [Double] {
        guard let n = l["sc"] else { return [0, 0, 0] }
        let s = try n.string()
        let hex = s.hasPrefix("#") ? s.dropFirst() : Substring(s)
        guard hex.count == 3 || hex.count == 6 || hex.count == 8, hex.allSatisfy(\.isHexDigit) else {
            throw n.error("expected a colour \"#rrggbb\", found \"\(s.prefix(40))\"")
        }
        return parseHexColor(s)
    }

    /// `"#rrggbb"` to RGB in 0…1; black when malformed.
    static func parseHexColor(_ s: String) -> [Double] {
        var hex = s.hasPrefix("#") ? String(s.dropFirst()) : s
        if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
        guard hex.count >= 6, let v = UInt32(hex.prefix(6), radix: 16) else { return [0, 0, 0] }
        return [Double((v >> 16) & 255) / 255, Double((v >> 8) & 255) / 255, Double(v & 255) / 255]
    }
}
