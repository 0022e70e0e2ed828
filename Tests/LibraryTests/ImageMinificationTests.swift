import Foundation
import LottieRender
import LottieRenderCodecs
import LottieRenderRaster
import Testing

/// Images drawn much smaller than their pixels.
@Suite struct ImageMinificationTests {
    @Test func finelyStripedImageShrinksToEvenGrey() throws {
        // 60×60 of one-pixel black and white columns, drawn at a third of its size: every device pixel covers
        // three columns, so each should be about half grey. Sampling the full image bilinearly would hit one or
        // two columns per pixel and show bands of black and white.
        var img = Pixmap(width: 60, height: 60)
        for y in 0..<60 { for x in 0..<60 { img.pixels[y * 60 + x] = x % 2 == 0 ? 0xFF00_0000 : 0xFFFF_FFFF } }
        let uri = "data:image/png;base64," + Data(try PNGCodec.encode(img)).base64EncodedString()
        let json = """
            {"v":"5.7","fr":30,"ip":0,"op":10,"w":20,"h":20,
             "assets":[{"id":"img","w":60,"h":60,"e":1,"u":"","p":"\(uri)"}],
             "layers":[{"ty":2,"ind":1,"refId":"img","ip":0,"op":10,"st":0,"ks":{"s":{"a":0,"k":[33.333333,33.333333]}}}]}
            """
        let frame = try LottieDocument(bytes: Array(json.utf8)).render(frame: 0)
        var lo = 255, hi = 0
        for y in 2..<18 {
            for x in 2..<18 {
                let g = Int(frame.pixels[y * 20 + x] & 255)
                lo = min(lo, g); hi = max(hi, g)
            }
        }
        #expect(lo >= 100 && hi <= 160, "grey range \(lo)…\(hi)")
    }
}
