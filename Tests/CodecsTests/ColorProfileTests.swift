import CLCMS2
import LottieRenderCodecs
import LottieRenderRaster
import Testing

/// Images with an embedded ICC profile come out in sRGB (``ColorProfile``), checked on a PNG whose `iCCP` chunk
/// holds a profile with sRGB's primaries and a linear tone curve: a stored 128 is linear light 0.502, which sRGB
/// encodes as 188 (0.502 → 0.7354). A profile that cannot be read leaves the pixels as stored, with a note.
@Suite struct ColorProfileTests {
    /// A linear-light RGB profile (D65 white, the sRGB primaries, gamma 1), serialised by Little CMS.
    static func linearProfile() -> [UInt8] {
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
        var primaries = cmsCIExyYTRIPLE(
            Red: cmsCIExyY(x: 0.64, y: 0.33, Y: 1), Green: cmsCIExyY(x: 0.30, y: 0.60, Y: 1),
            Blue: cmsCIExyY(x: 0.15, y: 0.06, Y: 1))
        guard let curve = cmsBuildGamma(nil, 1.0) else { return [] }
        defer { cmsFreeToneCurve(curve) }
        var curves: [OpaquePointer?] = [curve, curve, curve]
        guard let profile = cmsCreateRGBProfile(&white, &primaries, &curves) else { return [] }
        defer { cmsCloseProfile(profile) }
        var length: cmsUInt32Number = 0
        guard cmsSaveProfileToMem(profile, nil, &length) != 0, length > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        guard cmsSaveProfileToMem(profile, &bytes, &length) != 0 else { return [] }
        return bytes
    }

    /// A zlib stream of stored (uncompressed) blocks holding `data`.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var at = 0
        repeat {
            let n = min(65535, data.count - at)
            let final: UInt8 = at + n == data.count ? 1 : 0
            out += [final, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            out += data[at..<(at + n)]
            at += n
        } while at < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        let adler = b << 16 | a
        return out + [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
    }

    /// `png` with an `iCCP` chunk holding `profile` inserted after its header chunk.
    static func withICCP(_ png: [UInt8], profile: [UInt8]) -> [UInt8] {
        let body = Array("iCCP".utf8) + Array("test".utf8) + [0, 0] + zlibStored(profile)
        let length = UInt32(body.count - 4)
        let crc = Gzip.crc32(body[...])
        let chunk =
            [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + body
            + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        let ihdrEnd = 8 + 25 // signature, then IHDR: length, type, 13 bytes, CRC
        return Array(png[..<ihdrEnd]) + chunk + Array(png[ihdrEnd...])
    }

    static func grey128() throws -> [UInt8] {
        var pm = Pixmap(width: 2, height: 2)
        for i in pm.pixels.indices { pm.pixels[i] = 0xFF80_8080 }
        return try PNGCodec.encode(pm)
    }

    @Test func linearProfileIsConvertedToSRGB() throws {
        let profile = ColorProfileTests.linearProfile()
        #expect(!profile.isEmpty)
        let png = ColorProfileTests.withICCP(try ColorProfileTests.grey128(), profile: profile)
        #expect(ColorProfile.profile(inPNG: png) == profile)
        var notes: [String] = []
        let pm = try ImageDecoder.decode(png, notes: &notes)
        #expect(notes.isEmpty)
        let px = pm.pixels[0]
        for shift in [0, 8, 16] { #expect(abs(Int(px >> UInt32(shift) & 0xFF) - 188) <= 1) }
        #expect(px >> 24 == 255)
    }

    @Test func unreadableProfileLeavesPixelsAndSaysSo() throws {
        let png = ColorProfileTests.withICCP(try ColorProfileTests.grey128(), profile: Array(repeating: 7, count: 200))
        var notes: [String] = []
        let pm = try ImageDecoder.decode(png, notes: &notes)
        #expect(notes == [ColorProfile.unusable])
        #expect(pm.pixels[0] == 0xFF80_8080)
    }

    @Test func imagesWithoutProfileAreUntouched() throws {
        var notes: [String] = []
        let pm = try ImageDecoder.decode(try ColorProfileTests.grey128(), notes: &notes)
        #expect(notes.isEmpty && pm.pixels[0] == 0xFF80_8080)
    }
}
