import Foundation
import LottieRender
import Testing

/// The Set Matte effect (`"ty": 28`): a red layer covering a 20×20 composition, masked by a hidden layer holding a
/// 10×10 square of 50 % grey in its top-left corner.
@Suite struct SetMatteTests {
    private func render(use: Int, invert: Int = 0, from source: Int = 2, extra: String = "") throws -> [UInt32] {
        let json = """
            {"v":"5.7","fr":30,"ip":0,"op":10,"w":20,"h":20,"layers":[
              {"ty":1,"ind":1,"ip":0,"op":10,"st":0,"ks":{},"sw":20,"sh":20,"sc":"#ff0000",
               "ef":[{"ty":28,"en":1,"ef":[{"ty":10,"v":{"a":0,"k":\(source)}},{"ty":7,"v":{"a":0,"k":\(use)}},
                                           {"ty":7,"v":{"a":0,"k":\(invert)}}]}]},
              {"ty":1,"ind":2,"hd":true,"ip":0,"op":10,"st":0,"ks":{},"sw":10,"sh":10,"sc":"#808080"\(extra)}]}
            """
        let anim = try LottieDocument(bytes: Array(json.utf8))
        #expect(anim.warnings.isEmpty, "\(anim.warnings)")
        return anim.render(frame: 0).pixels
    }

    private func alpha(_ p: UInt32) -> UInt32 { p >> 24 }

    @Test func alphaKeepsTheLayerOnlyWhereTheSourceIs() throws {
        let px = try render(use: 4)
        #expect(px[5 * 20 + 5] == 0xFF00_00FF)
        #expect(px[15 * 20 + 15] == 0)
    }

    @Test func invertedAlphaKeepsTheRest() throws {
        let px = try render(use: 4, invert: 1)
        #expect(px[5 * 20 + 5] == 0)
        #expect(px[15 * 20 + 15] == 0xFF00_00FF)
    }

    @Test func luminanceOfGreyGivesHalfCoverage() throws {
        let a = alpha(try render(use: 5)[5 * 20 + 5])
        #expect(a >= 126 && a <= 130)
    }

    @Test func offOrAMissingLayerLeavesTheLayerAlone() throws {
        #expect(try render(use: 10)[15 * 20 + 15] == 0xFF00_00FF)
        #expect(try render(use: 4, from: 99)[15 * 20 + 15] == 0xFF00_00FF)
    }

    @Test func sourcesThatNameEachOtherStillRender() throws {
        // The source takes its own matte from the red layer: the chain stops after a few levels.
        let cycle = #","ef":[{"ty":28,"en":1,"ef":[{"ty":10,"v":{"a":0,"k":1}},{"ty":7,"v":{"a":0,"k":4}}]}]"#
        let px = try render(use: 4, extra: cycle)
        #expect(px[5 * 20 + 5] == 0xFF00_00FF)
    }
}
