import LottieRenderModel
import LottieRenderRaster

/// A layer effect's parameter values at one time (`"ef"[]."ef"[]."v"`), read by position or by name.
struct EffectValues {
    let effect: LayerEffect
    let time: Double

    /// All components of parameter `i` (empty when the effect has fewer parameters).
    func values(_ i: Int) -> [Double] {
        i >= 0 && i < effect.params.count ? Interpolator.value(effect.params[i], at: time) : []
    }

    /// The first component of parameter `i`, or `d`.
    func number(_ i: Int, _ d: Double) -> Double { values(i).first ?? d }

    /// A menu or layer parameter as an integer, or `d`; values no integer can hold become −1 (no choice).
    func int(_ i: Int, _ d: Int) -> Int {
        let x = number(i, Double(d))
        return x.isFinite && abs(x) < 1e9 ? Int(x) : -1
    }

    /// A colour parameter's first three components.
    func color(_ i: Int) -> Color {
        let a = values(i)
        return Color(r: a.first ?? 0, g: a.count > 1 ? a[1] : 0, b: a.count > 2 ? a[2] : 0)
    }

    /// The parameter named `name`, for effects whose parameter order differs between exporters, or `d`.
    func named(_ name: String, _ d: Double) -> Double {
        effect.param(named: name).map { Interpolator.scalar($0, at: time, fallback: d) } ?? d
    }
}
