import LottieModel
import Raster

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Evaluates layer and group transforms (`"ks"`, `"tr"`) at a time.
public enum TransformEval {
    /// Position at `t` (combined or split `"p"`).
    static func position(_ p: PositionProperty, at t: Double) -> Point {
        switch p {
        case .combined(let prop):
            let v = Interpolator.value(prop, at: t)
            return Point(v.first ?? 0, v.count > 1 ? v[1] : 0)
        case .split(let x, let y):
            return Point(Interpolator.scalar(x, at: t), Interpolator.scalar(y, at: t))
        }
    }

    /// The matrix M = T(p)·R(r)·Skew(sk, sa)·S(s)·T(−a), with the rotation of the motion path added when
    /// `autoOrient` is set (`"ao"`).
    public static func matrix(_ tr: LayerTransform, at t: Double, autoOrient: Bool = false) -> Transform {
        let a = Interpolator.value(tr.anchor, at: t)
        let s = Interpolator.value(tr.scale, at: t)
        let p = position(tr.position, at: t)
        var r = Interpolator.scalar(tr.rotation, at: t)
        if autoOrient {
            // Direction of travel: the position a little ahead minus a little behind.
            let ahead = position(tr.position, at: t + 0.01), behind = position(tr.position, at: t - 0.01)
            let d = ahead - behind
            if d.length > 1e-9 { r += atan2(d.y, d.x) * 180 / Double.pi }
        }
        let sk = Interpolator.scalar(tr.skew, at: t)
        let sa = Interpolator.scalar(tr.skewAxis, at: t)
        let ax = a.first ?? 0, ay = a.count > 1 ? a[1] : 0
        let sx = (s.first ?? 100) / 100, sy = (s.count > 1 ? s[1] : (s.first ?? 100)) / 100
        var m = Transform.translation(p.x, p.y)
        if r != 0 { m = m.concat(.rotation(r * Double.pi / 180)) }
        if sk != 0 {
            let axis = sa * Double.pi / 180
            let shear = Transform(a: 1, b: 0, c: -tan(sk * Double.pi / 180), d: 1, tx: 0, ty: 0)
            m = m.concat(.rotation(axis)).concat(shear).concat(.rotation(-axis))
        }
        m = m.concat(.scale(sx, sy))
        if ax != 0 || ay != 0 { m = m.concat(.translation(-ax, -ay)) }
        return m
    }

    /// Opacity 0…1 at `t`.
    public static func opacity(_ tr: LayerTransform, at t: Double) -> Double {
        min(1, max(0, Interpolator.scalar(tr.opacity, at: t, fallback: 100) / 100))
    }
}
