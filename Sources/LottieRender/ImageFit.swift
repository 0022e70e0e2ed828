import LottieRenderRaster

/// How an image's pixels fill the box its asset declares (`"assets[].w"` × `"assets[].h"`) when the two sizes
/// differ, as they do when images are swapped after export (a server sending new pictures, `@2x` files).
///
/// The players disagree: lottie-ios (`contentsGravity = .resize`) and lottie-android (`resizeBitmapIfNeeded`)
/// stretch the image to the box; lottie-web fits it by its `imagePreserveAspectRatio` setting, by default
/// `"xMidYMid slice"` (cover). ThorVG fits it inside the box from the top-left corner.
public enum ImageFit: String, Sendable, CaseIterable {
    /// Scaled to fill the box exactly, aspect ratio ignored, as lottie-ios and lottie-android draw it (default).
    case stretch
    /// Scaled uniformly to cover the box, centred and cropped to it, as lottie-web draws it by default.
    case cover
    /// Scaled uniformly to fit inside the box, centred (lottie-web's `"xMidYMid meet"`).
    case contain
    /// Drawn at its own pixel size from the layer's origin, not cropped: the asset's size is ignored.
    case none
    /// Scaled uniformly to fit inside the box from its top-left corner, as ThorVG (the dotLottie players) draws it:
    /// `tvg::Picture::size` keeps the aspect ratio.
    case containTopLeft = "contain-top-left"

    /// The image-to-layer transform and the layer-space rectangle to draw, for an image of `iw`×`ih` pixels in a
    /// box of `bw`×`bh`. A box that is missing or empty (size 0, as some exporters write) falls back to `.none`.
    package func placement(
        imageWidth iw: Double, imageHeight ih: Double,
        boxWidth bw: Double, boxHeight bh: Double
    ) -> (transform: Transform, rect: Rect) {
        let natural = (Transform.identity, Rect(minX: 0, minY: 0, maxX: iw, maxY: ih))
        guard iw > 0, ih > 0, bw > 0, bh > 0, bw.isFinite, bh.isFinite, bw != iw || bh != ih else { return natural }
        let box = Rect(minX: 0, minY: 0, maxX: bw, maxY: bh)
        switch self {
        case .none:
            return natural
        case .stretch:
            return (.scale(bw / iw, bh / ih), box)
        case .cover, .contain, .containTopLeft:
            let s = self == .cover ? max(bw / iw, bh / ih) : min(bw / iw, bh / ih)
            let w = iw * s, h = ih * s
            let x = self == .containTopLeft ? 0 : (bw - w) / 2, y = self == .containTopLeft ? 0 : (bh - h) / 2
            let placed = Rect(minX: x, minY: y, maxX: x + w, maxY: y + h)
            return (Transform.translation(x, y).concat(.scale(s, s)), self == .cover ? box : placed)
        }
    }
}
