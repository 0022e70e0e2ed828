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
        if let t3 = tr.threeD {
            // 3-D layers: orientation, then X, Y and Z rotation, projected orthographically onto the comp plane
            // (no camera: what the players draw without perspective).
            let o = Interpolator.value(t3.orientation, at: t)
            let rx = Interpolator.scalar(t3.rotationX, at: t), ry = Interpolator.scalar(t3.rotationY, at: t)
            var r3 = Matrix3.identity
            r3 = r3.times(.rotX((o.first ?? 0) * Double.pi / 180)).times(.rotY((o.count > 1 ? o[1] : 0) * Double.pi / 180))
                .times(.rotZ((o.count > 2 ? o[2] : 0) * Double.pi / 180))
            r3 = r3.times(.rotX(rx * Double.pi / 180)).times(.rotY(ry * Double.pi / 180)).times(.rotZ(r * Double.pi / 180))
            m = m.concat(Transform(a: r3.m[0], b: r3.m[3], c: r3.m[1], d: r3.m[4], tx: 0, ty: 0))
        } else if r != 0 { m = m.concat(.rotation(r * Double.pi / 180)) }
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

/// A 3×3 rotation matrix, row major.
struct Matrix3 {
    var m: [Double]
    static let identity = Matrix3(m: [1, 0, 0, 0, 1, 0, 0, 0, 1])
    static func rotX(_ a: Double) -> Matrix3 { Matrix3(m: [1, 0, 0, 0, cos(a), -sin(a), 0, sin(a), cos(a)]) }
    static func rotY(_ a: Double) -> Matrix3 { Matrix3(m: [cos(a), 0, sin(a), 0, 1, 0, -sin(a), 0, cos(a)]) }
    static func rotZ(_ a: Double) -> Matrix3 { Matrix3(m: [cos(a), -sin(a), 0, sin(a), cos(a), 0, 0, 0, 1]) }
    func times(_ o: Matrix3) -> Matrix3 {
        var r = [Double](repeating: 0, count: 9)
        for i in 0..<3 { for j in 0..<3 { for k in 0..<3 { r[i * 3 + j] += m[i * 3 + k] * o.m[k * 3 + j] } } }
        return Matrix3(m: r)
    }
}
