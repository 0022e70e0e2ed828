import LottieRenderModel

/// Evaluates expressions for the scene being built. The renderer installs one for the length of a `scene(at:)`
/// call (`ExpressionScope.$host`); property evaluation asks it for properties that carry an expression (`"x"`).
/// Without one, or when it gives nothing, the property's own value is used, as lottie-ios and lottie-android do.
package protocol ExpressionHost: Sendable {
    /// The numbers of expression `ref` at `frame` (its layer list's time); `base` gives the property's own value at
    /// a time. Nil falls back to `base(frame)`.
    func numbers(_ ref: ExpressionRef, at frame: Double, base: (Double) -> [Double]) -> [Double]?
    /// The path of expression `ref` at `frame`; nil falls back to `base(frame)`.
    func shape(_ ref: ExpressionRef, at frame: Double, base: (Double) -> BezierShape) -> BezierShape?
    /// The source text of expression `ref` at `frame`, `base` being the document's own; nil keeps `base`.
    func text(_ ref: ExpressionRef, at frame: Double, base: String) -> String?
}

/// Where property evaluation finds the expression host of the scene being built.
package enum ExpressionScope {
    /// The host for the current `scene(at:)` call, if expressions are on.
    @TaskLocal package static var host: (any ExpressionHost)?
}
