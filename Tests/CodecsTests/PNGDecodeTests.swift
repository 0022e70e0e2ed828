import LottieRenderRaster
import Testing

@testable import LottieRenderCodecs

/// Palette PNGs (colour type 3) are read as packed indices and a colormap premultiplied once, and 8-bit RGB(A) ones
/// straight into the pixmap (`PNGCodec.decodeDirect`): the pixels must be exactly those of libpng's simplified API
/// expanding every pixel to straight RGBA, premultiplied: at every palette bit depth, with and without `tRNS`,
/// interlaced, with indices past the palette, with the file gamma libpng corrects (`gAMA`) and with an ICC profile
/// (`iCCP`, converted on the colormap).
@Suite struct PNGDecodeTests {
    /// One PNG chunk: length, type, data, CRC.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = Gzip.crc32(body[...])
        return be32(UInt32(data.count)) + body + be32(crc)
    }

    static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    /// A `width`×`height` palette PNG of `depth` bits a pixel: `entries` colours (of them the first `transparent`
    /// with alpha from `tRNS`), every pixel a different index in turn (`pastPalette`: every index the depth allows,
    /// also those past the palette); `gamma` adds a `gAMA` chunk (×100 000); `interlaced`, Adam7.
    static func palettePNG(
        width: Int, height: Int, depth: Int, entries: Int, transparent: Int, gamma: UInt32? = nil,
        interlaced: Bool = false, pastPalette: Bool = false
    ) -> [UInt8] {
        var ihdr = be32(UInt32(width)) + be32(UInt32(height))
        ihdr += [UInt8(depth), 3, 0, 0, interlaced ? 1 : 0]
        var plte: [UInt8] = []
        for i in 0..<entries {
            plte += [UInt8((i * 97 + 13) & 255), UInt8((i * 59 + 200) & 255), UInt8((i * 31 + 77) & 255)]
        }
        let trns = (0..<transparent).map { UInt8(($0 * 71 + 5) & 255) }
        func index(_ x: Int, _ y: Int) -> Int { (x + y * width) % (pastPalette ? 1 << depth : entries) }
        let raw = scanlines(width: width, height: height, interlaced: interlaced, bits: depth) { x, y in [index(x, y)] }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", ihdr)
        if let gamma { png += chunk("gAMA", be32(gamma)) }
        png += chunk("PLTE", plte)
        if transparent > 0 { png += chunk("tRNS", trns) }
        png += chunk("IDAT", ColorProfileTests.zlibStored(raw))
        png += chunk("IEND", [])
        return png
    }

    /// The filtered scanlines (filter 0) of an image, Adam7's seven passes when `interlaced`: each pixel's
    /// `samples` of `bits` bits each, packed from a byte's high bits, every row padded to a whole byte.
    static func scanlines(
        width: Int, height: Int, interlaced: Bool, bits: Int, samples: (Int, Int) -> [Int]
    ) -> [UInt8] {
        // Adam7's passes (x0, y0, dx, dy), or one pass of every pixel.
        let passes =
            interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        var raw: [UInt8] = []
        for (x0, y0, dx, dy) in passes where x0 < width && y0 < height {
            for y in stride(from: y0, to: height, by: dy) {
                raw.append(0) // filter: none
                var byte = 0, used = 0
                for x in stride(from: x0, to: width, by: dx) {
                    for v in samples(x, y) {
                        byte = byte << bits | v
                        used += bits
                        if used == 8 { raw.append(UInt8(byte)); byte = 0; used = 0 }
                    }
                }
                if used > 0 { raw.append(UInt8((byte << (8 - used)) & 255)) }
            }
        }
        return raw
    }

    /// What decoding gives when every pixel is expanded first.
    static func expanded(_ png: [UInt8]) throws -> Pixmap {
        let (w, h, rgba) = try PNGCodec.decodeRGBA(png)
        return Pixmap.fromStraightRGBA(width: w, height: h, bytes: rgba)
    }

    @Test(arguments: [1, 2, 4, 8])
    func everyDepthMatchesExpandedPixels(depth: Int) throws {
        let most = 1 << depth
        for (entries, transparent) in [(most, 0), (most, most), (max(1, most / 2), max(1, most / 4))] {
            for gamma: UInt32? in [nil, 45455, 44000, 47000, 100_000, 70_000] {
                let png = PNGDecodeTests.palettePNG(
                    width: 13, height: 7, depth: depth, entries: entries, transparent: transparent, gamma: gamma)
                let pm = try PNGCodec.decode(png)
                #expect(pm.width == 13 && pm.height == 7)
                #expect(pm.pixels == (try PNGDecodeTests.expanded(png)).pixels)
            }
        }
    }

    @Test func interlacedAndOutOfPaletteIndicesMatchExpandedPixels() throws {
        for depth in [1, 2, 4, 8] {
            for (interlaced, past) in [(true, false), (false, true), (true, true)] {
                let entries = past ? max(1, (1 << depth) / 2 + 1) : 1 << depth
                let png = PNGDecodeTests.palettePNG(
                    width: 19, height: 11, depth: depth, entries: entries, transparent: entries / 2,
                    interlaced: interlaced, pastPalette: past)
                #expect((try PNGCodec.decode(png)).pixels == (try PNGDecodeTests.expanded(png)).pixels)
            }
        }
    }

    /// A `width`×`height` 8-bit PNG of colour type `colorType` (0 grey, 2 RGB, 4 grey and alpha, 6 RGBA) whose
    /// samples run through every value, alpha included; `trns` adds an RGB `tRNS` colour.
    static func directPNG(
        width: Int, height: Int, colorType: UInt8, interlaced: Bool = false, trns: Bool = false
    )
        -> [UInt8]
    {
        let channels = [0: 1, 2: 3, 4: 2, 6: 4][Int(colorType)] ?? 4
        var ihdr = be32(UInt32(width)) + be32(UInt32(height))
        ihdr += [8, colorType, 0, 0, interlaced ? 1 : 0]
        let raw = scanlines(width: width, height: height, interlaced: interlaced, bits: 8) { x, y in
            (0..<channels).map { c in (x * 37 + y * 101 + c * 71) & 255 }
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", ihdr)
        if trns { png += chunk("tRNS", [0, 37, 0, 108, 0, 71]) }
        png += chunk("IDAT", ColorProfileTests.zlibStored(raw))
        png += chunk("IEND", [])
        return png
    }

    @Test func rgbAndRGBAMatchTheSimplifiedAPI() throws {
        var notes: [String] = []
        for (colorType, trns) in [(UInt8(6), false), (2, false), (2, true), (0, false), (4, false)] {
            for interlaced in [false, true] {
                let png = PNGDecodeTests.directPNG(
                    width: 21, height: 9, colorType: colorType, interlaced: interlaced, trns: trns)
                #expect((try PNGCodec.decode(png)).pixels == (try PNGDecodeTests.expanded(png)).pixels)
                // RGB with a tRNS colour, grey and grey with alpha go through the simplified API.
                let direct = colorType == 6 || (colorType == 2 && !trns)
                #expect((PNGCodec.decodeDirect(png, icc: nil, notes: &notes) != nil) == direct)
            }
        }
    }

    @Test func onlyPaletteAndRGBImagesTakeTheDirectPath() throws {
        var notes: [String] = []
        let palette = PNGDecodeTests.palettePNG(width: 5, height: 3, depth: 4, entries: 16, transparent: 3)
        #expect(PNGCodec.decodeDirect(palette, icc: nil, notes: &notes) != nil)
        // A file gamma libpng corrects is left to the simplified API; sRGB's, or near it, is not.
        for (gamma, direct) in [(UInt32(100_000), false), (70_000, false), (45455, true), (47000, true)] {
            let png = PNGDecodeTests.palettePNG(
                width: 5, height: 3, depth: 4, entries: 16, transparent: 3, gamma: gamma)
            #expect((PNGCodec.decodeDirect(png, icc: nil, notes: &notes) != nil) == direct)
        }
        var rgba = Pixmap(width: 3, height: 2)
        for i in rgba.pixels.indices { rgba.pixels[i] = 0x8040_2010 }
        #expect(PNGCodec.decodeDirect(try PNGCodec.encode(rgba), icc: nil, notes: &notes) == rgba)
        #expect(PNGCodec.decodeDirect(Array(palette.prefix(60)), icc: nil, notes: &notes) == nil) // cut short
        #expect(throws: CodecError.self) { try PNGCodec.decode(Array(palette.prefix(60))) }
        // A wrong checksum: a corrupt IDAT CRC is refused (the Adler-32 inside it is not checked).
        var corrupt = palette
        if let idat = (0..<(corrupt.count - 4)).first(where: { Array(corrupt[$0..<($0 + 4)]) == Array("IDAT".utf8) }) {
            let length = corrupt[idat - 4...idat - 1].reduce(0) { $0 << 8 | Int($1) }
            corrupt[idat + 4 + length + 3] ^= 0xFF
        }
        #expect(PNGCodec.decodeDirect(corrupt, icc: nil, notes: &notes) == nil)
        #expect(throws: CodecError.self) { try PNGCodec.decode(corrupt) }
        #expect(notes.isEmpty)
    }

    @Test func entriesArePremultiplied() throws {
        // Entry 0: colour (13, 200, 77), alpha 5; entry 1: colour (110, 3, 108), alpha 76.
        let png = PNGDecodeTests.palettePNG(width: 2, height: 1, depth: 8, entries: 2, transparent: 2)
        let pm = try PNGCodec.decode(png)
        #expect(pm.pixels[0] == 5 << 24 | PNGDecodeTests.premultiplied(13, 200, 77, 5))
        #expect(pm.pixels[1] == 76 << 24 | PNGDecodeTests.premultiplied(110, 3, 108, 76))
    }

    static func premultiplied(_ r: UInt32, _ g: UInt32, _ b: UInt32, _ a: UInt32) -> UInt32 {
        (r * a + 127) / 255 | ((g * a + 127) / 255) << 8 | ((b * a + 127) / 255) << 16
    }

    @Test func iccProfileIsAppliedToTheColormap() throws {
        let profile = ColorProfileTests.linearProfile()
        let png = ColorProfileTests.withICCP(
            PNGDecodeTests.palettePNG(width: 9, height: 5, depth: 4, entries: 16, transparent: 8), profile: profile)
        var notes: [String] = []
        let pm = try PNGCodec.decode(png, notes: &notes)
        #expect(notes.isEmpty)
        var (w, h, rgba) = try PNGCodec.decodeRGBA(png)
        #expect(ColorProfile.convertToSRGB(&rgba, width: w, height: h, icc: profile))
        #expect(pm.pixels == Pixmap.fromStraightRGBA(width: w, height: h, bytes: rgba).pixels)
    }
}
