import Testing

@testable import LottieRenderModel

/// JSON paths: a node's path names its keys and indices from the root, and paths named one after another through a
/// shared ``JSONPathCache`` (the walk starting where the last path's containers still hold the node) are the paths
/// named from the root, in any order. `JSONText` keeps a string as the file spells it and decodes it when read.
@Suite struct JSONPathTests {
    /// A document of nested objects and arrays (keys plain, escaped and of many lengths; arrays long enough for
    /// indices of two and three digits), with the path of each value worked out while it is written.
    private static func document() -> (text: String, paths: [(path: String, steps: [Step])]) {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % n
        }
        let keys: [(json: String, text: String)] = [
            ("a", "a"), ("ks", "ks"), ("layers", "layers"), ("longer_than_8", "longer_than_8"),
            (#"k\u00e9y"#, "k\u{e9}y"), (#"q\"t"#, "q\"t"), ("p", "p"),
        ]
        var paths: [(path: String, steps: [Step])] = []
        func value(_ depth: Int, _ path: String, _ steps: [Step]) -> String {
            paths.append((path, steps))
            let kind = depth >= 4 ? 2 : next(depth == 0 ? 2 : 3)
            switch kind {
            case 0:
                var used = Set<Int>()
                var members: [String] = []
                for _ in 0..<(1 + next(6)) {
                    let k = next(keys.count)
                    guard used.insert(k).inserted else { continue }
                    let sub = path.isEmpty ? keys[k].text : path + "." + keys[k].text
                    members.append(#""\#(keys[k].json)":"# + value(depth + 1, sub, steps + [.key(keys[k].text)]))
                }
                return "{" + members.joined(separator: ",") + "}"
            case 1:
                let count = [1, 3, 12, 105][next(4)]
                let items = (0..<count).map { i in
                    next(8) == 0 || i == count - 1
                        ? value(depth + 1, path + "[\(i)]", steps + [.index(i)]) : String(i)
                }
                return "[" + items.joined(separator: ",") + "]"
            default:
                return next(2) == 0 ? "1.5" : #""s\n""#
            }
        }
        let text = value(0, "", [])
        return (text, paths)
    }

    /// How to reach a value from the root.
    private enum Step {
        case key(String), index(Int)
    }

    private static func node(_ root: JSONNode, _ steps: [Step]) throws -> JSONNode {
        var n = root
        for s in steps {
            switch s {
            case .key(let k): n = try #require(n[named: k])
            case .index(let i): n = try n.array()[i]
            }
        }
        return n
    }

    @Test func pathsNamedThroughACacheAreThePathsFromTheRoot() throws {
        let (text, paths) = Self.document()
        #expect(paths.count > 100)
        let tape = try JSONTape(Array(text.utf8))
        try tape.withRoot { root throws in
            let nodes = try paths.map { try Self.node(root, $0.steps) }
            for (n, p) in zip(nodes, paths) { #expect(n.path == p.path) }
            // Document order, reversed, and scattered (every seventh, wrapping around).
            let orders = [
                Array(nodes.indices), nodes.indices.reversed(),
                (0..<nodes.count).map { $0 * 7 % nodes.count },
            ]
            for order in orders {
                var cache = JSONPathCache()
                for i in order { #expect(nodes[i].path(reusing: &cache) == paths[i].path) }
            }
        }
    }

    /// `hasNonWhitespace` answers as the decoded text's characters do: escapes of whitespace (`\n`, `\u0020`)
    /// are whitespace, escapes of anything else (`\u0041`, `\"`) are not, and non-ASCII whitespace (U+00A0,
    /// U+2028) is whitespace.
    @Test func jsonTextDecodesWhenReadAndTellsWhitespace() throws {
        let cases: [(json: String, decoded: String)] = [
            (#""  ""#, "  "), (#""\n\t\r ""#, "\n\t\r "), (#""\u0020\u00a0\u2028""#, " \u{a0}\u{2028}"),
            (#""\u0041""#, "A"), (#""\"""#, "\""), (#"" x ""#, " x "), (#""\\""#, "\\"),
            (#""time*2""#, "time*2"), (#""é""#, "é"), (#"" \n""#, " \n"), (#""""#, ""),
        ]
        for c in cases {
            let tape = try JSONTape(Array("[\(c.json)]".utf8))
            try tape.withRoot { root throws in
                let t = try root.array()[0].text()
                #expect(t.string == c.decoded)
                #expect(t.hasNonWhitespace == c.decoded.contains { !$0.isWhitespace }, "\(c.json)")
            }
        }
    }
}
