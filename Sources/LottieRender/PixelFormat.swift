import LottieRenderRaster

/// How a frame's pixels are laid out in memory the caller owns (``FrameRenderer/render(frame:into:width:height:bytesPerRow:format:background:)``):
/// 4 bytes a pixel in RGBA or BGRA order, with premultiplied or straight alpha.
public struct PixelFormat: Sendable, Hashable {
    /// The channel order.
    public enum Order: Sendable, Hashable {
        /// Red, green, blue, alpha (as `RGBAImage` and PNG).
        case rgba
        /// Blue, green, red, alpha: Core Graphics' `premultipliedFirst | byteOrder32Little`, Cairo's ARGB32 and
        /// Skia's BGRA_8888 on little-endian machines, Android's and Windows' native surfaces.
        case bgra
    }

    /// The channel order.
    public var order: Order
    /// Colour channels multiplied by alpha (what compositors and GPU textures take), or straight (what image
    /// files hold).
    public var premultiplied: Bool

    /// A format of `order` and alpha.
    public init(order: Order, premultiplied: Bool) {
        self.order = order; self.premultiplied = premultiplied
    }

    /// Straight-alpha RGBA, the bytes of an ``RGBAImage``.
    public static let rgba = PixelFormat(order: .rgba, premultiplied: false)
    /// Premultiplied RGBA.
    public static let rgbaPremultiplied = PixelFormat(order: .rgba, premultiplied: true)
    /// Straight-alpha BGRA.
    public static let bgra = PixelFormat(order: .bgra, premultiplied: false)
    /// Premultiplied BGRA.
    public static let bgraPremultiplied = PixelFormat(order: .bgra, premultiplied: true)

    var exportOrder: PixelExport.Order { order == .rgba ? .rgba : .bgra }
}
