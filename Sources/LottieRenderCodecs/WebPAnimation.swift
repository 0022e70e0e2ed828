import CWebP
import LottieRenderRaster

/// Animated WebP with full alpha through libwebp's animation encoder (libwebpmux) and decoder (libwebpdemux).
package enum WebPAnimation {
    /// Encodes premultiplied frames shown for `delaysMs` each; `quality` nil is lossless, else 0…100 lossy.
    /// `loop` is the number of plays, 0 forever.
    package static func encode(
        _ frames: [Pixmap], delaysMs: [Int], loop: Int, quality: Double?
    ) throws(CodecError) -> [UInt8] {
        guard let first = frames.first, frames.count == delaysMs.count else { throw CodecError("webp: no frames") }
        var opts = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&opts) != 0 else { throw CodecError("webp: library version mismatch") }
        // WebP's loop count is the number of plays (0 forever), unlike GIF's repeats.
        opts.anim_params.loop_count = Int32(max(0, min(65535, loop)))
        opts.allow_mixed = 0
        if quality != nil {
            // Lossy: every frame a key frame. libwebp's encoder otherwise keeps a sub-rectangle of the previous
            // (already lossy) canvas wherever the new frame differs by less than its quality's tolerance, so a slow
            // gradient drifts frame after frame (mean error 1.3 at frame 0, 44 at frame 299 of a 300-frame fade).
            // Key frames stand alone: each frame's error is a single lossy frame's.
            opts.kmin = 0
            opts.kmax = 1
        }
        guard let enc = WebPAnimEncoderNew(Int32(first.width), Int32(first.height), &opts) else {
            throw CodecError("webp: cannot create the encoder")
        }
        defer { WebPAnimEncoderDelete(enc) }
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else { throw CodecError("webp: library version mismatch") }
        if let q = quality {
            config.lossless = 0
            config.quality = Float(min(100, max(0, q)))
        } else {
            config.lossless = 1
            config.quality = 75 // effort for lossless
            config.exact = 0
        }
        var t = 0
        for (k, f) in frames.enumerated() {
            var pic = WebPPicture()
            guard WebPPictureInit(&pic) != 0 else { throw CodecError("webp: library version mismatch") }
            pic.use_argb = 1
            pic.width = Int32(f.width); pic.height = Int32(f.height)
            var rgba = f.straightRGBA()
            let ok = rgba.withUnsafeMutableBufferPointer {
                WebPPictureImportRGBA(&pic, $0.baseAddress, Int32(f.width * 4))
            }
            defer { WebPPictureFree(&pic) }
            guard ok != 0 else { throw CodecError("webp: cannot import frame \(k)") }
            guard WebPAnimEncoderAdd(enc, &pic, Int32(clamping: t), &config) != 0 else {
                throw CodecError("webp: cannot add frame \(k): \(String(cString: WebPAnimEncoderGetError(enc)))")
            }
            // A frame's duration is 24 bits of milliseconds in the file (ANMF), timestamps are Int32 in libwebp.
            t += min(max(0, delaysMs[k]), 0xFF_FFFF)
        }
        guard WebPAnimEncoderAdd(enc, nil, Int32(clamping: t), nil) != 0 else {
            throw CodecError("webp: cannot finish")
        }
        var data = WebPData(bytes: nil, size: 0)
        guard WebPAnimEncoderAssemble(enc, &data) != 0, let bytes = data.bytes else {
            throw CodecError("webp: cannot assemble: \(String(cString: WebPAnimEncoderGetError(enc)))")
        }
        defer { WebPFree(UnsafeMutableRawPointer(mutating: bytes)) }
        return Array(UnsafeBufferPointer(start: bytes, count: data.size))
    }

    /// Decodes every frame as displayed (or the first `maxFrames`), with delays and the loop count.
    package static func decode(_ bytes: [UInt8], maxFrames: Int = .max) throws(CodecError) -> DecodedAnimation {
        var opts = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&opts) != 0 else { throw CodecError("webp: library version mismatch") }
        opts.color_mode = MODE_RGBA
        opts.use_threads = 0
        var out = DecodedAnimation()
        var failure: String?
        bytes.withUnsafeBufferPointer { b in
            var data = WebPData(bytes: b.baseAddress, size: b.count)
            guard let dec = WebPAnimDecoderNew(&data, &opts) else { failure = "not an animated WebP"; return }
            defer { WebPAnimDecoderDelete(dec) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(dec, &info) != 0 else { failure = "webp: no info"; return }
            out.width = Int(info.canvas_width); out.height = Int(info.canvas_height)
            out.loop = Int(info.loop_count)
            var prev: Int32 = 0
            while WebPAnimDecoderHasMoreFrames(dec) != 0 && out.frames.count < maxFrames {
                var buf: UnsafeMutablePointer<UInt8>?
                var ts: Int32 = 0
                guard WebPAnimDecoderGetNext(dec, &buf, &ts) != 0, let buf else {
                    failure = "webp: corrupt frame"; return
                }
                let n = out.width * out.height * 4
                out.frames.append(
                    Pixmap.fromStraightRGBA(
                        width: out.width, height: out.height,
                        bytes: Array(UnsafeBufferPointer(start: buf, count: n))))
                out.delaysMs.append(Int(ts - prev))
                prev = ts
            }
        }
        if let f = failure { throw CodecError(f) }
        return out
    }
}
