import Foundation
import LottieRenderEval
import LottieRenderExpressions
import LottieRenderModel
import Testing

/// A document of null layers and shape layers whose properties carry expressions, evaluated through a runtime as
/// the renderer does. Values are checked against what the After Effects object model gives, worked out by hand.
struct Fixture {
    let comp: Composition
    let runtime: ExpressionRuntime
    let log = ExpressionLog()
    let program: ExpressionProgram

    /// A 200×200, 100-frame composition of `layers`, with `assets` (JSON) and the text of its data footage by id.
    init(_ layers: [String], assets: String = "[]", footage: [String: String] = [:]) throws {
        let json = """
            {"v":"5.7","fr":30,"ip":0,"op":100,"w":200,"h":200,"nm":"Main","assets":\(assets),"layers":[\(layers.joined(separator: ","))]}
            """
        comp = try DocumentReader.read(Array(json.utf8))
        program = ExpressionProgram(BoundComposition(comp), footage: footage)
        runtime = ExpressionRuntime(program, log: log)
    }

    /// A layer: `ks` keys given as JSON members (`"r":{…}`), optional shapes and effects.
    static func layer(
        _ ind: Int, _ name: String, ks: String = "", parent: Int? = nil, shapes: String? = nil, effects: String? = nil
    ) -> String {
        let p = parent.map { ",\"parent\":\($0)" } ?? ""
        let ty = shapes == nil ? 3 : 4
        let s = shapes.map { ",\"shapes\":\($0)" } ?? ""
        let e = effects.map { ",\"ef\":\($0)" } ?? ""
        return
            "{\"ty\":\(ty),\"ind\":\(ind),\"nm\":\"\(name)\"\(p),\"ip\":0,\"op\":100,\"st\":0,\"ks\":{\(ks)}\(s)\(e)}"
    }

    /// `s` as a JSON string literal.
    static func quoted(_ s: String) -> String {
        "\""
            + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }

    /// A property with an expression (Bodymovin's form).
    static func expr(_ k: String, _ source: String) -> String {
        "{\"a\":0,\"k\":\(k),\"x\":\(quoted("var $bm_rt;\n" + source))}"
    }

    /// Linear keyframes 0 → 100 over frames 0…10.
    static let ramp =
        "{\"a\":1,\"k\":[{\"t\":0,\"s\":[0],\"i\":{\"x\":[1],\"y\":[1]},\"o\":{\"x\":[0],\"y\":[0]}},{\"t\":10,\"s\":[100]}]}"

    /// `ramp` with an expression.
    static func rampExpr(_ source: String) -> String {
        String(ramp.dropLast()) + ",\"x\":\(quoted("var $bm_rt;\n" + source))}"
    }

    /// Layer `i`'s rotation at `frame`, expressions on.
    func rotation(_ i: Int = 0, at frame: Double) -> Double {
        runtime.beginFrame()
        return ExpressionScope.$host.withValue(runtime) {
            Interpolator.scalar(comp.layers[i].transform.rotation, at: frame)
        }
    }

    /// Layer `i`'s position at `frame`.
    func position(_ i: Int, at frame: Double) -> [Double] {
        runtime.beginFrame()
        guard case .combined(let p) = comp.layers[i].transform.position else { return [] }
        return ExpressionScope.$host.withValue(runtime) { Interpolator.value(p, at: frame).array }
    }

    /// Problems logged, by expression id.
    var problems: [String] { log.snapshot.keys.sorted().compactMap { log.snapshot[$0]?.message } }
}

/// One rotation expression on a lone layer.
func rotation(_ source: String, at frame: Double, k: String = "0") throws -> Double {
    try Fixture([Fixture.layer(1, "L", ks: "\"r\":" + Fixture.expr(k, source))]).rotation(at: frame)
}

@Suite struct ObjectModelTests {
    @Test func timeValueAndArithmetic() throws {
        #expect(try rotation("$bm_rt = $bm_mul(time, 360);", at: 15) == 180)
        #expect(try rotation("$bm_rt = $bm_sum(value, 5);", at: 0, k: "40") == 45)
        #expect(try rotation("$bm_rt = length([3, 4]);", at: 0) == 5)
        #expect(try rotation("$bm_rt = length([1, 1], [4, 5]);", at: 0) == 5)
        #expect(try rotation("$bm_rt = clamp(15, 0, 10);", at: 0) == 10)
        #expect(try rotation("$bm_rt = $bm_sum([1, 2], [3, 4])[1];", at: 0) == 6)
        #expect(try rotation("$bm_rt = $bm_sub(10, [1, 2])[0];", at: 0) == 9)
        #expect(try rotation("$bm_rt = $bm_div([10, 20], 5)[1];", at: 0) == 4)
        #expect(try rotation("$bm_rt = dot([1, 2, 3], [4, 5, 6]);", at: 0) == 32)
        #expect(try rotation("$bm_rt = cross([1, 0, 0], [0, 1, 0])[2];", at: 0) == 1)
        #expect(try rotation("$bm_rt = normalize([0, 5])[1];", at: 0) == 1)
        #expect(abs(try rotation("$bm_rt = degreesToRadians(180);", at: 0) - Double.pi) < 1e-12)
        #expect(try rotation("$bm_rt = radiansToDegrees(Math.PI / 2);", at: 0) == 90)
        #expect(try rotation("$bm_rt = framesToTime(45);", at: 0) == 1.5)
        #expect(try rotation("$bm_rt = timeToFrames(2);", at: 0) == 60)
        #expect(try rotation("$bm_rt = timeToFrames();", at: 12) == 12)
        // An unconverted source (no $bm_rt) gives its last value, as After Effects does.
        let raw = Fixture.quoted("var a = 2; a * 21")
        #expect(try Fixture([Fixture.layer(1, "L", ks: "\"r\":{\"a\":0,\"k\":0,\"x\":\(raw)}")]).rotation(at: 0) == 42)
    }

    @Test func interpolationBothArities() throws {
        #expect(try rotation("$bm_rt = linear(time, 0, 1, 0, 100);", at: 15) == 50)
        #expect(try rotation("$bm_rt = linear(0.25, 0, 100);", at: 0) == 25)
        #expect(try rotation("$bm_rt = linear(2, 0, 1, 0, 100);", at: 0) == 100) // clamped
        // ease is the bezier (0.33, 0) (0.667, 1): nearly symmetric about the middle.
        #expect(abs(try rotation("$bm_rt = ease(0.5, 0, 100);", at: 0) - 50) < 0.5)
        let easeIn = try rotation("$bm_rt = easeIn(0.5, 0, 1, 0, 100);", at: 0)
        let easeOut = try rotation("$bm_rt = easeOut(0.5, 0, 1, 0, 100);", at: 0)
        #expect(easeIn < 50 && easeOut > 50 && abs(easeIn + easeOut - 100) < 1e-6)
    }

    @Test func loopsOfEveryType() throws {
        func loop(_ s: String, _ f: Double) throws -> Double {
            try Fixture([Fixture.layer(1, "L", ks: "\"r\":" + Fixture.rampExpr("$bm_rt = \(s);"))]).rotation(at: f)
        }
        // Keys 0 → 100 over frames 0…10, linear: v(f) = 10·f inside.
        #expect(try loop("loopOut('cycle')", 12) == 20)
        #expect(try loop("loopOut()", 25) == 50)
        #expect(try loop("loopOut('pingpong')", 12) == 80)
        #expect(try loop("loopOut('pingpong')", 22) == 20)
        #expect(try loop("loopOut('offset')", 12) == 120)
        #expect(try loop("loopOut('offset')", 25) == 250)
        #expect(abs(try loop("loopOut('continue')", 12) - 120) < 1e-6) // the end tangent, 10 per frame
        #expect(try loop("loopOut('cycle')", 5) == 50) // inside the keys: the value itself
        #expect(try loop("loopOutDuration('cycle', 0.1)", 12) == 90) // the last 3 frames repeat: 7…10
        #expect(try loop("loopIn('cycle')", -3) == 70)
        #expect(try loop("loopIn('pingpong')", -3) == 30)
        #expect(try loop("loopIn('offset')", -3) == -30)
        #expect(abs(try loop("loopIn('continue')", -3) + 30) < 1e-6)
    }

    @Test func keysValueAtTimeAndVelocity() throws {
        func at(_ s: String, _ f: Double) throws -> Double {
            try Fixture([Fixture.layer(1, "L", ks: "\"r\":" + Fixture.rampExpr("$bm_rt = \(s);"))]).rotation(at: f)
        }
        #expect(try at("numKeys", 0) == 2)
        #expect(try at("key(2).time", 0) == 10.0 / 30)
        #expect(try at("key(2).value", 0) == 100)
        #expect(try at("key(1)[0]", 0) == 0)
        #expect(try at("nearestKey(time).index", 7) == 2)
        #expect(try at("nearestKey(time).index", 4) == 1)
        #expect(try at("valueAtTime(0.1)", 0) == 30)
        #expect(try at("thisProperty.valueAtTime(time - 0.1)", 6) == 30)
        #expect(abs(try at("velocityAtTime(0.1)", 0) - 300) < 1e-6) // 10 per frame at 30 fps
        #expect(abs(try at("speed", 3) - 300) < 1e-6)
        #expect(try at("thisProperty.propertyIndex", 0) == 10) // "r" without "ix": After Effects' Rotation
    }

    @Test func layersEffectsAndContents() throws {
        let slider =
            "[{\"ty\":5,\"nm\":\"Spin\",\"mn\":\"ADBE Slider Control\",\"ix\":1,\"ef\":[{\"ty\":0,\"nm\":\"Slider\",\"mn\":\"ADBE Slider Control-0001\",\"ix\":1,\"v\":{\"a\":0,\"k\":42}}]}]"
        let shapes =
            "[{\"ty\":\"gr\",\"nm\":\"Box\",\"it\":[{\"ty\":\"rc\",\"nm\":\"Rect\",\"s\":{\"a\":0,\"k\":[30,20]},\"p\":{\"a\":0,\"k\":[0,0]},\"r\":{\"a\":0,\"k\":0}},{\"ty\":\"fl\",\"nm\":\"Fill\",\"c\":{\"a\":0,\"k\":[1,0,0,1]},\"o\":{\"a\":0,\"k\":80}},{\"ty\":\"tr\",\"p\":{\"a\":0,\"k\":[5,6]},\"a\":{\"a\":0,\"k\":[0,0]},\"s\":{\"a\":0,\"k\":[100,100]},\"r\":{\"a\":0,\"k\":0},\"o\":{\"a\":0,\"k\":100}}]}]"
        func on(_ s: String) throws -> Double {
            try Fixture([
                Fixture.layer(
                    4, "Other", ks: "\"p\":{\"a\":0,\"k\":[70,80,0]}", shapes: shapes, effects: slider),
                Fixture.layer(7, "Me", ks: "\"r\":" + Fixture.expr("0", "$bm_rt = \(s);")),
            ]).rotation(1, at: 0)
        }
        #expect(try on("thisComp.layer('Other').effect('Spin')('Slider')") == 42)
        #expect(try on("thisComp.layer(4).effect(1)(1).value") == 42)
        #expect(try on("thisComp.layer('Other')(4)('Spin')('ADBE Slider Control-0001')") == 42)
        #expect(try on("thisComp.layer('Other').transform.position[1]") == 80)
        #expect(try on("thisComp.layer('Other')('ADBE Transform Group')('ADBE Position')[0]") == 70)
        #expect(try on("thisComp.layer('Other').content('Box').content('Rect').size[0]") == 30)
        #expect(try on("thisComp.layer('Other')(2)('Box')(2)('Rect')('Size')[1]") == 20)
        #expect(try on("thisComp.layer('Other').content('Box').transform.position[1]") == 6)
        #expect(try on("thisComp.layer('Other').content('Box').content('Fill').opacity") == 80)
        #expect(try on("thisComp.layer('Other')(2)(1)(2)(1)._name == 'Rect' ? 1 : 0") == 1)
        #expect(
            try on(
                "thisComp.layer('Other').content('Box').content('Rect').size.propertyGroup(1).name == 'Rect' ? 1 : 0")
                == 1)
        #expect(try on("index") == 7)
        #expect(try on("thisLayer.name == 'Me' ? 1 : 0") == 1)
        #expect(try on("thisComp.numLayers") == 2)
        #expect(try on("thisComp.width") == 200)
        #expect(try on("thisComp.frameDuration") == 1.0 / 30)
        #expect(try on("comp('Main').layer(1).index") == 4)
        #expect(try on("hasParent ? 1 : 0") == 0)
        #expect(try on("inPoint + outPoint") == 100.0 / 30)
    }

    @Test func toCompAndFromCompFollowParents() throws {
        let f = try Fixture([
            Fixture.layer(1, "Parent", ks: "\"p\":{\"a\":0,\"k\":[100,50,0]},\"r\":{\"a\":0,\"k\":90}"),
            Fixture.layer(
                2, "Child",
                ks: "\"p\":" + Fixture.expr("[0,0,0]", "$bm_rt = [10, 0, 0];") + ",\"r\":"
                    + Fixture.expr("0", "var p = toComp([10, 0]);\n$bm_rt = p[0] * 1000 + p[1];"), parent: 1),
            Fixture.layer(
                3, "Reader",
                ks: "\"r\":"
                    + Fixture.expr(
                        "0", "var q = thisComp.layer('Parent').fromComp([100, 70]);\n$bm_rt = q[0] * 1000 + q[1];")),
        ])
        // Child at (10, 0) in the parent, which sits at (100, 50) turned 90°: its (10, 0) is the parent's (20, 0),
        // the comp's (100, 70).
        #expect(abs(f.rotation(1, at: 0) - 100_070) < 1e-6)
        #expect(abs(f.rotation(2, at: 0) - 20_000) < 1e-6)
    }

    @Test func expressionsReadOtherExpressions() throws {
        let f = try Fixture([
            Fixture.layer(1, "A", ks: "\"r\":" + Fixture.expr("0", "$bm_rt = $bm_mul(time, 10);")),
            Fixture.layer(2, "B", ks: "\"r\":" + Fixture.expr("0", "$bm_rt = thisComp.layer('A').rotation + 1;")),
            Fixture.layer(
                3, "C", ks: "\"r\":" + Fixture.expr("0", "$bm_rt = thisComp.layer('B').rotation.valueAtTime(2) * 2;")),
        ])
        #expect(f.rotation(1, at: 30) == 11)
        #expect(f.rotation(2, at: 0) == 42)
        #expect(f.problems.isEmpty)
    }

    @Test func pathsCanBeReadBuiltAndMeasured() throws {
        let tri = "{\"i\":[[0,0],[0,0],[0,0]],\"o\":[[0,0],[0,0],[0,0]],\"v\":[[0,0],[30,0],[30,40]],\"c\":true}"
        let shapes =
            "[{\"ty\":\"gr\",\"nm\":\"S\",\"it\":[{\"ty\":\"sh\",\"nm\":\"Path 1\",\"ks\":{\"a\":0,\"k\":\(tri)}},{\"ty\":\"tr\",\"p\":{\"a\":0,\"k\":[0,0]},\"a\":{\"a\":0,\"k\":[0,0]},\"s\":{\"a\":0,\"k\":[100,100]},\"r\":{\"a\":0,\"k\":0},\"o\":{\"a\":0,\"k\":100}}]}]"
        func on(_ s: String) throws -> Double {
            try Fixture([
                Fixture.layer(1, "Src", shapes: shapes),
                Fixture.layer(
                    2, "Me",
                    ks: "\"r\":"
                        + Fixture.expr(
                            "0", "var p = thisComp.layer('Src').content('S').content('Path 1').path;\n$bm_rt = \(s);")),
            ]).rotation(1, at: 0)
        }
        #expect(try on("p.points()[2][1]") == 40)
        #expect(try on("p.points().length") == 3)
        #expect(try on("p.isClosed() ? 1 : 0") == 1)
        #expect(try on("p.inTangents()[1][0]") == 0)
        // Perimeter 30 + 40 + 50 = 120: half way is 60, 30 along the second side.
        #expect(abs(try on("p.pointOnPath(0.5)[1]") - 30) < 0.05)
        #expect(abs(try on("p.tangentOnPath(0.1)[0]") - 1) < 1e-6)
        #expect(try on("createPath([[1, 2], [3, 4]], [], [], false).points()[1][0]") == 3)
    }

    @Test func shapeExpressionsGiveAPath() throws {
        let expr = Fixture.expr(
            "{\"i\":[[0,0]],\"o\":[[0,0]],\"v\":[[0,0]],\"c\":false}",
            "$bm_rt = createPath([[0, 0], [10, 0], [10, 10]], [], [], true);")
        let shapes = "[{\"ty\":\"sh\",\"nm\":\"P\",\"ks\":\(expr)}]"
        let f = try Fixture([Fixture.layer(1, "L", shapes: shapes)])
        guard case .shapes(let items) = f.comp.layers[0].content, case .path(let prop, _) = items[0] else {
            Issue.record("no path"); return
        }
        f.runtime.beginFrame()
        let s = ExpressionScope.$host.withValue(f.runtime) { Interpolator.shape(prop, at: 0) }
        #expect(s.vertices.count == 3 && s.closed && s.vertices[2] == Vec2(10, 10))
        // Without a runtime (expressions off) the property's own path is drawn.
        #expect(Interpolator.shape(prop, at: 0).vertices.count == 1)
    }
}

@Suite struct TextExpressionTests {
    func textLayer(_ ind: Int, _ name: String, _ text: String, expr: String? = nil) -> String {
        let x = expr.map { ",\"x\":" + Fixture.quoted("var $bm_rt;\n" + $0) } ?? ""
        return "{\"ty\":5,\"ind\":\(ind),\"nm\":\"\(name)\",\"ip\":0,\"op\":100,\"st\":0,\"ks\":{},"
            + "\"t\":{\"d\":{\"k\":[{\"s\":{\"s\":20,\"f\":\"F\",\"t\":\(Fixture.quoted(text))},\"t\":0}]\(x)},\"a\":[]}}"
    }

    func text(_ f: Fixture, _ i: Int, at frame: Double) -> String? {
        guard case .text(let data) = f.comp.layers[i].content, let ref = data.sourceExpression else { return nil }
        f.runtime.beginFrame()
        return f.runtime.text(ref, at: frame, base: data.documents.first?.document.text ?? "")
    }

    @Test func sourceTextIsWrittenAndRead() throws {
        let f = try Fixture([
            textLayer(1, "Label", "Hello\u{2028}there"),
            textLayer(2, "Echo", "?", expr: "$bm_rt = thisComp.layer('Label').text.sourceText.toUpperCase() + '!';"),
            textLayer(3, "Count", "x", expr: "$bm_rt = Math.round(time * 30);"),
            textLayer(4, "Own", "abc", expr: "$bm_rt = value + text.sourceText.length;"),
            Fixture.layer(
                5, "Reader",
                ks: "\"r\":" + Fixture.expr("0", "$bm_rt = thisComp.layer('Label').text.sourceText.length;")),
        ])
        #expect(text(f, 1, at: 0) == "HELLO\u{2028}THERE!")
        #expect(text(f, 2, at: 12) == "12")
        #expect(text(f, 3, at: 0) == "abc3")
        #expect(f.rotation(4, at: 0) == 11)
        #expect(f.problems.isEmpty)
    }
}

@Suite struct TimeFilterTests {
    @Test func smoothAveragesAndPosterizeTimeHolds() throws {
        func at(_ s: String, _ f: Double) throws -> Double {
            try Fixture([Fixture.layer(1, "L", ks: "\"r\":" + Fixture.rampExpr("$bm_rt = \(s);"))]).rotation(at: f)
        }
        // Keys 0 → 100 over frames 0…10 (10 per frame): a symmetric window on a straight line gives the value.
        #expect(abs(try at("smooth(0.2, 5)", 5) - 50) < 1e-9)
        // At the end key the window's later half holds at 100: (70 + 85 + 100 + 100 + 100) / 5.
        #expect(abs(try at("smooth(0.2, 5)", 10) - 91) < 1e-9)
        // 6 fps: frames 5…9 show frame 5's value; time and value are read there.
        #expect(try at("(posterizeTime(6), value)", 7) == 50)
        #expect(try at("(posterizeTime(6), time * 30)", 9) == 5)
        #expect(try at("(posterizeTime(6), time * 30)", 10) == 10)
    }
}

@Suite struct MarkerTests {
    @Test func compositionMarkersAreKeys() throws {
        let json = """
            {"v":"5.7","fr":30,"ip":0,"op":100,"w":100,"h":100,"markers":[{"cm":"intro","tm":0,"dr":10},{"cm":"loop","tm":30,"dr":60}],
            "layers":[\(Fixture.layer(1, "L", ks: "\"r\":" + Fixture.expr("0", "var m = thisComp.marker;\n$bm_rt = m.numKeys * 1000 + m.key(2).time * 100 + m.nearestKey(time).index + (m.key(1).comment == 'intro' ? 0.5 : 0);")))]}
            """
        let comp = try DocumentReader.read(Array(json.utf8))
        let runtime = ExpressionRuntime(ExpressionProgram(BoundComposition(comp)), log: ExpressionLog())
        runtime.beginFrame()
        let v = ExpressionScope.$host.withValue(runtime) {
            Interpolator.scalar(comp.layers[0].transform.rotation, at: 25)
        }
        #expect(v == 2000 + 100 + 2 + 0.5)
    }
}

@Suite struct DashExpressionTests {
    @Test func dashOffsetsAreEvaluatedAndReadable() throws {
        let dash = Fixture.expr("0", "$bm_rt = $bm_mul(time, 30);")
        let shapes =
            "[{\"ty\":\"st\",\"nm\":\"Stroke 1\",\"c\":{\"a\":0,\"k\":[0,0,0,1]},\"o\":{\"a\":0,\"k\":100},\"w\":{\"a\":0,\"k\":2},"
            + "\"d\":[{\"n\":\"d\",\"nm\":\"dash\",\"v\":{\"a\":0,\"k\":8}},{\"n\":\"g\",\"nm\":\"gap\",\"v\":{\"a\":0,\"k\":4}},"
            + "{\"n\":\"o\",\"nm\":\"offset\",\"v\":\(dash)}]}]"
        let f = try Fixture([
            Fixture.layer(1, "S", shapes: shapes),
            Fixture.layer(
                2, "R",
                ks: "\"r\":"
                    + Fixture.expr(
                        "0",
                        "var s = thisComp.layer('S').content('Stroke 1');\n$bm_rt = s.dash.gap * 100 + s('Dashes')('Offset');"
                    )),
        ])
        #expect(f.rotation(1, at: 12) == 412)
        #expect(f.program.loadWarnings.isEmpty)
    }
}
