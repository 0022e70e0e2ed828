import LottieRenderRaster
import Testing

@testable import LottieRenderEval
@testable import LottieRenderModel

/// A shape layer with nothing to composite is drawn in place: its nodes go into its list, with no group of its own
/// (the renderer draws such a group's children where it stands); any layer that composites keeps its group.
@Suite struct ShapesInPlaceTests {
    func shapeLayer(_ ind: Int, ks: String = "{}", extra: String = "") -> String {
        let shapes = """
            [{"ty":"rc","p":{"a":0,"k":[5,5]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
             {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]
            """
        return "{\"ty\":4,\"ind\":\(ind),\"ip\":0,\"op\":10,\"st\":0,\"ks\":\(ks),\"shapes\":\(shapes)\(extra)}"
    }

    func scene(_ layers: [String]) throws -> Scene {
        let json = """
            {"v":"5.7","fr":30,"ip":0,"op":10,"w":100,"h":100,"layers":[\(layers.joined(separator: ","))]}
            """
        return SceneBuilder(try DocumentReader.read(Array(json.utf8))).scene(at: 0)
    }

    @Test func aPlainShapeLayerIsItsFillsPlacedByTheLayer() throws {
        let s = try scene([shapeLayer(1, ks: "{\"p\":{\"a\":0,\"k\":[10,20]}}")])
        #expect(s.nodes.count == 1)
        guard case .fill(_, let t, _, _, let opacity)? = s.nodes.first else {
            Issue.record("expected the layer's fill in place, found \(s.nodes)")
            return
        }
        #expect(t.tx == 10 && t.ty == 20 && opacity == 1)
    }

    @Test func layersThatCompositeKeepTheirGroups() throws {
        // Bottom first: a multiply layer, a layer at half opacity, an animated-opacity layer, then a plain one.
        let s = try scene([
            shapeLayer(1),
            shapeLayer(2, ks: "{\"o\":{\"a\":1,\"k\":[{\"t\":0,\"s\":[100]},{\"t\":10,\"s\":[50]}]}}"),
            shapeLayer(3, ks: "{\"o\":{\"a\":0,\"k\":50}}"),
            shapeLayer(4, extra: ",\"bm\":1"),
        ])
        #expect(s.nodes.count == 4)
        var kinds: [String] = []
        for n in s.nodes {
            switch n {
            case .group(let g): kinds.append("group \(g.opacity) \(g.blendMode)")
            case .fill: kinds.append("fill")
            default: kinds.append("other")
            }
        }
        #expect(kinds == ["group 1.0 multiply", "group 0.5 normal", "group 1.0 normal", "fill"])
    }

    @Test func aPlainPrecompLayerIsItsClipGroupAlone() throws {
        let json = """
            {"v":"5.7","fr":30,"ip":0,"op":10,"w":100,"h":100,
             "assets":[{"id":"p","layers":[\(shapeLayer(1))]}],
             "layers":[{"ty":0,"ind":1,"refId":"p","w":50,"h":50,"ip":0,"op":10,"st":0,"ks":{}}]}
            """
        let s = SceneBuilder(try DocumentReader.read(Array(json.utf8))).scene(at: 0)
        // The precomp's frame clips its layers; no group around that clip group.
        guard s.nodes.count == 1, case .group(let clip) = s.nodes[0] else {
            Issue.record("expected one clip group, found \(s.nodes)")
            return
        }
        #expect(clip.masks.count == 1)
        guard clip.children.count == 1, case .fill = clip.children[0] else {
            Issue.record("expected the precomp's fill in its clip group, found \(clip.children)")
            return
        }
    }
}
