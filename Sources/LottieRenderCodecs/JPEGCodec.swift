import CJPEG
import LottieRenderRaster

/// JPEG decoding through libjpeg-turbo.
package enum JPEGCodec {
    /// Decodes a JPEG to an opaque pixmap.
    package static func decode(_ bytes: [UInt8]) throws(CodecError) -> Pixmap {
        var out: UnsafeMutablePointer<UInt8>? = nil
        var w: Int32 = 0, h: Int32 = 0
        var msg = [CChar](repeating: 0, count: 256)
        let rc = bytes.withUnsafeBufferPointer { b in
            msg.withUnsafeMutableBufferPointer { m in
                lr_jpeg_decode(b.baseAddress, b.count, &out, &w, &h, m.baseAddress, m.count)
            }
        }
        guard rc == 0, let buf = out else {
            let text = String(decoding: msg.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw CodecError("not a readable JPEG: \(text)")
        }
        defer { lr_jpeg_free(buf) }
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
    /// Decodes PNG, JPEG or WebP bytes (the first frame of an animated WebP).
    package static func decode(_ bytes: [UInt8]) throws(CodecError) -> Pixmap {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return try PNGCodec.decode(bytes) }
        if bytes.starts(with: [0xFF, 0xD8]) { return try JPEGCodec.decode(bytes) }
        if bytes.count > 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            guard let first = try WebPAnimation.decode(bytes).frames.first else { throw CodecError("webp: no frame") }
            return first
        }
        throw CodecError("unknown image format")
    }
}
