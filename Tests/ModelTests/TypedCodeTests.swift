import Testing

@testable import LottieRenderModel

private func read(_ json: String) throws -> Composition {
    try DocumentReader.read(Array(json.utf8))
}

/// Bodymovin codes become typed values when read: effect parameters by meaning, menus as enums, an image's
/// `"e"`, a layer's kind.
@Suite struct TypedCodeTests {
    @Test func effectParametersAreResolvedByPositionAndName() throws {
        let c = try read(
            """
            {"v":"5.7.4","fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[{"ty":3,"ind":1,"ks":{},"ef":[
              {"ty":29,"nm":"Blur","ef":[{"ty":0,"nm":"Blurriness","v":{"a":0,"k":7}},
                {"ty":7,"nm":"Blur Dimensions","v":{"a":0,"k":3}},{"ty":7,"nm":"Repeat Edge Pixels","v":{"a":0,"k":1}}]},
              {"ty":19,"nm":"Hue","ef":[{"ty":0,"nm":"Master Saturation:","v":{"a":0,"k":-40}},
                {"ty":0,"nm":"master hue","v":{"a":0,"k":90}}]},
              {"ty":28,"nm":"Matte","ef":[{"ty":10,"nm":"Take Matte From Layer","v":{"a":0,"k":2}}]},
              {"ty":5,"nm":"Slider","ef":[{"ty":0,"nm":"Slider","v":{"a":0,"k":1}}]}]}]}
            """)
        let effects = c.layers[0].effects
        guard case .gaussianBlur(let blurriness?, let dims?, let edges?) = effects[0].parameters,
            case .constant(let b) = blurriness, case .constant(let d) = dims, case .constant(let e) = edges
        else { Issue.record("blur parameters"); return }
        #expect(b == [7] && d == [3] && e == [1])
        #expect(BlurDimensions(menuValue: d[0]) == .vertical)
        // Hue/saturation by name, whatever the order, case or trailing colon.
        guard case .hueSaturation(let hue?, let saturation?, nil) = effects[1].parameters,
            case .constant(let h) = hue, case .constant(let s) = saturation
        else { Issue.record("hue/saturation parameters"); return }
        #expect(h == [90] && s == [-40])
        // A parameter the file leaves out is nil (drawn with After Effects' default).
        guard case .setMatte(.some, nil, nil) = effects[2].parameters else { Issue.record("set matte"); return }
        guard case .none = effects[3].parameters else { Issue.record("controls carry no drawn parameters"); return }
    }

    @Test func menusReadAsTheirChoices() {
        #expect(MatteUse(menuValue: 1) == .red && MatteUse(menuValue: 3.9) == .blue)
        #expect(MatteUse(menuValue: 5) == .luminance && MatteUse(menuValue: 10) == .off)
        // Outside the menu, or no integer at all: alpha, as After Effects' default.
        #expect(MatteUse(menuValue: 0) == .alpha && MatteUse(menuValue: 1e300) == .alpha)
        #expect(MatteUse(menuValue: .nan) == .alpha)
        #expect(BlurDimensions(menuValue: 2) == .horizontal && BlurDimensions(menuValue: -7) == .both)
        #expect(StrokePaintStyle(menuValue: 3) == .revealOriginal && StrokePaintStyle(menuValue: 11) == .onOriginal)
        #expect(ZigZagPoints(value: 2) == .smooth && ZigZagPoints(value: 1.5) == .corner)
        #expect(LineJoinStyle(code: 7) == .round && LineJoinStyle(code: 7, unknown: .miter) == .miter)
    }

    @Test func imageEmbeddedFlagAndLayerKinds() throws {
        let c = try read(
            """
            {"v":"5.7.4","fr":30,"ip":0,"op":10,"w":10,"h":10,"assets":[
              {"id":"a","w":1,"h":1,"p":"a.png","e":1},{"id":"b","w":1,"h":1,"p":"b.png","e":1e300},
              {"id":"c","w":1,"h":1,"p":"c.png"}],
             "layers":[{"ty":6,"ind":1,"ks":{}},{"ty":77,"ind":2,"ks":{}},{"ty":2,"ind":3,"refId":"a","ks":{}},
               {"ty":4,"ind":4,"ks":{},"shapes":[{"ty":"op","a":{"a":0,"k":2},"lj":9,"ml":{"a":0,"k":4}}]}]}
            """)
        func marked(_ id: String) -> Bool? {
            guard case .image(let a)? = c.assets[id] else { return nil }
            return a.markedEmbedded
        }
        #expect(marked("a") == true && marked("b") == false && marked("c") == false)
        #expect(c.layers.map(\.content.kindName) == ["audio", "type 77", "image", "shape"])
        #expect(
            c.diagnostics.unsupported.contains("layer:audio") && c.diagnostics.unsupported.contains("layer:type-77"))
        guard case .shapes(let items) = c.layers[3].content, case .modifier(.offset(_, let join, _)) = items[0] else {
            Issue.record("offset path"); return
        }
        #expect(join == .miter) // an offset path's unknown join is a miter
    }
}

/// rlottie reads a shape item from its `"ty"` on (`Layer.shapesFromType`): kept only when a key written before it is
/// one the item readers read, and then read as rlottie reads it.
@Suite struct KeysBeforeTypeTests {
    @Test func onlyKeysThatAreReadKeepASecondReading() throws {
        let c = try read(
            """
            {"v":"5.7","fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[
             {"ty":4,"ind":1,"ks":{},"shapes":[{"ind":0,"nm":"a","mn":"m","ix":1,"cix":2,"np":3,"ty":"gr","it":[
               {"ind":0,"ty":"el","s":{"a":0,"k":[4,4]},"p":{"a":0,"k":[5,5]}}]}]},
             {"ty":4,"ind":2,"ks":{},"shapes":[{"ty":"gr","it":[
               {"ind":0,"p":{"a":0,"k":[1,1]},"ty":"el","s":{"a":0,"k":[4,4]}}]}]},
             {"ty":4,"ind":3,"ks":{},"shapes":[{"\\u0069nd":0,"ty":"el","s":{"a":0,"k":[4,4]}}]},
             {"ty":4,"ind":4,"ks":{},"shapes":[{"\\u0070":{"a":0,"k":[1,1]},"ty":"el","s":{"a":0,"k":[4,4]}}]},
             {"ty":4,"ind":5,"ks":{},"shapes":[{"ty":"el","p":{"a":0,"k":[1,1]},"ty":"el","s":{"a":0,"k":[4,4]}}]}]}
            """)
        #expect(c.layers[0].shapesFromType == nil)
        // "p" before "ty": rlottie's ellipse has no position (0, 0), ours is at (1, 1).
        guard let fromType = c.layers[1].shapesFromType, case .group(let g) = fromType[0],
            case .ellipse(let e) = g.items[0], case .constant(let p) = e.value.position,
            case .shapes(let items) = c.layers[1].content, case .group(let whole) = items[0],
            case .ellipse(let w) = whole.items[0], case .constant(let q) = w.value.position
        else { Issue.record("a second reading of layer 2's items"); return }
        #expect(p == [0, 0] && q == [1, 1])
        // A key written with escapes is its text: `\u0069nd` is "ind", `\u0070` is "p".
        #expect(c.layers[2].shapesFromType == nil)
        #expect(c.layers[3].shapesFromType != nil)
        // A repeated "ty": the last one is the item's, and a key read before it counts.
        #expect(c.layers[4].shapesFromType != nil)
    }
}
