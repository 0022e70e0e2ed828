import Testing

@testable import LottieRenderEval
@testable import LottieRenderModel
@testable import LottieRenderRaster

/// Line alignment with tracking, and the stroke-width animator, on the Bar font ("I": a 20-unit bar in a 60-unit
/// advance at size 100).
@Suite struct TextLayoutTests {
    /// The scene of one text layer: `document` is the text document's `"s"` object, `animators` the `"a"` array.
    private func nodes(document: String, animators: String = "[]") throws -> [SceneNode] {
        let json =
            BarFont.header + """
                {"ty":5,"ind":1,"ip":0,"op":10,"st":0,"ks":{},
                   "t":{"d":{"k":[{"t":0,"s":\(document)}]},"p":{},"m":{"g":1,"a":{"a":0,"k":[0,0]}},"a":\(animators)}}]}
                """
        return SceneBuilder(try DocumentReader.read(Array(json.utf8))).scene(at: 0).nodes
    }

    /// The horizontal extent of each character's fill, left to right.
    private func bars(_ nodes: [SceneNode]) -> [(Double, Double)] {
        var out: [(Double, Double)] = []
        func walk(_ nodes: [SceneNode]) {
            for n in nodes {
                switch n {
                case .fill(let p, let t, _, _, _):
                    let b = p.controlBounds
                    out.append((t.apply(Point(b.minX, 0)).x.rounded(), t.apply(Point(b.maxX, 0)).x.rounded()))
                case .group(let g): walk(g.children)
                default: break
                }
            }
        }
        walk(nodes)
        return out.sorted { $0.0 < $1.0 }
    }

    /// Tracking ("tr" 100: 10 units at size 100) goes between characters: "III" is 3 × 60 + 2 × 10 = 200 wide, so
    /// centred it spans −100…100 and its bars sit symmetrically; right-aligned it ends at the origin.
    @Test func trackingIsLeftOutAtTheLineEnds() throws {
        let centred = bars(try nodes(document: #"{"t":"III","f":"Bar","s":100,"j":2,"tr":100,"lh":120,"fc":[0,0,0]}"#))
        #expect(centred.map(\.0) == [-80, -10, 60])
        #expect(centred.map(\.1) == [-60, 10, 80])
        let right = bars(try nodes(document: #"{"t":"III","f":"Bar","s":100,"j":1,"tr":100,"lh":120,"fc":[0,0,0]}"#))
        #expect(right.last?.1 == -20)
        let left = bars(try nodes(document: #"{"t":"III","f":"Bar","s":100,"j":0,"tr":100,"lh":120,"fc":[0,0,0]}"#))
        #expect(left.map(\.0) == [20, 90, 160])
    }

    /// The opacity of each character's group (1 when drawn without one), left to right.
    private func opacities(_ nodes: [SceneNode]) -> [Double] {
        var out: [Double] = []
        func walk(_ nodes: [SceneNode], _ o: Double) {
            for n in nodes {
                switch n {
                case .fill: out.append(o)
                case .group(let g): walk(g.children, o * g.opacity)
                default: break
                }
            }
        }
        walk(nodes, 1)
        return out
    }

    private static let all = #""s":{"t":0,"s":{"a":0,"k":0},"e":{"a":0,"k":100},"o":{"a":0,"k":0},"r":1,"b":1,"sh":1}"#

    /// Opacity moves toward each animator's value by its selection, as colours do: an animator at 100 % after one
    /// at 0 % shows the text again (lottie-web/banner's "Discover Beyond").
    @Test func laterOpacityAnimatorOverridesAnEarlierOne() throws {
        let doc = #"{"t":"II","f":"Bar","s":100,"j":0,"tr":0,"lh":120,"fc":[0,0,0]}"#
        let hide = #"{\#(TextLayoutTests.all),"a":{"o":{"a":0,"k":0}}}"#
        #expect(try nodes(document: doc, animators: "[\(hide)]").isEmpty)
        let show = #"{\#(TextLayoutTests.all),"a":{"o":{"a":0,"k":100}}}"#
        #expect(try opacities(nodes(document: doc, animators: "[\(hide),\(show)]")) == [1, 1])
        let half = #"{\#(TextLayoutTests.all),"a":{"o":{"a":0,"k":50}}}"#
        #expect(try opacities(nodes(document: doc, animators: "[\(hide),\(half)]")) == [0.5, 0.5])
    }

    /// Ease High and Ease Low (`"xe"`, `"ne"` 100) bend a ramp's selection into an S: the middle character keeps
    /// one half, the first is selected less and the last more than the straight ramp's 1/6 and 5/6.
    @Test func easeHighAndLowBendTheSelection() throws {
        func lifts(ease: Int) throws -> [Double] {
            let doc = #"{"t":"III","f":"Bar","s":100,"j":0,"tr":0,"lh":120,"fc":[0,0,0]}"#
            let sel =
                #""s":{"t":0,"s":{"a":0,"k":0},"e":{"a":0,"k":100},"o":{"a":0,"k":0},"r":1,"b":1,"sh":2,"xe":{"a":0,"k":\#(ease)},"ne":{"a":0,"k":\#(ease)}}"#
            var out: [Double] = []
            func walk(_ nodes: [SceneNode]) {
                for n in nodes {
                    switch n {
                    case .fill(let p, let t, _, _, _): out.append(-t.apply(Point(0, p.controlBounds.maxY)).y)
                    case .group(let g): walk(g.children)
                    default: break
                    }
                }
            }
            walk(try nodes(document: doc, animators: #"[{\#(sel),"a":{"p":{"a":0,"k":[0,-60]}}}]"#))
            return out
        }
        let straight = try lifts(ease: 0)
        #expect(straight.map { $0.rounded() } == [10, 30, 50])
        let eased = try lifts(ease: 100)
        #expect(abs(eased[1] - 30) < 1e-6)
        #expect(eased[0] < 9 && eased[2] > 51)
    }

    /// A stroke-width animator (`"a"."sw"`) adds its value, times the selection, to the document's `"sw"`, as
    /// tracking and position do (lottie-web's TextAnimatorProperty: `sw += animatorProps.sw.v * mult`).
    @Test func strokeWidthAnimatorAdds() throws {
        let doc = #"{"t":"I","f":"Bar","s":100,"j":0,"tr":0,"lh":120,"fc":[0,0,0],"sc":[1,0,0],"sw":2}"#
        func widths(_ animators: String) throws -> [Double] {
            var out: [Double] = []
            func walk(_ nodes: [SceneNode]) {
                for n in nodes {
                    switch n {
                    case .stroke(_, let t, let style, _, _): out.append(style.width * t.a)
                    case .group(let g): walk(g.children)
                    default: break
                    }
                }
            }
            walk(try nodes(document: doc, animators: animators))
            return out.map { ($0 * 1000).rounded() / 1000 }
        }
        #expect(try widths("[]") == [2])
        let selector = #""s":{"t":0,"s":{"a":0,"k":0},"e":{"a":0,"k":100},"o":{"a":0,"k":0},"r":1,"b":1,"sh":1}"#
        #expect(try widths(#"[{\#(selector),"a":{"sw":{"a":0,"k":3}}}]"#) == [5])
        #expect(try widths(#"[{\#(selector),"a":{"sw":{"a":0,"k":0}}}]"#) == [2])
    }
}
