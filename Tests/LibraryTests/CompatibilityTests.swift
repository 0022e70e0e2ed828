import LottieRender
import LottieRenderTestSupport
import Testing

/// `LottieDocument.compatibility()`: each feature some player draws otherwise, with the players (from the same
/// table `draw(as:)` follows), the layers, and the frames at which they are on screen through precomps.
@Suite struct CompatibilityTests {
    static let json = """
        {"v":"5.7","fr":30,"ip":0,"op":40,"w":100,"h":100,
         "assets":[{"id":"inner","layers":[
           {"ty":4,"ind":1,"nm":"card","ip":10,"op":20,"st":0,"ks":{},
            "ef":[{"ty":25,"nm":"Drop Shadow","en":1,"ef":[]}],
            "shapes":[{"ty":"rc","s":{"a":0,"k":[20,20]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}},
                      {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}],
         "layers":[
           {"ty":0,"ind":1,"nm":"pre","refId":"inner","w":100,"h":100,"ip":0,"op":40,"st":5,"ks":{}},
           {"ty":4,"ind":2,"nm":"merged","ip":0,"op":5,"st":0,"ks":{},
            "shapes":[{"ty":"gr","it":[{"ty":"rc","s":{"a":0,"k":[20,20]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}},
                      {"ty":"mm","mm":3},{"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100}}]}]},
           {"ty":4,"ind":3,"nm":"plain","ip":0,"op":40,"st":0,"ks":{},"hasMask":true,
            "masksProperties":[{"mode":"a","inv":false,"pt":{"a":0,"k":{"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]],"v":[[0,0],[10,0],[0,10]],"c":true}},"o":{"a":0,"k":100},"x":{"a":0,"k":0}}],
            "shapes":[{"ty":"rc","s":{"a":0,"k":[20,20]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}}]}]}
        """

    @Test func issuesNamePlayersLayersAndFramesThroughPrecomps() throws {
        let issues = try LottieDocument(bytes: Array(CompatibilityTests.json.utf8)).compatibility()
        #expect(issues.map(\.feature) == ["effect:drop-shadow", "merge-paths"])
        let shadow = issues[0]
        // lottie-web's canvas renderer and rlottie leave the drop shadow out.
        #expect(shadow.players == [.webCanvas, .telegram] && shadow.consequence == "not drawn")
        #expect(shadow.layers == ["card (in inner)"])
        // The card is on screen from 10 to 20 of the precomp, which starts at 5.
        #expect(shadow.frames == [15...24])
        let merge = issues[1]
        #expect(merge.players == [.web, .webCanvas, .ios, .iosMainThread, .android, .dotlottie, .telegram])
        #expect(merge.layers == ["merged"] && merge.frames == [0...4])
        // An add mask at full opacity is drawn by everyone: not an issue.
    }

    /// Images: rlottie samples the nearest pixel and ThorVG has no smoothed levels for an image drawn small, so
    /// Telegram and the dotLottie players each get a finding, and the other players none.
    @Test func imagesNameTheEnginesFilters() throws {
        let png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
        let json = """
            {"v":"5.7","fr":30,"ip":0,"op":10,"w":100,"h":100,
             "assets":[{"id":"px","w":1,"h":1,"u":"","p":"data:image/png;base64,\(png)","e":1}],
             "layers":[{"ty":2,"ind":1,"nm":"photo","refId":"px","ip":0,"op":10,"st":0,"ks":{}}]}
            """
        let issues = try LottieDocument(bytes: Array(json.utf8)).compatibility()
        #expect(issues.map(\.feature) == ["image:nearest", "image:no-mipmaps"])
        #expect(issues.map(\.players) == [[.telegram], [.dotlottie]])
        #expect(issues.allSatisfy { $0.layers == ["photo"] && $0.frames == [0...9] })
    }

    /// Key order, which rlottie's parser depends on: items with keys before `"ty"`, and a rotated layer whose
    /// `"ddd"` is missing. Only Telegram is named; a layer that does not turn is not listed.
    @Test func keyOrderMattersOnlyToTelegram() throws {
        let json = """
            {"v":"5.7","fr":30,"ip":0,"op":10,"w":100,"h":100,"layers":[
             {"ty":4,"ind":1,"nm":"sorted","ip":0,"op":10,"st":0,"ddd":0,"ks":{},
              "shapes":[{"it":[{"s":{"a":0,"k":[20,20]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0},"ty":"rc"}],"ty":"gr"}]},
             {"ty":4,"ind":2,"nm":"turned","ip":0,"op":10,"st":0,"ks":{"r":{"a":0,"k":30}},
              "shapes":[{"ty":"rc","s":{"a":0,"k":[20,20]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}}]},
             {"ty":4,"ind":3,"nm":"still","ip":0,"op":10,"st":0,"ks":{},
              "shapes":[{"ty":"rc","s":{"a":0,"k":[20,20]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}}]},
             {"ty":4,"ind":4,"nm":"indexed","ip":0,"op":10,"st":0,"ddd":0,"ks":{},
              "shapes":[{"ind":0,"nm":"g","mn":"ADBE Vector Group","ty":"gr","it":[
                {"ind":0,"ix":1,"cix":2,"np":1,"ty":"rc","s":{"a":0,"k":[20,20]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}}]}]},
             {"ty":4,"ind":5,"nm":"direction","ip":0,"op":10,"st":0,"ddd":0,"ks":{},
              "shapes":[{"ind":0,"d":3,"ty":"rc","s":{"a":0,"k":[20,20]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}}]}]}
            """
        let issues = try LottieDocument(bytes: Array(json.utf8)).compatibility()
        let order = issues.filter { $0.feature == "shape:keys-before-ty" || $0.feature == "layer:ddd-order" }
        #expect(order.map(\.feature) == ["layer:ddd-order", "shape:keys-before-ty"])
        // Keys no item reader reads ("ind", names, property indices) lose nothing when skipped; a "d" does.
        #expect(order.map(\.layers) == [["turned"], ["sorted", "direction"]])
        #expect(order.allSatisfy { $0.players == [.telegram] })
    }

    /// A gradient with opacity stops: rlottie keeps opacity at the colour stops only (Telegram); a gradient without
    /// them is not listed.
    @Test func gradientOpacityStopsAreNamedForTelegram() throws {
        func layer(_ ind: Int, _ name: String, _ stops: String, _ count: Int) -> String {
            #"{"ty":4,"ind":\#(ind),"nm":"\#(name)","ip":0,"op":10,"st":0,"ddd":0,"ks":{},"shapes":[{"ty":"rc","s":{"a":0,"k":[20,20]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}},{"ty":"gf","t":1,"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[10,0]},"o":{"a":0,"k":100},"g":{"p":\#(count),"k":{"a":0,"k":\#(stops)}}}]}"#
        }
        let json =
            #"{"v":"5.7","fr":30,"ip":0,"op":10,"w":100,"h":100,"layers":["#
            + layer(1, "faded", "[0,1,0,0,1,0,0,1,0,1,0.5,0.2,0.7,1]", 2) + ","
            + layer(2, "opaque", "[0,1,0,0,1,0,0,1]", 2) + "]}"
        let issues = try LottieDocument(bytes: Array(json.utf8)).compatibility()
        let found = issues.filter { $0.feature == "gradient:opacity-stops" }
        #expect(found.count == 1 && found.first?.layers == ["faded"] && found.first?.players == [.telegram])
    }

    /// ThorVG chains masks its own way: a subtract followed by an add is listed for the dotLottie players; an add
    /// followed by a subtract, which it draws as After Effects does, is not.
    @Test func thorvgMaskChainsAreNamedForDotLottie() throws {
        func mask(_ mode: String) -> String {
            #"{"inv":false,"mode":"\#(mode)","pt":{"a":0,"k":{"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]],"v":[[0,0],[10,0],[0,10]],"c":true}},"o":{"a":0,"k":100},"x":{"a":0,"k":0}}"#
        }
        func layer(_ ind: Int, _ name: String, _ modes: [String]) -> String {
            #"{"ty":4,"ind":\#(ind),"nm":"\#(name)","ip":0,"op":10,"st":0,"ddd":0,"ks":{},"hasMask":true,"masksProperties":[\#(modes.map(mask).joined(separator: ","))],"shapes":[{"ty":"rc","s":{"a":0,"k":[20,20]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}}]}"#
        }
        let json =
            #"{"v":"5.7","fr":30,"ip":0,"op":10,"w":100,"h":100,"layers":["#
            + layer(1, "subtract first", ["s", "a"]) + "," + layer(2, "add first", ["a", "s"]) + "]}"
        let issues = try LottieDocument(bytes: Array(json.utf8)).compatibility()
        let chain = issues.filter { $0.feature == "masks:chain" }
        #expect(chain.count == 1 && chain.first?.layers == ["subtract first"] && chain.first?.players == [.dotlottie])
    }

    /// lottie-web inverts a mask by drawing the frame rectangle, clockwise, then the path, nonzero: a clockwise
    /// outline leaves no hole, a moved layer is inverted only inside the frame; its canvas renderer clips to one
    /// path, so masks of opposite winding cut a hole where they overlap.
    @Test func invertedMasksAsLottieWebDrawsThem() throws {
        func mask(_ v: String, inv: Bool) -> String {
            #"{"mode":"a","inv":\#(inv),"pt":{"a":0,"k":{"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]],"v":\#(v),"c":true}},"o":{"a":0,"k":100},"x":{"a":0,"k":0}}"#
        }
        let cw = "[[0,0],[10,0],[0,10]]", ccw = "[[0,0],[0,10],[10,0]]"
        func layer(_ ind: Int, _ name: String, _ ks: String, _ masks: [String]) -> String {
            #"{"ty":4,"ind":\#(ind),"nm":"\#(name)","ip":0,"op":10,"st":0,"ks":\#(ks),"hasMask":true,"masksProperties":[\#(masks.joined(separator: ","))],"shapes":[{"ty":"rc","s":{"a":0,"k":[20,20]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}}]}"#
        }
        let still = #"{"a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[0,0]}}"#
        let moved = #"{"a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[30,0]}}"#
        let json =
            #"{"v":"5.7","fr":30,"ip":0,"op":10,"w":100,"h":100,"layers":["#
            + [
                layer(1, "cw", still, [mask(cw, inv: true)]),
                layer(2, "ccw", still, [mask(ccw, inv: true)]),
                layer(3, "moved", moved, [mask(ccw, inv: true)]),
                layer(4, "both", still, [mask(cw, inv: false), mask(ccw, inv: false)]),
            ].joined(separator: ",") + "]}"
        let issues = try LottieDocument(bytes: Array(json.utf8)).compatibility()
        let byFeature = Dictionary(uniqueKeysWithValues: issues.map { ($0.feature, $0) })
        #expect(byFeature.count == 4)
        // "inv" follows "mode" here: ThorVG loses the inversion.
        #expect(byFeature["masks:chain"]?.layers == ["cw", "ccw", "moved"])
        #expect(byFeature["masks:chain"]?.players == [.dotlottie])
        #expect(byFeature["mask:inverted-clockwise"]?.layers == ["cw"])
        #expect(byFeature["mask:inverted-clockwise"]?.players == [.web, .webCanvas])
        #expect(byFeature["mask:inverted-moved-layer"]?.layers == ["moved"])
        #expect(byFeature["masks:opposite-windings"]?.layers == ["both"])
        #expect(byFeature["masks:opposite-windings"]?.players == [.webCanvas])
    }

    /// A repeater that rotates its copies and scales them unevenly: lottie-web rotates before it scales. A uniform
    /// scale commutes with the rotation, so it is no issue there; lottie-ios's Main Thread engine skips repeaters.
    @Test func repeaterRotatingAndScalingUnevenly() throws {
        func json(_ scale: String) -> String {
            #"{"v":"5.7","fr":30,"ip":0,"op":10,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"nm":"bars","ip":0,"op":10,"st":0,"ks":{},"shapes":[{"ty":"gr","it":[{"ty":"rc","s":{"a":0,"k":[20,4]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100}},{"ty":"rp","c":{"a":0,"k":3},"o":{"a":0,"k":0},"m":1,"tr":{"ty":"tr","p":{"a":0,"k":[0,10]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":\#(scale)},"r":{"a":0,"k":30},"so":{"a":0,"k":100},"eo":{"a":0,"k":100}}}]}]}]}"#
        }
        let issues = try LottieDocument(bytes: Array(json("[140,100]").utf8)).compatibility()
        // rlottie stacks the copies last on top whatever the composite says.
        #expect(issues.map(\.feature) == ["repeater", "repeater:copies-order", "repeater:rotation-and-uneven-scale"])
        #expect(issues.first?.players == [.iosMainThread])
        #expect(issues.last?.players == [.web, .webCanvas, .telegram] && issues.last?.layers == ["bars"])
        #expect(
            try LottieDocument(bytes: Array(json("[120,120]").utf8)).compatibility().map(\.feature) == [
                "repeater", "repeater:copies-order",
            ])
    }

    /// Stars: a fractional point count and roundness are drawn otherwise by lottie-web; a whole, sharp star is not.
    @Test func starsLottieWebDrawsOtherwise() throws {
        func json(points: String, roundness: Double) -> String {
            #"{"v":"5.7","fr":30,"ip":0,"op":10,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"nm":"star","ip":0,"op":10,"st":0,"ks":{},"shapes":[{"ty":"sr","sy":1,"pt":\#(points),"p":{"a":0,"k":[50,50]},"r":{"a":0,"k":0},"ir":{"a":0,"k":10},"is":{"a":0,"k":0},"or":{"a":0,"k":30},"os":{"a":0,"k":\#(roundness)}},{"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100}}]}]}"#
        }
        func features(_ j: String) throws -> [String] {
            try LottieDocument(bytes: Array(j.utf8)).compatibility().map(\.feature)
        }
        #expect(try features(json(points: #"{"a":0,"k":5}"#, roundness: 0)).isEmpty)
        #expect(try features(json(points: #"{"a":0,"k":5.5}"#, roundness: 0)) == ["star:fractional-points"])
        // rlottie rounds a star's corners with shorter handles.
        #expect(try features(json(points: #"{"a":0,"k":5}"#, roundness: 40)) == ["shape:sr", "star:roundness"])
    }

    @Test func aFileEveryPlayerDrawsHasNoIssues() throws {
        let json = """
            {"v":"5.7","fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[
             {"ty":4,"ind":1,"ip":0,"op":10,"st":0,"ks":{},
              "shapes":[{"ty":"rc","s":{"a":0,"k":[4,4]},"p":{"a":0,"k":[5,5]},"r":{"a":0,"k":0}}]}]}
            """
        #expect(try LottieDocument(bytes: Array(json.utf8)).compatibility().isEmpty)
    }

    /// ThorVG binds no createPath: expr_path's "Built" layer keeps its own path under dotlottie, and says so; the
    /// layers without such a call are not listed.
    @Test func expressionsCallingFunctionsThorVGLacksAreReported() throws {
        let doc = try LottieDocument(contentsOf: repoRoot.appendingPathComponent("samples/expr_path.json").path)
        let found = try #require(try doc.compatibility().first { $0.feature == "expressions:unbound-functions" })
        #expect(found.players == [.dotlottie] && found.layers == ["Built"])
        let loops = try LottieDocument(contentsOf: repoRoot.appendingPathComponent("samples/expr_loops.json").path)
        #expect(!(try loops.compatibility()).contains { $0.feature == "expressions:unbound-functions" })
        // $bm_neg is not bound, and thisLayer cannot be called: layers r5 and r6 of player_expr_values.
        let values = try LottieDocument(
            contentsOf: repoRoot.appendingPathComponent("samples/player_expr_values.json").path)
        let unbound = try #require(try values.compatibility().first { $0.feature == "expressions:unbound-functions" })
        #expect(unbound.layers == ["r5", "r6"])
    }
}
