import Testing

@testable import LottieRenderModel

/// The flat JSON reader: numbers exactly as the standard library decodes them, key lookup, lazily built paths,
/// slots and syntax errors.
@Suite struct JSONTapeTests {
    private func tape(_ s: String) throws -> JSONTape { try JSONTape(Array(s.utf8)) }

    /// A deterministic spread of number texts: short and long mantissas, fractions, exponents, values beyond the
    /// exact fast path (more than 2⁵³, 20 digits, exponents past ±22, subnormals).
    private func numberTexts() -> [String] {
        var out = [
            "0", "-0", "1", "-1", "0.1", "0.833", "0.167", "16.6666666666667", "0.30000000000000004", "1e22", "1e23",
            "9007199254740993", "9007199254740992", "123456789012345678901234", "1.7976931348623157e308",
            "4.9e-324", "2.2250738585072014e-308", "1E+2", "1e-7", "5e-324", "0.000001234", "100000000000000000000",
            "3.14159265358979323846264338327950288", "-12.5e-3", "7.0e0",
            // Around 19 digits (the most that accumulate without a test), zeros among them, and past 2⁶⁴.
            "9999999999999999999", "0.1234567890123456789", "0.12345678901234567891", "1.00000000000000000000",
            "0.0000000000000000000001", "18446744073709551616", "18446744073709551615.5", "-000000000000000000012",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        for _ in 0..<4000 {
            let digits = Int(next() % 22) + 1
            var s = next() % 4 == 0 ? "-" : ""
            for d in 0..<digits { s += String(d == 0 ? next() % 9 + 1 : next() % 10) }
            if next() % 2 == 0 {
                let at = Int(next() % UInt64(s.count + 1))
                let i = s.index(s.startIndex, offsetBy: max(at, s.hasPrefix("-") ? 1 : 0))
                s.insert(".", at: i)
                if s.hasSuffix(".") { s += "5" }
                if s.hasPrefix(".") || s.hasPrefix("-.") { s = s.replacingOccurrences(of: ".", with: "0.") }
            }
            if next() % 3 == 0 { s += "e" + String(Int(next() % 80) - 40) }
            out.append(s)
        }
        return out
    }

    @Test func numbersDecodeExactlyAsTheStandardLibrary() throws {
        for text in numberTexts() {
            guard let expected = Double(text) else { continue }
            let t = try tape("[\(text)]")
            let got = t.withRoot { $0.first.map { try? $0.number() } ?? nil }
            #expect(got?.bitPattern == expected.bitPattern, "\(text)")
        }
    }

    @Test func keysShortLongEscapedAndRepeated() throws {
        let t = try tape(#"{"ty":1,"a_much_longer_key":2,"\u0074\u0079x":3,"dup":1,"dup":2,"n":null,"":4}"#)
        try t.withRoot { root throws in
            #expect(try root["ty"]?.number() == 1)
            #expect(try root["a_much_longer_key"]?.number() == 2)
            #expect(try root["tyx"]?.number() == 3)
            #expect(try root[named: "tyx"]?.number() == 3)
            #expect(try root["dup"]?.number() == 2) // the last one wins
            #expect(root["n"] == nil) // null reads as absent
            #expect(try root[""]?.number() == 4)
            #expect(root["t"] == nil && root["tyxz"] == nil && root["a_much_longer_ke"] == nil)
        }
    }

    /// One pass over an object's members finds what the subscript finds: the last of a repeated key, null as
    /// absent, a key written with escapes by its text, a key of more than 8 bytes matching no short key, a slot's
    /// members over the object's own.
    @Test func membersInOnePassAgreeWithTheSubscript() throws {
        let t = try tape(
            #"{"k":[{"ty":1,"a_much_longer_key":2,"\u0074\u0079":3,"dup":1,"dup":2,"n":null,"":4},{"dup":7,"n":5}]}"#)
        try t.withRoot { root throws in
            let objects = try root.required("k").array()
            var seen: [String: Double?] = [:]
            try objects[0].forEachMember { (key, value) throws(ModelError) in
                let number = try objects[0][value]?.number()
                switch key {
                case "ty": seen["ty"] = number
                case "dup": seen["dup"] = number
                case "n": seen["n"] = number
                case "a_much_longer_key", "a_much_l": seen["long"] = number
                default: break
                }
            }
            #expect(seen["ty"] == 3) // `"\u0074\u0079"` is "ty", written after the first
            #expect(seen["dup"] == 2) // the last one wins
            #expect(seen["n"] == .some(nil)) // null reads as absent
            #expect(seen["long"] == nil) // no short key matches a longer one
            // A slot's members after the object's own: "dup" and "n" from the overlay.
            var dup: Double? = nil, n: Double? = nil
            let overlaid = objects[0].overlaid(by: objects[1])
            try overlaid.forEachMember { (key, value) throws(ModelError) in
                switch key {
                case "dup": dup = try overlaid[value]?.number()
                case "n": n = try overlaid[value]?.number()
                default: break
                }
            }
            let dupBySubscript = try overlaid["dup"]?.number(), nBySubscript = try overlaid["n"]?.number()
            #expect(dup == 7 && n == 5 && dup == dupBySubscript && n == nBySubscript)
        }
    }

    /// A string value matched as a code: short, escaped, longer than 8 bytes, or not a string.
    @Test func stringValuesMatchCodes() throws {
        let t = try tape(#"["gr","\u0067r","group_of_items","",1]"#)
        try t.withRoot { root throws in
            let v = try root.array()
            #expect(try "gr" ~= v[0].stringKey() && "gr" ~= v[1].stringKey())
            #expect(try v[0].stringKey().text == "gr")
            #expect(try v[2].stringKey().packed == 0 && v[3].stringKey().packed == 0)
            #expect(throws: ModelError.self) { try v[4].stringKey() }
        }
    }

    @Test func pathsAreBuiltOnlyForErrorsAndNameTheValue() throws {
        let t = try tape(#"{"layers":[{"ks":{}},{"ks":{"p":{"k":[{"t":0},{"t":"x"}]}}}]}"#)
        try t.withRoot { root throws in
            let bad = try root.required("layers").array()[1].required("ks").required("p").required("k").array()[1]
            #expect(bad.path == "layers[1].ks.p.k[1]")
            #expect(throws: ModelError.self) { try bad.required("t").number() }
            do { _ = try bad.required("t").number() } catch let error as ModelError {
                #expect(error.path == "layers[1].ks.p.k[1].t")
            }
            do { _ = try bad.required("s") } catch let error as ModelError {
                #expect(error.path == "layers[1].ks.p.k[1].s")
            }
        }
    }

    /// A path names indices of several digits (0, 10, 105) and keys written with escapes by their text; a string's
    /// escapes decode between runs of plain text, at its ends and back to back.
    @Test func pathsNameLongIndicesAndEscapedKeys() throws {
        let items = (0...105).map { $0 == 105 ? #"{"k\u00e9y\"":[0,1,2,3,4,5,6,7,8,9,{"x":1}]}"# : "0" }
        let t = try tape(#"{"a":[\#(items.joined(separator: ","))],"s":"\tline one\nline \"two\"\\\/end\n"}"#)
        try t.withRoot { root throws in
            let deep = try root.required("a").array()[105].required("k\u{e9}y\"").array()[10].required("x")
            #expect(deep.path == "a[105].k\u{e9}y\"[10].x")
            #expect(try root.required("a").array()[0].path == "a[0]")
            #expect(try root.required("s").string() == "\tline one\nline \"two\"\\/end\n")
        }
    }

    @Test func pointsAndNumberListsReadWithoutNodes() throws {
        let t = try tape(#"{"v":[[1,2],[3,4.5,9]],"n":[1,true,3],"bad":[1,"x"]}"#)
        try t.withRoot { root throws in
            let v = try #require(root["v"])
            #expect(v.elements.map { $0.pair.map { [$0.0, $0.1] } ?? [] } == [[1, 2], [3, 4.5]])
            #expect(try root["n"]?.numbers() == [1, 1, 3])
            do { _ = try root["bad"]?.numbers() } catch let error as ModelError {
                #expect(error.description == "bad[1]: expected a number, found a string")
            }
        }
    }

    @Test func syntaxErrorsKeepTheirOffsetsAndMessages() {
        let cases: [(String, String)] = [
            ("[1 2]", "expected ',' or ']'"), ("{\"a\" 1}", "expected ':'"), ("{\"a\":1,}", "expected a key string"),
            ("[\"a\\q\"]", "invalid escape"), ("[\"\\u12G4\"]", "invalid \\u escape"), ("\"abc", "unterminated string"),
            ("[1e]", "malformed exponent"), ("[-]", "unexpected character"), ("[1e999]", "number out of range"),
            ("[tru]", "invalid literal"), ("[1] x", "unexpected data after the document"),
            ("", "unexpected end of input"),
            ("[\"a\u{01}\"]", "control character in a string"),
            // More entries than memory sized by the length holds: counted and parsed again, for the real error.
            (String(repeating: "[", count: 100), "unexpected end of input"),
        ]
        for (text, message) in cases {
            do {
                _ = try JSONTape(Array(text.utf8))
                Issue.record("accepted \(text)")
            } catch { #expect(error.message == message, "\(text): \(error)") }
        }
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(throws: JSONSyntaxError.self) { try JSONTape(Array(deep.utf8)) }
        #expect(throws: Never.self) { try JSONTape(Array("[[[[]]]]".utf8)) }
    }

    /// Strings are scanned eight bytes at a time and short keys packed from one load: every length from 0 to 20
    /// at every offset in a word, as a key and a value, with an escape, a two-byte character or a control
    /// character at each position, and the same strings ending at the very end of the input.
    /// The tape's size bounds count `,` `[` `{` and `:` sixteen bytes at a time (a counter per lane, added up every
    /// 255 steps): the same counts as byte by byte, for every length around the vector's and the flush's sizes.
    @Test func boundsCountEveryByte() {
        var state: UInt64 = 41
        let alphabet = Array(",[{:]}\"a 1".utf8)
        for n in [0, 1, 15, 16, 17, 31, 33, 255 * 16 - 1, 255 * 16, 255 * 16 + 1, 255 * 16 * 2 + 7, 10_000] {
            let bytes: [UInt8] = (0..<n).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return alphabet[Int(state >> 33) % alphabet.count]
            }
            // All of one separator too: each lane's counter reaches 255 before it is added up.
            for text in [bytes, [UInt8](repeating: UInt8(ascii: ","), count: n)] {
                let separators = text.filter {
                    $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "{")
                }
                let colons = text.filter { $0 == UInt8(ascii: ":") }.count
                let got = text.withUnsafeBufferPointer { JSONTapeParser.bounds($0) }
                #expect(got.entries == separators.count + colons + 1 && got.members == colons, "\(n) bytes")
            }
        }
    }

    @Test func stringsOfEveryLengthAndOffset() throws {
        for pad in 0..<8 {
            let lead = String(repeating: " ", count: pad)
            for length in 0...20 {
                let text = String((0..<length).map { Character(UnicodeScalar(UInt8(0x61 + $0 % 26))) })
                let t = try tape(lead + "{\"\(text)\":[\"\(text)\"]}")
                try t.withRoot { root throws in
                    #expect(try root[named: text]?.array().first?.string() == text, "\(pad) \(length)")
                }
                #expect(try tape(lead + "\"\(text)\"").withRoot { try $0.string() } == text)
                for at in 0..<length {
                    let head = String(text.prefix(at)), tail = String(text.dropFirst(at))
                    for (written, read) in [("\\n", "\n"), ("\\\"", "\""), ("\\u00e9", "é"), ("é", "é")] {
                        let t = try tape(lead + "{\"\(head + written + tail)\":\"\(head + written + tail)\"}")
                        try t.withRoot { root throws in
                            #expect(try root[named: head + read + tail]?.string() == head + read + tail)
                        }
                    }
                    do {
                        _ = try tape(lead + "[\"\(head)\u{1F}\(tail)\"]")
                        Issue.record("accepted a control character")
                    } catch let error as JSONSyntaxError {
                        #expect(error.message == "control character in a string" && error.offset == pad + 2 + at)
                    }
                }
                do {
                    _ = try tape(lead + "[\"\(text)")
                    Issue.record("accepted an unterminated string")
                } catch let error as JSONSyntaxError {
                    #expect(error.message == "unterminated string" && error.offset == pad + 2 + length)
                }
            }
        }
    }

    @Test func slotsReplacePropertyValues() throws {
        let bytes = Array(
            """
            {"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,
             "slots":{"op":{"p":{"a":0,"k":40}},"pos":{"p":[7,8]}},
             "layers":[{"ty":3,"ind":1,"ks":{"o":{"sid":"op","a":0,"k":100},"p":{"sid":"pos","a":0,"k":[0,0]},
               "s":{"sid":"missing","a":0,"k":[50,50]}}}]}
            """.utf8)
        let c = try DocumentReader.read(bytes)
        let tr = c.layers[0].transform
        guard case .constant(let o) = tr.opacity, case .combined(.constant(let p)) = tr.position,
            case .constant(let s) = tr.scale
        else { Issue.record("not constant"); return }
        #expect(o == [40] && p == [7, 8] && s == [50, 50])
    }
}

/// The memory a document's tape is given without a counting pass (`JSONTapeParser.capacity`) holds the densest
/// documents of each shape: a lone value, nested empty containers, runs of one-byte values and of empty keys.
@Suite struct TapeCapacityTests {
    static func fits(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let cap = JSONTapeParser.capacity(forLength: bytes.count)
        let entries = UnsafeMutableBufferPointer<JSONEntry>.allocate(capacity: cap.entries)
        let members = UnsafeMutableBufferPointer<JSONMember>.allocate(capacity: cap.members)
        let open = UnsafeMutableBufferPointer<JSONMember>.allocate(capacity: cap.members)
        defer { entries.deallocate(); members.deallocate(); open.deallocate() }
        var parser = JSONTapeParser(entries: entries, members: members, open: open)
        return bytes.withUnsafeBufferPointer { p in (try? parser.document(p)) != nil } && !parser.ranOutOfRoom
    }

    @Test func densestDocumentsFit() {
        let ones = "[" + Array(repeating: "1", count: 999).joined(separator: ",") + "]"
        let keys = "{" + Array(repeating: "\"\":0", count: 999).joined(separator: ",") + "}"
        let objects = "[" + Array(repeating: "{}", count: 999).joined(separator: ",") + "]"
        let nested = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        let objectsIn = String(repeating: "{\"\":", count: 500) + "0" + String(repeating: "}", count: 500)
        for doc in ["1", "[]", "{}", "[[]]", "\"\"", ones, keys, objects, nested, objectsIn, "[\"\",\"\",{\"\":[]}]"] {
            #expect(Self.fits(doc), "\(doc.prefix(20))")
        }
        // The tape itself reads them (a thousand values, members and levels).
        for doc in [ones, keys, nested] { #expect((try? JSONTape(Array(doc.utf8))) != nil) }
    }
}
