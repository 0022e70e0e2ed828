import Testing

@testable import LottieRenderEval

@Suite struct BidiOrderTests {
    private func order(_ levels: [Int]) -> [Int] {
        let line = levels.indices.map { (Character("x"), $0) }
        return TextBuilder.visualOrder(line, levels: levels).map(\.1)
    }

    @Test func leftToRightIsUnchanged() {
        #expect(order([0, 0, 0]) == [0, 1, 2])
    }

    @Test func rightToLeftRunIsReversedInsideLeftToRight() {
        // "ab" + an RTL word of three letters + "c".
        #expect(order([0, 0, 1, 1, 1, 0]) == [0, 1, 4, 3, 2, 5])
    }

    @Test func numbersInsideRightToLeftKeepTheirOrder() {
        // Level 1 letters, level 2 digits: the digits run is reversed twice (UAX #9 rule L2).
        #expect(order([1, 1, 2, 2, 2, 1, 1]) == [6, 5, 2, 3, 4, 1, 0])
    }
}
