import LottieRenderModel
import LottieRenderRaster

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A 4×4 matrix acting on column vectors (x, y, z, 1), row major. After Effects' 3-D space: x right, y down,
/// z away from the viewer.
struct Matrix4: Equatable {
    var m: [Double]
    static let identity = Matrix4(m: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
    static func translation(_ x: Double, _ y: Double, _ z: Double) -> Matrix4 {
        Matrix4(m: [1, 0, 0, x, 0, 1, 0, y, 0, 0, 1, z, 0, 0, 0, 1])
    }
    static func scale(_ x: Double, _ y: Double, _ z: Double) -> Matrix4 {
        Matrix4(m: [x, 0, 0, 0, 0, y, 0, 0, 0, 0, z, 0, 0, 0, 0, 1])
    }
    /// The rotation part `r` (3×3).
    init(rotation r: Matrix3) {
        m = [r.m[0], r.m[1], r.m[2], 0, r.m[3], r.m[4], r.m[5], 0, r.m[6], r.m[7], r.m[8], 0, 0, 0, 0, 1]
    }
    init(m: [Double]) { self.m = m }
    /// A 2-D affine map acting on x and y, leaving z alone.
    init(affine t: Transform) {
        m = [t.a, t.c, 0, t.tx, t.b, t.d, 0, t.ty, 0, 0, 1, 0, 0, 0, 0, 1]
    }

    /// `self` applied after `o`.
    func times(_ o: Matrix4) -> Matrix4 {
        var r = [Double](repeating: 0, count: 16)
        for i in 0..<4 {
            for j in 0..<4 {
                var s = 0.0
                for k in 0..<4 { s += m[i * 4 + k] * o.m[k * 4 + j] }
                r[i * 4 + j] = s
            }
        }
        return Matrix4(m: r)
    }

    /// The inverse of a matrix whose last row is (0, 0, 0, 1), or nil when singular.
    func affineInverse() -> Matrix4? {
        let a = m[0], b = m[1], c = m[2], d = m[4], e = m[5], f = m[6], g = m[8], h = m[9], i = m[10]
        let A = e * i - f * h, B = f * g - d * i, C = d * h - e * g
        let det = a * A + b * B + c * C
        guard det.isFinite, abs(det) > 1e-300 else { return nil }
        let k = 1 / det
        let r = [
            A * k, (c * h - b * i) * k, (b * f - c * e) * k,
            B * k, (a * i - c * g) * k, (c * d - a * f) * k,
            C * k, (b * g - a * h) * k, (a * e - b * d) * k,
        ]
        let tx = m[3], ty = m[7], tz = m[11]
        return Matrix4(m: [
            r[0], r[1], r[2], -(r[0] * tx + r[1] * ty + r[2] * tz),
            r[3], r[4], r[5], -(r[3] * tx + r[4] * ty + r[5] * tz),
            r[6], r[7], r[8], -(r[6] * tx + r[7] * ty + r[8] * tz),
            0, 0, 0, 1,
        ])
    }
}

/// The active camera of a composition at one time (`"ty": 13`): where it is, where it looks, and its zoom.
struct CameraView {
    /// World (composition 3-D space) to camera space: the camera at the origin looking along +z, y down.
    var view: Matrix4
    /// Zoom (`"pe"`): a plane this far in front of the camera is shown at 100 %.
    var zoom: Double
    /// Centre of the composition, where the camera's axis meets the picture.
    var centerX: Double, centerY: Double

    /// The camera's own matrix (`"ks"`): position, the turn towards the point of interest (`"ks.a"`) of a
    /// two-node camera, orientation and rotations. No scale and no anchor: a camera's anchor is its point of interest.
    static func local(_ tr: LayerTransform, pointOfInterest poi: NumberProperty?, at t: Double) -> Matrix4 {
        let p = TransformEval.position3(tr, at: t)
        var m = Matrix4.translation(p.0, p.1, p.2)
        if let poi {
            let a = Interpolator.value(poi, at: t)
            let dx = a.component(0) - p.0, dy = a.component(1) - p.1, dz = a.component(2) - p.2
            if dx * dx + dy * dy + dz * dz > 1e-18 {
                // Turn the camera's +z onto the direction of the point of interest, keeping it upright (no roll):
                // a turn about y (yaw), then about x (pitch).
                let yaw = atan2(dx, dz), pitch = atan2(-dy, (dx * dx + dz * dz).squareRoot())
                m = m.times(Matrix4(rotation: Matrix3.rotY(yaw).times(.rotX(pitch))))
            }
        }
        return m.times(Matrix4(rotation: TransformEval.rotation3(tr, at: t)))
    }

    /// The homography taking a layer's plane (its local x, y at z = 0, placed in the world by `world`) to the
    /// composition's picture: x' = zoom·x꜀/z꜀ + cx, y' = zoom·y꜀/z꜀ + cy in camera coordinates.
    func homography(layer world: Matrix4) -> Homography {
        let c = view.times(world).m
        // Projection rows (zoom, 0, cx, 0), (0, zoom, cy, 0), (0, 0, 1, 0) on camera space; the plane's columns are
        // x, y and 1 (indices 0, 1, 3 of each row).
        let (z0, z1, z3) = (c[8], c[9], c[11])
        return Homography(
            zoom * c[0] + centerX * z0, zoom * c[1] + centerX * z1, zoom * c[3] + centerX * z3,
            zoom * c[4] + centerY * z0, zoom * c[5] + centerY * z1, zoom * c[7] + centerY * z3,
            z0, z1, z3)
    }
}
