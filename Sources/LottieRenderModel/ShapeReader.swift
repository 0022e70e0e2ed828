/// Reads shape items (`"shapes"`, `"it"`) by their `"ty"`.
enum ShapeReader {
    /// The items of `node` (an array). `fromType`: each item read from its `"ty"` key on, the keys written before it
    /// absent, as rlottie's `parseObject` reads them; an item that cannot be read so is left out.
    static func items(
        _ node: JSONNode?, fromType: Bool = false, diagnostics d: inout Diagnostics
    ) throws(ModelError) -> [ShapeItem] {
        var keysBeforeType = false
        return try items(node, fromType: fromType, keysBeforeType: &keysBeforeType, diagnostics: &d)
    }

    /// The items of `node`, and `keysBeforeType` set when an item (hidden ones too; the items of the groups read
    /// among them) has a key written before its `"ty"` that the item readers read: only then does an item read from its
    /// `"ty"` on differ from the item read whole. Most exporters write a shape's `"ind"` first (every shape layer
    /// of bodymovin.json and lottiefiles_unnamed), which nothing reads: such items are not read a second time (nor
    /// reported as rlottie's loss). Found in the pass that finds `"ty"`, not by a walk of its own.
    static func items(
        _ node: JSONNode?, fromType: Bool, keysBeforeType: inout Bool, diagnostics d: inout Diagnostics
    ) throws(ModelError) -> [ShapeItem] {
        guard let node else { return [] }
        // The elements walked where they lie: an array of nodes was an allocation per item list.
        let list = try node.arrayElements()
        var out: [ShapeItem] = []
        out.reserveCapacity(node.count)
        for whole in list {
            guard whole.isObject else { throw whole.error("expected a shape object, found \(whole.kindName)") }
            let n = fromType ? whole.fromMember("ty") : whole
            // The keys every item is read by, in one pass.
            var keys = ItemKeys()
            // A key that is read, written before a "ty" (the last one is the item's type): before the type.
            var readKeySeen = false, before = keysBeforeType
            try n.forEachMember { (key, value) throws(ModelError) in
                switch key {
                case "ty":
                    keys.ty = value
                    if readKeySeen { before = true }
                    return
                case "hd": keys.hd = value
                case "d": keys.d = value
                // Keys of an item's own object that no item reader reads (`item`, `items`, `gradient` and
                // `LayerReader.transform` read none of them): its index, names and property indices.
                case "ind", "nm", "mn", "ix", "cix", "np": return
                default: break
                }
                readKeySeen = true
            }
            keysBeforeType = before
            // "hd": hidden items draw nothing.
            if try n[keys.hd]?.boolean() ?? false { d.use("hidden-shapes"); continue }
            if fromType {
                if let i = try? item(n, keys, fromType: true, keysBeforeType: &keysBeforeType, diagnostics: &d) {
                    out.append(i)
                }
            } else {
                out.append(try item(n, keys, keysBeforeType: &keysBeforeType, diagnostics: &d))
            }
        }
        return out
    }

    @inline(__always) private static func num(
        _ n: JSONNode, _ key: JSONKey, _ def: NumberVector, _ d: inout Diagnostics
    )
        throws(ModelError) -> NumberProperty
    {
        try PropertyReader.numbers(n[key], default: def, diagnostics: &d)
    }

    /// An item's `"ty"`, `"hd"` and `"d"`, found in one pass.
    private struct ItemKeys {
        var ty = JSONNode.Member.absent, hd = JSONNode.Member.absent, d = JSONNode.Member.absent
    }

    private static func item(
        _ n: JSONNode, _ keys: ItemKeys, fromType: Bool = false, keysBeforeType: inout Bool,
        diagnostics d: inout Diagnostics
    ) throws(ModelError) -> ShapeItem {
        let tyNode: JSONNode
        if let t = n[keys.ty] { tyNode = t } else { tyNode = try n.required("ty") } // "missing required key"
        let ty = try tyNode.stringKey() // "ty", matched against the codes below without making a string
        d.useShape(ty) { (try? tyNode.string()) ?? "" }
        // "d": 3 draws counter-clockwise (on shapes; on strokes "d" is the dash array).
        let reversed: Bool
        switch ty {
        case "sh", "rc", "el", "sr": reversed = try (n[keys.d]?.integer() ?? 1) == 3
        default: reversed = false
        }
        switch ty {
        case "gr":
            var sub = try items(n["it"], fromType: fromType, keysBeforeType: &keysBeforeType, diagnostics: &d)
            var tr: Boxed<LayerTransform>? = nil
            if let idx = sub.lastIndex(where: { if case .transform = $0 { return true } else { return false } }),
                case .transform(let t) = sub[idx]
            {
                tr = t
                sub.remove(at: idx)
            }
            return .group(ShapeGroup(items: sub, transformBox: tr))
        case "tr":
            return .transform(Boxed(try LayerReader.transform(n, diagnostics: &d)))
        case "sh":
            return .path(try PropertyReader.shape(try n.required("ks"), diagnostics: &d), reversed: reversed)
        case "rc":
            return .rect(
                Boxed(
                    RectShape(
                        position: try num(n, "p", [0, 0], &d), size: try num(n, "s", [0, 0], &d),
                        roundness: try num(n, "r", [0], &d), reversed: reversed)))
        case "el":
            return .ellipse(
                Boxed(
                    EllipseShape(
                        position: try num(n, "p", [0, 0], &d), size: try num(n, "s", [0, 0], &d),
                        reversed: reversed)))
        case "sr":
            return .star(
                Boxed(
                    StarShape(
                        isStar: try n.int("sy", default: 1) != 2, position: try num(n, "p", [0, 0], &d),
                        points: try num(n, "pt", [5], &d), rotation: try num(n, "r", [0], &d),
                        outerRadius: try num(n, "or", [0], &d), outerRoundness: try num(n, "os", [0], &d),
                        innerRadius: try num(n, "ir", [0], &d), innerRoundness: try num(n, "is", [0], &d),
                        reversed: reversed)))
        case "fl", "gf":
            let paint =
                "fl" ~= ty
                ? StylePaint.color(PropertyReader.unitColor(try num(n, "c", [0, 0, 0, 1], &d)))
                : .gradient(try gradient(n, &d))
            let evenOdd = try n.int("r", default: 1) == 2 // "r": 2 even-odd
            return .fill(Boxed(FillItem(paint: paint, opacity: try num(n, "o", [100], &d), evenOdd: evenOdd)))
        case "st", "gs":
            let paint =
                "st" ~= ty
                ? StylePaint.color(PropertyReader.unitColor(try num(n, "c", [0, 0, 0, 1], &d)))
                : .gradient(try gradient(n, &d))
            var dashes: [DashEntry] = []
            if let ds = try n.list("d") { // "d": dash pattern
                for e in try ds.array() {
                    dashes.append(
                        DashEntry(
                            kind: try e.string("n") ?? "d",
                            value: try PropertyReader.numbers(e["v"], default: [0], diagnostics: &d)))
                }
                if !dashes.isEmpty { d.use("stroke:dashes") }
            }
            return .stroke(
                Boxed(
                    StrokeItem(
                        paint: paint, opacity: try num(n, "o", [100], &d), width: try num(n, "w", [1], &d),
                        lineCap: LineCapStyle(code: try n.int("lc", default: 2)), // "lc"
                        lineJoin: LineJoinStyle(code: try n.int("lj", default: 2)), // "lj"
                        miterLimit: try n.number("ml", default: 4), dashes: dashes)))
        case "tm":
            return .trim(
                Boxed(
                    TrimPaths(
                        start: try num(n, "s", [0], &d), end: try num(n, "e", [100], &d),
                        offset: try num(n, "o", [0], &d), individually: try n.int("m", default: 1) == 2)))
        case "rp":
            let tr = try n.object("tr") // "tr": the repeater's transform
            func t(_ key: JSONKey, _ def: NumberVector) throws(ModelError) -> NumberProperty {
                try PropertyReader.numbers(tr?[key], default: def, diagnostics: &d)
            }
            return .repeater(
                Repeater(
                    copies: try num(n, "c", [1], &d), offset: try num(n, "o", [0], &d),
                    composite: RepeaterComposite(code: try n.int("m", default: 1)), anchor: try t("a", [0, 0]),
                    position: try t("p", [0, 0]), scale: try t("s", [100, 100]), rotation: try t("r", [0]),
                    startOpacity: try t("so", [100]), endOpacity: try t("eo", [100])))
        case "mm":
            return .merge(mode: MergeMode(code: try n.int("mm", default: 1))) // "mm"
        case "rd":
            return .modifier(.roundCorners(radius: try num(n, "r", [0], &d)))
        case "pb":
            return .modifier(.puckerBloat(amount: try num(n, "a", [0], &d)))
        case "zz":
            return .modifier(
                .zigZag(
                    size: try num(n, "s", [0], &d), ridges: try num(n, "r", [0], &d),
                    smooth: try num(n, "pt", [1], &d)))
        case "op":
            return .modifier(
                .offset(
                    amount: try num(n, "a", [0], &d),
                    join: LineJoinStyle(code: try n.int("lj", default: 1), unknown: .miter),
                    miterLimit: try num(n, "ml", [4], &d)))
        case "tw":
            return .modifier(.twist(angle: try num(n, "a", [0], &d), center: try num(n, "c", [0, 0], &d)))
        default:
            let text = try tyNode.string()
            d.note("shape:\(text)")
            return .unsupported(text)
        }
    }

    private static func gradient(_ n: JSONNode, _ d: inout Diagnostics) throws(ModelError) -> GradientSpec {
        let g = try n.required("g") // "g": {"p": count, "k": stops}
        guard g.isObject else { throw g.error("expected an object, found \(g.kindName)") }
        let count = try g.int("p", default: 0)
        let isRadial = try n.int("t", default: 1) == 2 // "t": 1 linear, 2 radial
        d.use(isRadial ? "gradient:radial" : "gradient:linear")
        return GradientSpec(
            isRadial: isRadial, start: try num(n, "s", [0, 0], &d), end: try num(n, "e", [0, 0], &d),
            highlightLength: try num(n, "h", [0], &d), highlightAngle: try num(n, "a", [0], &d),
            colorStopCount: max(0, count),
            // Each value holds the colour stops (4 numbers each), then maybe opacity stops: at least one stop's
            // numbers (a count "p" beyond the numbers given is capped where the stops are read, not an error).
            stops: try PropertyReader.numberList(
                try g.required("k"), default: [], minimum: count > 0 ? 4 : nil, diagnostics: &d))
    }
}
