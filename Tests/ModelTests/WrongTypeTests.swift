import Testing

@testable import LottieRenderModel

/// A value of the wrong type where the schema wants a container, a vector or a colour is an error naming its JSON
/// path: before, a `"ks"` that was a string read as an empty transform and the file rendered with no message.
@Suite struct WrongTypeTests {
    /// A document with one layer of `type`, its members `layer` (a JSON object's inside) and document members `extra`.
    private func document(_ layer: String, type: Int = 4, extra: String = "") -> [UInt8] {
        Array(
            """
            {"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100\(extra),"layers":[{"ty":\(type),"ind":1\(layer)}]}
            """.utf8)
    }

    private func error(_ bytes: [UInt8]) -> String? {
        do { _ = try DocumentReader.read(bytes); return nil } catch { return error.description }
    }

    private static let fill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0]},"o":{"a":0,"k":100}}"#

    /// (layer members, layer type, document members, expected start of the error).
    static let cases: [(String, Int, String, String)] = [
        (#","ks":"oops""#, 4, "", "layers[0].ks: expected an object, found a string"),
        (#","ks":[1,2]"#, 3, "", "layers[0].ks: expected an object, found an array"),
        (#","ks":{"p":{"a":0,"k":7}}"#, 3, "", "layers[0].ks.p.k: expected 2 numbers, found 1"),
        (
            #","ks":{"o":{"a":1,"k":[{"t":0,"s":[0],"o":"oops"},{"t":9,"s":[100]}]}}"#, 3, "",
            "layers[0].ks.o.k[0].o: expected an easing handle object, found a string"
        ),
        (
            #","ks":{"p":{"a":1,"k":[{"t":0,"s":[0,0],"to":[1]},{"t":9,"s":[9,9]}]}}"#, 3, "",
            "layers[0].ks.p.k[0].to: expected a tangent of 2 numbers, found 1"
        ),
        (#","shapes":{"ty":"gr"}"#, 4, "", "layers[0].shapes: expected an array, found an object"),
        (#","shapes":[{"ty":"fl","c":{"a":0,"k":[1]}}]"#, 4, "", "layers[0].shapes[0].c.k: expected 3 numbers"),
        (
            #","shapes":[{"ty":"st","c":{"a":0,"k":[0,0,0]},"d":{"n":"d"}}]"#, 4, "",
            "layers[0].shapes[0].d: expected an array, found an object"
        ),
        (
            #","shapes":[{"ty":"gf","g":{"p":2,"k":{"a":0,"k":[0,1]}},"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[9,9]}}]"#,
            4, "", "layers[0].shapes[0].g.k.k: expected 4 numbers, found 2"
        ),
        (#","shapes":[{"ty":"rp","c":{"a":0,"k":3},"tr":5}]"#, 4, "", "layers[0].shapes[0].tr: expected an object"),
        (#","masksProperties":{"mode":"a"}"#, 3, "", "layers[0].masksProperties: expected an array"),
        (#","ef":[5]"#, 3, "", "layers[0].ef[0]: expected an effect object, found a number"),
        (#","ef":[{"ty":5,"ef":"oops"}]"#, 3, "", "layers[0].ef[0].ef: expected an array, found a string"),
        (#","ef":[{"ty":5,"ef":[{"ty":0,"v":"oops"}]}]"#, 3, "", "layers[0].ef[0].ef[0].v: expected a number"),
        (#","sc":"oops""#, 1, "", ##"layers[0].sc: expected a colour "#rrggbb", found "oops""##),
        (#","t":"oops""#, 5, "", "layers[0].t: expected an object, found a string"),
        (#","t":{"d":7}"#, 5, "", "layers[0].t.d: expected an object, found a number"),
        (#","t":{"d":{"k":[{"t":0,"s":"oops"}]}}"#, 5, "", "layers[0].t.d.k[0].s: expected an object"),
        (
            #","t":{"d":{"k":[{"t":0,"s":{"t":"a","fc":[1]}}]}}"#, 5, "",
            "layers[0].t.d.k[0].s.fc: expected a colour of 3 numbers, found 1"
        ),
        (#","t":{"a":[{"s":"oops"}]}"#, 5, "", "layers[0].t.a[0].s: expected an object, found a string"),
        (#","t":{"a":[{"a":{"p":{"a":0,"k":4}}}]}"#, 5, "", "layers[0].t.a[0].a.p.k: expected 2 numbers, found 1"),
        (#","t":{"m":"oops"}"#, 5, "", "layers[0].t.m: expected an object, found a string"),
        (#","t":{"p":[1]}"#, 5, "", "layers[0].t.p: expected an object, found an array"),
        ("", 3, #","mb":"oops""#, "mb: expected an object, found a string"),
        ("", 3, #","slots":{"s":"oops"}"#, #"slots.s: expected a slot object {"p": …}, found a string"#),
        ("", 3, #","slots":[1]"#, "slots: expected an object, found an array"),
        ("", 3, #","markers":[7]"#, "markers[0]: expected a marker object, found a number"),
        ("", 3, #","fonts":[1]"#, "fonts: expected an object, found an array"),
        ("", 3, #","chars":[{"ch":"a","data":"oops"}]"#, "chars[0].data: expected an object, found a string"),
    ]

    @Test(arguments: cases.indices)
    func wrongTypeIsAnErrorNamingItsPath(_ i: Int) {
        let (layer, type, extra, expected) = WrongTypeTests.cases[i]
        let message = error(document(layer, type: type, extra: extra))
        #expect(message?.hasPrefix(expected) == true, "\(layer)\(extra): \(message ?? "accepted")")
    }

    /// The forms the players accept stay accepted: a bare number for a scalar property, an RGB colour without
    /// alpha, a one-number easing handle, a 3-D point for a 2-D one.
    @Test func acceptedFormsStayAccepted() {
        let layer =
            #","ks":{"o":7,"r":{"a":0,"k":[45]},"p":{"a":0,"k":[1,2,3]},"#
            + #""s":{"a":1,"k":[{"t":0,"s":[10,10],"o":{"x":0.3,"y":0},"i":{"x":0.7,"y":1}},{"t":9,"s":[50,50]}]}},"#
            + #""shapes":[\#(WrongTypeTests.fill)]"#
        #expect(error(document(layer)) == nil)
    }

    /// A point, scale or anchor array with one number (Issues/pr_1599 of lottie-ios: `"a": {"k": [9.688]}`) is read
    /// as lottie-ios reads it, the missing numbers as 0, with a warning naming the JSON path; a bare number where a
    /// point belongs is still refused (lottie-ios refuses it too).
    @Test func shortVectorReadAsLottieIOSReadsIt() throws {
        let c = try DocumentReader.read(document(#","ks":{"a":{"a":0,"k":[9.5]},"s":{"a":0,"k":[50]}}"#, type: 3))
        let warnings = c.diagnostics.warnings
        #expect(warnings.contains { $0.hasPrefix("layers[0].ks.a.k: expected 2 numbers, found 1; read with 0") })
        #expect(warnings.contains { $0.hasPrefix("layers[0].ks.s.k: expected 2 numbers, found 1") })
        guard case .constant(let a) = c.layers[0].transform.anchor else {
            Issue.record("anchor not constant")
            return
        }
        #expect(a == [9.5, 0])
    }
}
