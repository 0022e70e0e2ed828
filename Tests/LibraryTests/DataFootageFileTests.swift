import Foundation
import LottieRender
import LottieRenderTestSupport
import Testing

/// Data footage files (`"t": 3`) are read as images are: next to the animation, in its `.assets/` folder or from a
/// data URI; a file that cannot be used is a load warning, never silent.
@Suite struct DataFootageFileTests {
    /// A 20×20 animation: a red 4×4 square whose x position comes from the data footage's `"x"`.
    static func animation(asset: String) -> String {
        let expr = "var $bm_rt;\\n$bm_rt = [thisComp.layer('d.json')('Data')('Outline')('x'), 10];"
        return """
            {"v":"5.7","fr":30,"ip":0,"op":10,"w":20,"h":20,"assets":[\(asset)],
             "layers":[
              {"ty":4,"ind":1,"nm":"sq","ip":0,"op":10,"st":0,"ks":{"p":{"a":0,"k":[2,10],"x":"\(expr)"}},
               "shapes":[{"ty":"rc","s":{"a":0,"k":[4,4]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}},
                         {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]},
              {"ty":15,"ind":2,"nm":"d.json","refId":"data_0","ip":0,"op":10,"st":0}]}
            """
    }

    /// The x of the square's centre in frame 0 (the mean x of its red pixels).
    static func squareX(_ anim: LottieDocument) throws -> Double {
        let img = try anim.image(frame: 0)
        var sum = 0.0, n = 0.0
        for y in 0..<20 {
            for x in 0..<20 where img.bytes[(y * 20 + x) * 4 + 3] > 128 {
                sum += Double(x) + 0.5
                n += 1
            }
        }
        return n > 0 ? sum / n : -1
    }

    @Test func aFileInTheAssetsFolderPlacesTheSquare() throws {
        let dir = try temporaryFolder(
            "data-footage",
            files: [
                "a.json": DataFootageFileTests.animation(
                    asset: #"{"id":"data_0","u":"images/","p":"d.json","e":0,"t":3}"#),
                "a.assets/images/d.json": #"{"x": 15}"#,
            ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let anim = try LottieDocument(contentsOf: dir + "/a.json")
        #expect(anim.warnings.isEmpty, "\(anim.warnings)")
        #expect(try DataFootageFileTests.squareX(anim) == 15)
    }

    @Test func anEmbeddedDataURIIsRead() throws {
        let uri = "data:application/json;base64," + Data(#"{"x": 6}"#.utf8).base64EncodedString()
        let json = DataFootageFileTests.animation(asset: #"{"id":"data_0","u":"","p":"\#(uri)","e":1,"t":3}"#)
        let anim = try LottieDocument(bytes: Array(json.utf8))
        #expect(anim.warnings.isEmpty, "\(anim.warnings)")
        #expect(try DataFootageFileTests.squareX(anim) == 6)
    }

    @Test func unusableFilesAreLoadWarningsAndTheStaticValueIsDrawn() throws {
        let cases: [(String, [String: String], String)] = [
            (#""u":"images/","p":"gone.json""#, [:], "file \"images/gone.json\" not found"),
            (#""u":"images/","p":"bad.json""#, ["images/bad.json": "{\"x\": "], "not valid JSON"),
            (#""u":"../","p":"d.json""#, [:], "leaves the animation's folder"),
        ]
        for (keys, files, message) in cases {
            var all = files
            all["a.json"] = DataFootageFileTests.animation(asset: #"{"id":"data_0",\#(keys),"e":0,"t":3}"#)
            let dir = try temporaryFolder("data-footage-bad", files: all)
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let anim = try LottieDocument(contentsOf: dir + "/a.json")
            #expect(
                anim.warnings.contains { $0.contains("data asset \"data_0\"") && $0.contains(message) },
                "\(anim.warnings)")
            #expect(try DataFootageFileTests.squareX(anim) == 2) // the position's own value
        }
    }
}
