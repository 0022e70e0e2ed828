import LottieRenderModel

extension ExpressionSource {
    /// Variables the prelude's context offers (`$c`); a wrapper declares only those its source names, so an
    /// expression that never says `position` never evaluates it.
    static let contextNames = [
        "time", "value", "thisProperty", "thisLayer", "thisComp", "numKeys", "velocity", "speed", "transform",
        "position", "scale", "rotation", "opacity", "anchorPoint", "anchor_point", "index", "name", "hasParent",
        "parent", "inPoint", "outPoint", "startTime", "width", "height", "active", "enabled", "text",
    ]

    /// Names lottie-web declares where it evaluates an expression (ExpressionManager.js at bede03d: the module's
    /// variables and functions, `initiateExpression`'s parameters, variables and functions): in strict mode these
    /// are the only undeclared names an expression can assign.
    static let lottieWebScope: Set<String> = [
        "ob", "Math", "window", "document", "XMLHttpRequest", "fetch", "frames", "_lottieGlobal", "resetFrame",
        "$bm_isInstanceOfArray", "isNumerable", "$bm_neg", "easeInBez", "easeOutBez", "easeInOutBez", "sum", "add",
        "sub", "mul", "div", "mod", "$bm_sum", "$bm_sub", "$bm_mul", "$bm_div", "$bm_mod", "clamp",
        "radiansToDegrees", "radians_to_degrees", "degreesToRadians", "degrees_to_radians", "helperLengthArray",
        "length", "normalize", "rgbToHsl", "hue", "hslToRgb", "linear", "random", "createPath",
        "elem", "data", "property", "noOp", "val", "needsVelocity", "_needsRandom", "elemType", "transform",
        "$bm_transform", "content", "effect", "thisProperty", "inPoint", "outPoint", "width", "height", "name",
        "loopIn", "loop_in", "loopOut", "loop_out", "smooth", "toWorld", "fromWorld", "fromComp", "toComp",
        "fromCompToSurface", "position", "rotation", "anchorPoint", "scale", "thisLayer", "thisComp", "mask",
        "valueAtTime", "velocityAtTime", "scoped_bm_rt", "expression_function", "numKeys", "active", "wiggle",
        "loopInDuration", "loopOutDuration", "comp", "lookAt", "easeOut", "easeIn", "ease", "applyEase",
        "nearestKey", "key", "framesToTime", "timeToFrames", "seedRandom", "sourceRectAtTime", "substring",
        "substr", "posterizeTime", "time", "velocity", "value", "text", "textIndex", "textTotal", "selectorValue",
        "index", "hasParent", "parent", "randSeed", "globalData", "executeExpression",
    ]

    static let keywords: Set<String> = [
        "break", "case", "catch", "continue", "debugger", "default", "delete", "do", "else", "finally", "for",
        "function", "if", "in", "instanceof", "new", "return", "switch", "this", "throw", "try", "typeof", "var",
        "void", "while", "with", "true", "false", "null", "undefined", "let", "const", "class", "eval", "arguments",
    ]

    /// `source` as a function of the context `$c`: the context variables it names are declared from `$c`, and every
    /// name it assigns is declared local, so nothing an expression does outlives its evaluation (no globals: the
    /// value of a frame never depends on the frames rendered before it). Bodymovin's sources set `$bm_rt`; a source
    /// that does not is evaluated for its completion value, as After Effects does.
    ///
    /// `strict` is the wrapper as lottie-web runs it: in strict mode (`'use strict'` in ExpressionManager.js, which
    /// its direct `eval` inherits), where only the names lottie-web's own code declares around the expression can
    /// be assigned; assigning any other undeclared name throws a ReferenceError. Both come from one scan of
    /// `source`.
    static func wraps(_ source: String) -> (plain: String, strict: String) {
        let (names, assigned) = scan(source)
        let context = contextNames.filter { names.contains($0) }
        let declared =
            context.isEmpty ? "" : "var " + context.map { "\($0) = $c.\($0)" }.joined(separator: ", ") + ";\n"
        let locals = assigned.subtracting(context).subtracting(keywords).subtracting(["$bm_rt"])
        let body =
            source.contains("$bm_rt")
            ? "var $bm_rt;\n" + source + "\n;return $bm_rt;\n}" : "return eval(" + JSONText.quoted(source) + ");\n}"
        func wrapper(_ strict: Bool) -> String {
            let names = strict ? locals.intersection(lottieWebScope) : locals
            return (strict ? "function ($c) {\n'use strict';\n" : "function ($c) {\n") + declared
                + (names.isEmpty ? "" : "var " + names.sorted().joined(separator: ", ") + ";\n") + body
        }
        return (wrapper(false), wrapper(true))
    }

    /// Every identifier in `source` (strings included: `eval("thisLayer.parent")` names `thisLayer`), and those
    /// assigned (`x = …`, `x += …`) other than as a member (`a.x = …`).
    static func scan(_ source: String) -> (Set<String>, Set<String>) {
        let s = Array(source.utf8)
        var names: Set<String> = [], assigned: Set<String> = []
        func isStart(_ c: UInt8) -> Bool { (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 95 || c == 36 }
        func isPart(_ c: UInt8) -> Bool { isStart(c) || (c >= 48 && c <= 57) }
        var i = 0
        var previous: UInt8 = 0 // the last non-space byte before the identifier
        while i < s.count {
            let c = s[i]
            if isStart(c) {
                let start = i
                while i < s.count, isPart(s[i]) { i += 1 }
                let word = String(decoding: s[start..<i], as: UTF8.self)
                names.insert(word)
                var j = i
                while j < s.count, s[j] == 32 || s[j] == 9 || s[j] == 10 || s[j] == 13 { j += 1 }
                if previous != 46 /* . */, j < s.count, assigns(s, j) { assigned.insert(word) }
                previous = 0x41
                continue
            }
            if c >= 48 && c <= 57 { // numbers: skip their digits and letters (1e5, 0x1F)
                while i < s.count, isPart(s[i]) || s[i] == 46 { i += 1 }
                previous = 0x30
                continue
            }
            if c != 32 && c != 9 && c != 10 && c != 13 { previous = c }
            i += 1
        }
        return (names, assigned)
    }

    /// Whether the operator at `j` assigns: `=` (not `==`), `op=`, `<<=`, `>>=`, `>>>=`, `++`, `--`.
    private static func assigns(_ s: [UInt8], _ j: Int) -> Bool {
        func at(_ k: Int) -> UInt8 { k < s.count ? s[k] : 0 }
        let eq: UInt8 = 61
        if at(j) == eq { return at(j + 1) != eq }
        if (at(j) == 43 && at(j + 1) == 43) || (at(j) == 45 && at(j + 1) == 45) { return true } // ++ --
        if "+-*/%&|^".utf8.contains(at(j)) { return at(j + 1) == eq }
        if at(j) == 60 && at(j + 1) == 60 { return at(j + 2) == eq } // <<=
        if at(j) == 62 && at(j + 1) == 62 { return at(j + 2) == eq || (at(j + 2) == 62 && at(j + 3) == eq) }
        return false
    }
}

/// A small JSON writer for the prelude's `__setup`, into a byte buffer.
struct JSONText {
    private var bytes: [UInt8] = []
    private var needsComma = false

    /// The text written.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    mutating func open(_ bracket: String) { comma(); bytes += bracket.utf8; needsComma = false }
    mutating func close(_ bracket: String) { bytes += bracket.utf8; needsComma = true }
    mutating func key(_ k: String) { comma(); JSONText.quote(k, into: &bytes); bytes.append(58); needsComma = false }
    mutating func number(_ v: Double) {
        comma()
        if !v.isFinite {
            bytes.append(48)
        } else if v == v.rounded(), abs(v) < 1e15 {
            bytes += String(Int64(v)).utf8
        } else {
            bytes += "\(v)".utf8
        }
        needsComma = true
    }
    mutating func string(_ s: String) { comma(); JSONText.quote(s, into: &bytes); needsComma = true }
    private mutating func comma() { if needsComma { bytes.append(44) } }

    /// `s` as a JSON string literal (also a JavaScript one: U+2028 and U+2029 are escaped).
    static func quoted(_ s: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + 2)
        quote(s, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static let hex = Array("0123456789abcdef".utf8)

    /// Appends `s` as a JSON string literal.
    static func quote(_ s: String, into out: inout [UInt8]) {
        out.append(34)
        let utf8 = s.utf8
        var i = utf8.startIndex
        while i != utf8.endIndex {
            let b = utf8[i]
            switch b {
            case 34: out += [92, 34]
            case 92: out += [92, 92]
            case 10: out += [92, 110]
            case 13: out += [92, 114]
            case 9: out += [92, 116]
            case 0..<32: out += [92, 117, 48, 48, hex[Int(b >> 4)], hex[Int(b & 15)]]
            case 0xE2:
                // U+2028 and U+2029 (E2 80 A8, E2 80 A9) end a JavaScript string literal: escaped.
                let j = utf8.index(after: i)
                if j != utf8.endIndex, utf8[j] == 0x80, utf8.index(after: j) != utf8.endIndex,
                    case let k = utf8.index(after: j), utf8[k] == 0xA8 || utf8[k] == 0xA9
                {
                    out += Array((utf8[k] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                    i = k
                } else {
                    out.append(b)
                }
            default: out.append(b)
            }
            i = utf8.index(after: i)
        }
        out.append(34)
    }
}
