import LottieRenderRaster
import Testing

/// The rasterizer sums rows only at touched cells and fills runs in between; these check that shortcut against
/// geometry whose coverage is known exactly.
@Suite struct SparseSweepTests {
    private func coverage(_ path: Path, _ rule: FillRule = .nonZero, w: Int = 200, h: Int = 40) -> [UInt8] {
        var c = Canvas()
        var m: [UInt8] = []
        c.coverage(path, transform: .identity, rule: rule, region: IntRect(x0: 0, y0: 0, x1: w, y1: h), into: &m)
        return m
    }

    @Test func wideRowsCrossManyBitmapWords() {
        // 180 px wide: the run between the two edges spans three 64-cell words.
        let m = coverage(.rect(Rect(minX: 3.5, minY: 2, maxX: 183.5, maxY: 30)))
        #expect(abs(Int(m[10 * 200 + 3]) - 128) <= 1)
        #expect((4..<183).allSatisfy { m[10 * 200 + $0] == 255 })
        #expect(abs(Int(m[10 * 200 + 183]) - 128) <= 1)
        #expect(m[10 * 200 + 184] == 0 && m[10 * 200 + 2] == 0)
        #expect(m[31 * 200 + 50] == 0)
    }

    @Test func evenOddHoleStaysEmptyAcrossRuns() {
        var p = Path.rect(Rect(minX: 0, minY: 0, maxX: 190, maxY: 40))
        p.append(.rect(Rect(minX: 60, minY: 10, maxX: 130, maxY: 30)))
        let eo = coverage(p, .evenOdd), nz = coverage(p, .nonZero)
        #expect(eo[20 * 200 + 100] == 0 && eo[20 * 200 + 30] == 255 && eo[20 * 200 + 150] == 255)
        #expect(nz[20 * 200 + 100] == 255)
    }

    @Test func repeatedFillsLeaveNoResidue() {
        // The accumulation buffer and bitmap are reused: a second, smaller shape must not see the first.
        var c = Canvas()
        var m: [UInt8] = []
        let region = IntRect(x0: 0, y0: 0, x1: 200, y1: 40)
        c.coverage(
            .rect(Rect(minX: 0.3, minY: 0.3, maxX: 199.7, maxY: 39.7)), transform: .identity, rule: .nonZero,
            region: region, into: &m)
        c.coverage(
            .rect(Rect(minX: 10, minY: 10, maxX: 20, maxY: 20)), transform: .identity, rule: .nonZero,
            region: region, into: &m)
        let total = m.reduce(0) { $0 + Int($1) }
        #expect(total == 100 * 255)
    }

    @Test func axisAlignedRectIsRecognisedOnlyWhenItIsOne() {
        let r = Rect(minX: 1, minY: 2, maxX: 30, maxY: 40)
        let found = Path.rect(r).axisAlignedRect(.scale(2, 3))
        #expect(found == Rect(minX: 2, minY: 6, maxX: 60, maxY: 120))
        #expect(Path.rect(r).axisAlignedRect(.rotation(0.3)) == nil)
        #expect(Path.ellipse(r).axisAlignedRect(.identity) == nil)
    }

    /// Runs (`fillSpans`) and coverage rows (`fill`) are two outputs of one sweep: expanded, the runs give every
    /// row's bytes exactly, for each rule, on self-crossing polygons clipped by the target's edges.
    @Test func spansGiveTheSameCoverageAsRows() {
        var random = RandomPolygons(seed: 0x9E37_79B9_7F4A_7C15)
        let clip = IntRect(x0: 0, y0: 0, x1: 96, y1: 64)
        for rule in [FillRule.nonZero, .evenOdd, .windingAbove(1)] {
            for _ in 0..<40 {
                let path = random.polygon(x: -12, width: 120, y: -8, height: 80)
                var flat = Polylines()
                flat.append(path, transform: .identity, tolerance: 0.05)
                var rows = [UInt8](repeating: 0, count: clip.width * clip.height)
                var spans = rows
                var r = Rasterizer()
                r.fill(flat, rule: rule, clip: clip) { y, x0, cov in
                    for i in 0..<cov.count { rows[y * clip.width + x0 + i] = cov[i] }
                }
                var runs = 0
                r.fillSpans(flat, rule: rule, clip: clip) { y, x, n, c in
                    #expect(c != 0 && n > 0 && x >= 0 && x + n <= clip.width)
                    for i in x..<(x + n) { spans[y * clip.width + i] = c }
                    runs += 1
                }
                #expect(rows == spans, "rule \(rule)")
                #expect(runs > 0 || rows.allSatisfy { $0 == 0 })
            }
        }
    }

    /// A solid fill whose scanned pixels all lie wholly inside the canvas's clip rectangle is drawn as runs (the
    /// clip scales no coverage there): the pixels equal those of the same fill without the clip. A fill that
    /// crosses the clip's edge is still cut by it.
    @Test func solidFillInsideTheClipRectangleMatchesTheUnclippedFill() {
        var random = RandomPolygons(seed: 0x2545_F491_4F6C_DD1D)
        let clip = Rect(minX: 5.5, minY: 5.5, maxX: 90.5, maxY: 58.5)
        for (colour, rule) in [
            (Color(r: 0.2, g: 0.6, b: 0.9), FillRule.evenOdd), (Color(r: 1, g: 0.5, b: 0, a: 0.6), .nonZero),
        ] {
            for _ in 0..<30 {
                // Points in [6.5, 87.5) × [6.5, 55.5): scanned pixels from 6 to at most 89 and 57.
                let path = random.polygon(x: 6.5, width: 81, y: 6.5, height: 49)
                var plain = Pixmap(width: 96, height: 64), clipped = Pixmap(width: 96, height: 64)
                for i in plain.pixels.indices { plain.pixels[i] = 0x8040_2010 }
                clipped.pixels = plain.pixels
                var c = Canvas()
                c.fill(path, transform: .identity, rule: rule, paint: .solid(colour), opacity: 0.8, into: &plain)
                c.clipRect = clip
                c.fill(path, transform: .identity, rule: rule, paint: .solid(colour), opacity: 0.8, into: &clipped)
                #expect(plain.pixels == clipped.pixels)
            }
        }
        // Across the clip's left edge (x = 5.5): the half-covered column is halved, the pixels left of it untouched.
        var plain = Pixmap(width: 96, height: 64), clipped = Pixmap(width: 96, height: 64)
        var c = Canvas()
        let rect = Path.rect(Rect(minX: 2, minY: 20, maxX: 40, maxY: 30))
        c.fill(
            rect, transform: .identity, rule: .nonZero, paint: .solid(Color(r: 1, g: 1, b: 1)), opacity: 1, into: &plain
        )
        c.clipRect = clip
        c.fill(
            rect, transform: .identity, rule: .nonZero, paint: .solid(Color(r: 1, g: 1, b: 1)), opacity: 1,
            into: &clipped)
        #expect(plain.pixel(5, 25) == 0xFFFF_FFFF && plain.pixel(3, 25) == 0xFFFF_FFFF)
        #expect(clipped.pixel(3, 25) == 0 && clipped.pixel(5, 25) >> 24 == 128 && clipped.pixel(10, 25) == 0xFFFF_FFFF)
    }

    /// A solid fill across a clip rectangle with fractional edges: every pixel's coverage is the coverage the
    /// rasterizer gives over the pixels the rectangle touches, times the part of the pixel inside it (rounded);
    /// elsewhere nothing is drawn. Opaque white over transparent pixels shows the coverage as alpha: 255 for full
    /// coverage, else ⌊255 · (m + ⌊m/128⌋) / 256⌋, the premultiplied scale.
    @Test func solidFillAcrossTheClipRectangleScalesItsEdgePixels() {
        var random = RandomPolygons(seed: 0x0123_4567_89AB_CDEF)
        let clip = Rect(minX: 10.25, minY: 7.6, maxX: 70.5, maxY: 41.3)
        let touched = IntRect(x0: 10, y0: 7, x1: 71, y1: 42)
        for _ in 0..<30 {
            let path = random.polygon(x: 0, width: 96, y: 0, height: 64)
            var c = Canvas()
            var mask: [UInt8] = []
            c.coverage(path, transform: .identity, rule: .nonZero, region: touched, into: &mask)
            var pm = Pixmap(width: 96, height: 64)
            c.clipRect = clip
            c.fill(
                path, transform: .identity, rule: .nonZero, paint: .solid(Color(r: 1, g: 1, b: 1)), opacity: 1,
                into: &pm)
            for y in 0..<64 {
                let fy = min(Double(y + 1), clip.maxY) - max(Double(y), clip.minY)
                for x in 0..<96 {
                    guard x >= touched.x0 && x < touched.x1 && y >= touched.y0 && y < touched.y1 else {
                        #expect(pm.pixel(x, y) == 0)
                        continue
                    }
                    let f = max(0, min(1, (min(Double(x + 1), clip.maxX) - max(Double(x), clip.minX)) * fy))
                    let m = Int(mask[(y - touched.y0) * touched.width + x - touched.x0])
                    let scaled = f >= 1 ? m : Int(Double(m) * f + 0.5)
                    let alpha = scaled == 255 ? 255 : (255 * (scaled + (scaled >> 7))) >> 8
                    #expect(Int(pm.pixel(x, y) >> 24) == alpha, "pixel \(x), \(y)")
                }
            }
        }
    }

    /// Clipping to a region does not change the coverage of the pixels inside it: an edge that crosses the
    /// region's first or last column within a row gives the part beyond the border its share of the row's height
    /// (clamping its ends spread the whole height over the inside part, and this test failed: the columns next
    /// to a border under a long, shallow edge were off by more than rounding).
    @Test func clippingToARegionKeepsTheCoverageInsideIt() {
        var random = RandomPolygons(seed: 0x0F1E_2D3C_4B5A_6978)
        let full = IntRect(x0: 0, y0: 0, x1: 96, y1: 64), part = IntRect(x0: 17, y0: 0, x1: 71, y1: 64)
        var worst = 0
        for rule in [FillRule.nonZero, .evenOdd] {
            for _ in 0..<40 {
                let path = random.polygon(x: 0, width: 96, y: 0, height: 64)
                var c = Canvas()
                var a: [UInt8] = [], b: [UInt8] = []
                c.coverage(path, transform: .identity, rule: rule, region: full, into: &a)
                c.coverage(path, transform: .identity, rule: rule, region: part, into: &b)
                for y in 0..<64 {
                    for x in part.x0..<part.x1 {
                        let d = abs(Int(a[y * 96 + x]) - Int(b[y * part.width + x - part.x0]))
                        worst = max(worst, d)
                    }
                }
            }
        }
        // Float sums in a different order: at most one step apart.
        #expect(worst <= 1, "largest difference \(worst)")
    }
}

extension SparseSweepTests {
    /// An all but horizontal edge across the region's borders (its slope overflows Float) leaves the row's
    /// coverage as a horizontal one does: nothing turns into ∞/∞ and spreads NaN along the row.
    @Test func edgeWithAnOverflowingSlopeAcrossTheBorders() {
        func coverage(_ rise: Double) -> [UInt8] {
            var path = Path()
            path.move(to: Point(-5, 0)); path.line(to: Point(200, rise))
            path.line(to: Point(200, 10)); path.line(to: Point(-5, 10))
            path.close()
            var c = Canvas()
            var m: [UInt8] = []
            c.coverage(
                path, transform: .identity, rule: .nonZero, region: IntRect(x0: 0, y0: 0, x1: 96, y1: 16), into: &m)
            return m
        }
        let sliver = coverage(1e-40), flat = coverage(0)
        #expect(flat[0] == 255 && flat[95] == 255)
        #expect(zip(sliver, flat).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
    }
}

/// Closed polygons of 3–11 random vertices from a fixed seed (a 64-bit linear congruential generator), for the
/// tests that draw one shape two ways and compare.
private struct RandomPolygons {
    var seed: UInt64

    /// The next number in [0, 1).
    mutating func next() -> Double {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(seed >> 11) / Double(1 << 53)
    }

    /// A polygon with vertices in [x, x + width) × [y, y + height).
    mutating func polygon(x: Double, width: Double, y: Double, height: Double) -> Path {
        var path = Path()
        for k in 0..<(3 + Int(next() * 9)) {
            let p = Point(x + next() * width, y + next() * height)
            if k == 0 { path.move(to: p) } else { path.line(to: p) }
        }
        path.close()
        return path
    }
}
