import CJPEG
import CWebP
import LottieRenderRaster

/// JPEG decoding through libjpeg-turbo.
package enum JPEGCodec {
    /// Decodes a JPEG to an opaque pixmap, in sRGB when it embeds an ICC profile (``ColorProfile``); a profile
    /// that cannot be applied is said in `notes`.
    package static func decode(_ bytes: [UInt8], notes: inout [String]) throws(CodecError) -> Pixmap {
        var out: UnsafeMutablePointer<UInt8>? = nil
        var w: Int32 = 0, h: Int32 = 0
        var icc: UnsafeMutablePointer<UInt8>? = nil
        var iccLength: UInt32 = 0
        var msg = [CChar](repeating: 0, count: 256)
        let rc = bytes.withUnsafeBufferPointer { b in
            msg.withUnsafeMutableBufferPointer { m in
                lr_jpeg_decode(b.baseAddress, b.count, &out, &w, &h, &icc, &iccLength, m.baseAddress, m.count)
            }
        }
        defer { if let icc { lr_jpeg_free(icc) } }
        guard rc == 0, let buf = out else {
            let text = String(decoding: msg.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw CodecError("not a readable JPEG: \(text)")
        }
        defer { lr_jpeg_free(buf) }
        if let icc, iccLength > 0 {
            let profile = Array(UnsafeBufferPointer(start: icc, count: Int(iccLength)))
            if !ColorProfile.convertToSRGB(buf, width: Int(w), height: Int(h), icc: profile) {
                notes.append(ColorProfile.unusable)
            }
        }
        let n = Int(w) * Int(h)
        var px = [UInt32](repeating: 0, count: n)
        for i in 0..<n {
            px[i] = UInt32(buf[i * 4]) | UInt32(buf[i * 4 + 1]) << 8 | UInt32(buf[i * 4 + 2]) << 16 | 0xFF00_0000
        }
        return Pixmap(width: Int(w), height: Int(h), pixels: px)
    }
}

/// Decodes an image by sniffing its format.
package enum ImageDecoder {
    /// Decodes PNG, JPEG, WebP or GIF bytes (the first frame of an animated WebP or GIF). An image whose header
    /// declares more pixels than decoding can take within `maxBytes` (the decoded pixels and the decoder's copy:
    /// 8 bytes a pixel) is refused before anything is allocated.
    package static func decode(_ bytes: [UInt8], maxBytes: Int = 1 << 30) throws(CodecError) -> Pixmap {
        var notes: [String] = []
        return try decode(bytes, maxBytes: maxBytes, notes: &notes)
    }

    /// `decode`, with what the result lacks in `notes` (an embedded colour profile that could not be applied).
    package static func decode(
        _ bytes: [UInt8], maxBytes: Int = 1 << 30, notes: inout [String]
    ) throws(CodecError) -> Pixmap {
        if let (w, h) = declaredSize(bytes) {
            let (need, overflow) = w.multipliedReportingOverflow(by: h * 8)
            guard !overflow, need <= maxBytes else {
                throw CodecError(
                    "declares \(w)x\(h) pixels, more than can be decoded in the memory left", exceedsLimit: true)
            }
        }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return try PNGCodec.decode(bytes, notes: &notes) }
        if bytes.starts(with: [0xFF, 0xD8]) { return try JPEGCodec.decode(bytes, notes: &notes) }
        if isWebP(bytes) {
            guard let first = try WebPAnimation.decode(bytes, maxFrames: 1).frames.first else {
                throw CodecError("webp: no frame")
            }
            guard let icc = ColorProfile.profile(inWebP: bytes) else { return first }
            // The frame is premultiplied: straight alpha for the conversion, then back.
            var rgba = first.straightRGBA()
            if !ColorProfile.convertToSRGB(&rgba, width: first.width, height: first.height, icc: icc) {
                notes.append(ColorProfile.unusable)
                return first
            }
            return Pixmap.fromStraightRGBA(width: first.width, height: first.height, bytes: rgba)
        }
        if bytes.starts(with: Array("GIF8".utf8)) {
            guard let first = try GIFDecoder.decode(bytes).frames.first else { throw CodecError("gif: no frame") }
            return first
        }
        throw CodecError("unknown image format")
    }

    /// The pixel size an image's header declares, read before decoding, scaled up for what decoding it takes
    /// beyond one RGBA canvas (a GIF's every frame): `width × height × 4` bytes bound the decoder's memory.
    /// Nil for bytes no decoder takes.
    package static func declaredSize(_ b: [UInt8]) -> (width: Int, height: Int)? {
        func be(_ i: Int, _ n: Int) -> Int { (i..<i + n).reduce(0) { $0 << 8 | Int(b[$1]) } }
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47]) { // IHDR: width, height at 16 and 20
            return b.count >= 24 ? (be(16, 4), be(20, 4)) : nil
        }
        if b.starts(with: [0xFF, 0xD8]) { // the first SOFn marker segment holds height, width
            var i = 2
            while i + 9 < b.count {
                guard b[i] == 0xFF else { i += 1; continue }
                let m = b[i + 1]
                if (0xC0...0xCF).contains(m) && m != 0xC4 && m != 0xC8 && m != 0xCC {
                    return (be(i + 7, 2), be(i + 5, 2))
                }
                if m == 0xD8 || m == 0x01 || (0xD0...0xD7).contains(m) || m == 0xFF { i += m == 0xFF ? 1 : 2; continue }
                i += 2 + be(i + 2, 2)
            }
            return nil
        }
        if isWebP(b) {
            var w: Int32 = 0, h: Int32 = 0
            let ok = b.withUnsafeBufferPointer { WebPGetInfo($0.baseAddress, $0.count, &w, &h) }
            // The animation decoder keeps a canvas and a previous frame besides the frame returned.
            return ok != 0 ? (Int(w), Int(h) * 3) : nil
        }
        if b.starts(with: Array("GIF8".utf8)) { return GIFDecoder.declaredSize(b) }
        return nil
    }

    /// True for WebP bytes (`RIFF` … `WEBP`).
    package static func isWebP(_ b: [UInt8]) -> Bool {
        b.count > 12 && b.starts(with: Array("RIFF".utf8)) && Array(b[8..<12]) == Array("WEBP".utf8)
    }
}
