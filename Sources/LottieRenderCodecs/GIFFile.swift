import CGIF

/// One image of a GIF file as written: a rectangle of palette indices with its own timing and disposal.
struct GIFImage {
    var x = 0, y = 0, width = 0, height = 0
    var indices: [UInt8] = []
    /// A local colour table (256 entries, 0xAABBGGRR), or nil to use the global one.
    var localPalette: [UInt32]?
    /// Delay in hundredths of a second.
    var delay = 0
    /// 1: leave in place; 2: restore the rectangle to the background (transparent).
    var disposal = 1
}

/// The byte-level GIF writer and reader, through giflib.
enum GIFFile {
    /// The palette index kept transparent in every table.
    static let transparent: UInt8 = 255

    /// Writes a GIF89a: screen `width`×`height`, a 256-entry global table, NETSCAPE2.0 looping when `loop` ≠ 1
    /// (`loop` is the number of plays, 0 forever), then each image with its graphics control extension.
    static func write(
        width: Int, height: Int, global: [UInt32], loop: Int, images: [GIFImage]
    ) throws(CodecError) -> [UInt8] {
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        var err: Int32 = 0
        let out: OutputFunc = { gif, data, len in
            guard let gif, let data, len > 0, let user = gif.pointee.UserData else { return 0 }
            let s = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
            s.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(len)))
            return len
        }
        guard let gif = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), out, &err) else {
            throw CodecError("giflib: cannot open the encoder (\(err))")
        }
        var closed = false
        defer { if !closed { EGifCloseFile(gif, &err) } }
        EGifSetGifVersion(gif, true)
        func check(_ rc: Int32, _ what: String) throws(CodecError) {
            if rc != GIF_OK { throw CodecError("giflib: \(what) failed (\(gif.pointee.Error))") }
        }
        func makeMap(_ pal: [UInt32]) -> UnsafeMutablePointer<ColorMapObject>? {
            var colors = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: 256)
            for (i, c) in pal.prefix(256).enumerated() {
                colors[i] = GifColorType(
                    Red: UInt8(c & 255), Green: UInt8((c >> 8) & 255), Blue: UInt8((c >> 16) & 255))
            }
            return GifMakeMapObject(256, colors)
        }
        let gmap = makeMap(global)
        defer { GifFreeMapObject(gmap) }
        try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, gmap), "screen descriptor")
        if loop != 1 {
            try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE), "loop extension")
            var app = Array("NETSCAPE2.0".utf8)
            try check(EGifPutExtensionBlock(gif, 11, &app), "loop extension")
            // The count is repeats after the first play, as browsers read it; 0 repeats forever.
            let repeats = loop == 0 ? 0 : min(65535, loop - 1)
            var sub: [UInt8] = [1, UInt8(repeats & 255), UInt8(repeats >> 8)]
            try check(EGifPutExtensionBlock(gif, 3, &sub), "loop extension")
            try check(EGifPutExtensionTrailer(gif), "loop extension")
        }
        for img in images {
            var gcb = GraphicsControlBlock(
                DisposalMode: Int32(img.disposal), UserInputFlag: false,
                DelayTime: Int32(min(65535, max(0, img.delay))),
                TransparentColor: Int32(transparent))
            var ext = [UInt8](repeating: 0, count: 4)
            let n = EGifGCBToExtension(&gcb, &ext)
            try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(n), ext), "graphics control")
            let lmap = img.localPalette.flatMap(makeMap)
            defer { if let lmap { GifFreeMapObject(lmap) } }
            // giflib 5.2's EGifPutImageDesc keeps a copy of an image's local table and, for a next image without
            // one, sets the copy to nil without freeing it: 792 bytes lost per GIF (LeakSanitizer in the batch
            // gallery test; the same with a 20-line C program). Free it first.
            if lmap == nil, let previous = gif.pointee.Image.ColorMap {
                GifFreeMapObject(previous)
                gif.pointee.Image.ColorMap = nil
            }
            try check(
                EGifPutImageDesc(gif, Int32(img.x), Int32(img.y), Int32(img.width), Int32(img.height), false, lmap),
                "image descriptor")
            var row = [GifPixelType](repeating: 0, count: img.width)
            for y in 0..<img.height {
                for x in 0..<img.width { row[x] = img.indices[y * img.width + x] }
                try check(EGifPutLine(gif, &row, Int32(img.width)), "image data")
            }
        }
        closed = true
        if EGifCloseFile(gif, &err) != GIF_OK { throw CodecError("giflib: closing failed (\(err))") }
        return sink.bytes
    }
}
