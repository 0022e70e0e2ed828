import LottieRender
import LottieRenderTestSupport
import Testing

/// `FrameRenderer.render(frame:into:…)`: a frame drawn into memory the caller owns, with a stride, in RGBA or BGRA,
/// premultiplied or straight.
@Suite struct CallerBufferTests {
    static func document() throws -> LottieDocument {
        try LottieDocument(contentsOf: repoRoot.appendingPathComponent("samples/clouds.json").path)
    }

    /// Renders frame 12 at 40×30 into a buffer with 12 bytes of padding a row, filled with 0xAB first.
    static func draw(_ format: PixelFormat) throws -> (bytes: [UInt8], stride: Int) {
        var r = FrameRenderer(try document())
        let stride = 40 * 4 + 12
        var buffer = [UInt8](repeating: 0xAB, count: stride * 30)
        try buffer.withUnsafeMutableBytes { raw in
            try r.render(frame: 12, into: raw, width: 40, height: 30, bytesPerRow: stride, format: format)
        }
        return (buffer, stride)
    }

    @Test func straightRGBAEqualsTheImageRowByRow() throws {
        let image = try Self.document().image(frame: 12, width: 40, height: 30)
        let (bytes, stride) = try Self.draw(.rgba)
        for y in 0..<30 {
            #expect(Array(bytes[y * stride..<y * stride + 160]) == Array(image.bytes[y * 160..<(y + 1) * 160]))
            // The padding is the caller's: untouched.
            #expect(bytes[y * stride + 160..<(y + 1) * stride].allSatisfy { $0 == 0xAB })
        }
    }

    @Test func premultipliedBGRAMatchesTheImageAfterConversion() throws {
        let image = try Self.document().image(frame: 12, width: 40, height: 30)
        let (bytes, stride) = try Self.draw(.bgraPremultiplied)
        var translucent = 0
        for y in 0..<30 {
            for x in 0..<40 {
                let o = y * stride + x * 4
                let (b, g, r, a) = (Int(bytes[o]), Int(bytes[o + 1]), Int(bytes[o + 2]), Int(bytes[o + 3]))
                #expect(r <= a && g <= a && b <= a, "premultiplied")
                func straight(_ c: Int) -> UInt8 {
                    a == 0 ? 0 : a == 255 ? UInt8(c) : UInt8(min(255, (c * 255 + a / 2) / a))
                }
                let i = (y * 40 + x) * 4
                #expect([straight(r), straight(g), straight(b), UInt8(a)] == Array(image.bytes[i..<i + 4]))
                if a > 0 && a < 255 { translucent += 1 }
            }
        }
        #expect(translucent > 0, "the frame has translucent pixels, where the formats differ")
    }

    @Test func badBuffersAndFramesThrow() throws {
        var r = FrameRenderer(try Self.document())
        var small = [UInt8](repeating: 0, count: 40 * 4 * 30 - 1)
        func attempt(_ w: Int, _ h: Int, _ stride: Int, frame: Double = 0) -> LottieRenderError? {
            do {
                try small.withUnsafeMutableBytes { raw in
                    try r.render(frame: frame, into: raw, width: w, height: h, bytesPerRow: stride)
                }
                return nil
            } catch let e as LottieRenderError {
                return e
            } catch {
                Issue.record("not a LottieRenderError: \(error)")
                return nil
            }
        }
        #expect(attempt(40, 30, 160)?.isBadRequest == true) // one byte short
        #expect(attempt(40, 29, 159)?.isBadRequest == true) // a row shorter than its pixels
        #expect(attempt(0, 10, 160)?.isBadRequest == true)
        #expect(attempt(20, 20, .max)?.isBadRequest == true) // the size overflows
        #expect(attempt(10, 10, 40, frame: .nan)?.isBadRequest == true)
        #expect(attempt(40, 29, 160) == nil)
        #expect(throws: LottieRenderError.self) { try Self.document().image(frame: .infinity) }
        #expect(throws: LottieRenderError.self) { try Self.document().image(frame: 0, width: 0) }
        #expect(throws: LottieRenderError.self) { try Self.document().image(frame: 0, height: 20_000) }
    }
}

extension LottieRenderError {
    var isBadRequest: Bool { if case .badRequest = self { true } else { false } }
}
