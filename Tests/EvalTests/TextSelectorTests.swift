import Testing

@testable import LottieRenderEval
@testable import LottieRenderModel
@testable import LottieRenderRaster

/// Range selectors (`"t"."a"[]."s"`) with ramp shapes past their range: a ramp up selects every character after its
/// end fully and none before its start; a ramp down the reverse (After Effects; lottie-web's
/// TextSelectorProperty.getMult clamps the same way). Three "I" glyphs; the animator moves selected ones 50 up.
@Suite struct TextSelectorTests {
    /// The baseline y of each character, for a selector of shape `shape` (`"sh"`) offset by `offset` percent.
    private func baselines(shape: Int, offset: Double) throws -> [Double] {
        let json =
            BarFont.header + """
                {"ty":5,"ind":1,"ip":0,"op":10,"st":0,"ks":{},
                   "t":{"d":{"k":[{"t":0,"s":{"t":"III","f":"Bar","s":100,"j":0,"tr":0,"lh":120,"fc":[0,0,0]}}]},
                        "p":{},"m":{"g":1,"a":{"a":0,"k":[0,0]}},
                        "a":[{"s":{"t":0,"s":{"a":0,"k":0},"e":{"a":0,"k":100},"o":{"a":0,"k":\(offset)},"r":1,"b":1,
                                   "sh":\(shape),"a":{"a":0,"k":100}},
                              "a":{"p":{"a":0,"k":[0,-50]}}}]}}]}
                """
        let comp = try DocumentReader.read(Array(json.utf8))
        var out: [Double] = []
        func walk(_ nodes: [SceneNode]) {
            for n in nodes {
                switch n {
                case .fill(let p, let t, _, _, _): out.append(t.apply(Point(0, p.controlBounds.maxY)).y.rounded())
                case .group(let g): walk(g.children)
                default: break
                }
            }
        }
        walk(SceneBuilder(comp).scene(at: 0).nodes)
        return out
    }

    @Test func rampUpSelectsWhatComesAfterItsRange() throws {
        #expect(try baselines(shape: 2, offset: -100) == [-50, -50, -50])
        #expect(try baselines(shape: 2, offset: 100) == [0, 0, 0])
    }

    @Test func rampDownSelectsWhatComesBeforeItsRange() throws {
        #expect(try baselines(shape: 3, offset: 100) == [-50, -50, -50])
        #expect(try baselines(shape: 3, offset: -100) == [0, 0, 0])
    }

    @Test func otherShapesSelectNothingOutsideTheirRange() throws {
        for shape in [4, 5, 6] {
            #expect(try baselines(shape: shape, offset: 100) == [0, 0, 0])
            #expect(try baselines(shape: shape, offset: -100) == [0, 0, 0])
        }
    }
}
