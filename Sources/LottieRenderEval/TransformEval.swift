import LottieRenderModel
import LottieRenderRaster

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Evaluates layer and group transforms (`"ks"`, `"tr"`) at a time.
package enum TransformEval {
    /// Position at `t` (combined or split `"p"`), moving along spatial curves by `spatial`.
    static func position(_ p: PositionProperty, at t: Double, motion: Motion = .standard) -> Point {
        switch p {
        case .combined(let prop):
            let v = Interpolator.value(prop, at: t, motion: motion)
            return Point(v.component(0), v.component(1))
        case .split(let x, let y):
            return Point(Interpolator.scalar(x, at: t), Interpolator.scalar(y, at: t))
        }
    }

    /// The matrix M = T(p)·R(r)·Skew(sk, sa)·S(s)·T(−a), with the rotation of the motion path added when
    /// `autoOrient` is set (`"ao"`).
    package static func matrix(
        _ tr: LayerTransform, at t: Double, autoOrient: Bool = false, motion: Motion = .standard
    ) -> Transform {
        let a = Interpolator.value(tr.anchor, at: t, motion: motion)
        let s = Interpolator.value(tr.scale, at: t, motion: motion)
        let p = position(tr.position, at: t, motion: motion)
        var r = Interpolator.scalar(tr.rotation, at: t)
        if autoOrient, !motion.orientBetweenKeysOnly || TransformEval.betweenKeys(tr.position, t) {
            // Direction of travel: the position a little ahead minus a little behind.
            let ahead = position(tr.position, at: t + 0.01, motion: motion)
            let behind = position(tr.position, at: t - 0.01, motion: motion)
            let d = ahead - behind
            if d.length > 1e-9 { r += atan2(d.y, d.x) * 180 / Double.pi }
        }
        let sk = Interpolator.scalar(tr.skew, at: t)
        let sa = Interpolator.scalar(tr.skewAxis, at: t)
        if tr.threeD != nil {
            // 3-D layers, projected orthographically onto the comp plane (no camera: what the players draw
            // without perspective).
            let r3 = rotation3(tr, at: t, z: r)
            let rot = Transform(a: r3.m[0], b: r3.m[3], c: r3.m[1], d: r3.m[4], tx: 0, ty: 0)
            return compose(anchor: a, position: p, scale: s, rotation: rot, skew: sk, skewAxis: sa)
        }
        return compose(
            anchor: a, position: p, scale: s, rotation: rotation(degrees: r), skew: sk, skewAxis: sa)
    }

    /// Whether `t` lies strictly between the first and last keyframes of a combined, animated position.
    static func betweenKeys(_ p: PositionProperty, _ t: Double) -> Bool {
        guard case .combined(.animated(let k)) = p, let first = k.first, let last = k.last else { return false }
        return t > first.time && t < last.time
    }

    /// A rotation by `r` degrees (clockwise on screen); no trigonometry for the common 0.
    package static func rotation(degrees r: Double) -> Transform { r == 0 ? .identity : .rotation(r * Double.pi / 180) }

    /// A 2-D layer or group matrix from its values: translate to the position, rotate (degrees, clockwise on
    /// screen), skew along the skew axis, scale (percent), then move the anchor point to the origin.
    package static func compose(
        anchor a: NumberVector, position p: Point, scale s: NumberVector, rotation: Transform, skew sk: Double,
        skewAxis sa: Double
    ) -> Transform {
        let ax = a.component(0), ay = a.component(1)
        let sx = s.component(0, or: 100) / 100, sy = s.component(1, or: s.component(0, or: 100)) / 100
        var m = Transform.translation(p.x, p.y)
        if rotation != .identity { m = m.concat(rotation) }
        if sk != 0 {
            let axis = sa * Double.pi / 180
            let shear = Transform(a: 1, b: 0, c: -tan(sk * Double.pi / 180), d: 1, tx: 0, ty: 0)
            m = m.concat(.rotation(axis)).concat(shear).concat(.rotation(-axis))
        }
        m = m.concat(.scale(sx, sy))
        if ax != 0 || ay != 0 { m = m.concat(.translation(-ax, -ay)) }
        return m
    }

    /// Position with its z (`"p"` with three values, or split `"p.x"`, `"p.y"`, `"p.z"`).
    static func position3(
        _ tr: LayerTransform, at t: Double, motion: Motion = .standard
    ) -> (Double, Double, Double) {
        switch tr.position {
        case .combined(let prop):
            let v = Interpolator.value(prop, at: t, motion: motion)
            return (v.component(0), v.component(1), v.component(2))
        case .split(let x, let y):
            return (
                Interpolator.scalar(x, at: t), Interpolator.scalar(y, at: t),
                tr.positionZ.map { Interpolator.scalar($0, at: t) } ?? 0
            )
        }
    }

    /// A 3-D layer's rotation: orientation (`"or"`), then X, Y and Z rotation (`"rx"`, `"ry"`, `"rz"`). `z`, in
    /// degrees, replaces the Z rotation (for auto-orient).
    static func rotation3(_ tr: LayerTransform, at t: Double, z: Double? = nil) -> Matrix3 {
        let rad = Double.pi / 180
        let r = z ?? Interpolator.scalar(tr.rotation, at: t)
        guard let t3 = tr.threeD else { return .rotZ(r * rad) }
        let o = Interpolator.value(t3.orientation, at: t)
        let rx = Interpolator.scalar(t3.rotationX, at: t), ry = Interpolator.scalar(t3.rotationY, at: t)
        return Matrix3.identity.times(.rotX(o.component(0) * rad)).times(.rotY(o.component(1) * rad))
            .times(.rotZ(o.component(2) * rad))
            .times(.rotX(rx * rad)).times(.rotY(ry * rad)).times(.rotZ(r * rad))
    }

    /// The full 3-D matrix of a layer seen by a camera: T(p)·R·S(s)·T(−a) with z parts of position, anchor and
    /// scale. A 2-D layer (`"ddd": 0`) in a 3-D parent chain acts on x and y only.
    static func matrix4(
        _ tr: LayerTransform, is3D: Bool, at t: Double, autoOrient: Bool, motion: Motion = .standard
    ) -> Matrix4 {
        guard is3D else { return Matrix4(affine: matrix(tr, at: t, autoOrient: autoOrient, motion: motion)) }
        let a = Interpolator.value(tr.anchor, at: t)
        let s = Interpolator.value(tr.scale, at: t)
        let p = position3(tr, at: t, motion: motion)
        let sx = s.component(0, or: 100) / 100, sy = s.component(1, or: s.component(0, or: 100)) / 100
        let sz = s.component(2, or: 100) / 100
        return Matrix4.translation(p.0, p.1, p.2).times(Matrix4(rotation: rotation3(tr, at: t)))
            .times(.scale(sx, sy, sz))
            .times(.translation(-a.component(0), -a.component(1), -a.component(2)))
    }

    /// Opacity 0…1 at `t`.
    package static func opacity(_ tr: LayerTransform, at t: Double) -> Double {
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
