import LottieRenderEval
import LottieRenderFonts
import LottieRenderModel
import Testing

@Suite struct ShapingTests {
    private func fonts(_ text: String, family: String = "DejaVu Sans") throws -> SystemFonts {
        let json = """
            {"v":"5.7","fr":30,"ip":0,"op":10,"w":64,"h":64,
             "fonts":{"list":[{"fName":"F","fFamily":"\(family)","fStyle":"Book","ascent":75}]},"layers":[
             {"ty":5,"ind":1,"ip":0,"op":10,"st":0,"ks":{},"t":{"d":{"k":[{"t":0,"s":{"t":"\(text)","f":"F","s":20,"fc":[0,0,0]}}]},"a":[]}}]}
            """
        return SystemFonts(for: BoundComposition(try DocumentReader.read(Array(json.utf8))))
    }

    @Test func arabicIsJoinedAndRightToLeft() throws {
        let text = "مرحبا"
        let f = try fonts(text)
        let shaped = try #require(f.shapedLine(text, name: "F"))
        #expect(shaped.count == 5)
        #expect(shaped.allSatisfy { $0.level == 1 })
        // Joined (initial, medial, final) forms are narrower than the letters drawn alone.
        let alone = text.map { f.glyph($0, family: "", style: "", name: "F")?.width ?? 0 }.reduce(0, +)
        let joined = shaped.reduce(0) { $0 + $1.advance }
        #expect(joined < alone - 1)
    }

    @Test func mixedLineHasBothDirections() throws {
        let text = "abc שלום 123"
        let shaped = try #require(try fonts(text).shapedLine(text, name: "F"))
        #expect(shaped.prefix(3).allSatisfy { $0.level == 0 })
        #expect(shaped[4...7].allSatisfy { $0.level == 1 })
        #expect(shaped.suffix(3).allSatisfy { $0.level % 2 == 0 })
    }

    @Test func devanagariComesFromAFallbackFontAndIsReordered() throws {
        // DejaVu Sans has no Devanagari: fontconfig finds a font that has it (FreeSans from fonts-freefont-ttf).
        let text = "नि"
        let shaped = try #require(try fonts(text).shapedLine(text, name: "F"))
        #expect(shaped.count == 1)
        // The vowel sign i is drawn before the consonant: two glyphs, the second moved right by the first's advance.
        #expect(shaped[0].items.count == 2)
        #expect(shaped[0].advance > 20)
        guard case .group(let second) = shaped[0].items[1], let tr = second.transform,
            case .combined(let p) = tr.position
        else { Issue.record("second glyph is not placed"); return }
        #expect((Interpolator.value(p, at: 0).first ?? 0) > 5)
    }
}
