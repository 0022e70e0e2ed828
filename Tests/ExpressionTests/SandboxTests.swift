import Foundation
import LottieRenderEval
import LottieRenderExpressions
import LottieRenderModel
import Testing

/// Determinism and safety: seeded randomness, no state between evaluations, hostile expressions ending in
/// bounded time with the property's own value and a warning.
@Suite struct SandboxTests {
    @Test func randomIsSeededByPropertyTimeAndSeed() throws {
        let src = "$bm_rt = random(0, 1000);"
        let a = try Fixture([Fixture.layer(1, "A", ks: "\"r\":" + Fixture.expr("0", src))])
        let b = try Fixture([Fixture.layer(1, "A", ks: "\"r\":" + Fixture.expr("0", src))])
        // Same file, two runtimes: the same values; another frame: another value.
        #expect(a.rotation(at: 3) == b.rotation(at: 3))
        #expect(a.rotation(at: 3) != a.rotation(at: 4))
        let v = a.rotation(at: 3)
        #expect(v >= 0 && v < 1000)
        // timeless: the same at every frame.
        let t = try Fixture([
            Fixture.layer(1, "A", ks: "\"r\":" + Fixture.expr("0", "seedRandom(5, true);\n$bm_rt = random(10);"))
        ])
        #expect(t.rotation(at: 1) == t.rotation(at: 50))
        // Another seed gives another sequence.
        let s6 = try Fixture([
            Fixture.layer(1, "A", ks: "\"r\":" + Fixture.expr("0", "seedRandom(6, true);\n$bm_rt = random(10);"))
        ])
        #expect(s6.rotation(at: 1) != t.rotation(at: 1))
        // Math.random is the same generator.
        let m = try Fixture([Fixture.layer(1, "A", ks: "\"r\":" + Fixture.expr("0", "$bm_rt = Math.random();"))])
        #expect(m.rotation(at: 2) == m.rotation(at: 2))
        let g = try Fixture([Fixture.layer(1, "A", ks: "\"r\":" + Fixture.expr("0", "$bm_rt = gaussRandom(0, 10);"))])
        #expect((0...10).contains(g.rotation(at: 2)))
    }

    @Test func wiggleIsSmoothBoundedAndRepeatable() throws {
        let src = "$bm_rt = wiggle(2, 30);"
        let f = try Fixture([Fixture.layer(1, "A", ks: "\"r\":" + Fixture.expr("50", src))])
        let g = try Fixture([Fixture.layer(1, "A", ks: "\"r\":" + Fixture.expr("50", src))])
        var previous: Double? = nil
        var moved = false
        for frame in stride(from: 0.0, to: 60, by: 1) {
            let v = f.rotation(at: frame)
            #expect(v == g.rotation(at: frame))
            #expect(abs(v - 50) <= 30)
            if let p = previous {
                #expect(abs(v - p) < 12) // 2 wiggles per second at 30 fps: small steps
                if v != p { moved = true }
            }
            previous = v
        }
        #expect(moved)
    }

    @Test func nothingOutlivesAnEvaluation() throws {
        let f = try Fixture([
            Fixture.layer(
                1, "A",
                ks: "\"r\":"
                    + Fixture.expr(
                        "0",
                        "counter = (typeof counter === 'undefined' ? 0 : counter) + 1;\nthis.leak = 5;\n$bm_rt = counter;"
                    )),
            Fixture.layer(
                2, "B",
                ks: "\"r\":"
                    + Fixture.expr(
                        "0", "$bm_rt = typeof leak === 'undefined' && typeof counter === 'undefined' ? 1 : 0;")),
            Fixture.layer(
                3, "C", ks: "\"r\":" + Fixture.expr("0", "Math.sin = function () { return 7; };\n$bm_rt = Math.sin(0);")
            ),
        ])
        for frame in [0.0, 1, 2, 3] {
            #expect(f.rotation(0, at: frame) == 1)
            #expect(f.rotation(1, at: frame) == 1)
        }
        // Built-ins are frozen: the assignment does nothing.
        #expect(f.rotation(2, at: 0) == 0)
    }

    /// Each hostile expression gives the property's own value (17) and one warning.
    @Test(arguments: [
        ("while (true) {}", "step budget"),
        // The copies of `a` as it grows are charged (large blocks), so the steps run out before the memory does.
        ("var a = []; while (true) { a.push([1, 2, 3, 4, 5, 6, 7, 8]); }", "step budget"),
        ("var a = {}; for (var i = 0; ; i++) { a['k' + i] = [i, i, i]; }", "ran out of memory"),
        ("var s = 'x'; while (true) { s = s + s; }", "ran out of memory"),
        ("$bm_rt = Array(1e9).join('').length;", "arrays longer than 1048576"),
        ("$bm_rt = [].concat(Array(1e9)).length;", "arrays longer than 1048576"),
        ("function f(n) { return f(n + 1) + 1; }\n$bm_rt = f(0);", "threw RangeError"),
        ("$bm_rt = undefinedThing + 1;", "threw ReferenceError"),
        ("$bm_rt = 'text';", "returned text"),
        ("$bm_rt = [NaN];", "not a finite number"),
        ("$bm_rt = /a+/.test('aaa') ? 1 : 2;", "does not compile"),
        ("$bm_rt = new Date().getTime();", "threw ReferenceError"),
        ("while (true) { try { while (true) {} } catch (e) {} }", "step budget"),
        // Work done in C inside one step is charged to the budget: interned strings keep the memory flat here, and
        // each join walks a million indexes.
        ("var a = []; while (true) { a.push(new Array(1e6).join('x')); }", "step budget"),
        ("var a = []; a.length = 1e6; while (true) { a.indexOf(1); }", "step budget"),
        ("var a = []; for (var i = 0; i < 1e6; i++) { a.push(i % 7); } while (true) { a.sort(); }", "step budget"),
        ("var s = 'x'.repeat(1e6); while (true) { s.toUpperCase(); }", "step budget"),
        ("var s = 'x'.repeat(1e6); while (true) { s.indexOf('y'); }", "step budget"),
        ("while (true) { 'xy'.repeat(5e5); }", "step budget"),
        ("var s = 'x'.repeat(1e5); while (true) { s.split(''); }", "step budget"),
    ])
    func hostileExpressionsFallBack(_ source: String, _ expected: String) throws {
        let f = try Fixture([Fixture.layer(1, "A", ks: "\"r\":" + Fixture.expr("17", source))])
        #expect(f.rotation(at: 0) == 17)
        #expect(f.rotation(at: 1) == 17)
        let problems = f.problems + f.program.compileErrors.values.map { "does not compile: \($0)" }
        #expect(problems.count == 1)
        #expect(problems.allSatisfy { $0.contains(expected) }, "\(problems)")
    }

    @Test func cyclesBetweenLayersEndWithOwnValues() throws {
        let f = try Fixture([
            Fixture.layer(1, "A", ks: "\"r\":" + Fixture.expr("3", "$bm_rt = thisComp.layer('B').rotation + 1;")),
            Fixture.layer(2, "B", ks: "\"r\":" + Fixture.expr("5", "$bm_rt = thisComp.layer('A').rotation + 1;")),
        ])
        // A reads B, whose expression reads A again: there A's own value (3) stands in, so B = 4 and A = 5 …
        #expect(f.rotation(0, at: 0) == 5)
        // … and evaluated from B: A sees B's own value (5), A = 6, B = 7.
        #expect(f.rotation(1, at: 7) == 7)
        #expect(f.problems.count == 2 && f.problems.allSatisfy { $0.contains("cycle") })
    }

    @Test func problemsAreReportedOnceAtTheirFirstFrame() throws {
        let f = try Fixture([
            Fixture.layer(
                1, "A",
                ks: "\"r\":" + Fixture.expr("0", "if (time > 0.5) { throw new Error('late ' + time); }\n$bm_rt = 1;"))
        ])
        #expect(f.rotation(at: 30) == 0)
        #expect(f.rotation(at: 20) == 0)
        #expect(f.rotation(at: 10) == 1)
        let entries = f.log.snapshot
        #expect(entries.count == 1 && entries.values.first?.frame == 20)
        let text = f.program.messages(f.log)
        #expect(
            text == [
                "expression at layers[0].ks.r (layer \"A\") threw Error: late 0.6666666666666666 (first at frame 20); the property's own value is drawn"
            ])
    }
}
