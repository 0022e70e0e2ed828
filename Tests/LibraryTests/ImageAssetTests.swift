import Foundation
import LottieRender
import LottieRenderCodecs
import LottieRenderRaster
import Testing

/// Embedded image assets in every format the players accept.
@Suite struct ImageAssetTests {
    @Test func embeddedWebPImageIsDrawn() throws {
        // A 4×4 opaque red image, encoded losslessly as WebP and embedded as a data URI.
        var img = Pixmap(width: 4, height: 4)
        for i in img.pixels.indices { img.pixels[i] = 0xFF00_00FF }
        let webp = try WebPAnimation.encode([img], delaysMs: [100], loop: 0, quality: nil)
        #expect(try ImageDecoder.decode(webp) == img)
        let uri = "data:image/webp;base64," + Data(webp).base64EncodedString()
        let json = """
            {"v":"5.7","fr":30,"ip":0,"op":10,"w":8,"h":8,
             "assets":[{"id":"img","w":4,"h":4,"e":1,"u":"","p":"\(uri)"}],
             "layers":[{"ty":2,"ind":1,"refId":"img","ip":0,"op":10,"st":0,"ks":{"p":{"a":0,"k":[2,2]}}}]}
            """
        let anim = try LottieDocument(bytes: Array(json.utf8))
        #expect(anim.warnings.isEmpty, "\(anim.warnings)")
        let frame = anim.render(frame: 0)
        #expect(frame.pixels[3 * 8 + 3] == 0xFF00_00FF)
        #expect(frame.pixels[0] == 0)
    }
}
