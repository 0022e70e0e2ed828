import Foundation
import LottieRenderCodecs
import Testing

/// Images are measured by what their headers declare before anything is decoded. The fuzzer found a 1 KB GIF that
/// declared a 26739×14882 screen (1.6 GB of canvas) and an animated WebP whose frames together took gigabytes; the
/// inputs here are written by hand, smaller still.
@Suite struct DeclaredSizeTests {
    /// A GIF: header, logical screen `w`×`h` without a colour table, then `body`, then the trailer.
    func gif(_ w: Int, _ h: Int, body: [UInt8] = []) -> [UInt8] {
        Array("GIF89a".utf8) + [UInt8(w & 255), UInt8(w >> 8), UInt8(h & 255), UInt8(h >> 8), 0, 0, 0] + body + [0x3B]
    }

    /// An image descriptor of `w`×`h` at the origin, with an empty LZW stream.
    func frame(_ w: Int, _ h: Int) -> [UInt8] {
        [0x2C, 0, 0, 0, 0, UInt8(w & 255), UInt8(w >> 8), UInt8(h & 255), UInt8(h >> 8), 0, 2, 0]
    }

    @Test func gifScreenTooLargeIsRefusedBeforeDecoding() {
        let bytes = gif(30000, 30000, body: frame(1, 1))
        #expect(ImageDecoder.declaredSize(bytes)?.width == 30000)
        #expect(throws: CodecError.self) { try ImageDecoder.decode(bytes, maxBytes: 256 << 20) }
        do { _ = try ImageDecoder.decode(bytes, maxBytes: 256 << 20) } catch {
            #expect(error.exceedsLimit && error.description.contains("declares 30000x"), "\(error)")
        }
    }

    @Test func gifFramesLargerThanTheScreenCount() throws {
        // A 1×1 screen, but 200 frames of 2000×2000 indices: 800 MB for giflib to slurp.
        let bytes = gif(1, 1, body: (0..<200).flatMap { _ in frame(2000, 2000) })
        let (w, h) = try #require(ImageDecoder.declaredSize(bytes))
        #expect(w * h * 4 >= 200 * 2000 * 2000)
        #expect(throws: CodecError.self) { try ImageDecoder.decode(bytes, maxBytes: 256 << 20) }
    }

    /// Found by fuzzing: a frame below the screen with "restore to background" disposal made an empty range with
    /// its bounds reversed, a trap. A 1×1 frame at y = 100 on a 32×32 screen, two colours, one LZW pixel.
    @Test func frameOutsideTheScreenIsClippedNotATrap() throws {
        let gce: [UInt8] = [0x21, 0xF9, 4, 0x08, 0, 0, 0, 0] // disposal 2: restore to background
        let image: [UInt8] = [0x2C, 0, 0, 100, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0]
        var bytes = Array("GIF89a".utf8) + [32, 0, 32, 0, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        bytes += gce + image + gce + image + [0x3B]
        let pm = try ImageDecoder.decode(bytes)
        #expect(pm.width == 32 && pm.height == 32)
    }

    @Test func pngJpegAndWebPHeadersAreRead() throws {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        png += [0, 0, 0xEA, 0x60, 0, 0, 0x75, 0x30, 8, 6, 0, 0, 0] // 60000 × 30000
        #expect(ImageDecoder.declaredSize(png)! == (60000, 30000))
        // SOI, an APP0 segment of 16 bytes, then SOF0: precision 8, height 500, width 700.
        let jpeg: [UInt8] =
            [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + [UInt8](repeating: 0, count: 14)
            + [0xFF, 0xC0, 0, 17, 8, 0x01, 0xF4, 0x02, 0xBC, 3] + [UInt8](repeating: 0, count: 9)
        #expect(ImageDecoder.declaredSize(jpeg)! == (700, 500))
        // A lossless WebP of 16384×16384: the animation decoder's canvases count three times.
        let webp = PNGish.webpLossless(16384, 16384)
        let size = try #require(ImageDecoder.declaredSize(webp))
        #expect(size.width == 16384 && size.height == 3 * 16384)
        #expect(throws: CodecError.self) { try ImageDecoder.decode(webp, maxBytes: 256 << 20) }
    }
}

/// Hand-made headers.
enum PNGish {
    /// A RIFF/WEBP file with a VP8L chunk header declaring `w`×`h` (no image data follows).
    static func webpLossless(_ w: Int, _ h: Int) -> [UInt8] {
        let bits = UInt32(w - 1) | UInt32(h - 1) << 14 // 14 bits each, then alpha and version 0
        let chunk: [UInt8] =
            [0x2F, UInt8(bits & 255), UInt8(bits >> 8 & 255), UInt8(bits >> 16 & 255), UInt8(bits >> 24)]
            + [UInt8](repeating: 0, count: 11)
        let body = Array("WEBP".utf8) + Array("VP8L".utf8) + le(chunk.count) + chunk
        return Array("RIFF".utf8) + le(body.count) + body
    }

    static func le(_ v: Int) -> [UInt8] {
        [UInt8(v & 255), UInt8(v >> 8 & 255), UInt8(v >> 16 & 255), UInt8(v >> 24 & 255)]
    }
}
