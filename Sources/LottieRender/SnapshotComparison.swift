import LottieRenderRaster
import LottieRenderSnapshot

/// Compares a rendered frame with a stored baseline the way `lottie-render check` does: perceptually (OKLab ΔE,
/// composited over black and over white so alpha changes count), forgiving sub-pixel anti-aliasing shifts.
public struct SnapshotComparison: Sendable {
    /// Colour difference (OKLab ΔE) below which two pixels count as equal; 0.02 is about one just-noticeable
    /// difference.
    public var threshold: Double = 0.02
    /// Forgive pixels on edges whose colours lie within each other's 3×3 neighbourhood (an edge moved < 1 px).
    public var forgiveAntiAliasing = true
    /// Differing pixels a frame may have and still pass.
    public var maxDifferingPixels = 0

    /// The defaults of `check`: threshold 0.02, anti-aliasing forgiven, no differing pixel allowed.
    public init() {}

    /// What a comparison found.
    public struct Result: Sendable, Equatable {
        /// Pixels that differ by more than the threshold (anti-aliasing not counted when forgiven).
        public var differingPixels: Int
        /// Pixels forgiven as anti-aliasing.
        public var antiAliasedPixels: Int
        /// The largest colour difference found.
        public var maxDelta: Double
        /// True when the sizes match and at most `maxDifferingPixels` pixels differ.
        public var passed: Bool
        /// A picture of the differences (changed pixels red, forgiven ones amber, over a faded baseline); nil when
        /// nothing differs or the sizes differ.
        public var diffImage: RGBAImage?
    }

    /// Compares `actual` with `baseline`. Images of different sizes fail with every pixel counted.
    public func compare(baseline: RGBAImage, actual: RGBAImage) -> Result {
        let base = baseline.pixmap, act = actual.pixmap
        guard
            let c = ImageDiff.compare(
                base, act,
                options: DiffOptions(
                    threshold: threshold,
                    antiAliasing: forgiveAntiAliasing))
        else {
            return Result(
                differingPixels: max(base.pixels.count, act.pixels.count), antiAliasedPixels: 0,
                maxDelta: .infinity, passed: false, diffImage: nil)
        }
        let diff =
            c.differing > 0 || c.antiAliased > 0 ? RGBAImage(ImageDiff.diffImage(baseline: base, comparison: c)) : nil
        return Result(
            differingPixels: c.differing, antiAliasedPixels: c.antiAliased, maxDelta: c.maxDelta,
            passed: c.differing <= maxDifferingPixels, diffImage: diff)
    }
}
