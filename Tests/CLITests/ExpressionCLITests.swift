import Foundation
import LottieRenderTestSupport
import Testing

/// Expressions through the real tool: byte-identical output across runs and thread counts, `--expressions off`,
/// warnings naming the property, and what `info` says.
@Suite(.serialized) struct ExpressionCLITests {
    static let wiggle = repoRoot.appendingPathComponent("samples/expr_wiggle.json").path
    static let loops = repoRoot.appendingPathComponent("samples/expr_loops.json").path

    func dir(_ tag: String) throws -> String {
        let d = scratchPath("lr-expr-\(tag)")
        try? FileManager.default.removeItem(atPath: d)
        try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }

    func files(_ d: String) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for f in try FileManager.default.contentsOfDirectory(atPath: d) {
            out[f] = try Data(contentsOf: URL(fileURLWithPath: d + "/" + f))
        }
        return out
    }

    @Test func wiggleIsByteIdenticalAcrossRunsAndThreads() throws {
        var outputs: [[String: Data]] = []
        for (k, jobs) in ["1", "2", "2", "3"].enumerated() {
            let d = try dir("det\(k)")
            let r = try Tool.run([Self.wiggle, "-o", d, "--frames", "0:29", "-j", jobs])
            #expect(r.code == 0, "\(r.err)")
            outputs.append(try files(d))
        }
        #expect(outputs[0].count == 30)
        for o in outputs.dropFirst() { #expect(o == outputs[0]) }
        // And an animated file, whose frames are rendered in batches.
        var gifs: [Data] = []
        for jobs in ["1", "4"] {
            let d = try dir("gif\(jobs)")
            let r = try Tool.run([Self.wiggle, "-o", d + "/w.gif", "-j", jobs])
            #expect(r.code == 0, "\(r.err)")
            gifs.append(try Data(contentsOf: URL(fileURLWithPath: d + "/w.gif")))
        }
        #expect(gifs[0] == gifs[1])
    }

    @Test func expressionsOffDrawsTheOwnValues() throws {
        let on = try dir("on"), off = try dir("off")
        #expect(try Tool.run([Self.loops, "-o", on, "--frame", "25"]).code == 0)
        let r = try Tool.run([Self.loops, "-o", off, "--frame", "25", "--expressions", "off"])
        #expect(r.code == 0)
        #expect(r.err.contains("5 expressions not evaluated (--expressions off)"))
        #expect(try files(on) != files(off))
    }

    @Test func failingExpressionsAreWarnedWithTheirPath() throws {
        let d = try dir("bad")
        let json = """
            {"v":"5.7","fr":30,"ip":0,"op":10,"w":50,"h":50,"layers":[{"ty":3,"ind":1,"nm":"Spinner","ip":0,"op":10,"st":0,
            "ks":{"r":{"a":0,"k":0,"x":"var $bm_rt;\\nwhile (true) {}"},"o":{"a":0,"k":100,"x":"var $bm_rt;\\n$bm_rt = ;"}}}]}
            """
        let file = d + "/bad.json"
        try Data(json.utf8).write(to: URL(fileURLWithPath: file))
        let r = try Tool.run([file, "-o", d + "/out", "-j", "2"])
        #expect(r.code == 0)
        let lines = r.err.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains("layers[0].ks.o (layer \"Spinner\") does not compile") }.count == 1)
        #expect(
            lines.filter {
                $0.contains("layers[0].ks.r (layer \"Spinner\") ran past its step budget")
                    && $0.contains("first at frame 0")
            }.count == 1)
        let info = try Tool.run(["info", file])
        #expect(info.out.contains("expressions: 2, 1 do not compile"))
        #expect(info.out.contains("layers[0].ks.o: SyntaxError"))
    }
}
