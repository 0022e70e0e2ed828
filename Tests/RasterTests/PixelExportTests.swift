import LottieRenderRaster
import Testing

/// `PixelExport.write`: eight pixels a vector where a block is all opaque or all transparent, the rest pixel by pixel;
/// both give the bytes of the definition.
@Suite struct PixelExportTests {
    /// A 27 × 3 frame: per row a block of eight opaque pixels, eight transparent ones (with stray colour bytes, as a
    /// premultiplied buffer never has but a caller's may), eight mixed, and three left for the tail.
    static let frame: Pixmap = {
        var pm = Pixmap(width: 27, height: 3)
        for y in 0..<3 {
            for x in 0..<27 {
                let v = UInt32(x * 37 + y * 11) & 255
                let a: UInt32 = x < 8 ? 255 : x < 16 ? 0 : [255, 0, 128, 1, 64, 200, 255, 17][x % 8]
                let c = a == 0 ? v : min(v, a)
                pm.pixels[y * 27 + x] = c | (a - min(a, c / 2)) << 8 | (a / 3) << 16 | a << 24
            }
        }
        return pm
    }()

    /// The bytes of one pixel by the definition: straight alpha rounded through `PixelExport.straight` (0 where
    /// transparent), or premultiplied as it is; red or blue first.
    static func expected(_ p: UInt32, bgra: Bool, premultiplied: Bool) -> [UInt8] {
        let a = p >> 24
        var c = [p & 255, (p >> 8) & 255, (p >> 16) & 255]
        if !premultiplied {
            c = c.map { a == 0 ? 0 : UInt32(PixelExport.straight[Int(a) << 8 | Int($0)]) }
        }
        if bgra { c.reverse() }
        return (c + [a]).map { UInt8($0) }
    }

    @Test(arguments: [(false, false), (false, true), (true, false), (true, true)])
    func everyPixelHasTheBytesOfTheDefinition(bgra: Bool, premultiplied: Bool) {
        let pm = Self.frame
        let stride = pm.width * 4 + 5 // rows not four-byte aligned, as a PNG's filter byte leaves them
        var out = [UInt8](repeating: 0xAA, count: stride * pm.height)
        out.withUnsafeMutableBytes { b in
            guard let base = b.baseAddress else { return }
            PixelExport.write(
                pm, into: base + 1, bytesPerRow: stride, order: bgra ? .bgra : .rgba, premultiplied: premultiplied)
        }
        for y in 0..<pm.height {
            for x in 0..<pm.width {
                let at = 1 + y * stride + x * 4
                let want = Self.expected(pm.pixel(x, y), bgra: bgra, premultiplied: premultiplied)
                #expect(Array(out[at..<at + 4]) == want, "pixel \(x), \(y)")
            }
        }
    }
}
