import LottieRender
import Testing

/// A motion-blurred layer (`"mb"`) with a track matte (`"tt"`): the average of its shutter samples is matted as the
/// layer itself would be. A red 20×20 solid, still (so every sample is the same), under an alpha matte of a 10×10
/// square in the top-left corner.
@Suite struct MotionBlurMatteTests {
    private func render(matte: Int) throws -> [UInt32] {
        let json = """
            {"v":"5.7","fr":30,"ip":0,"op":10,"w":20,"h":20,"mb":{"sa":180,"sp":-90,"spf":8,"asl":8},"layers":[
              {"ty":1,"ind":1,"td":1,"ip":0,"op":10,"st":0,"ks":{},"sw":10,"sh":10,"sc":"#ffffff"},
              {"ty":1,"ind":2,"tt":\(matte),"mb":true,"ip":0,"op":10,"st":0,"ks":{},"sw":20,"sh":20,"sc":"#ff0000"}]}
            """
        let anim = try LottieDocument(bytes: Array(json.utf8))
        #expect(anim.warnings.isEmpty, "\(anim.warnings)")
        return anim.render(frame: 0).pixels
    }

    @Test func alphaMatteKeepsTheBlurredLayerOnlyWhereTheSourceIs() throws {
        let px = try render(matte: 1)
        #expect(px[5 * 20 + 5] == 0xFF00_00FF)
        #expect(px[15 * 20 + 15] == 0)
    }

    @Test func invertedAlphaMatteKeepsTheRest() throws {
        let px = try render(matte: 2)
        #expect(px[5 * 20 + 5] == 0)
        #expect(px[15 * 20 + 15] == 0xFF00_00FF)
    }
}
