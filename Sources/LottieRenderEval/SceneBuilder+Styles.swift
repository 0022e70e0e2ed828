import LottieRenderModel
import LottieRenderRaster

extension SceneBuilder {
    /// Layer styles at `t` (`"sy"`), after the effects: the drop shadow (`"ty": 1`) as a drop shadow effect. Its angle
    /// puts the shadow to the left at 0° and below at 90° (270° − angle clockwise from up, as Skottie's ShadowStyles
    /// places it); its size blurs as 1.5 units of the effect's softness (σ = 0.45 × size), which matches lottie-ios's
    /// own snapshots of issue_1169_shadow_style (MAE 0.10; lottie-ios maps the size to a Core Animation shadow
    /// radius of size / 2, a ratio it fitted to After Effects). Choke and the style's blend mode are not applied.
    static func styles(_ list: [LayerStyle], at t: Double, scale k: Double) -> [SceneEffect] {
        list.compactMap { s in
            guard s.type == .dropShadow else { return nil }
            let c = Interpolator.value(s.color, at: t)
            let color = Color(r: c.component(0), g: c.component(1), b: c.component(2))
            return .dropShadow(
                color: color, opacity: min(1, max(0, Interpolator.scalar(s.opacity, at: t, fallback: 75) / 100)),
                direction: 270 - Interpolator.scalar(s.angle, at: t),
                distance: Interpolator.scalar(s.distance, at: t) * k,
                softness: Interpolator.scalar(s.size, at: t) * 1.5 * k, shadowOnly: false)
        }
    }
}
