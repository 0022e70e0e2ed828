import Foundation
import LottieRender
import Testing

/// Mask feather (`"f"`) together with mask expansion (`"x"`): a red 40×40 solid masked by the square 15…25.
@Suite struct MaskFeatherTests {
    private func alphaRow(expansion: Double, feather: Double) throws -> [UInt32] {
        let json = """
            {"v":"5.7","fr":30,"ip":0,"op":10,"w":40,"h":40,"layers":[
              {"ty":1,"ind":1,"ip":0,"op":10,"st":0,"ks":{},"sw":40,"sh":40,"sc":"#ff0000","hasMask":true,
               "masksProperties":[{"mode":"a","inv":false,"pt":{"a":0,"k":{"v":[[15,15],[25,15],[25,25],[15,25]],
                 "i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"c":true}},"o":{"a":0,"k":100},
                 "x":{"a":0,"k":\(expansion)},"f":{"a":0,"k":[\(feather),\(feather)]}}]}]}
            """
        let frame = try LottieDocument(bytes: Array(json.utf8)).render(frame: 0)
        return (0..<40).map { frame.pixels[20 * 40 + $0] >> 24 }
    }

    @Test func featherSoftensTheExpandedEdge() throws {
        let a = try alphaRow(expansion: 5, feather: 2)
        // The expanded square reaches x = 10 and 30: well inside it is opaque, well outside clear.
        #expect(a[13] > 240 && a[26] > 240)
        #expect(a[5] < 10 && a[35] < 10)
        // Its edge is soft: half covered about the expanded edge, not the original one.
        #expect(a[10] > 60 && a[10] < 200)
    }

    @Test func featherWithoutExpansionKeepsTheOriginalEdge() throws {
        let a = try alphaRow(expansion: 0, feather: 2)
        #expect(a[20] == 255)
        #expect(a[12] < 10)
        #expect(a[15] > 60 && a[15] < 200)
    }
}
