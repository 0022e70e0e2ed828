import Testing

@testable import LottieRenderModel

private func read(_ json: String) throws -> Composition {
    try DocumentReader.read(Array(json.utf8))
}

/// Property values are `NumberVector`s (up to four numbers inline); gradient data stays a list of any length.
@Suite struct NumberVectorTests {
    @Test func readsAsAnArrayOfUpToFourNumbers() {
        var v: NumberVector = [1, 2]
        #expect(v.count == 2 && v[0] == 1 && v[1] == 2 && Array(v) == [1, 2])
        v.append(3)
        v[0] = 5
        #expect(v == [5, 2, 3] && v != [5, 2] && v.description == "[5.0, 2.0, 3.0]")
        #expect(v.component(2) == 3 && v.component(3) == 0 && v.component(3, or: 100) == 100)
        // A fifth number is not kept: no property of the format has more than four.
        v.append(4)
        v.append(9)
        #expect(v.count == 4 && v == [5, 2, 3, 4] && NumberVector([1, 2, 3, 4, 5, 6]) == [1, 2, 3, 4])
        #expect(NumberVector(repeating: 7, count: 9) == [7, 7, 7, 7] && NumberVector(repeating: 7, count: -1).isEmpty)
        // Equal vectors hash alike, as arrays do.
        #expect(Set<NumberVector>([[1, 2], [1, 2], [2, 1]]).count == 2)
    }

    @Test func propertiesKeepFourNumbersAndGradientsAll() throws {
        let c = try read(
            """
            {"v":"5.7.4","fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[{"ty":4,"ind":1,
              "ks":{"p":{"a":0,"k":[1,2,3,4,5,6]},"s":{"a":1,"k":[
                {"t":0,"s":[50,60],"o":{"x":[0.1,0.2],"y":[0.3,0.4]},"i":{"x":[0.5],"y":[0.6]},"to":[1,2],"ti":[3,4]},
                {"t":5,"s":[70,80]}]}},
              "shapes":[{"ty":"gf","t":1,"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[10,0]},"o":{"a":0,"k":100},
                "g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,0,0,1,0,1,1,0.5]}}}]}]}
            """)
        let t = c.layers[0].transform
        guard case .combined(.constant(let p)) = t.position else { Issue.record("position"); return }
        #expect(p == [1, 2, 3, 4])
        guard case .animated(let k) = t.scale, let o = k[0].outHandle, let i = k[0].inHandle else {
            Issue.record("scale keyframes"); return
        }
        #expect(k[0].start == [50, 60] && k[0].end == [70, 80] && o.x == [0.1, 0.2] && o.y == [0.3, 0.4])
        #expect(i.x == [0.5] && i.y == [0.6] && k[0].spatialOut == [1, 2] && k[0].spatialIn == [3, 4])
        guard case .shapes(let items) = c.layers[0].content, case .fill(let fill) = items[0],
            case .gradient(let g) = fill.value.paint, case .constant(let stops) = g.stops
        else { Issue.record("gradient"); return }
        #expect(stops == [0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 1, 0.5])
    }

    @Test func aNonNumberIsStillAnErrorPastTheFourth() {
        #expect(throws: ModelError.self) {
            try read(
                """
                {"v":"5.7.4","fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[{"ty":3,"ind":1,
                  "ks":{"p":{"a":0,"k":[1,2,3,4,"x"]}}}]}
                """)
        }
    }
}
