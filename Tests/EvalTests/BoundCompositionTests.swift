import LottieRenderRaster
import Testing

@testable import LottieRenderEval
@testable import LottieRenderModel

/// Binding: references resolved once, the same way for drawing, warnings and keyframe listing.
@Suite struct BoundCompositionTests {
    func bind(_ layers: String, assets: String = "[]") throws -> BoundComposition {
        let json = """
            {"v":"5.7","fr":30,"ip":0,"op":100,"w":100,"h":100,"assets":\(assets),"layers":\(layers)}
            """
        return BoundComposition(try DocumentReader.read(Array(json.utf8)))
    }

    func layer(_ ind: Int, parent: Int? = nil, ty: Int = 3, extra: String = "") -> String {
        let p = parent.map { ",\"parent\":\($0)" } ?? ""
        return "{\"ty\":\(ty),\"ind\":\(ind)\(p),\"ip\":0,\"op\":100,\"st\":0,\"ks\":{}\(extra)}"
    }

    @Test func aRepeatedIndexNamesTheFirstLayerEverywhere() throws {
        // Layers 1 and 2 both have "ind" 5; layer 2 is its own parent's namesake, which is a cycle only if the
        // last one counted. The first is used, by the renderer and the warnings alike, and the ambiguity is told.
        let b = try bind("[\(layer(5)),\(layer(5, parent: 5)),\(layer(7, parent: 5))]")
        let list = b.lists[BoundComposition.root]
        #expect(list.bound[1].parent == 0)
        #expect(list.bound[2].parent == 0)
        #expect(!list.bound[1].parentCycle)
        #expect(b.warnings.count == 2)
        #expect(
            b.warnings.allSatisfy { $0.contains("parent 5 names 2 layers (layers[0], layers[1]); the first is used") })
    }

    @Test func parentCyclesMissingParentsAndAssetsAreWarnedOnce() throws {
        let b = try bind(
            "[\(layer(1, parent: 2)),\(layer(2, parent: 1)),\(layer(3, parent: 9)),"
                + "{\"ty\":0,\"ind\":4,\"refId\":\"nope\",\"ip\":0,\"op\":100,\"st\":0,\"ks\":{},\"w\":10,\"h\":10}]")
        #expect(b.lists[0].bound[0].parentCycle && b.lists[0].bound[1].parentCycle)
        #expect(
            b.warnings == [
                "layers[0] (\"\"): parent chain has a cycle; layer skipped",
                "layers[1] (\"\"): parent chain has a cycle; layer skipped",
                "layers[2] (\"\"): parent 9 does not exist; drawn without a parent",
                "layers[3] (\"\"): precomp asset \"nope\" is missing; layer skipped",
            ])
    }

    @Test func aChainIntoACycleIsCyclicAndALongChainIsNot() {
        // 0 → 1 → 2 → 1 (a tail into a cycle), 3 alone; then a chain of 100,000 layers, each the next one's parent.
        #expect(BoundList.reachesCycle([1, 2, 1, nil]) == [true, true, true, false])
        let chain = BoundList.reachesCycle((0..<100_000).map { $0 == 0 ? nil : $0 - 1 })
        #expect(!chain.contains(true))
    }

    @Test func constantMatricesAreWorkedOutOnceAndAgreeWithTheWalk() throws {
        // 1 (constant) is the parent of 2 (rotation keyframed), which is the parent of 3 (constant): 1 has a
        // constant world matrix, 2 and 3 do not; 3 keeps its own constant matrix. Every layer's world matrix at
        // any time equals the product of its chain's matrices evaluated then.
        let still = #","ks":{"p":{"a":0,"k":[30,10]},"s":{"a":0,"k":[50,200]},"r":{"a":0,"k":15}}"#
        let turning =
            #","ks":{"a":{"a":0,"k":[5,5]},"r":{"a":1,"k":[{"t":0,"s":[0],"i":{"x":[1],"y":[1]},"#
            + #""o":{"x":[0],"y":[0]}},{"t":10,"s":[90]}]},"o":{"a":0,"k":40}}"#
        let b = SceneBuilder(
            try bind(
                "[{\"ty\":3,\"ind\":1,\"ip\":0,\"op\":100,\"st\":0\(still)},"
                    + "{\"ty\":3,\"ind\":2,\"parent\":1,\"ip\":0,\"op\":100,\"st\":0\(turning)},"
                    + "{\"ty\":3,\"ind\":3,\"parent\":2,\"ip\":0,\"op\":100,\"st\":0\(still)}]"))
        let list = b.bound.lists[BoundComposition.root]
        #expect(list.bound[0].constantWorld != nil && list.bound[0].constantMatrix != nil)
        #expect(list.bound[1].constantMatrix == nil && list.bound[1].constantWorld == nil)
        #expect(list.bound[2].constantMatrix != nil && list.bound[2].constantWorld == nil)
        #expect(list.bound[0].constantOpacity == 1 && list.bound[1].constantOpacity == 0.4)
        for t in [0.0, 3.5, 10] {
            let m = list.layers.map { TransformEval.matrix($0.transform, at: t) }
            #expect(b.worldTransform(0, list, time: t) == m[0].concat(.identity))
            #expect(b.worldTransform(1, list, time: t) == m[0].concat(m[1].concat(.identity)))
            #expect(b.worldTransform(2, list, time: t) == m[0].concat(m[1].concat(m[2].concat(.identity))))
        }
        #expect(b.worldTransform(1, list, time: 0) != b.worldTransform(1, list, time: 10))
    }

    @Test func constantShapesAreBuiltOnceAndDrawAsTheItemsDo() throws {
        // A group with a constant "tr" holds a constant ellipse, a keyframed rectangle and a constant path; a
        // repeater copies them. Bound, the ellipse and the path are outlines and the group has its matrix; the
        // nodes built with and without the bound items are the same at every time.
        let keyed =
            #"{"a":1,"k":[{"t":0,"s":[10,20],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":10,"s":[40,5]}]}"#
        let shapes =
            #"[{"ty":"gr","it":[{"ty":"el","p":{"a":0,"k":[5,5]},"s":{"a":0,"k":[20,10]}},"#
            + #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":"# + keyed + #","r":{"a":0,"k":2}},"#
            + #"{"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[0,0],[10,0],[10,10]],"i":[[0,0],[0,0],[0,0]],"#
            + #""o":[[0,0],[3,3],[0,0]]}}},"#
            + #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},"#
            + #"{"ty":"tr","p":{"a":0,"k":[30,40]},"r":{"a":0,"k":20},"s":{"a":0,"k":[150,80]},"o":{"a":0,"k":60}}]},"#
            + #"{"ty":"rp","c":{"a":0,"k":3},"o":{"a":0,"k":0},"tr":{"p":{"a":0,"k":[12,0]},"r":{"a":0,"k":9},"#
            + #""so":{"a":0,"k":100},"eo":{"a":0,"k":50}}}]"#
        let b = try bind("[\(layer(1, ty: 4, extra: ",\"shapes\":\(shapes)"))]")
        let list = b.lists[BoundComposition.root]
        guard case .shapes(let items) = list.layers[0].content else {
            Issue.record("not a shape layer")
            return
        }
        let bound = list.shapes[0]
        guard case .group(let matrix, let opacity, let inner)? = bound.first else {
            Issue.record("the group is not bound")
            return
        }
        #expect(matrix != nil && opacity == 0.6 && inner.count == 4) // the last "tr" is the group's transform
        // Three outlines (el, rc, sh) and two entries to resolve (the fill and its group), repeater copies not counted.
        let counts = BoundShape.counts(items)
        #expect(counts.outlines == 3 && counts.entries == 2)
        #expect(list.bound[0].outlines == 3 && list.bound[0].entries == 2)
        if case .outline = inner[0] {} else { Issue.record("the ellipse is not an outline") }
        if case .none = inner[1] {} else { Issue.record("the keyframed rectangle is bound") }
        if case .outline = inner[2] {} else { Issue.record("the path is not an outline") }
        func fills(_ nodes: [SceneNode]) -> [(Path, Transform, Double)] {
            nodes.flatMap { n -> [(Path, Transform, Double)] in
                switch n {
                case .fill(let p, let t, _, _, let o): return [(p, t, o)]
                case .group(let g): return fills(g.children).map { ($0.0, $0.1, $0.2 * g.opacity) }
                default: return []
                }
            }
        }
        let place = Transform(a: 2, b: 0.5, c: -0.25, d: 1.5, tx: 7, ty: 3)
        for t in [0.0, 4.25, 10] {
            let fast = fills(ShapeBuilder.build(items, bound: bound, time: t, layerTransform: place))
            let slow = fills(ShapeBuilder.build(items, time: t, layerTransform: place))
            #expect(fast.count == 3 && fast.count == slow.count)
            for (f, s) in zip(fast, slow) { #expect(f.0 == s.0 && f.1 == s.1 && f.2 == s.2) }
        }
    }

    @Test func mattesAndPrecompsResolve() throws {
        let assets = "[{\"id\":\"inner\",\"w\":40,\"h\":30,\"layers\":[\(layer(1, ty: 4, extra: ",\"shapes\":[]"))]}]"
        let b = try bind(
            "[\(layer(1, extra: ",\"td\":1")),\(layer(2, extra: ",\"tt\":1")),"
                + "{\"ty\":0,\"ind\":3,\"refId\":\"inner\",\"ip\":0,\"op\":100,\"st\":0,\"ks\":{},\"w\":40,\"h\":30}]",
            assets: assets)
        let root = b.lists[0]
        #expect(root.bound[0].onlyAsMatte)
        #expect(root.bound[1].matteSource == 0)
        #expect(root.bound[2].precomp == 1)
        #expect(b.lists[1].key == "inner" && b.lists[1].width == 40 && b.lists[1].height == 30)
        #expect(b.warnings.isEmpty)
    }

    @Test func onlyAPrecompThatHoldsItselfIsWalkedWithAStack() throws {
        func precomp(_ ind: Int, _ ref: String) -> String {
            "{\"ty\":0,\"ind\":\(ind),\"refId\":\"\(ref)\",\"ip\":0,\"op\":100,\"st\":0,\"ks\":{}}"
        }
        // root → a → b, and a second use of b from the root: no list reaches itself.
        let chain = try bind(
            "[\(precomp(1, "a")),\(precomp(2, "b"))]",
            assets: "[{\"id\":\"a\",\"layers\":[\(precomp(1, "b"))]},{\"id\":\"b\",\"layers\":[\(layer(1))]}]")
        #expect(chain.acyclic)
        guard case .enter(let a) = chain.enter(0, from: .root), case .enter(let b) = chain.enter(0, from: a) else {
            Issue.record("the chain is not followed")
            return
        }
        #expect(a.list == 1 && a.depth == 1 && a.stack.isEmpty)
        #expect(b.list == 2 && b.depth == 2 && b.stack.isEmpty)
        #expect(chain.warnings.isEmpty)
        // root → a → b → a: the walk keeps its stack and stops where a precomp would enter itself.
        let loop = try bind(
            "[\(precomp(1, "a"))]",
            assets: "[{\"id\":\"a\",\"layers\":[\(precomp(1, "b"))]},{\"id\":\"b\",\"layers\":[\(precomp(1, "a"))]}]")
        #expect(!loop.acyclic)
        guard case .enter(let la) = loop.enter(0, from: .root), case .enter(let lb) = loop.enter(0, from: la) else {
            Issue.record("the loop is not entered")
            return
        }
        #expect(la.stack == [1] && lb.stack == [1, 2])
        #expect(loop.enter(0, from: lb) == .containsItself)
        #expect(loop.warnings.contains { $0.contains("contains itself") })
    }

    @Test func keyframeTimesMapThroughStartTimeAndStretch() throws {
        // The inner layer has keyframes at 0 and 10 (its own time); the precomp layer starts at 20, stretched 2×.
        let kf =
            "\"o\":{\"a\":1,\"k\":[{\"t\":0,\"s\":[0],\"i\":{\"x\":[1],\"y\":[1]},\"o\":{\"x\":[0],\"y\":[0]}},{\"t\":10,\"s\":[100]}]}"
        let inner = "{\"ty\":3,\"ind\":1,\"ip\":0,\"op\":30,\"st\":0,\"ks\":{\(kf)}}"
        let assets = "[{\"id\":\"a\",\"layers\":[\(inner)]}]"
        let b = try bind(
            "[{\"ty\":0,\"ind\":1,\"refId\":\"a\",\"ip\":0,\"op\":100,\"st\":20,\"sr\":2,\"ks\":{},\"w\":10,\"h\":10}]",
            assets: assets)
        #expect(KeyframeTimes.times(b) == [0, 20, 40, 80])
    }

    @Test func keyframeTimesOfAnExponentialFanOutAreQuick() throws {
        // 40 precomps, each showing the next twice at different start times: 2⁴⁰ layer instances if walked, one
        // visit per precomp when each list's times are worked out once.
        var assets: [String] = []
        for k in 0..<40 {
            let next =
                k == 39
                ? layer(1)
                : [0, 1].map { s in
                    "{\"ty\":0,\"ind\":\(s + 1),\"refId\":\"p\(k + 1)\",\"ip\":0,\"op\":100,\"st\":\(s),\"ks\":{},\"w\":10,\"h\":10}"
                }.joined(separator: ",")
            assets.append("{\"id\":\"p\(k)\",\"layers\":[\(next)]}")
        }
        let b = try bind(
            "[{\"ty\":0,\"ind\":1,\"refId\":\"p0\",\"ip\":0,\"op\":100,\"st\":0,\"ks\":{},\"w\":10,\"h\":10}]",
            assets: "[\(assets.joined(separator: ","))]")
        let times = KeyframeTimes.times(b)
        #expect(times.first == 0 && times.count <= 100)
    }

    @Test func keyframeTimesCoverTextEffectsStylesFeatherAndModifiers() throws {
        // Each property kind keyframed at its own frame; nothing else moves.
        func anim(_ t: Int, _ v: String = "0") -> String {
            "{\"a\":1,\"k\":[{\"t\":\(t),\"s\":[\(v)]},{\"t\":\(t + 1),\"s\":[1]}]}"
        }
        let text = """
            "t":{"d":{"k":[{"s":{"t":"A","f":"F","s":10},"t":0},{"s":{"t":"B","f":"F","s":10},"t":31}]},
              "a":[{"s":{"s":\(anim(41))},"a":{"o":\(anim(43))}}],"p":{"m":0,"f":\(anim(47))},"m":{"a":\(anim(53))}}
            """
        let effect = "\"ef\":[{\"ty\":29,\"ef\":[{\"ty\":0,\"nm\":\"Blurriness\",\"v\":\(anim(11))}]}]"
        let style = "\"sy\":[{\"ty\":1,\"s\":\(anim(13))}]"
        let mask = """
            "masksProperties":[{"mode":"a","pt":{"a":0,"k":{"v":[[0,0],[1,0],[1,1]],"i":[[0,0],[0,0],[0,0]],
              "o":[[0,0],[0,0],[0,0]],"c":true}},"f":\(anim(17, "0,0"))}]
            """
        let modifier = "\"shapes\":[{\"ty\":\"rd\",\"r\":\(anim(19))},{\"ty\":\"tw\",\"a\":\(anim(23))}]"
        let b = try bind(
            "[\(layer(1, ty: 5, extra: "," + text)),\(layer(2, ty: 4, extra: ",\(effect),\(style),\(mask),\(modifier)"))]"
        )
        let times = Set(KeyframeTimes.times(b))
        for t in [11.0, 13, 17, 19, 23, 31, 41, 43, 47, 53] { #expect(times.contains(t), "frame \(t)") }
    }
}
