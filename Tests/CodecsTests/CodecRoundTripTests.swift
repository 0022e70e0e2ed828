import Foundation
import LottieRenderCodecs
import LottieRenderRaster
import Testing

/// The codecs on their own: lossless round trips, timing, limits.
@Suite struct CodecRoundTripTests {
    /// A 7×5 image with every alpha kind: opaque, translucent, transparent.
    static let image: Pixmap = {
        var pm = Pixmap(width: 7, height: 5)
        for y in 0..<5 {
            for x in 0..<7 {
                let a = UInt32([255, 128, 0, 64, 255, 200, 1][x])
                let r = a * UInt32(y) / 4, g = a * UInt32(x) / 6, b = a / 2
                pm.pixels[y * 7 + x] = r | g << 8 | b << 16 | a << 24
            }
        }
        return pm
    }()

    @Test func pngKeepsStraightAlphaPixelsExactly() throws {
        let bytes = try PNGCodec.encode(CodecRoundTripTests.image)
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let (w, h, rgba) = try PNGCodec.decodeRGBA(bytes)
        #expect(w == 7 && h == 5)
        #expect(rgba == CodecRoundTripTests.image.straightRGBA())
    }

    @Test func pngIsHeaderSRGBDataAndEndWithTheRowsAsGiven() throws {
        // Straight RGBA in, the same bytes out of libpng: IHDR (7 × 5, 8-bit RGBA, no interlace), sRGB (perceptual),
        // the zlib stream, IEND; libpng checks every chunk's CRC and the stream's Adler-32 as it reads.
        let rgba = CodecRoundTripTests.image.straightRGBA()
        let bytes = try PNGCodec.encodeRGBA(rgba, width: 7, height: 5)
        let chunks = APNGEncoder.chunks(bytes)
        #expect(chunks.map(\.0) == ["IHDR", "sRGB", "IDAT", "IEND"])
        #expect(chunks.first?.1 == [0, 0, 0, 7, 0, 0, 0, 5, 8, 6, 0, 0, 0] && chunks[1].1 == [0])
        let (w, h, back) = try PNGCodec.decodeRGBA(bytes)
        #expect(w == 7 && h == 5 && back == rgba)
        #expect(throws: CodecError.self) { try PNGCodec.encodeRGBA(Array(rgba.dropLast()), width: 7, height: 5) }
        #expect(throws: CodecError.self) { try PNGCodec.encodeRGBA([], width: 0, height: 0) }
    }

    @Test func pngRejectsGarbage() {
        #expect(throws: CodecError.self) { try PNGCodec.decode([0x89, 0x50, 0x4E, 0x47, 1, 2, 3]) }
        #expect(throws: CodecError.self) { try ImageDecoder.decode(Array("not an image".utf8)) }
    }

    @Test func apngRoundTripsFramesAndDelays() throws {
        var enc = APNGEncoder(width: 7, height: 5, loop: 2)
        var second = CodecRoundTripTests.image
        second.pixels.reverse()
        try enc.add(CodecRoundTripTests.image, delayMs: 40)
        try enc.add(second, delayMs: 60)
        let anim = try APNGDecoder.decode(try enc.finish())
        #expect(anim.frames.count == 2)
        #expect(anim.delaysMs == [40, 60])
        #expect(anim.frames[1].straightRGBA() == second.straightRGBA())
    }

    @Test func frameTimingSumsToTheDuration() {
        // Three frames of 1/30 s in hundredths: rounded cumulative time, so the total is exactly 10.
        let d = FrameTiming.delays(ends: [1.0 / 30, 2.0 / 30, 3.0 / 30], unitsPerSecond: 100)
        #expect(d.reduce(0, +) == 10)
        #expect(d.allSatisfy { $0 == 3 || $0 == 4 })
    }

    @Test func gzipRefusesOutputBeyondItsLimit() throws {
        let big = [UInt8](repeating: 0x41, count: 1 << 20)
        let packed = try Gzip.compressGzip(big)
        #expect(try Gzip.decompress(packed, limit: 2 << 20) == big)
        #expect(throws: (any Error).self) { try Gzip.decompress(packed, limit: 1000) }
    }
}
