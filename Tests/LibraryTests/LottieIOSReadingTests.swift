import LottieRender
import LottieRenderTestSupport
import Testing

/// What lottie-ios reads otherwise, as `info --compat` reports it: glyphs in `"chars"` (never read; they stand in only
/// for fonts iOS ships) and the values its Core Animation engine holds at their first keyframe.
@Suite struct LottieIOSReadingTests {
    /// A text layer in `family` with a glyph for "A" in `"chars"`, whose document changes at frame 5.
    static func text(family: String) -> String {
        let doc = { (t: String) in
            #"{"s":20,"f":"F-Regular","t":"\#(t)","j":0,"tr":0,"lh":24,"ls":0,"fc":[0,0,0]}"#
        }
        return """
            {"v":"5.7","fr":30,"ip":0,"op":10,"w":100,"h":100,
             "fonts":{"list":[{"fName":"F-Regular","fFamily":"\(family)","fStyle":"Regular","ascent":75}]},
             "chars":[{"ch":"A","size":100,"style":"Regular","w":60,"fFamily":"\(family)","data":{"shapes":[
               {"ty":"gr","it":[{"ty":"sh","ks":{"a":0,"k":{"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]],
                 "v":[[0,0],[30,-70],[60,0]],"c":true}}}]}]}}],
             "layers":[{"ty":5,"ind":1,"nm":"label","ip":0,"op":10,"st":0,"ks":{"p":{"a":0,"k":[20,50]}},
              "t":{"d":{"k":[{"s":\(doc("A")),"t":0},{"s":\(doc("AA")),"t":5}]},"p":{},"m":{"g":1,"a":{"a":0,"k":[0,0]}},"a":[]}}]}
            """
    }

    @Test func glyphsOfAFontIOSLacksAreNotRead() throws {
        let issues = try LottieDocument(bytes: Array(Self.text(family: "Blocky").utf8)).compatibility()
        let glyphs = try #require(issues.first { $0.feature == "text:glyphs-not-read" })
        #expect(glyphs.players == [.ios, .iosMainThread] && glyphs.layers == ["label"])
        #expect(glyphs.consequence.contains("Helvetica"))
        // Only the Core Animation engine shows the first document throughout.
        #expect(issues.first { $0.feature == "text:animated-document" }?.players == [.ios])
    }

    @Test func glyphsOfAnIOSFontStandInForIt() throws {
        let issues = try LottieDocument(bytes: Array(Self.text(family: "Gill Sans").utf8)).compatibility()
        #expect(!issues.contains { $0.feature == "text:glyphs-not-read" })
    }

    /// The Core Animation engine's held values change the drawing: the text is the first document's at frame 9.
    @Test func coreAnimationShowsTheFirstDocument() throws {
        var doc = try LottieDocument(bytes: Array(Self.text(family: "Gill Sans").utf8))
        doc.draw(as: .ios)
        let first = try doc.image(frame: 0, width: 100), late = try doc.image(frame: 9, width: 100)
        #expect(first.bytes.contains { $0 != 0 } && first.bytes == late.bytes)
        doc.draw(as: .iosMainThread)
        #expect(try doc.image(frame: 9, width: 100).bytes != first.bytes)
    }

    @Test func repeaterCopiesAndDashesAreHeldByCoreAnimationOnly() throws {
        let doc = try LottieDocument(
            contentsOf: repoRoot.appendingPathComponent("samples/player_core_animation_values.json").path)
        let issues = try doc.compatibility()
        #expect(issues.first { $0.feature == "repeater:animated-copies" }?.players == [.ios])
        #expect(issues.first { $0.feature == "stroke:animated-dashes" }?.players == [.ios])
    }

    /// Core Animation's render groups: the stroke below two fills is drawn once per fill (the finding and the
    /// drawing); a plain fill and stroke group is no finding.
    @Test func renderGroupsDrawTheStrokeOncePerFill() throws {
        var doc = try LottieDocument(
            contentsOf: repoRoot.appendingPathComponent("samples/player_render_groups.json").path)
        #expect(try doc.compatibility().first { $0.feature == "shapes:render-groups" }?.players == [.ios])
        let full = try doc.image(frame: 0, width: 200)
        doc.draw(as: .iosMainThread)
        #expect(try doc.image(frame: 0, width: 200).bytes == full.bytes)
        doc.draw(as: .ios)
        #expect(try doc.image(frame: 0, width: 200).bytes != full.bytes)
        let plain = try LottieDocument(
            contentsOf: repoRoot.appendingPathComponent("samples/player_trim_fill.json").path)
        #expect(!(try plain.compatibility()).contains { $0.feature == "shapes:render-groups" })
    }
}
