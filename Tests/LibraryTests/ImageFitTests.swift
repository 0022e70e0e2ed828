import Foundation
import LottieRender
import LottieRenderCodecs
import LottieRenderRaster
import Testing

/// Images whose pixel size differs from their asset's declared `"w"`×`"h"`.
@Suite struct ImageFitTests {
    /// A 4×2 image, left half red and right half blue, declared as a 4×4 box, drawn at the origin of an 8×8
    /// composition.
    static let uri: String = {
        var img = Pixmap(width: 4, height: 2)
        for y in 0..<2 { for x in 0..<4 { img.pixels[y * 4 + x] = x < 2 ? 0xFF00_00FF : 0xFFFF_0000 } }
        return "data:image/png;base64," + Data((try? PNGCodec.encode(img)) ?? []).base64EncodedString()
    }()

    static func animation(declared w: Int = 4, _ h: Int = 4) throws -> LottieDocument {
        let json = """
            {"v":"5.7","fr":30,"ip":0,"op":10,"w":8,"h":8,
             "assets":[{"id":"img","w":\(w),"h":\(h),"e":1,"u":"","p":"\(ImageFitTests.uri)"}],
             "layers":[{"ty":2,"ind":1,"refId":"img","ip":0,"op":10,"st":0,"ks":{}}]}
            """
        return try LottieDocument(bytes: Array(json.utf8))
    }

    static func render(_ fit: ImageFit) throws -> Pixmap {
        var a = try animation()
        a.imageFit = fit
        return a.render(frame: 0)
    }

    @Test func stretchFillsTheDeclaredBox() throws {
        let f = try ImageFitTests.render(.stretch)
        #expect(f.pixels[0] == 0xFF00_00FF && f.pixels[3 * 8 + 0] == 0xFF00_00FF) // rows 0 and 3: red
        #expect(f.pixels[3 * 8 + 3] == 0xFFFF_0000) // right half: blue
        #expect(f.pixels[4 * 8 + 0] == 0 && f.pixels[0 * 8 + 4] == 0) // nothing outside 4×4
    }

    @Test func stretchIsTheDefault() throws {
        #expect(try ImageFitTests.animation().render(frame: 0) == ImageFitTests.render(.stretch))
    }

    @Test func coverCropsToTheBoxCentred() throws {
        // Scaled ×2 to 8×4 over the 4×4 box, centred: x −2…6, so the box shows image x 1…3 (red then blue,
        // blended bilinearly across the middle) at full height.
        let f = try ImageFitTests.render(.cover)
        #expect(f.pixels[0] == 0xFF00_00FF && f.pixels[3 * 8] == 0xFF00_00FF)
        #expect(f.pixels[3] == 0xFFFF_0000 && f.pixels[3 * 8 + 3] == 0xFFFF_0000)
        #expect(f.pixels[1] & 0xFF > (f.pixels[1] >> 16) & 0xFF) // mostly red
        #expect(f.pixels[2] & 0xFF < (f.pixels[2] >> 16) & 0xFF) // mostly blue
        #expect(f.pixels[4] == 0 && f.pixels[4 * 8] == 0) // cropped to the box
    }

    @Test func containLetterboxesCentred() throws {
        // Scale 1 (4×2 fits), centred vertically: rows 1 and 2 painted, rows 0 and 3 empty.
        let f = try ImageFitTests.render(.contain)
        #expect(f.pixels[0] == 0 && f.pixels[3 * 8] == 0)
        #expect(f.pixels[1 * 8] == 0xFF00_00FF && f.pixels[2 * 8 + 3] == 0xFFFF_0000)
    }

    @Test func noneDrawsAtPixelSize() throws {
        let f = try ImageFitTests.render(.none)
        #expect(f.pixels[0] == 0xFF00_00FF && f.pixels[1 * 8 + 3] == 0xFFFF_0000)
        #expect(f.pixels[2 * 8] == 0)
    }

    @Test func aspectMismatchIsReported() throws {
        let a = try ImageFitTests.animation()
        #expect(a.warnings.contains { $0.contains("image asset \"img\" is 4x2 pixels but declares 4x4") })
        // A uniform scale (a @2x image) looks the same in every player: no warning.
        #expect(try ImageFitTests.animation(declared: 2, 1).warnings.isEmpty)
        #expect(try ImageFitTests.animation(declared: 4, 2).warnings.isEmpty)
    }

    @Test func emptyBoxFallsBackToPixelSize() throws {
        // Some exporters write "w": 0, "h": 0.
        var a = try ImageFitTests.animation(declared: 0, 0)
        a.imageFit = .stretch
        #expect(a.warnings.isEmpty)
        #expect(a.render(frame: 0) == (try ImageFitTests.render(.none)))
    }

    @Test func placementGeometry() {
        let p = ImageFit.cover.placement(imageWidth: 700, imageHeight: 525, boxWidth: 442, boxHeight: 440)
        let s = 440.0 / 525
        #expect(abs(p.transform.a - s) < 1e-12 && abs(p.transform.d - s) < 1e-12)
        #expect(abs(p.transform.tx - (442 - 700 * s) / 2) < 1e-9 && p.transform.ty == 0)
        #expect(p.rect == Rect(minX: 0, minY: 0, maxX: 442, maxY: 440))
        let q = ImageFit.stretch.placement(imageWidth: 10, imageHeight: 10, boxWidth: .infinity, boxHeight: 5)
        #expect(q.rect == Rect(minX: 0, minY: 0, maxX: 10, maxY: 10)) // non-finite box: pixel size
    }

    @Test(arguments: ImageFit.allCases)
    func absurdBoxesRenderWithoutTrapping(_ fit: ImageFit) throws {
        for (w, h) in [("1e300", "1e-300"), ("-5", "4"), ("1e308", "1e308"), ("3", "0")] {
            let json = """
                {"v":"5.7","fr":30,"ip":0,"op":10,"w":8,"h":8,
                 "assets":[{"id":"img","w":\(w),"h":\(h),"e":1,"u":"","p":"\(ImageFitTests.uri)"}],
                 "layers":[{"ty":2,"ind":1,"refId":"img","ip":0,"op":10,"st":0,"ks":{"r":{"a":0,"k":30}}}]}
                """
            var a = try LottieDocument(bytes: Array(json.utf8))
            a.imageFit = fit
            let f = a.render(frame: 0)
            #expect(f.width == 8 && f.height == 8)
        }
    }
}
