import Testing

@testable import LottieRenderModel

private func doc(_ layers: String, extra: String = "") -> [UInt8] {
    Array(
        """
        {"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100\(extra),"layers":\(layers)}
        """.utf8)
}

private func errorMessage(_ bytes: [UInt8]) -> String? {
    do { _ = try DocumentReader.read(bytes); return nil } catch { return error.description }
}

@Suite struct ParserTests {
    @Test func legacyAndModernKeyframesNormaliseAlike() throws {
        let legacy = doc(
            """
            [{"ty":3,"ind":1,"ks":{"o":{"a":1,"k":[{"t":0,"s":[0],"e":[100],"i":{"x":[0.5],"y":[0.5]},"o":{"x":[0.5],"y":[0.5]}},{"t":10}]}}}]
            """)
        let modern = doc(
            """
            [{"ty":3,"ind":1,"ks":{"o":{"a":1,"k":[{"t":0,"s":[0],"i":{"x":[0.5],"y":[0.5]},"o":{"x":[0.5],"y":[0.5]}},{"t":10,"s":[100]}]}}}]
            """)
        for bytes in [legacy, modern] {
            let c = try DocumentReader.read(bytes)
            guard case .animated(let k) = c.layers[0].transform.opacity else { Issue.record("not animated"); return }
            #expect(k.count == 2)
            #expect(k[0].start == [0] && k[0].end == [100])
            #expect(k[1].time == 10 && k[1].start == [100])
        }
        #expect(try DocumentReader.read(legacy).diagnostics.used.contains("format:legacy-keyframes"))
    }

    @Test func holdPerDimensionEasingAndSpatialTangents() throws {
        let c = try DocumentReader.read(
            doc(
                """
                [{"ty":3,"ind":1,"ks":{"p":{"a":1,"k":[{"t":0,"s":[0,0],"h":1,"to":[5,0],"ti":[-5,0]},{"t":5,"s":[10,0],
                  "i":{"x":[0.2,0.4],"y":[1,1]},"o":{"x":[0.1,0.3],"y":[0,0]}},{"t":9,"s":[20,0]}]}}}]
                """))
        guard case .combined(.animated(let k)) = c.layers[0].transform.position else { Issue.record("shape"); return }
        #expect(k[0].hold)
        #expect(k[0].spatialOut == [5, 0] && k[0].spatialIn == [-5, 0])
        #expect(k[1].outHandle?.x == [0.1, 0.3])
    }

    @Test func splitPositionAndPathKeyframes() throws {
        let c = try DocumentReader.read(
            doc(
                """
                [{"ty":4,"ind":1,"ks":{"p":{"s":true,"x":{"a":0,"k":3},"y":{"a":0,"k":4}}},"shapes":[
                  {"ty":"sh","ks":{"a":1,"k":[{"t":0,"s":[{"v":[[0,0],[1,1]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]],"c":true}]},
                                             {"t":5,"s":[{"v":[[2,2],[3,3]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]],"c":true}]}]}}]}]
                """))
        guard case .split = c.layers[0].transform.position else { Issue.record("not split"); return }
        guard case .shapes(let items) = c.layers[0].content, case .path(.animated(let k), _) = items[0] else {
            Issue.record("no path"); return
        }
        #expect(k[0].start.vertices == [Vec2(0, 0), Vec2(1, 1)])
        #expect(k[0].end.vertices == [Vec2(2, 2), Vec2(3, 3)])
    }

    /// A path's tangents are cut or padded with zeros to its vertex count, every tangent still read (a malformed one
    /// past the vertices is an error), and its points kept vertices first, then in and out tangents.
    @Test func bezierTangentsFitTheVertices() throws {
        func shape(_ ks: String) throws -> BezierShape? {
            let c = try DocumentReader.read(
                doc(#"[{"ty":4,"ind":1,"ks":{},"shapes":[{"ty":"sh","ks":{"k":\#(ks)}}]}]"#))
            guard case .shapes(let items) = c.layers[0].content, case .path(.constant(let s), _) = items[0] else {
                return nil
            }
            return s
        }
        let s = try #require(
            try shape(#"{"v":[[0,0],[10,0],[10,10]],"i":[[1,1]],"o":[[2,2],[3,3],[4,4],[5,5]],"c":true}"#))
        #expect(s.count == 3 && s.closed)
        #expect(s.vertices == [Vec2(0, 0), Vec2(10, 0), Vec2(10, 10)])
        #expect(s.inTangents == [Vec2(1, 1), Vec2(0, 0), Vec2(0, 0)])
        #expect(s.outTangents == [Vec2(2, 2), Vec2(3, 3), Vec2(4, 4)])
        #expect(s.points.count == 9 && s.points[3] == Vec2(1, 1) && s.points[8] == Vec2(4, 4))
        #expect(
            s
                == BezierShape(
                    vertices: [Vec2(0, 0), Vec2(10, 0), Vec2(10, 10)], inTangents: [Vec2(1, 1)],
                    outTangents: [Vec2(2, 2), Vec2(3, 3), Vec2(4, 4), Vec2(5, 5)], closed: true))
        let empty = try #require(try shape(#"{"i":[[1,1]],"o":[]}"#))
        #expect(empty.count == 0 && empty.points.isEmpty && !empty.closed)
        #expect(throws: ModelError.self) { try shape(#"{"v":[[0,0]],"i":[[0,0],[1]],"o":[[0,0]]}"#) }
    }

    @Test func errorsNameTheJSONPath() {
        let bad = doc(
            """
            [{"ty":4,"ind":1,"ks":{"p":{"a":1,"k":[{"t":0,"s":[0,0]},{"t":"x","s":[1,1]}]}},"shapes":[]}]
            """)
        #expect(errorMessage(bad) == "layers[0].ks.p.k[1].t: expected a number, found a string")
        #expect(errorMessage(doc("[{\"ind\":1}]")) == "layers[0].ty: missing required key")
        #expect(
            errorMessage(Array("{\"v\":\"5\",\"fr\":30,\"ip\":0,\"op\":60,\"w\":100,\"h\":100}".utf8))
                == "layers: missing required key")
    }

    @Test func invalidJSONAndLimitsAreRejected() {
        #expect(errorMessage(Array("{\"fr\":30,\"w\":10".utf8))?.contains("invalid JSON") == true)
        let deep = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        #expect(errorMessage(Array(deep.utf8))?.contains("nested deeper") == true)
        #expect(
            errorMessage(Array("{\"v\":\"5\",\"fr\":0,\"ip\":0,\"op\":60,\"w\":100,\"h\":100,\"layers\":[]}".utf8))?
                .hasPrefix("fr:") == true)
        #expect(
            errorMessage(Array("{\"v\":\"5\",\"fr\":30,\"ip\":0,\"op\":60,\"w\":99999,\"h\":100,\"layers\":[]}".utf8))?
                .hasPrefix("w:") == true)
        #expect(
            errorMessage(Array("{\"v\":\"5\",\"fr\":30,\"ip\":0,\"op\":1e9,\"w\":100,\"h\":100,\"layers\":[]}".utf8))?
                .hasPrefix("op:") == true)
    }

    @Test func unsupportedFeaturesBecomeDiagnostics() throws {
        let c = try DocumentReader.read(
            doc(
                """
                [{"ty":13,"ind":1,"ks":{}},{"ty":6,"ind":4,"ks":{}},{"ty":4,"ind":2,"ks":{},"shapes":[{"ty":"xx"}]},
                 {"ty":4,"ind":3,"ks":{},"ef":[{"ty":5}],"shapes":[{"ty":"rp"}]}]
                """))
        #expect(c.diagnostics.unsupported.contains("layer:audio"))
        #expect(c.diagnostics.used.contains("layer:camera"))
        #expect(c.diagnostics.unsupported.contains("shape:xx"))
        #expect(c.diagnostics.unsupported.contains("effect:5") == false)
        #expect(c.diagnostics.used.contains("effect:controls"))
        #expect(!c.diagnostics.unsupported.contains("shape:rp"))
        #expect(c.diagnostics.used.contains("shape:rp"))
    }

    /// Tags noted per keyframed property or shape item (kept apart from the rest) read as every other tag does,
    /// whatever the spelling of the item's `"ty"`.
    @Test func frequentFeaturesAreListedWithTheRest() throws {
        let c = try DocumentReader.read(
            doc(
                #"""
                [{"ty":4,"ind":1,"ks":{"o":{"a":1,"k":[{"t":0,"s":[0],"h":1},{"t":10,"s":[100]}]}},
                  "shapes":[{"ty":"gr","it":[{"ty":"el"},{"ty":"a_long_type"},{"ty":"fl"}]},{"ty":"el"}]}]
                """#))
        let used = c.diagnostics.used
        #expect(used.isSuperset(of: ["keyframes:hold", "shape:gr", "shape:el", "shape:fl", "shape:a_long_type"]))
        #expect(!used.contains("format:legacy-keyframes"))
        #expect(c.diagnostics.unsupported == ["shape:a_long_type"])
        var a = Diagnostics(), b = Diagnostics()
        a.useShape(MemberKey(packed: JSONKey.pack("gr"))) { "gr" }
        b.use("shape:gr")
        #expect(a == b && a.used == ["shape:gr"])
    }

    @Test func jsonParserHandlesEscapesAndNumbers() throws {
        let v = try JSONParser.parse(Array(#"{"a":"x\u00e9\n\ud83d\ude00","b":-1.5e2,"c":[true,false,null]}"#.utf8))
        guard case .object(let d) = v else { Issue.record("not object"); return }
        #expect(d["a"] == .string("xé\n😀"))
        #expect(d["b"] == .number(-150))
        #expect(d["c"] == .array([.bool(true), .bool(false), .null]))
    }
}
