/// A gradient colour stop, straight alpha.
package struct GradientStop: Sendable, Equatable {
    /// Position along the gradient, 0…1.
    package var offset: Double
    /// Colour at that position.
    package var color: Color
    /// Creates a stop.
    package init(offset: Double, color: Color) { self.offset = offset; self.color = color }
}

/// What a fill paints with.
package enum Paint: Sendable {
    /// One colour.
    case solid(Color)
    /// A linear gradient from `start` to `end` (device coordinates after `transform`).
    case linear(stops: [GradientStop], start: Point, end: Point, transform: Transform)
    /// A radial gradient around `center` with `radius`, focal point `focal`.
    case radial(stops: [GradientStop], center: Point, radius: Double, focal: Point, transform: Transform)
    /// An image placed by `transform` (image pixels to device), its pixels sampled by `sampling`.
    case image(Pixmap, transform: Transform, sampling: ImageSampling = .bilinear)
}

/// How an image's pixels are sampled where it is drawn: the renderers whose output the players show each have
/// their own filter, and a photo drawn smaller or larger than its size shows it pixel by pixel.
package enum ImageSampling: Sendable, Equatable {
    /// Bilinear at pixel centres; a caller drawing an image at half its size or less samples a halved level
    /// (``Mipmap``), as Skia and browsers do.
    case bilinear
    /// Bilinear, with steeper weights between neighbouring pixels where the image is magnified, as Core Graphics
    /// draws images (``Blend/sharpWeights``).
    case coreGraphics
    /// rlottie's (vdrawhelper.cpp): under a translation only, pixels copied at the translation truncated to whole
    /// pixels (`blend_image`); otherwise the nearest pixel, found by truncating the image position of the device
    /// pixel's corner (x + 1, y) and clamping it to the image (`blend_image_xform`). No filtering, no mip levels.
    case rlottie
    /// ThorVG's software engine (tvgSwImage.cpp `imagePrepare`, tvgSwRaster.cpp, tvgSwRasterTexmap.h): under a
    /// translation only, pixels copied at the rounded translation; scaled without rotation, bilinear at the image
    /// position of the pixel's corner less 0.49, or, when scaled below one half alike in x and y, the mean of a
    /// 2n × 2n block (n = ⌊0.5 / scale⌋) around it; rotated or skewed, bilinear at the image position of
    /// (x + 1, y + 1).
    case thorvg

    /// True when an image drawn at half its size or less should be sampled from a halved level (``Mipmap``):
    /// the two filters that smooth; rlottie's and ThorVG's read the image itself.
    package var usesMipmaps: Bool { self == .bilinear || self == .coreGraphics }
}

/// A paint resolved for drawing: a premultiplied colour, or a shader with its lookup tables. Made in place and
/// checked with ``paints`` rather than by a failable initialiser: an optional of this size was built, copied into the
/// optional and destroyed for every fill and stroke through its generic value witnesses (about 250 instructions a
/// draw, lottiefiles_unnamed 1.5 % of its drawing; session 45).
struct PreparedPaint {
    enum Kind { case solid, linear, radial, image }
    var kind: Kind
    /// False when it paints nothing: a transparent colour, an image at opacity 0, a shader whose placement has no
    /// inverse or an empty image.
    var paints = true
    var color: UInt32 = 0
    var lut: [UInt32] = []
    /// Gradients: every colour of `lut` is opaque, so full coverage stores it as it is.
    var lutOpaque = false
    /// Inverse transform: device → paint space.
    var inverse = Transform.identity
    // Linear: t = dot(p - start, dir)
    var start = Point.zero, dir = Point.zero
    // Radial (two-point conical with the focal inside the circle).
    var center = Point.zero, focal = Point.zero, radius = 1.0
    var image: Pixmap? = nil
    /// Images: how their pixels are sampled.
    var sampling = ImageSampling.bilinear
    /// Images: the transform from image pixels to the device (the inverse of `inverse`).
    var forward = Transform.identity

    /// A colour, premultiplied (`paints` when it is not transparent).
    private init(color: UInt32) {
        kind = .solid
        self.color = color
        paints = color != 0
    }

    /// `paint` at `opacity`, its gradient table from `tables` (made there when not kept).
    static func make(_ paint: borrowing Paint, opacity: Double, tables: inout GradientTables) -> PreparedPaint {
        // A colour is made where it is returned; made by the general initialiser, the whole value was built, then
        // copied out and destroyed (about 130 instructions a fill).
        switch paint {
        case .solid(let c): return PreparedPaint(color: c.premultiplied(opacity: min(1, max(0, opacity))))
        default: return PreparedPaint(paint, opacity: opacity, tables: &tables)
        }
    }

    /// `paint` at `opacity`, its gradient table from `tables` (made there when not kept); ``make(_:opacity:tables:)``
    /// is the way in (and makes a colour itself).
    private init(_ paint: borrowing Paint, opacity: Double, tables: inout GradientTables) {
        let op = min(1, max(0, opacity))
        switch paint {
        case .solid(let c): self = PreparedPaint(color: c.premultiplied(opacity: op))
        case .linear(let stops, let s, let e, let t):
            kind = .linear
            guard let inv = t.inverted() else { paints = false; return }
            inverse = inv
            (lut, lutOpaque) = tables.table(stops, opacity: op)
            start = s
            let d = e - s
            let len2 = d.dot(d)
            dir = len2 > 1e-12 ? d * (1 / len2) : .zero
        case .radial(let stops, let c, let r, let f, let t):
            kind = .radial
            guard let inv = t.inverted() else { paints = false; return }
            inverse = inv
            (lut, lutOpaque) = tables.table(stops, opacity: op)
            center = c; radius = max(r, 1e-6)
            // Keep the focal point strictly inside the circle.
            var fd = f - c
            let fl = fd.length
            if fl > radius * 0.99 { fd = fd * (radius * 0.99 / fl) }
            focal = c + fd
        case .image(let img, let t, let how):
            kind = .image
            sampling = how
            guard let inv = t.inverted(), img.width > 0, img.height > 0 else { paints = false; return }
            inverse = inv
            forward = t
            image = img
            color = UInt32((op * 256).rounded()) // opacity as 0…256 for the image path
            paints = color != 0
        }
    }

    /// 256 premultiplied colours sampled along the stops.
    static func makeLUT(_ stops: [GradientStop], opacity: Double) -> [UInt32] {
        guard !stops.isEmpty else { return [UInt32](repeating: 0, count: 256) }
        return GradientStop.samples(stops).map { $0.premultiplied(opacity: opacity) }
    }
}

extension GradientStop {
    /// The colours at 256 evenly spaced offsets 0…1 along `stops` (sorted by offset): the first or last stop's
    /// outside them, else interpolated between the stops around the offset, straight, or with the colour weighted
    /// by alpha (`premultiplied`: a stop fading to transparent keeps the other stop's colour).
    package static func samples(_ stops: [GradientStop], premultiplied: Bool = false) -> [Color] {
        guard let first = stops.first, let last = stops.last else { return [] }
        var out: [Color] = []
        out.reserveCapacity(256)
        var j = 0
        for i in 0..<256 {
            let t = Double(i) / 255
            if t <= first.offset { out.append(first.color); continue }
            if t >= last.offset { out.append(last.color); continue }
            while j + 1 < stops.count && stops[j + 1].offset < t { j += 1 }
            let a = stops[j], b = stops[min(j + 1, stops.count - 1)]
            let span = b.offset - a.offset
            let u = span > 1e-9 ? (t - a.offset) / span : 0
            let alpha = a.color.a + (b.color.a - a.color.a) * u
            func mix(_ x: Double, _ y: Double) -> Double {
                guard premultiplied else { return x + (y - x) * u }
                return alpha > 1e-9 ? min(max((x * a.color.a + (y * b.color.a - x * a.color.a) * u) / alpha, 0), 1) : x
            }
            out.append(
                Color(
                    r: mix(a.color.r, b.color.r), g: mix(a.color.g, b.color.g), b: mix(a.color.b, b.color.b), a: alpha))
        }
        return out
    }
}
