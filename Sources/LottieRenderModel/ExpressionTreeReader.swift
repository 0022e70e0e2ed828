/// Builds the property tree expressions navigate (`thisLayer(2)("Group")(2)("Path 1")`, `effect("Slider")(1)`,
/// `content("Shape").transform.position`) from the JSON, for files that have expressions. Properties are read
/// again here with the main diagnostics, so a property's expression keeps the handle its JSON path was given.
enum ExpressionTreeReader {
    /// Fixed properties: Bodymovin key, After Effects name, match name, attribute, index.
    typealias Entry = (key: String, name: String, match: String, attribute: String, index: Int)

    /// A layer's transform (`"ks"`).
    static let layerTransform: [Entry] = [
        ("a", "Anchor Point", "ADBE Anchor Point", "anchorPoint", 1), ("p", "Position", "ADBE Position", "position", 2),
        ("s", "Scale", "ADBE Scale", "scale", 3), ("or", "Orientation", "ADBE Orientation", "orientation", 4),
        ("rx", "X Rotation", "ADBE Rotate X", "xRotation", 8), ("ry", "Y Rotation", "ADBE Rotate Y", "yRotation", 9),
        ("r", "Rotation", "ADBE Rotate Z", "rotation", 10), ("rz", "Rotation", "ADBE Rotate Z", "zRotation", 10),
        ("o", "Opacity", "ADBE Opacity", "opacity", 11), ("sk", "Skew", "ADBE Skew", "skew", 12),
        ("sa", "Skew Axis", "ADBE Skew Axis", "skewAxis", 13),
    ]

    /// A shape group's transform (`"ty":"tr"`).
    static let shapeTransform: [Entry] = [
        ("a", "Anchor Point", "ADBE Vector Anchor", "anchorPoint", 1),
        ("p", "Position", "ADBE Vector Position", "position", 2), ("s", "Scale", "ADBE Vector Scale", "scale", 3),
        ("sk", "Skew", "ADBE Vector Skew", "skew", 4), ("sa", "Skew Axis", "ADBE Vector Skew Axis", "skewAxis", 5),
        ("r", "Rotation", "ADBE Vector Rotation", "rotation", 6),
        ("o", "Opacity", "ADBE Vector Group Opacity", "opacity", 7),
    ]

    /// Properties of each shape item type (`"ty"`).
    static let shapeItems: [String: [Entry]] = [
        "sh": [("ks", "Path", "ADBE Vector Shape", "path", 2)],
        "el": [
            ("s", "Size", "ADBE Vector Ellipse Size", "size", 2),
            ("p", "Position", "ADBE Vector Ellipse Position", "position", 3),
        ],
        "rc": [
            ("s", "Size", "ADBE Vector Rect Size", "size", 2),
            ("p", "Position", "ADBE Vector Rect Position", "position", 3),
            ("r", "Roundness", "ADBE Vector Rect Roundness", "roundness", 4),
        ],
        "sr": [
            ("pt", "Points", "ADBE Vector Star Points", "points", 3),
            ("p", "Position", "ADBE Vector Star Position", "position", 4),
            ("r", "Rotation", "ADBE Vector Star Rotation", "rotation", 5),
            ("ir", "Inner Radius", "ADBE Vector Star Inner Radius", "innerRadius", 6),
            ("or", "Outer Radius", "ADBE Vector Star Outer Radius", "outerRadius", 7),
            ("is", "Inner Roundness", "ADBE Vector Star Inner Roundess", "innerRoundness", 8),
            ("os", "Outer Roundness", "ADBE Vector Star Outer Roundess", "outerRoundness", 9),
        ],
        "fl": [
            ("c", "Color", "ADBE Vector Fill Color", "color", 4),
            ("o", "Opacity", "ADBE Vector Fill Opacity", "opacity", 5),
        ],
        "st": [
            ("c", "Color", "ADBE Vector Stroke Color", "color", 3),
            ("o", "Opacity", "ADBE Vector Stroke Opacity", "opacity", 4),
            ("w", "Stroke Width", "ADBE Vector Stroke Width", "strokeWidth", 5),
        ],
        "gf": [
            ("o", "Opacity", "ADBE Vector Grad Opacity", "opacity", 4),
            ("s", "Start Point", "ADBE Vector Grad Start Pt", "startPoint", 5),
            ("e", "End Point", "ADBE Vector Grad End Pt", "endPoint", 6),
        ],
        "gs": [
            ("o", "Opacity", "ADBE Vector Grad Opacity", "opacity", 4),
            ("s", "Start Point", "ADBE Vector Grad Start Pt", "startPoint", 5),
            ("e", "End Point", "ADBE Vector Grad End Pt", "endPoint", 6),
            ("w", "Stroke Width", "ADBE Vector Stroke Width", "strokeWidth", 7),
        ],
        "tm": [
            ("s", "Start", "ADBE Vector Trim Start", "start", 1), ("e", "End", "ADBE Vector Trim End", "end", 2),
            ("o", "Offset", "ADBE Vector Trim Offset", "offset", 3),
        ],
        "rd": [("r", "Radius", "ADBE Vector RoundCorner Radius", "radius", 1)],
        "rp": [
            ("c", "Copies", "ADBE Vector Repeater Copies", "copies", 1),
            ("o", "Offset", "ADBE Vector Repeater Offset", "offset", 2),
        ],
    ]

    /// The tree of every layer list: the root under "", precomps under their asset id.
    static func read(_ doc: JSONNode, diagnostics d: inout Diagnostics) throws(ModelError) -> ExpressionTree {
        var lists: [String: [PropertyNode]] = [:]
        if let layers = doc["layers"] { lists[""] = try layerNodes(layers, &d) }
        if let assets = doc["assets"], assets.isArray {
            for a in try assets.array() where a.isObject {
                guard let id = try? a.string("id"), let layers = a["layers"] else { continue }
                lists[id] = try layerNodes(layers, &d)
            }
        }
        return ExpressionTree(lists: lists)
    }

    private static func layerNodes(_ layers: JSONNode, _ d: inout Diagnostics) throws(ModelError) -> [PropertyNode] {
        guard layers.isArray else { return [] }
        var out: [PropertyNode] = []
        for l in try layers.array() {
            guard l.isObject else { out.append(PropertyNode(name: "", matchName: "", index: out.count + 1)); continue }
            var children: [PropertyNode] = []
            if let ks = l["ks"], ks.isObject {
                children.append(transform(ks, layerTransform, "ADBE Transform Group", &d))
            }
            if let shapes = l["shapes"], shapes.isArray {
                children.append(
                    PropertyNode(
                        name: "Contents", matchName: "ADBE Root Vectors Group", index: 2, attribute: "content",
                        children: try items(shapes, &d)))
            }
            if let masks = l["masksProperties"], masks.isArray { children.append(try maskGroup(masks, &d)) }
            if let ef = l["ef"], ef.isArray { children.append(try effects(ef, &d)) }
            if let t = l["t"], let dn = t["d"], let k = dn["k"], k.isArray { // "t"."d": the source text
                var texts: [(time: Double, text: String)] = []
                for kf in (try? k.array()) ?? [] {
                    guard let s = kf["s"], let text = try? s.string("t") else { continue }
                    texts.append(((try? kf.number("t", default: 0)) ?? 0, text))
                }
                texts.sort { $0.time < $1.time }
                var ref: ExpressionRef? = nil
                if let x = dn["x"], x.isString, let source = try? x.text(), source.hasNonWhitespace {
                    ref = d.expression(at: dn, source: source, kind: .text)
                }
                let sourceText = PropertyNode(
                    name: "Source Text", matchName: "ADBE Text Document", index: 1, attribute: "sourceText",
                    value: .text(texts, ref))
                children.append(
                    PropertyNode(
                        name: "Text", matchName: "ADBE Text Properties", index: 2, attribute: "text",
                        children: [sourceText]))
            }
            if let tm = l["tm"], let v = property(tm, &d, shape: false) { // "tm": time remap, in seconds
                children.append(
                    PropertyNode(
                        name: "Time Remap", matchName: "ADBE Time Remapping", index: 5, attribute: "timeRemap",
                        value: v))
            }
            out.append(
                PropertyNode(
                    name: (try? l.string("nm")) ?? "", matchName: "", index: (try? l.int("ind", default: 0)) ?? 0,
                    children: children))
        }
        return out
    }

    private static func property(_ node: JSONNode, _ d: inout Diagnostics, shape: Bool) -> ExpressionValue? {
        if shape { return (try? PropertyReader.shape(node, diagnostics: &d)).map(ExpressionValue.shape) }
        return (try? PropertyReader.numberList(node, default: [0], diagnostics: &d)).map(ExpressionValue.number)
    }

    private static func fixed(_ obj: JSONNode, _ entries: [Entry], _ d: inout Diagnostics) -> [PropertyNode] {
        var out: [PropertyNode] = []
        for e in entries {
            guard let n = obj[named: e.key] else { continue }
            if e.key == "p", n.isObject, (try? n.bool("s")) == true { // "p":{"s":true,"x":…,"y":…}
                let parts = [
                    ("x", "X Position", "xPosition"), ("y", "Y Position", "yPosition"),
                    ("z", "Z Position", "zPosition"),
                ]
                for (k, (key, name, attr)) in parts.enumerated() {
                    guard let c = n[named: key], let v = property(c, &d, shape: false) else { continue }
                    out.append(
                        PropertyNode(
                            name: name, matchName: "ADBE Position_\(k)", index: e.index, attribute: attr, value: v))
                }
                continue
            }
            guard let v = property(n, &d, shape: e.key == "ks") else { continue }
            let ix = (try? n.int("ix", default: e.index)) ?? e.index
            out.append(
                PropertyNode(
                    name: e.name, matchName: e.match, index: ix, attribute: e.attribute, value: v))
        }
        return out
    }

    private static func transform(
        _ obj: JSONNode, _ entries: [Entry], _ match: String, _ d: inout Diagnostics
    ) -> PropertyNode {
        PropertyNode(
            name: "Transform", matchName: match, index: match == "ADBE Transform Group" ? 1 : 3, attribute: "transform",
            children: fixed(obj, entries, &d))
    }

    private static func items(_ list: JSONNode, _ d: inout Diagnostics) throws(ModelError) -> [PropertyNode] {
        var out: [PropertyNode] = []
        for (i, item) in try list.array().enumerated() where item.isObject {
            let ty = (try? item.string("ty")) ?? ""
            if ty == "tr" { continue }
            let name = (try? item.string("nm")) ?? "", match = (try? item.string("mn")) ?? ""
            let ix = (try? item.int("ix", default: i + 1)) ?? (i + 1)
            var children: [PropertyNode] = []
            if ty == "gr" {
                let members = item["it"]
                children.append(
                    PropertyNode(
                        name: "Contents", matchName: "ADBE Vectors Group", index: 2, attribute: "content",
                        children: members.map { (try? items($0, &d)) ?? [] } ?? []))
                if let members, members.isArray,
                    let tr = (try? members.array())?.last(where: { (try? $0.string("ty")) == "tr" })
                {
                    children.append(transform(tr, shapeTransform, "ADBE Vector Transform Group", &d))
                }
            } else {
                children = fixed(item, shapeItems[ty] ?? [], &d)
                if ty == "rp", let tr = item["tr"], tr.isObject {
                    children.append(transform(tr, shapeTransform, "ADBE Vector Repeater Transform", &d))
                }
                if ty == "st" || ty == "gs", let dashes = item["d"], dashes.isArray {
                    children.append(dashGroup(dashes, &d))
                }
            }
            var node = PropertyNode(name: name, matchName: match, index: ix, children: children)
            node.shapeType = ty
            out.append(node)
        }
        return out
    }

    /// A stroke's dashes (`"d"`: entries `"n"` d, g or o with a value `"v"`), named as After Effects names them
    /// (Bodymovin's `"nm"` there is "dash", "gap", "offset").
    private static func dashGroup(_ list: JSONNode, _ d: inout Diagnostics) -> PropertyNode {
        var members: [PropertyNode] = []
        var counts: [String: Int] = [:]
        for e in (try? list.array()) ?? [] where e.isObject {
            guard let kind = try? e.string("n"), let v = e["v"], let value = property(v, &d, shape: false) else {
                continue
            }
            counts[kind, default: 0] += 1
            let n = counts[kind] ?? 1
            let (name, match, attribute): (String, String, String) =
                switch kind {
                case "d": ("Dash \(n)", "ADBE Vector Stroke Dash \(n)", n == 1 ? "dash" : "dash\(n)")
                case "g": ("Gap \(n)", "ADBE Vector Stroke Gap \(n)", n == 1 ? "gap" : "gap\(n)")
                default: ("Offset", "ADBE Vector Stroke Offset", "offset")
                }
            members.append(
                PropertyNode(
                    name: name, matchName: match, index: members.count + 1, attribute: attribute,
                    value: value))
        }
        return PropertyNode(
            name: "Dashes", matchName: "ADBE Vector Stroke Dashes", index: 6, attribute: "dash", children: members)
    }

    private static func maskGroup(_ list: JSONNode, _ d: inout Diagnostics) throws(ModelError) -> PropertyNode {
        let entries: [Entry] = [
            ("pt", "Mask Path", "ADBE Mask Shape", "maskPath", 1),
            ("f", "Mask Feather", "ADBE Mask Feather", "maskFeather", 2),
            ("o", "Mask Opacity", "ADBE Mask Opacity", "maskOpacity", 3),
            ("x", "Mask Expansion", "ADBE Mask Offset", "maskExpansion", 4),
        ]
        var masks: [PropertyNode] = []
        for (i, m) in try list.array().enumerated() where m.isObject {
            var children: [PropertyNode] = []
            for e in entries {
                guard let n = m[named: e.key], let v = property(n, &d, shape: e.key == "pt") else { continue }
                children.append(
                    PropertyNode(
                        name: e.name, matchName: e.match, index: e.index, attribute: e.attribute, value: v
                    ))
            }
            masks.append(
                PropertyNode(
                    name: (try? m.string("nm")) ?? "Mask \(i + 1)", matchName: "ADBE Mask Atom", index: i + 1,
                    children: children))
        }
        return PropertyNode(name: "Masks", matchName: "ADBE Mask Parade", index: 3, attribute: "mask", children: masks)
    }

    private static func effects(_ list: JSONNode, _ d: inout Diagnostics) throws(ModelError) -> PropertyNode {
        var out: [PropertyNode] = []
        for (i, e) in try list.array().enumerated() where e.isObject {
            var params: [PropertyNode] = []
            if let ps = e["ef"], ps.isArray {
                for (j, p) in try ps.array().enumerated() where p.isObject {
                    let value = p["v"].flatMap { property($0, &d, shape: false) }
                    params.append(
                        PropertyNode(
                            name: (try? p.string("nm")) ?? "", matchName: (try? p.string("mn")) ?? "",
                            index: (try? p.int("ix", default: j + 1)) ?? (j + 1), value: value))
                }
            }
            out.append(
                PropertyNode(
                    name: (try? e.string("nm")) ?? "", matchName: (try? e.string("mn")) ?? "",
                    index: (try? e.int("ix", default: i + 1)) ?? (i + 1), children: params))
        }
        return PropertyNode(
            name: "Effects", matchName: "ADBE Effect Parade", index: 4, attribute: "effect", children: out)
    }
}
