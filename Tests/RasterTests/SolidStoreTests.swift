import Testing

@testable import LottieRenderRaster

/// Runs of one opaque colour are stored through the C library's `wmemset` from 64 pixels on and in a loop below:
/// both give every pixel of the run the colour and leave the pixels around it alone.
@Suite struct SolidStoreTests {
    static let colour: UInt32 = 0xFF20_40C0

    @Test(arguments: [1, 2, 63, 64, 65, 127, 128, 1000])
    func backgroundFillSetsEveryPixel(width: Int) {
        var pm = Pixmap(width: width, height: 3)
        pm.fill(Self.colour)
        #expect(pm.pixels.allSatisfy { $0 == Self.colour })
    }

    /// `Blend.store` for every length from none to past the wide store's threshold (pairs, vectors of four and of
    /// eight overlapping at the end, `wmemset`): exactly the run's pixels take the colour.
    @Test func storeWritesExactlyItsRun() {
        for n in 0...70 {
            var buf = [UInt32](repeating: 7, count: n + 4)
            buf.withUnsafeMutableBufferPointer { Blend.store($0.baseAddress! + 2, Self.colour, n) }
            #expect(buf[0..<2].allSatisfy { $0 == 7 }, "\(n)")
            #expect(buf[2..<(2 + n)].allSatisfy { $0 == Self.colour }, "\(n)")
            #expect(buf[(2 + n)...].allSatisfy { $0 == 7 }, "\(n)")
        }
    }

    /// An opaque axis-aligned rectangle covers whole pixels from x0 to x1 on three rows: runs shorter than, equal
    /// to and longer than 64 pixels, with pixels left of, right of, above and below them untouched.
    @Test(arguments: [(3, 40), (3, 67), (5, 69), (0, 200), (17, 150)])
    func opaqueRunsCoverExactlyTheirPixels(x0: Int, x1: Int) {
        let w = 210
        var pm = Pixmap(width: w, height: 5)
        var canvas = Canvas()
        let rect = Path.rect(Rect(minX: Double(x0), minY: 1, maxX: Double(x1), maxY: 4))
        let paint = Paint.solid(Color(r: 0xC0 / 255.0, g: 0x40 / 255.0, b: 0x20 / 255.0))
        canvas.fill(rect, transform: .identity, rule: .nonZero, paint: paint, opacity: 1, into: &pm)
        let colour = Color(r: 0xC0 / 255.0, g: 0x40 / 255.0, b: 0x20 / 255.0).premultiplied(opacity: 1)
        #expect(colour >> 24 == 255)
        for y in 0..<5 {
            for x in 0..<w {
                let inside = (1..<4).contains(y) && (x0..<x1).contains(x)
                #expect(pm.pixels[y * w + x] == (inside ? colour : 0), "(\(x), \(y))")
            }
        }
    }
}

/// A partly covered run of one colour blends each pixel as `over` does with the colour scaled by the coverage:
/// runs of one pixel (blended without a loop) and longer ones, colours from transparent to opaque.
@Suite struct SolidSpanTests {
    @Test(arguments: [1, 2, 3, 5, 9])
    func partlyCoveredRunsBlendAsOver(length n: Int) {
        let backgrounds: [UInt32] = [0, 0xFF10_2030, 0x8040_2010, 0x0101_0101, 0xFFFF_FFFF]
        for alpha: UInt32 in [0, 1, 77, 128, 254, 255] {
            // A premultiplied colour: no channel above its alpha.
            let c = alpha << 24 | (alpha / 2) << 16 | (alpha / 3) << 8 | alpha
            for m: UInt32 in [1, 64, 128, 200, 254] {
                for d in backgrounds {
                    var row = [UInt32](repeating: d, count: n + 2)
                    row.withUnsafeMutableBufferPointer { b in
                        guard let p = b.baseAddress else { return }
                        Blend.solidSpan(p + 1, n, m, c)
                    }
                    let expected = Blend.over(Blend.scale(c, m + (m >> 7)), d)
                    #expect(row.first == d && row.last == d)
                    #expect(row[1...n].allSatisfy { $0 == expected }, "colour \(c), coverage \(m), under \(d)")
                }
            }
        }
    }
}
