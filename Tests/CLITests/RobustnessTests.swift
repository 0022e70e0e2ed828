import Foundation
import LottieRender
import LottieRenderTestSupport
import Testing

/// Bad input through the real command line tool: exit code 2, a one-line message naming the file and JSON path,
/// nothing written. Survivable problems warn and still render.
@Suite struct RobustnessTests {
    func run(_ args: [String]) throws -> (Int32, String) {
        let r = try Tool.run(args)
        return (r.code, r.err)
    }

    func temp(_ name: String, _ text: String) throws -> String {
        let dir = testScratchRoot.appendingPathComponent("lr-tests")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let f = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: f)
        return f.path
    }

    @Test(arguments: [
        ("truncated.json", "{\"v\":\"5\",\"fr\":30,\"ip\":0,", "invalid JSON"),
        (
            "wrongtype.json",
            "{\"v\":\"5\",\"fr\":30,\"ip\":0,\"op\":10,\"w\":10,\"h\":10,\"layers\":[{\"ty\":4,\"ks\":{\"o\":{\"a\":0,\"k\":\"x\"}}}]}",
            "layers[0].ks.o.k: expected a number"
        ),
        ("zerofps.json", "{\"v\":\"5\",\"fr\":0,\"ip\":0,\"op\":10,\"w\":10,\"h\":10,\"layers\":[]}", "fr: frame rate"),
        ("huge.json", "{\"v\":\"5\",\"fr\":30,\"ip\":0,\"op\":10,\"w\":100000,\"h\":10,\"layers\":[]}", "w: size"),
        ("deep.json", String(repeating: "[", count: 100_000), "nested deeper"),
    ])
    func badInputExitsTwoWithPath(_ file: String, _ text: String, _ expected: String) throws {
        _ = try Tool.path() // fails when the tool is missing or stale
        let input = try temp(file, text)
        let out = input + ".png"
        let (code, err) = try run([input, "--frame", "0", "-o", out])
        #expect(code == 2)
        #expect(err.contains(input) && err.contains(expected), "\(err)")
        #expect(err.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// Foundation's `deletingLastPathComponent` traps on one-character names on Linux ("a", "."); the tool takes its
    /// folders apart itself, so a file called `a`, rendered, benchmarked and checked from its own folder, works.
    @Test func oneCharacterNamesDoNotTrap() throws {
        let folder = scratchPath("lr-onechar")
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: repoRoot.appendingPathComponent("samples/clouds.json").path, toPath: folder + "/a")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func inFolder(_ args: [String]) throws -> Tool.Result {
            try Tool.runProgram("/bin/sh", ["-c", "cd \"$0\" && exec \"$@\"", folder, try Tool.path()] + args)
        }
        let render = try inFolder(["a", "--frame", "0", "--width", "32", "-o", "b"])
        #expect(render.code == 0, "\(render.err)")
        let bench = try inFolder(["bench", "a", "--width", "16", "--passes", "1"])
        #expect(bench.code == 0, "\(bench.err)")
        let check = try inFolder(["check", "a", "--baseline", "s", "--frames", "0", "--record-missing"])
        #expect(check.code == 0, "\(check.err)")
    }

    /// A working folder removed while the shell was in it: a clear error and exit 2, not a trap.
    @Test func aRemovedWorkingFolderIsAnErrorNotATrap() throws {
        let anim = repoRoot.appendingPathComponent("samples/clouds.json").path
        let gone = scratchPath("lr-gone")
        let r = try Tool.runProgram(
            "/bin/sh",
            ["-c", "mkdir -p \"$0\" && cd \"$0\" && rmdir \"$0\" && exec \"$@\"", gone, try Tool.path()]
                + ["check", anim, "--baseline", gone + "-s", "--frames", "0"])
        #expect(r.code == 2, "\(r.err)")
        #expect(r.err.contains("the current folder no longer exists"), "\(r.err)")
    }

    @Test func survivableProblemsWarnAndRender() throws {
        // A missing parent, a missing precomp, a missing image, and a parent cycle.
        let text = """
            {"v":"5","fr":30,"ip":0,"op":10,"w":20,"h":20,"assets":[],"layers":[
              {"ty":1,"ind":1,"parent":9,"sc":"#ff0000","sw":20,"sh":20,"ks":{}},
              {"ty":0,"ind":2,"refId":"nope","ks":{}},
              {"ty":2,"ind":3,"refId":"img","ks":{}},
              {"ty":4,"ind":4,"parent":5,"ks":{},"shapes":[]},{"ty":4,"ind":5,"parent":4,"ks":{},"shapes":[]}]}
            """
        let anim = try LottieDocument(bytes: Array(text.utf8))
        #expect(anim.warnings.contains { $0.contains("parent 9 does not exist") })
        #expect(anim.warnings.contains { $0.contains("\"nope\" is missing") })
        #expect(anim.warnings.contains { $0.contains("cycle") })
        let pm = anim.render(frame: 0)
        #expect(pm.pixel(10, 10) == 0xFF00_00FF) // the solid still draws
    }

    @Test func precompCycleDoesNotHang() throws {
        let text = """
            {"v":"5","fr":30,"ip":0,"op":10,"w":20,"h":20,"assets":[
              {"id":"a","layers":[{"ty":0,"ind":1,"refId":"b","ks":{}}]},
              {"id":"b","layers":[{"ty":0,"ind":1,"refId":"a","ks":{}}]}],
             "layers":[{"ty":0,"ind":1,"refId":"a","ks":{}}]}
            """
        let anim = try LottieDocument(bytes: Array(text.utf8))
        #expect(anim.warnings.contains { $0.contains("contains itself") })
        _ = anim.render(frame: 0)
    }

    @Test func exponentialPrecompFanOutIsRefusedAtLoad() throws {
        _ = try Tool.path() // fails when the tool is missing or stale
        // 40 precomps, each using the previous one twice: a few kilobytes that expand to 2^33 layers per frame
        // (the builder follows 32 levels); drawing them would never end.
        var assets = [
            """
            {"id":"p0","layers":[{"ty":1,"ind":1,"ip":0,"op":10,"st":0,"sw":5,"sh":5,"sc":"#ff0000","ks":{}}]}
            """
        ]
        for i in 1...40 {
            let use = "{\"ty\":0,\"refId\":\"p\(i - 1)\",\"ip\":0,\"op\":10,\"st\":0,\"w\":20,\"h\":20,\"ks\":{}"
            assets.append("{\"id\":\"p\(i)\",\"layers\":[\(use),\"ind\":1},\(use),\"ind\":2}]}")
        }
        let text = """
            {"v":"5.7","fr":10,"ip":0,"op":10,"w":20,"h":20,"assets":[\(assets.joined(separator: ","))],
             "layers":[{"ty":0,"ind":1,"refId":"p40","ip":0,"op":10,"st":0,"w":20,"h":20,"ks":{}}]}
            """
        let input = try temp("fanout.json", text)
        let (code, err) = try run([input, "--frame", "0", "-o", input + ".png"])
        #expect(code == 2)
        #expect(err.contains("expand to 8589934591 layers per frame, more than the limit of 1000000"), "\(err)")
        #expect(!FileManager.default.fileExists(atPath: input + ".png"))
    }

    /// Tagged `slow` (about 10 s): `LOTTIE_RENDER_SKIP_SLOW=1 swift test` skips it locally; CI runs it.
    @Test(.tags(.slow), .enabled(if: ProcessInfo.processInfo.environment["LOTTIE_RENDER_SKIP_SLOW"] == nil))
    func absurdFeatureValuesRenderWithoutHanging() throws {
        _ = try Tool.path() // fails when the tool is missing or stale
        // Issue-3 features with values far outside sense: huge repeater counts, ridges, blurs, distances, feathers,
        // text sizes, motion-blur samples, star point counts and gradient stops must be capped, not hang or crash.
        let text = """
            {"v":"5.7","fr":30,"ip":0,"op":10,"w":64,"h":64,"mb":{"sa":1e9,"sp":0,"spf":1e9},"chars":[],
             "fonts":{"list":[{"fName":"X","fFamily":"No Such Font","fStyle":"Regular","ascent":1e9}]},"layers":[
              {"ty":4,"ind":1,"ip":0,"op":10,"st":0,"mb":true,"ks":{},"hasMask":true,
               "masksProperties":[{"mode":"a","pt":{"a":0,"k":{"v":[[0,0],[60,0],[60,60]],"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]],"c":true}},"o":{"a":0,"k":100},"x":{"a":0,"k":1e12},"f":{"a":0,"k":[1e12,1e12]}}],
               "ef":[{"ty":29,"en":1,"ef":[{"ty":0,"v":{"a":0,"k":1e12}},{"ty":7,"v":{"a":0,"k":1e300}}]},
                     {"ty":28,"en":1,"ef":[{"ty":10,"v":{"a":0,"k":1e300}},{"ty":7,"v":{"a":0,"k":-1e300}}]},
                     {"ty":28,"en":1,"ef":[{"ty":10,"v":{"a":0,"k":1}},{"ty":7,"v":{"a":0,"k":1e300}}]},
                     {"ty":25,"en":1,"ef":[{"ty":2,"v":{"a":0,"k":[0,0,0,1]}},{"ty":0,"v":{"a":0,"k":255}},{"ty":0,"v":{"a":0,"k":1e300}},{"ty":0,"v":{"a":0,"k":1e300}},{"ty":0,"v":{"a":0,"k":1e12}},{"ty":0,"v":{"a":0,"k":0}}]},
                     {"ty":22,"en":1,"ef":[{"ty":10,"v":{"a":0,"k":1}},{"ty":7,"v":{"a":0,"k":1}},{"ty":7,"v":{"a":0,"k":1}},{"ty":2,"v":{"a":0,"k":[1,0,0,1]}},{"ty":0,"v":{"a":0,"k":1e-7}},{"ty":0,"v":{"a":0,"k":1}},{"ty":0,"v":{"a":0,"k":1}},{"ty":0,"v":{"a":0,"k":-1e300}},{"ty":0,"v":{"a":0,"k":1e300}},{"ty":0,"v":{"a":0,"k":1e-9}},{"ty":0,"v":{"a":0,"k":2}}]},
                     {"ty":22,"en":1,"ef":[{"ty":10,"v":{"a":0,"k":1e9}},{"ty":7,"v":{"a":0,"k":0}},{"ty":7,"v":{"a":0,"k":0}},{"ty":2,"v":{"a":0,"k":[1,0,0,1]}},{"ty":0,"v":{"a":0,"k":1e12}}]},
                     {"ty":24,"en":1,"ef":[{"ty":0,"nm":"Gamma","v":{"a":0,"k":1e-300}},{"ty":0,"nm":"Red Input White","v":{"a":0,"k":-1e300}},{"ty":0,"nm":"Alpha Output Black","v":{"a":0,"k":1e300}}]}],
               "shapes":[{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[30,30]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":1e300}},
                 {"ty":"zz","s":{"a":0,"k":1e9},"r":{"a":0,"k":1e9},"pt":{"a":0,"k":2}},{"ty":"pb","a":{"a":0,"k":1e9}},
                 {"ty":"rd","r":{"a":0,"k":1e9}},{"ty":"op","a":{"a":0,"k":1e9},"lj":2,"ml":{"a":0,"k":1e9}},{"ty":"tw","a":{"a":0,"k":1e9},"c":{"a":0,"k":[0,0]}},
                 {"ty":"mm","mm":4},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},
                 {"ty":"rp","c":{"a":0,"k":1e9},"o":{"a":0,"k":1e9},"m":1,"tr":{"p":{"a":0,"k":[1,1]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":1e9}}}]},
                {"ty":"gr","it":[{"ty":"sr","sy":1,"d":1,"pt":{"a":0,"k":9999.5},"p":{"a":0,"k":[32,32]},"r":{"a":0,"k":1e300},"or":{"a":0,"k":1e300},"ir":{"a":0,"k":-1e300},"os":{"a":0,"k":1e308},"is":{"a":0,"k":-1e308}},
                 {"ty":"sr","sy":1,"d":3,"pt":{"a":0,"k":1.0000001},"p":{"a":0,"k":[32,32]},"r":{"a":0,"k":0},"or":{"a":0,"k":20},"ir":{"a":0,"k":10},"os":{"a":0,"k":50},"is":{"a":0,"k":50}},
                 {"ty":"gf","t":1,"o":{"a":0,"k":100},"r":1,"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[64,0]},"g":{"p":1000000,"k":{"a":0,"k":[1e308,1,0,0,-1e308,0,1,0,0.5,0.5,0.5,0.5,0.5,1e308,0.5,-1]}}}]}]},
              {"ty":5,"ind":2,"ip":0,"op":10,"st":0,"ks":{},"masksProperties":[{"mode":"n","pt":{"a":0,"k":{"v":[[0,0],[1e-300,0]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]],"c":true}}}],"t":{"d":{"k":[{"t":0,"s":{"t":"Hi there","f":"X","s":1e9,"tr":1e12,"lh":1e12,"fc":[0,0,0],"sz":[1e-9,5],"ps":[0,0]}}]},
                "p":{"m":0,"f":{"a":0,"k":1e300},"l":{"a":0,"k":-1e300},"a":{"a":0,"k":1},"r":{"a":0,"k":1},"p":{"a":0,"k":1}},
                "a":[{"s":{"s":{"a":0,"k":-1e9},"e":{"a":0,"k":1e9},"r":2,"b":3,"sh":6},"a":{"r":{"a":0,"k":1e9},"s":{"a":0,"k":[1e9,1e9]}}}]}},
              {"ty":1,"ind":3,"ip":0,"op":10,"st":0,"sw":64,"sh":64,"sc":"#ff0000","ks":{"s":{"a":0,"k":[1e300,-1e300,100]}},
               "ef":[{"ty":29,"en":1,"ef":[{"ty":0,"v":{"a":0,"k":1e12}},{"ty":7,"v":{"a":0,"k":1}},{"ty":7,"v":{"a":0,"k":1}}]}]},
              {"ty":1,"ind":4,"ip":0,"op":10,"st":0,"sw":1e-300,"sh":64,"sc":"#00ff00","ks":{"r":{"a":0,"k":45}},
               "ef":[{"ty":29,"en":1,"ef":[{"ty":0,"v":{"a":0,"k":30}},{"ty":7,"v":{"a":0,"k":1}},{"ty":7,"v":{"a":0,"k":1}}]}]}]}
            """
        let input = try temp("absurd.json", text)
        let out = input + ".png"
        let (code, err) = try run([input, "--frame", "3", "-o", out, "--quiet"])
        #expect(code == 0, "\(err)")
        #expect(FileManager.default.fileExists(atPath: out))
    }

    @Test func integersOutOfRangeNeverTrap() throws {
        // Numbers read as integers (layer type, matte mode, names, zig-zag ridges, repeater copies) beyond Int's
        // range used to trap in the conversion. Types and modes out of range are unknown; the rest are capped.
        let text = """
            {"v":"5","fr":30,"ip":0,"op":10,"w":20,"h":20,"layers":[
              {"ty":1e300,"ind":1,"ks":{}},
              {"ty":4,"ind":2,"nm":1e300,"tt":-1e300,"ks":{},"shapes":[{"ty":"gr","it":[
                {"ty":"rc","p":{"a":0,"k":[10,10]},"s":{"a":0,"k":[8,8]},"r":{"a":0,"k":0}},
                {"ty":"zz","s":{"a":0,"k":2},"r":{"a":0,"k":1e300},"pt":{"a":0,"k":1}},
                {"ty":"rp","c":{"a":0,"k":1e300},"o":{"a":0,"k":0},"m":1,"tr":{"p":{"a":0,"k":[1,1]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}}},
                {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}]}
            """
        let anim = try LottieDocument(bytes: Array(text.utf8))
        #expect(anim.composition.diagnostics.unsupported.contains("layer:type--1"))
        _ = anim.render(frame: 0)
        // An index or parent that no integer can hold is an error naming its path.
        for key in ["ind", "parent", "tp"] {
            let bad =
                "{\"v\":\"5\",\"fr\":30,\"ip\":0,\"op\":10,\"w\":20,\"h\":20,\"layers\":[{\"ty\":3,\"\(key)\":1e300,\"ks\":{}}]}"
            #expect {
                try LottieDocument(bytes: Array(bad.utf8))
            } throws: { error in
                "\(error)".contains("layers[0].\(key)") && "\(error)".contains("out of range")
            }
        }
    }

    @Test func degenerateCamerasRenderWithoutHanging() throws {
        _ = try Tool.path() // fails when the tool is missing or stale
        // Cameras with zero or absurd zoom, a point of interest on the camera, and 3-D layers behind it, through it,
        // huge or edge-on: the projection must skip what has no image and cap its buffers.
        func file(_ pe: String, _ cam: String, _ poi: String, _ layer: String) -> String {
            """
            {"v":"5.7","fr":30,"ip":0,"op":10,"w":64,"h":64,"ddd":1,"layers":[
              {"ty":13,"ind":1,"ip":0,"op":10,"st":0,"pe":{"a":0,"k":\(pe)},"ks":{"p":{"a":0,"k":\(cam)},"a":{"a":0,"k":\(poi)}}},
              {"ty":4,"ddd":1,"ind":2,"ip":0,"op":10,"st":0,"ks":\(layer),
               "shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[4000,4000]},"r":{"a":0,"k":0}},
                         {"ty":"st","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":3}},
                         {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}
            """
        }
        let cases = [
            file("0", "[32,32,-100]", "[32,32,0]", #"{"p":{"a":0,"k":[32,32,0]}}"#),
            file("1e300", "[32,32,-100]", "[32,32,-100]", #"{"p":{"a":0,"k":[32,32,0]}}"#),
            file("100", "[32,32,-100]", "[32,32,0]", #"{"p":{"a":0,"k":[32,32,-100]},"rx":{"a":0,"k":89.99}}"#),
            file(
                "100", "[32,32,-100]", "[32,32,0]",
                #"{"p":{"a":0,"k":[32,40,0]},"rx":{"a":0,"k":80},"s":{"a":0,"k":[1e9,1e9,100]}}"#),
            file("100", "[32,32,-100]", "[32,32,0]", #"{"p":{"a":0,"k":[32,32,-1e300]}}"#),
            file("100", "[1e300,32,-100]", "[32,32,0]", #"{"p":{"a":0,"k":[32,32,0]},"ry":{"a":0,"k":90}}"#),
            // Projected far off screen but finite: the device region must be clamped before it becomes an Int.
            file(
                "100", "[1e9,32,-100]", "[32,32,0]",
                #"{"p":{"a":0,"k":[32,32,0]},"a":{"a":0,"k":[0,1e15,0]},"s":{"a":0,"k":[100,9.3e18,100]}}"#),
        ]
        for (k, text) in cases.enumerated() {
            let input = try temp("camera\(k).json", text)
            let out = input + ".png"
            let (code, err) = try run([input, "--frame", "0", "-o", out, "--quiet"])
            #expect(code == 0, "case \(k): \(err)")
            #expect(FileManager.default.fileExists(atPath: out), "case \(k)")
        }
    }
}

extension Tag {
    /// Tests that take several seconds; skipped with `LOTTIE_RENDER_SKIP_SLOW=1`.
    @Tag static var slow: Self
}
