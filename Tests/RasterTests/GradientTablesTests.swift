import Testing

@testable import LottieRenderRaster

/// A render context keeps the colour tables of the gradients it drew last: a kept table is the one the stops and
/// opacity make, other stops or another opacity get their own, and more gradients than it keeps replace the oldest.
@Suite struct GradientTablesTests {
    static func stops(_ r: Double, _ a: Double = 1) -> [GradientStop] {
        [
            GradientStop(offset: 0, color: Color(r: r, g: 0.2, b: 0.9, a: a)),
            GradientStop(offset: 0.6, color: Color(r: 0.1, g: 0.8, b: 0.3, a: 1)),
        ]
    }

    @Test func keptTablesAreTheTablesTheStopsMake() {
        var tables = GradientTables()
        // Twice the capacity of distinct gradients, then each again: every answer is the table made from scratch.
        let count = 2 * GradientTables.capacity
        for round in 0..<2 {
            for i in 0..<count {
                let s = Self.stops(Double(i) / Double(count), i % 3 == 0 ? 0.5 : 1)
                for opacity in [1.0, 0.25] {
                    let (lut, opaque) = tables.table(s, opacity: opacity)
                    let made = PreparedPaint.makeLUT(s, opacity: opacity)
                    #expect(lut == made, "round \(round), gradient \(i), opacity \(opacity)")
                    #expect(opaque == made.allSatisfy { $0 >> 24 == 255 })
                }
            }
        }
    }

    /// Drawn through a canvas: the same gradient drawn before and after others paints the same pixels as a fresh
    /// canvas does.
    @Test func aGradientDrawnAgainPaintsAsAtFirst() {
        func draw(_ canvas: inout Canvas, _ s: [GradientStop], opacity: Double) -> [UInt32] {
            var pm = Pixmap(width: 40, height: 20)
            let paint = Paint.linear(stops: s, start: Point(0, 0), end: Point(40, 0), transform: .identity)
            canvas.fill(
                .rect(Rect(minX: 2, minY: 2, maxX: 38, maxY: 18)), transform: .identity, rule: .nonZero, paint: paint,
                opacity: opacity, into: &pm)
            return pm.pixels
        }
        var fresh = Canvas()
        let first = draw(&fresh, Self.stops(0.9), opacity: 1)
        var canvas = Canvas()
        #expect(draw(&canvas, Self.stops(0.9), opacity: 1) == first)
        for i in 0..<(GradientTables.capacity - 1) {
            _ = draw(&canvas, Self.stops(Double(i) / 10), opacity: 0.5)
        }
        #expect(draw(&canvas, Self.stops(0.9), opacity: 1) == first)
        #expect(draw(&canvas, Self.stops(0.9), opacity: 0.5) != first)
        #expect(first.contains { $0 != 0 })
    }
}
