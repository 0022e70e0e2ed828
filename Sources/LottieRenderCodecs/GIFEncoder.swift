import LottieRenderRaster

/// Options for animated GIF output.
package struct GIFOptions: Sendable {
    /// Ordered (Bayer 8×8) dithering: tied to the pixel position, so static areas stay still from frame to frame.
    package var dither = false
    /// Number of plays; 0 loops forever.
    package var loop = 0
    /// Flatten onto this colour (premultiplied, opaque); nil keeps transparency.
    package var background: UInt32?
    /// With transparency: pixels at least this opaque (0…255) are kept; the rest are transparent.
    package var alphaThreshold: UInt32 = 128
    /// With transparency: the colour partly transparent edges are blended onto (0xAABBGGRR; default white), so they
    /// show no dark or light fringe on a page of that colour.
    package var matte: UInt32 = 0xFFFF_FFFF
    /// Creates the defaults: no dither, loop forever, transparent, white matte.
    package init() {}
}

/// An animated GIF encoder of our own design on top of giflib's LZW writer.
///
/// - Palette: a shared palette is built first from every frame (`Quantizer`, in OKLab); a frame whose colours it
///   serves measurably badly (mean squared error above 0.1, about 58 dB) gets its own when that cuts the error by a
///   third or more.
/// - Frame differences: each frame stores only the rectangle that changed since the displayed canvas, unchanged pixels
///   transparent. A frame whose successor needs pixels cleared is disposed "to background" over a rectangle covering
///   them, so transparent animations stay exact.
/// - An unchanged frame adds its delay to the previous image instead of being written.
package struct GIFEncoder {
    let width: Int, height: Int
    let options: GIFOptions
    var global: Quantizer
    private var images: [GIFImage] = []
    private var canvas: [UInt32] // displayed colours, 0 transparent
    private var pending: (px: [UInt32], delay: Int)?
    /// Shared-palette error (mean squared, per channel, 8-bit units; 0.1 is about 58 dB PSNR) above which a frame
    /// is offered its own palette.
    static let localPaletteMSE = 0.1
    /// How many frames got a local palette.
    package private(set) var localPalettes = 0

    /// 8×8 Bayer matrix, values 0…63, built by the recursive doubling rule.
    static let bayer: [Int] = {
        var m = [0], n = 1
        while n < 8 {
            var next = [Int](repeating: 0, count: 4 * n * n)
            for y in 0..<n {
                for x in 0..<n {
                    let v = 4 * m[y * n + x]
                    next[y * 2 * n + x] = v
                    next[y * 2 * n + x + n] = v + 2
                    next[(y + n) * 2 * n + x] = v + 3
                    next[(y + n) * 2 * n + x + n] = v + 1
                }
            }
            m = next; n *= 2
        }
        return m
    }()

    /// Straight, opaque-or-transparent pixels (0xAABBGGRR, alpha 0 or 255) of a premultiplied frame, per the options.
    package static func prepare(_ pm: Pixmap, options o: GIFOptions) -> [UInt32] {
        var out = [UInt32](repeating: 0, count: pm.pixels.count)
        let bg = o.background ?? o.matte
        let br = bg & 255, bgc = (bg >> 8) & 255, bb = (bg >> 16) & 255
        for (i, p) in pm.pixels.enumerated() {
            let a = p >> 24
            if o.background == nil && a < o.alphaThreshold { continue }
            // Premultiplied colour over the matte or background: c + bg·(1 − a).
            let k = 255 - a
            let r = min(255, (p & 255) + (br * k + 127) / 255)
            let g = min(255, ((p >> 8) & 255) + (bgc * k + 127) / 255)
            let b = min(255, ((p >> 16) & 255) + (bb * k + 127) / 255)
            out[i] = r | g << 8 | b << 16 | 0xFF00_0000
        }
        return out
    }

    /// Starts a GIF of `width`×`height` with the shared palette `palette`.
    package init(width: Int, height: Int, palette: Quantizer, options: GIFOptions) {
        self.width = width; self.height = height; self.options = options
        global = palette
        canvas = [UInt32](repeating: 0, count: width * height)
    }

    /// Adds a prepared frame (`prepare`) shown for `delay` hundredths of a second.
    package mutating func add(_ px: [UInt32], delay: Int) {
        if let p = pending { emit(p.px, delay: p.delay, next: px) }
        pending = (px, delay)
    }

    /// The GIF file.
    package mutating func finish() throws(CodecError) -> [UInt8] {
        if let p = pending { emit(p.px, delay: p.delay, next: nil); pending = nil }
        if images.isEmpty { images.append(GIFImage(x: 0, y: 0, width: 1, height: 1, indices: [GIFFile.transparent])) }
        return try GIFFile.write(
            width: width, height: height, global: global.colors, loop: options.loop, images: images)
    }

    /// Mean squared sRGB error per channel (8-bit units) of mapping the frame's opaque pixels (every 7th) to `q`.
    static func meanError(_ px: [UInt32], _ q: inout Quantizer) -> Double {
        var total = 0, n = 0
        var i = 0
        while i < px.count {
            let v = px[i]
            if v >> 24 == 255 {
                let r = Int(v & 255), g = Int((v >> 8) & 255), b = Int((v >> 16) & 255)
                // Index first: evaluating q.rgbError's receiver before a mutating argument would copy the cache.
                let k = q.index(r, g, b)
                total += q.rgbError(r, g, b, k); n += 1
            }
            i += 7
        }
        return n > 0 ? Double(total) / Double(3 * n) : 0
    }

    /// Quantizes (and dithers) a frame: palette colours, 0 for transparent, and the indices.
    func quantize(_ px: [UInt32], _ q: inout Quantizer) -> (colors: [UInt32], indices: [UInt8]) {
        var colors = [UInt32](repeating: 0, count: px.count)
        var idx = [UInt8](repeating: GIFFile.transparent, count: px.count)
        let amp = options.dither ? q.spacing * 0.9 : 0
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                let v = px[i]
                guard v >> 24 == 255 else { continue }
                var r = Int(v & 255), g = Int((v >> 8) & 255), b = Int((v >> 16) & 255)
                if amp > 0 {
                    let o = Int(((Float(GIFEncoder.bayer[(y & 7) * 8 + (x & 7)]) + 0.5) / 64 - 0.5) * amp)
                    r = min(255, max(0, r + o)); g = min(255, max(0, g + o)); b = min(255, max(0, b + o))
                }
                let k = q.index(r, g, b)
                idx[i] = UInt8(k)
                colors[i] = q.colors[k]
            }
        }
        return (colors, idx)
    }

    private mutating func emit(_ px: [UInt32], delay: Int, next: [UInt32]?) {
        // Palette: the shared one unless this frame is served badly and a local one is clearly better.
        var local: Quantizer?
        let err = GIFEncoder.meanError(px, &global)
        if err > GIFEncoder.localPaletteMSE {
            var h = Quantizer.Histogram()
            h.add(px, step: 2)
            var l = Quantizer(h, refinePasses: 1)
            if GIFEncoder.meanError(px, &l) < err * 0.64 { local = l } // error cut by a third or more
        }
        let colors: [UInt32], idx: [UInt8]
        if var l = local { (colors, idx) = quantize(px, &l) } else { (colors, idx) = quantize(px, &global) }
        // Changed pixels against the canvas; pixels the next frame needs transparent.
        var changed = IntRect.empty, clear = IntRect.empty
        for y in 0..<height {
            var x0 = -1, x1 = -1, c0 = -1, c1 = -1
            for x in 0..<width {
                let i = y * width + x
                if colors[i] != canvas[i] { if x0 < 0 { x0 = x }; x1 = x }
                if let n = next, colors[i] != 0, n[i] >> 24 != 255 { if c0 < 0 { c0 = x }; c1 = x }
            }
            if x0 >= 0 { changed = changed.union(IntRect(x0: x0, y0: y, x1: x1 + 1, y1: y + 1)) }
            if c0 >= 0 { clear = clear.union(IntRect(x0: c0, y0: y, x1: c1 + 1, y1: y + 1)) }
        }
        if changed.isEmpty && clear.isEmpty, let last = images.indices.last, images[last].disposal == 1 {
            images[last].delay += delay // nothing to show: extend
            return
        }
        var r = changed.union(clear)
        if r.isEmpty { r = IntRect(x0: 0, y0: 0, x1: 1, y1: 1) }
        var img = GIFImage(
            x: r.x0, y: r.y0, width: r.width, height: r.height,
            indices: [UInt8](repeating: GIFFile.transparent, count: r.width * r.height),
            localPalette: local.map { $0.colors }, delay: delay, disposal: clear.isEmpty ? 1 : 2)
        for y in r.y0..<r.y1 {
            for x in r.x0..<r.x1 {
                let i = y * width + x
                if colors[i] != canvas[i] { img.indices[(y - r.y0) * r.width + (x - r.x0)] = idx[i] }
                canvas[i] = img.disposal == 2 ? 0 : colors[i]
            }
        }
        if local != nil { localPalettes += 1 }
        images.append(img)
    }
}
