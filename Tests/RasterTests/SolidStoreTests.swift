import LottieRenderRaster
import Testing

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
