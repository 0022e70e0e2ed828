import LottieRenderModel
import LottieRenderRaster

/// An effect's parameter values at one time (`"ef"[]."ef"[]."v"`); a parameter the file leaves out takes the default
/// given.
struct EffectValues {
    let time: Double

    /// All components of parameter `p` (empty when absent).
    func values(_ p: NumberProperty?) -> NumberVector { p.map { Interpolator.value($0, at: time) } ?? [] }

    /// The first component of parameter `p`, or `d`.
    func number(_ p: NumberProperty?, _ d: Double) -> Double { values(p).first ?? d }

    /// A parameter read by name (pro levels, hue/saturation): its first component, or `d`.
    func scalar(_ p: NumberProperty?, _ d: Double) -> Double {
        p.map { Interpolator.scalar($0, at: time, fallback: d) } ?? d
    }

    /// A layer or mask index parameter as an integer, or `d`; values no integer can hold become −1 (no choice).
    func int(_ p: NumberProperty?, _ d: Int) -> Int {
        let x = number(p, Double(d))
        return x.isFinite && abs(x) < 1e9 ? Int(x) : -1
    }

    /// A colour parameter's first three components.
    func color(_ p: NumberProperty?) -> Color {
        let a = values(p)
        return Color(r: a.component(0), g: a.component(1), b: a.component(2))
    }
}
