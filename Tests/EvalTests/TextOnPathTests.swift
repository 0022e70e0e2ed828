import Testing

@testable import LottieRenderEval
@testable import LottieRenderModel
@testable import LottieRenderRaster

/// Text on a path (`"t"."p"`) with a glyph "I" whose outline is one 20-unit bar centred in its 60-unit advance,
/// at size 100, so each character's centre on the path can be read from its fill's bounds.
@Suite struct TextOnPathTests {
    private func centres(path: String, closed: Bool = false, justify: Int = 0, options: String) throws -> [Point] {
        let json =
            BarFont.header + """
                {"ty":5,"ind":1,"ip":0,"op":10,"st":0,"ks":{},
                   "masksProperties":[{"mode":"n","pt":{"a":0,"k":{"v":\(path),"i":\(zeros(path)),"o":\(zeros(path)),"c":\(closed)}},"o":{"a":0,"k":100}}],
                   "t":{"d":{"k":[{"t":0,"s":{"t":"III","f":"Bar","s":100,"j":\(justify),"tr":0,"lh":120,"fc":[0,0,0]}}]},
                        "p":{"m":0,\(options)},"m":{"g":1,"a":{"a":0,"k":[0,0]}},"a":[]}}]}
                """
        let comp = try DocumentReader.read(Array(json.utf8))
        var out: [Point] = []
        func walk(_ nodes: [SceneNode]) {
            for n in nodes {
                switch n {
                case .fill(let p, let t, _, _, _):
                    let b = p.controlBounds
                    out.append(t.apply(Point((b.minX + b.maxX) / 2, b.maxY))) // baseline centre
                case .group(let g): walk(g.children)
                default: break
                }
            }
        }
        walk(SceneBuilder(comp).scene(at: 0).nodes)
        return out
    }

    private func zeros(_ path: String) -> String {
        let n = path.components(separatedBy: "],[").count
        return "[" + Array(repeating: "[0,0]", count: n).joined(separator: ",") + "]"
    }

    private func xs(_ p: [Point]) -> [Double] { p.map { ($0.x * 1000).rounded() / 1000 } }

    static let line = "[[0,100],[300,100]]"

    @Test func leftUsesTheFirstMargin() throws {
        #expect(xs(try centres(path: Self.line, options: #""f":{"a":0,"k":10},"l":{"a":0,"k":50}"#)) == [40, 100, 160])
    }

    @Test func rightUsesTheLastMarginFromTheEnd() throws {
        #expect(
            xs(try centres(path: Self.line, justify: 1, options: #""f":{"a":0,"k":50},"l":{"a":0,"k":-20}"#)) == [
                130, 190, 250,
            ])
    }

    @Test func centreUsesBothMargins() throws {
        #expect(
            xs(try centres(path: Self.line, justify: 2, options: #""f":{"a":0,"k":10},"l":{"a":0,"k":5}"#)) == [
                105, 165, 225,
            ])
    }

    @Test func forceAlignmentSpreadsBetweenTheMargins() throws {
        let opts = #""f":{"a":0,"k":10},"l":{"a":0,"k":20},"a":{"a":0,"k":1}"#
        #expect(xs(try centres(path: Self.line, options: opts)) == [40, 145, 250])
    }

    @Test func reversedPathRunsFromTheEndUpsideDown() throws {
        let c = try centres(path: Self.line, options: #""f":{"a":0,"k":10},"r":{"a":0,"k":1}"#)
        #expect(xs(c) == [260, 200, 140])
        #expect(c.allSatisfy { abs($0.y - 100) < 1e-9 })
    }

    @Test func openPathContinuesPastItsEnd() throws {
        #expect(xs(try centres(path: Self.line, options: #""f":{"a":0,"k":280}"#)) == [310, 370, 430])
    }

    @Test func closedPathWrapsAround() throws {
        // A 100×100 square from (0,0) clockwise: 400 long; 390 + 30 wraps to 20 along the top edge.
        let c = try centres(path: "[[0,0],[100,0],[100,100],[0,100]]", closed: true, options: #""f":{"a":0,"k":390}"#)
        // Arc length is found numerically, to about 1e-4 here.
        #expect(abs(c[0].x - 20) < 1e-3 && abs(c[0].y) < 1e-3, "\(c)")
        #expect(abs(c[2].x - 100) < 1e-3 && abs(c[2].y - 40) < 1e-3, "\(c)")
    }

    @Test func reversingAClosedPathKeepsItsFirstVertex() {
        var p = Path()
        p.move(to: Point(0, 0)); p.line(to: Point(10, 0)); p.line(to: Point(10, 10)); p.close()
        let r = PathModifiers.reversed(p)
        guard case .move(let start)? = r.elements.first else { Issue.record("no start"); return }
        #expect(start == Point(0, 0))
        switch r.elements.dropFirst().first {
        case .line(let q)?, .cubic(_, _, let q)?: #expect(q == Point(10, 10))
        default: Issue.record("expected a segment after the start")
        }
    }
}
