/// Reads text layers (`"ty": 5`, `"t"`), fonts (`"fonts"`) and glyphs (`"chars"`).
enum TextReader {
    static func text(_ t: JSONNode?, diagnostics d: inout Diagnostics) throws(ModelError) -> TextData {
        guard let t else { return TextData(documents: [], animators: [], alignment: .constant([0, 0])) }
        var docs: [(Double, TextDocument)] = []
        if let dn = try t.object("d"), let k = dn["k"] { // "t"."d"."k"
            for kf in try k.arrayElements() {
                guard kf.isObject else { throw kf.error("expected a keyframe object, found \(kf.kindName)") }
                guard let s = try kf.object("s") else { continue }
                docs.append((try kf.number("t", default: 0), try document(s)))
            }
        }
        docs.sort { $0.0 < $1.0 }
        var animators: [TextAnimator] = []
        if let a = t["a"] { // "t"."a"
            for an in try a.arrayElements() {
                guard an.isObject else { throw an.error("expected a text animator object, found \(an.kindName)") }
                let s = try an.object("s"), p = try an.object("a") // "s": selector, "a": animated properties
                func prop(_ key: JSONKey) throws(ModelError) -> NumberProperty? {
                    guard let n = p?[key] else { return nil }
                    // Points and scales have two numbers, colours three; the rest are scalars.
                    let dimension = ["p": 2, "a": 2, "s": 2, "fc": 3, "sc": 3][key.description] ?? 1
                    return try PropertyReader.numbers(n, default: [0], minimum: dimension, diagnostics: &d)
                }
                let shape = SelectorShape(rawValue: try s?.int("sh", default: 1) ?? 1) ?? .square
                var animator =
                    TextAnimator(
                        start: try PropertyReader.numbers(s?["s"], default: [0], diagnostics: &d),
                        end: try PropertyReader.numbers(s?["e"], default: [100], diagnostics: &d),
                        offset: try PropertyReader.numbers(s?["o"], default: [0], diagnostics: &d),
                        units: SelectorUnits(code: try s?.int("r", default: 1) ?? 1), // "r"
                        basedOn: SelectorBasis(code: try s?.int("b", default: 1) ?? 1), // "b"
                        shape: shape,
                        amount: try PropertyReader.numbers(s?["a"], default: [100], diagnostics: &d),
                        position: try prop("p"), anchor: try prop("a"), scale: try prop("s"), rotation: try prop("r"),
                        opacity: try prop("o"), fillColor: try prop("fc"), strokeColor: try prop("sc"),
                        fillOpacity: try prop("fo"), strokeOpacity: try prop("so"), strokeWidth: try prop("sw"),
                        tracking: try prop("t"))
                animator.easeHigh = try PropertyReader.numbers(s?["xe"], default: [0], diagnostics: &d) // "xe"
                animator.easeLow = try PropertyReader.numbers(s?["ne"], default: [0], diagnostics: &d) // "ne"
                animators.append(animator)
                d.use("text:animator")
            }
        }
        let align = try PropertyReader.numbers(try t.object("m")?["a"], default: [0, 0], diagnostics: &d) // "t"."m"."a"
        var data = TextData(documents: docs, animators: animators, alignment: align)
        if let dn = t["d"], let x = dn["x"], x.isString, let source = try? x.text(), source.hasNonWhitespace {
            // "t"."d"."x": the source text's expression
            data.sourceExpression = d.expression(at: dn, source: source, kind: .text)
        }
        if let pth = try t.object("p"), pth["m"] != nil { // "t"."p": text on a mask path
            d.use("text:path")
            data.pathMask = try pth.int("m", default: 0)
            data.firstMargin = try PropertyReader.numbers(pth["f"], default: [0], diagnostics: &d)
            data.lastMargin = try PropertyReader.numbers(pth["l"], default: [0], diagnostics: &d)
            data.perpendicular = try PropertyReader.numbers(pth["p"], default: [1], diagnostics: &d)
            data.reversePath = try PropertyReader.numbers(pth["r"], default: [0], diagnostics: &d)
            data.forceAlignment = try PropertyReader.numbers(pth["a"], default: [0], diagnostics: &d)
        }
        return data
    }

    static func document(_ s: JSONNode) throws(ModelError) -> TextDocument {
        func color(_ key: JSONKey) throws(ModelError) -> [Double]? {
            guard let n = s[key] else { return nil }
            let v = try n.numbers()
            guard v.count >= 3 else { throw n.error("expected a colour of 3 numbers, found \(v.count)") }
            return v
        }
        let size = try s.number("s", default: 10)
        return TextDocument(
            text: try s.string("t") ?? "", font: try s.string("f") ?? "", size: size,
            fillColor: try color("fc"), strokeColor: try color("sc"),
            strokeWidth: try s.number("sw", default: 0), strokeOverFill: try s.bool("of"),
            justify: TextJustify(code: try s.int("j", default: 0)), tracking: try s.number("tr", default: 0),
            lineHeight: try s.number("lh", default: size * 1.2), baselineShift: try s.number("ls", default: 0),
            boxPosition: try s["ps"].map { (n: JSONNode) throws(ModelError) -> [Double] in try n.numbers() },
            boxSize: try s["sz"].map { (n: JSONNode) throws(ModelError) -> [Double] in try n.numbers() },
            caps: TextCaps(code: try s.int("ca", default: 0)))
    }

    static func fonts(_ n: JSONNode?) throws(ModelError) -> [String: FontInfo] {
        var out: [String: FontInfo] = [:]
        guard let n else { return out }
        guard n.isObject else { throw n.error("expected an object, found \(n.kindName)") }
        guard let list = n["list"] else { return out }
        for f in try list.arrayElements() {
            let name = try f.string("fName") ?? ""
            out[name] = FontInfo(
                name: name, family: try f.string("fFamily") ?? name, style: try f.string("fStyle") ?? "",
                ascent: try f.number("ascent", default: 75), origin: FontOrigin(code: try f.int("origin", default: -1)),
                path: try f.string("fPath") ?? "")
        }
        return out
    }

    static func glyphs(_ n: JSONNode?, diagnostics d: inout Diagnostics) throws(ModelError) -> [Glyph] {
        guard let n else { return [] }
        var out: [Glyph] = []
        for c in try n.arrayElements() {
            guard c.isObject else { throw c.error("expected a character object, found \(c.kindName)") }
            out.append(
                Glyph(
                    character: try c.string("ch") ?? "", family: try c.string("fFamily") ?? "",
                    style: try c.string("style") ?? "", width: try c.number("w", default: 0),
                    shapes: try ShapeReader.items(try c.object("data")?["shapes"], diagnostics: &d)))
        }
        return out
    }
}
