import LottieRender
import Testing

/// The compat report never says a player draws a file as described without a basis: Android's blend modes without a
/// native mode, images at web addresses, fonts an app must bundle; only compositions the file shows count; each
/// profile says how it was verified.
@Suite struct CompatibilityBasisTests {
    /// A document with `layers` (JSON objects) in the root and `assets`.
    static func doc(_ layers: [String], assets: String = "[]", fonts: String = "") throws -> LottieDocument {
        let json =
            #"{"v":"5.7","fr":30,"ip":0,"op":10,"w":100,"h":100,"assets":\#(assets)\#(fonts),"layers":["#
            + layers.joined(separator: ",") + "]}"
        return try LottieDocument(bytes: Array(json.utf8))
    }

    static func shape(_ ind: Int, _ name: String, extra: String = "") -> String {
        #"{"ty":4,"ind":\#(ind),"nm":"\#(name)","ip":0,"op":10,"st":0,"ks":{}\#(extra),"shapes":[{"ty":"rc","s":{"a":0,"k":[20,20]},"p":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}"#
    }

    /// lottie-android's LBlendMode.toNativeBlendMode returns null for hard light (bm 8): drawn normal. Multiply has
    /// a native mode everywhere; add (16) is not drawn by lottie-web (blendModes.js maps 1–15) nor lottie-ios (not in
    /// its BlendMode enum). rlottie (Telegram) draws every blend mode normal.
    @Test func androidBlendModesWithoutANativeMode() throws {
        let issues = try CompatibilityBasisTests.doc([
            CompatibilityBasisTests.shape(1, "hard", extra: #","bm":8"#),
            CompatibilityBasisTests.shape(2, "multiply", extra: #","bm":1"#),
            CompatibilityBasisTests.shape(3, "add", extra: #","bm":16"#),
        ]).compatibility()
        let byFeature = Dictionary(uniqueKeysWithValues: issues.map { ($0.feature, $0) })
        #expect(byFeature["blend-mode:hard-light"]?.players == [.android, .telegram])
        #expect(byFeature["blend-mode:hard-light"]?.title == "blend mode Hard Light")
        #expect(byFeature["blend-mode:multiply"]?.players == [.telegram])
        #expect(byFeature["blend-mode:add"]?.players == [.web, .webCanvas, .ios, .iosMainThread, .telegram])
    }

    /// An image at an https address: the web fetches it; the mobile players draw it only through the app's image
    /// provider, and so do ThorVG (its resolver callback) and rlottie.
    @Test func remoteImagesPerPlayer() throws {
        let assets = #"[{"id":"img","w":10,"h":10,"u":"https://example.invalid/","p":"a.png","e":0}]"#
        let layer = #"{"ty":2,"ind":1,"nm":"photo","refId":"img","ip":0,"op":10,"st":0,"ks":{}}"#
        let issues = try CompatibilityBasisTests.doc([layer], assets: assets).compatibility()
        let remote = issues.first { $0.feature == "image:remote" }
        #expect(remote?.players == [.ios, .iosMainThread, .android, .dotlottie, .telegram])
        #expect(remote?.layers == ["photo"])
    }

    /// Text in a font the file does not carry: the mobile players draw it in that font only when the app bundles it.
    @Test func fontsAnAppMustBundle() throws {
        let fonts = #","fonts":{"list":[{"fName":"Brand-Bold","fFamily":"Brand","fStyle":"Bold","ascent":75}]}"#
        let text =
            #"{"ty":5,"ind":1,"nm":"title","ip":0,"op":10,"st":0,"ks":{},"t":{"d":{"k":[{"t":0,"s":{"t":"Hi","f":"Brand-Bold","s":20,"fc":[0,0,0],"j":0,"lh":24}}]},"a":[],"m":{"a":{"a":0,"k":[0,0]}},"p":{}}}"#
        let issues = try CompatibilityBasisTests.doc([text], fonts: fonts).compatibility()
        let font = issues.first { $0.feature == "font:Brand-Bold" }
        #expect(font?.players == [.ios, .iosMainThread, .android])
        #expect(font?.title == "font \"Brand-Bold\"")
    }

    /// A camera or a luma matte in a precomp no layer uses: lottie-web never builds those layers, so neither the
    /// report nor the web profiles refuse the file.
    @Test func unusedPrecompsDoNotCount() throws {
        let camera = #"{"ty":13,"ind":9,"nm":"cam","ip":0,"op":10,"st":0,"ks":{},"pe":{"a":0,"k":800}}"#
        let assets = #"[{"id":"unused","layers":[\#(camera)]}]"#
        var d = try CompatibilityBasisTests.doc([CompatibilityBasisTests.shape(1, "box")], assets: assets)
        #expect(d.compatibility().isEmpty)
        d.draw(as: .web)
        #expect(d.playerNotes.isEmpty)
        let used = #"{"ty":0,"ind":2,"nm":"pre","refId":"unused","w":100,"h":100,"ip":0,"op":10,"st":0,"ks":{}}"#
        var e = try CompatibilityBasisTests.doc([used], assets: assets)
        #expect(e.compatibility().contains { $0.feature == "layer:camera" })
        e.draw(as: .web)
        #expect(e.playerNotes.count == 1)
        // Refusing is what the player does: a note, not a warning.
        #expect(e.warnings.isEmpty)
    }

    /// Every profile but `full` says whether it was measured against the player's own output.
    @Test func eachProfileSaysHowItWasVerified() {
        #expect(Player.android.verification.isMeasured == false)
        #expect(Player.android.verification.summary.hasPrefix("derived from lottie-android's source"))
        for p in [Player.web, .webCanvas, .ios, .iosMainThread] {
            let v = p.verification
            #expect(v.isMeasured && v.matching <= v.frames && v.summary.hasPrefix("measured against"))
        }
    }

    /// A generic family (`sans`, `serif`, `monospace`) is fontconfig's to choose: no "not found" warning. A family
    /// no font has still warns.
    @Test func genericFamiliesResolveWithoutAWarning() throws {
        func warnings(_ family: String) throws -> [String] {
            let fonts = #","fonts":{"list":[{"fName":"F","fFamily":"\#(family)","fStyle":"Regular","ascent":75}]}"#
            let text =
                #"{"ty":5,"ind":1,"nm":"t","ip":0,"op":10,"st":0,"ks":{},"t":{"d":{"k":[{"t":0,"s":{"t":"Hi","f":"F","s":20,"fc":[0,0,0],"j":0,"lh":24}}]},"a":[],"m":{"a":{"a":0,"k":[0,0]}},"p":{}}}"#
            return try CompatibilityBasisTests.doc([text], fonts: fonts).warnings
        }
        for generic in ["sans", "serif", "monospace"] {
            #expect(try warnings(generic).allSatisfy { !$0.contains("not found") }, "\(generic)")
        }
        #expect(try warnings("No Such Family 42").contains { $0.contains("font \"F\" not found") })
    }
}
