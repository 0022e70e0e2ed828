import LottieRenderRaster
import Testing

/// The image filters of the renderers players draw through (``ImageSampling``), pixel by pixel.
@Suite struct ImageSamplingTests {
    static let red: UInt32 = 0xFF00_00FF, blue: UInt32 = 0xFFFF_0000

    /// `image` drawn over its own rectangle, mapped by `t`, into a transparent `w` × `h` frame.
    static func draw(_ image: Pixmap, _ t: Transform, _ sampling: ImageSampling, _ w: Int, _ h: Int) -> Pixmap {
        var canvas = Canvas()
        var frame = Pixmap(width: w, height: h)
        let box = Rect(minX: 0, minY: 0, maxX: Double(image.width), maxY: Double(image.height))
        canvas.fill(
            .rect(box), transform: t, rule: .nonZero, paint: .image(image, transform: t, sampling: sampling),
            opacity: 1, into: &frame)
        return frame
    }

    @Test func rlottiePicksTheNearestPixelToTheRightCorner() {
        // Red, blue at 2×: rlottie samples the image position of (x + 1, y), truncated: 0.5, 1, 1.5, 2 → red, then
        // blue three times (clamped at the last column). Bilinear would blend the middle pixels.
        let img = Pixmap(width: 2, height: 1, pixels: [Self.red, Self.blue])
        let out = Self.draw(img, .scale(2, 2), .rlottie, 4, 2)
        #expect((0..<4).map { out.pixel($0, 0) } == [Self.red, Self.blue, Self.blue, Self.blue])
        let smooth = Self.draw(img, .scale(2, 2), .bilinear, 4, 2)
        #expect(smooth.pixel(1, 0) != Self.red && smooth.pixel(1, 0) != Self.blue)
    }

    @Test func rlottieCopiesUnderATranslationTruncated() {
        // Moved 1.7 px right: blend_image copies with the inverse translation truncated (−1.7 → −1).
        let img = Pixmap(width: 2, height: 1, pixels: [Self.red, Self.blue])
        let out = Self.draw(img, .translation(1.7, 0), .rlottie, 4, 1)
        let edge = out.pixel(1, 0) // red, partly covered: premultiplied, so red equals alpha
        #expect(edge >> 24 != 0 && (edge >> 8) & 0xFFFF == 0 && edge & 255 == edge >> 24)
        #expect(out.pixel(2, 0) == Self.blue)
    }

    @Test func thorvgAveragesTwoByTwoBlocksBelowHalfSize() {
        // A 5×5 image at 0.4×: pixel 1 samples at 1 / 0.4 − 0.49 = 2.01 in x and y, so the 2 × 2 block at columns and
        // rows 1 and 2; its four pixels are red, blue, blue and blue: the mean per channel, truncated.
        var pixels = [UInt32](repeating: 0xFF00_FF00, count: 25)
        pixels[1 * 5 + 1] = Self.red
        pixels[1 * 5 + 2] = Self.blue
        pixels[2 * 5 + 1] = Self.blue
        pixels[2 * 5 + 2] = Self.blue
        let out = Self.draw(Pixmap(width: 5, height: 5, pixels: pixels), .scale(0.4, 0.4), .thorvg, 2, 2)
        // red 255/4 = 63, blue 3·255/4 = 191, alpha 255.
        #expect(out.pixel(1, 1) == 0xFFBF_003F)
    }

    @Test func thorvgSamplesTheCornerLessAlmostHalfAPixelWhenMagnified() {
        // Red, blue at 2×, no rotation: positions x / 2 − 0.49 → −0.49 (red), 0.01, 0.51 (half blue), 1.01 (blue).
        let img = Pixmap(width: 2, height: 1, pixels: [Self.red, Self.blue])
        let out = Self.draw(img, .scale(2, 2), .thorvg, 4, 2)
        #expect(out.pixel(0, 0) == Self.red && out.pixel(3, 0) == Self.blue)
        let mid = out.pixel(2, 0)
        #expect(abs(Int(mid & 255) - 126) <= 2 && abs(Int((mid >> 16) & 255) - 129) <= 2)
    }

    @Test func bilinearMagnificationWeighsFourPixelsAndClampsAtTheBorders() {
        // A 3 × 2 image at 4× fills a 12 × 8 frame: pixel x samples at (x + 0.5) / 4 − 0.5, exact in 16.16 fixed point,
        // so each pixel is the 4-bit bilinear blend of its four neighbours, rounded, with columns and rows outside the
        // image clamped to its border (the first two and last two pixels of every row and column).
        let pixels: [UInt32] = [0xFF00_00FF, 0x8000_8000, 0xFFFF_0000, 0x4020_1008, 0xFFFF_FFFF, 0x0000_0000]
        let img = Pixmap(width: 3, height: 2, pixels: pixels)
        func expected(_ x: Int, _ y: Int) -> UInt32 {
            let u = Int(((Double(x) + 0.5) / 4 - 0.5) * 65536), v = Int(((Double(y) + 0.5) / 4 - 0.5) * 65536)
            let fu = UInt32((u >> 12) & 15), fv = UInt32((v >> 12) & 15)
            let x0 = min(max(u >> 16, 0), 2), x1 = min(max((u >> 16) + 1, 0), 2)
            let y0 = min(max(v >> 16, 0), 1), y1 = min(max((v >> 16) + 1, 0), 1)
            let corners = [
                (x0, y0, (16 - fu) * (16 - fv)), (x1, y0, fu * (16 - fv)), (x0, y1, (16 - fu) * fv), (x1, y1, fu * fv),
            ]
            var out: UInt32 = 0
            for shift in stride(from: 0, to: 32, by: 8) {
                let sum = corners.reduce(UInt32(128)) { $0 + ((pixels[$1.1 * 3 + $1.0] >> UInt32(shift)) & 255) * $1.2 }
                out |= (sum >> 8) << UInt32(shift)
            }
            return out
        }
        let out = Self.draw(img, .scale(4, 4), .bilinear, 12, 8)
        for y in 0..<8 {
            for x in 0..<12 { #expect(out.pixel(x, y) == expected(x, y), "pixel \(x), \(y)") }
        }
    }

    @Test func onlyTheSmoothingFiltersUseMipLevels() {
        #expect(ImageSampling.bilinear.usesMipmaps && ImageSampling.coreGraphics.usesMipmaps)
        #expect(!ImageSampling.rlottie.usesMipmaps && !ImageSampling.thorvg.usesMipmaps)
    }
}
