import CLCMS2

/// Images with an embedded ICC profile (a JPEG's APP2 markers, a PNG's `iCCP` chunk, a WebP's `ICCP` chunk) are
/// converted to sRGB through Little CMS, as the players' decoders do (Chromium's image decoders with skcms, Core
/// Graphics on iOS, Android's BitmapFactory). A photo exported from a phone in Display P3 would otherwise look
/// washed out or tinted: lottie-ios/dog_landscape's "Apple Wide Color Sharing Profile" JPEG comes out 3.3 levels
/// too blue on average.
package enum ColorProfile {
    /// The note for an image whose embedded profile could not be applied.
    package static let unusable = "its embedded ICC colour profile could not be read or is not RGB; drawn unconverted"

    /// Converts straight-alpha RGBA bytes (`width × height × 4`) described by `icc` to sRGB in place; alpha is kept.
    /// Returns false, leaving the bytes as they are, when the profile cannot be read or is not an RGB profile.
    package static func convertToSRGB(_ rgba: inout [UInt8], width: Int, height: Int, icc: [UInt8]) -> Bool {
        guard rgba.count >= width * height * 4 else { return false }
        return rgba.withUnsafeMutableBytes { buf in
            guard let base = buf.baseAddress else { return false }
            return convertToSRGB(base, width: width, height: height, icc: icc)
        }
    }

    /// `convertToSRGB` on `width × height` RGBA pixels at `pixels`.
    package static func convertToSRGB(
        _ pixels: UnsafeMutableRawPointer, width: Int, height: Int, icc: [UInt8]
    ) -> Bool {
        guard !icc.isEmpty, icc.count < 64 << 20, width > 0, height > 0 else { return false }
        // Little CMS reports problems through a process-wide handler; the return values say all we need.
        cmsSetLogErrorHandler(nil)
        let source = icc.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }
        guard let source else { return false }
        defer { cmsCloseProfile(source) }
        guard cmsGetColorSpace(source) == cmsSigRgbData, let srgb = cmsCreate_sRGBProfile() else { return false }
        defer { cmsCloseProfile(srgb) }
        // TYPE_RGBA_8 (a macro Swift does not import): colour space PT_RGB << 16, one extra channel (alpha) << 7,
        // 3 channels << 3, 1 byte each.
        let format = cmsUInt32Number(UInt32(PT_RGB) << 16 | 1 << 7 | 3 << 3 | 1)
        // Relative colorimetric, the intent skcms (Chromium) and Core Graphics use for images: a profile's
        // perceptual tables, where it has them, shift colours further (dog_landscape's mean blue by 2 levels).
        guard
            let transform = cmsCreateTransform(
                source, format, srgb, format, cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC),
                cmsUInt32Number(cmsFLAGS_COPY_ALPHA))
        else { return false }
        defer { cmsDeleteTransform(transform) }
        for y in 0..<height {
            let row = pixels + y * width * 4
            cmsDoTransform(transform, row, row, cmsUInt32Number(width))
        }
        return true
    }

    /// The ICC profile of a PNG's `iCCP` chunk (name, a zero byte, the compression method, the zlib stream), or nil.
    package static func profile(inPNG bytes: [UInt8]) -> [UInt8]? {
        var at = 8
        while at + 12 <= bytes.count {
            let length = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            let type = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
            let start = at + 8, end = start + length
            guard length >= 0, end + 4 <= bytes.count else { return nil }
            if type == "IDAT" || type == "IEND" { return nil } // iCCP comes before the image data
            if type == "iCCP" {
                guard let zero = bytes[start..<end].firstIndex(of: 0), zero + 2 <= end, bytes[zero + 1] == 0 else {
                    return nil
                }
                return try? Gzip.decompress(Array(bytes[(zero + 2)..<end]), limit: 16 << 20)
            }
            at = end + 4
        }
        return nil
    }

    /// The ICC profile of a WebP's `ICCP` chunk (extended format, `VP8X`), or nil.
    package static func profile(inWebP bytes: [UInt8]) -> [UInt8]? {
        var at = 12
        while at + 8 <= bytes.count {
            let type = String(decoding: bytes[at..<(at + 4)], as: UTF8.self)
            let length =
                Int(bytes[at + 4]) | Int(bytes[at + 5]) << 8 | Int(bytes[at + 6]) << 16 | Int(bytes[at + 7]) << 24
            let start = at + 8, end = start + length
            guard end <= bytes.count else { return nil }
            if type == "ICCP" { return Array(bytes[start..<end]) }
            if type == "VP8 " || type == "VP8L" || type == "ANIM" { return nil } // the profile comes first
            at = end + (length & 1) // chunks are padded to an even size
        }
        return nil
    }
}
