/// A premultiplied RGBA8 image. Each pixel is a `UInt32` with red in the lowest byte, so the bytes in
/// memory read R, G, B, A.
package struct Pixmap: Sendable, Equatable {
    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int
    /// Row-major premultiplied pixels.
    package var pixels: [UInt32]

    /// A transparent image.
    package init(width: Int, height: Int) {
        self.width = max(0, width); self.height = max(0, height)
        pixels = [UInt32](repeating: 0, count: self.width * self.height)
    }

    /// An image whose pixels are left as the allocator gives them, for a caller that writes every pixel before
    /// reading any (a frame whose first fill covers it, `SceneRenderer.coversFrame`).
    package init(uninitializedWidth width: Int, height: Int) {
        self.width = max(0, width); self.height = max(0, height)
        let n = self.width * self.height
        pixels = [UInt32](unsafeUninitializedCapacity: n) { _, count in count = n }
    }

    /// An image from premultiplied pixels.
    package init(width: Int, height: Int, pixels: [UInt32]) {
        self.width = width; self.height = height; self.pixels = pixels
    }

    /// Clears to transparent.
    package mutating func clear() {
        pixels.withUnsafeMutableBufferPointer { b in
            if let p = b.baseAddress { p.update(repeating: 0, count: b.count) }
        }
    }

    /// Fills every pixel with a premultiplied colour.
    package mutating func fill(_ c: UInt32) {
        pixels.withUnsafeMutableBufferPointer { b in
            if let p = b.baseAddress { Blend.store(p, c, b.count) }
        }
    }

    /// The pixel at (x, y).
    package func pixel(_ x: Int, _ y: Int) -> UInt32 { pixels[y * width + x] }

    /// Straight-alpha RGBA bytes (rgb = round(c·255/a)), as image files store them.
    /// Every byte is written by the export, so the array is not cleared first (a frame's worth of stores per
    /// encoded frame).
    package func straightRGBA() -> [UInt8] {
        let count = width * height * 4
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            if let base = buffer.baseAddress, count > 0 {
                PixelExport.write(
                    self, into: UnsafeMutableRawPointer(base), bytesPerRow: width * 4, order: .rgba,
                    premultiplied: false)
            }
            initialized = count
        }
    }

    /// An image from straight-alpha RGBA bytes.
    package static func fromStraightRGBA(width: Int, height: Int, bytes: [UInt8]) -> Pixmap {
        Pixmap(
            width: width, height: height,
            pixels: PixelExport.premultiplied(fromStraightRGBA: bytes, count: max(0, width) * max(0, height)))
    }
}

/// A colour with straight alpha, components in 0…1. A `public` type (its members `package`) so that making one
/// inlines (docs/architecture.md).
public struct Color: Sendable, Equatable {
    /// Red, green, blue, alpha.
    @usableFromInline package var r, g, b, a: Double
    /// Creates a colour.
    @inlinable package init(r: Double, g: Double, b: Double, a: Double = 1) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }
    /// The premultiplied RGBA8 pixel, with `opacity` applied to alpha.
    package func premultiplied(opacity: Double = 1) -> UInt32 {
        func c(_ v: Double) -> Double { min(1, max(0, v.isNaN ? 0 : v)) }
        // `rounded()` is a call into libm for each channel (x86-64's baseline has no rounding instruction): about 190
        // instructions a paint. The channels lie in 0…255, where truncating and comparing the fraction with ½ is the
        // same rounding, half away from zero, bit for bit.
        func roundHalfUp(_ x: Double) -> UInt32 {
            let t = UInt32(x) // 0 ≤ x ≤ 255: truncation
            return x - Double(t) >= 0.5 ? t &+ 1 : t
        }
        let al = c(a) * c(opacity)
        let A = roundHalfUp(al * 255)
        let R = roundHalfUp(c(r) * al * 255), G = roundHalfUp(c(g) * al * 255)
        let B = roundHalfUp(c(b) * al * 255)
        return min(R, A) | min(G, A) << 8 | min(B, A) << 16 | A << 24
    }
}
