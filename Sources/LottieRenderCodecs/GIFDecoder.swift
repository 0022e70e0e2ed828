import CGIF
import LottieRenderRaster

/// A decoded animated image: full-canvas frames as a viewer shows them, their delays and the loop count.
package struct DecodedAnimation: Sendable {
    /// Canvas size.
    package var width = 0, height = 0
    /// Each frame as displayed (premultiplied).
    package var frames: [Pixmap] = []
    /// Delay of each frame in milliseconds.
    package var delaysMs: [Int] = []
    /// Number of plays; 0 forever.
    package var loop = 1
    /// Sum of the delays.
    package var durationMs: Int { delaysMs.reduce(0, +) }
}

/// Reads GIF files through giflib and composes the frames (disposal, transparency, local tables), as browsers do.
package enum GIFDecoder {
    /// What decoding `b` takes, as a pixel size (``ImageDecoder/declaredSize(_:)``): the logical screen's width
    /// and a height that makes `width × height × 4` cover every frame's indices and a composed canvas per frame.
    /// Read from the block structure without decoding; nil when the header is not a GIF's.
    package static func declaredSize(_ b: [UInt8]) -> (width: Int, height: Int)? {
        guard b.count >= 13 else { return nil }
        func le(_ i: Int) -> Int { i + 1 < b.count ? Int(b[i]) | Int(b[i + 1]) << 8 : 0 }
        let sw = max(1, le(6)), sh = max(1, le(8))
        var i = 13
        if b[10] & 0x80 != 0 { i += 3 << (Int(b[10] & 7) + 1) } // global colour table
        var indices = 0, frames = 0
        func skipSubBlocks() { while i < b.count, b[i] != 0 { i += Int(b[i]) + 1 }; i += 1 }
        while i < b.count {
            switch b[i] {
            case 0x2C: // image descriptor: left, top, width, height, flags
                guard i + 10 <= b.count else { i = b.count; break }
                indices += le(i + 5) * le(i + 7)
                frames += 1
                let flags = b[i + 9]
                i += 10
                if flags & 0x80 != 0 { i += 3 << (Int(flags & 7) + 1) } // local colour table
                i += 1 // LZW minimum code size
                skipSubBlocks()
            case 0x21: // extension: label, then sub-blocks
                i += 2
                skipSubBlocks()
            default: i = b.count // trailer or garbage: giflib stops here too
            }
        }
        let bytes = indices + (frames + 1) * sw * sh * 4
        return (sw, max(sh, (bytes + sw * 4 - 1) / (sw * 4)))
    }

    /// Decodes every frame.
    package static func decode(_ bytes: [UInt8]) throws(CodecError) -> DecodedAnimation {
        final class Source { let bytes: [UInt8]; var pos = 0; init(_ b: [UInt8]) { bytes = b } }
        let src = Source(bytes)
        var err: Int32 = 0
        let input: InputFunc = { gif, buf, len in
            guard let gif, let buf, let user = gif.pointee.UserData else { return 0 }
            let s = Unmanaged<Source>.fromOpaque(user).takeUnretainedValue()
            let n = min(Int(len), s.bytes.count - s.pos)
            if n <= 0 { return 0 }
            for i in 0..<n { buf[i] = s.bytes[s.pos + i] }
            s.pos += n
            return Int32(n)
        }
        guard let gif = DGifOpen(Unmanaged.passUnretained(src).toOpaque(), input, &err) else {
            throw CodecError("not a GIF file (giflib error \(err))")
        }
        defer { DGifCloseFile(gif, &err) }
        guard DGifSlurp(gif) == GIF_OK else { throw CodecError("corrupt GIF (giflib error \(gif.pointee.Error))") }
        let w = Int(gif.pointee.SWidth), h = Int(gif.pointee.SHeight)
        var out = DecodedAnimation(width: w, height: h)
        var canvas = Pixmap(width: w, height: h)
        for k in 0..<Int(gif.pointee.ImageCount) {
            let saved = gif.pointee.SavedImages[k]
            // NETSCAPE2.0 loop count (repeats after the first play).
            for e in 0..<Int(saved.ExtensionBlockCount) {
                let b = saved.ExtensionBlocks[e]
                if b.Function == APPLICATION_EXT_FUNC_CODE, b.ByteCount == 11,
                    String(decoding: UnsafeBufferPointer(start: b.Bytes, count: 11), as: UTF8.self) == "NETSCAPE2.0",
                    e + 1 < Int(saved.ExtensionBlockCount)
                {
                    let sub = saved.ExtensionBlocks[e + 1]
                    if sub.ByteCount >= 3 {
                        let repeats = Int(sub.Bytes[1]) | Int(sub.Bytes[2]) << 8
                        out.loop = repeats == 0 ? 0 : repeats + 1
                    }
                }
            }
            var gcb = GraphicsControlBlock(DisposalMode: 0, UserInputFlag: false, DelayTime: 0, TransparentColor: -1)
            _ = DGifSavedExtensionToGCB(gif, Int32(k), &gcb)
            let d = saved.ImageDesc
            guard let map = d.ColorMap ?? gif.pointee.SColorMap else {
                throw CodecError("GIF frame \(k) has no colour table")
            }
            let before = canvas
            let x0 = Int(d.Left), y0 = Int(d.Top), iw = Int(d.Width), ih = Int(d.Height)
            for y in 0..<ih {
                for x in 0..<iw {
                    let cx = x0 + x, cy = y0 + y
                    guard cx < w, cy < h else { continue }
                    let v = Int32(saved.RasterBits[y * iw + x])
                    if v == gcb.TransparentColor || v >= map.pointee.ColorCount { continue }
                    let c = map.pointee.Colors[Int(v)]
                    canvas.pixels[cy * w + cx] =
                        UInt32(c.Red) | UInt32(c.Green) << 8 | UInt32(c.Blue) << 16 | 0xFF00_0000
                }
            }
            out.frames.append(canvas)
            out.delaysMs.append(Int(gcb.DelayTime) * 10)
            switch gcb.DisposalMode {
            case DISPOSE_BACKGROUND:
                // A frame may lie partly or wholly outside the screen (fuzzing found one below it).
                for y in max(0, y0)..<max(max(0, y0), min(h, y0 + ih)) {
                    for x in max(0, x0)..<max(max(0, x0), min(w, x0 + iw)) { canvas.pixels[y * w + x] = 0 }
                }
            case DISPOSE_PREVIOUS:
                canvas = before
            default: break
            }
        }
        if out.loop == 1 && out.frames.count > 1 {
            // No NETSCAPE block: browsers play once.
            out.loop = 1
        }
        return out
    }
}
