/// A projective map of the plane: (x, y) ↦ ((m0·x + m1·y + m2) / w, (m3·x + m4·y + m5) / w) with
/// w = m6·x + m7·y + m8. Points with w ≤ 0 lie behind the viewer and have no image.
package struct Homography: Sendable, Equatable {
    /// Row-major entries.
    package var m0, m1, m2, m3, m4, m5, m6, m7, m8: Double

    /// Creates a homography from its row-major entries.
    package init(
        _ m0: Double, _ m1: Double, _ m2: Double, _ m3: Double, _ m4: Double, _ m5: Double,
        _ m6: Double, _ m7: Double, _ m8: Double
    ) {
        self.m0 = m0; self.m1 = m1; self.m2 = m2; self.m3 = m3; self.m4 = m4; self.m5 = m5
        self.m6 = m6; self.m7 = m7; self.m8 = m8
    }

    /// The affine map `t` as a homography.
    package init(_ t: Transform) {
        self.init(t.a, t.c, t.tx, t.b, t.d, t.ty, 0, 0, 1)
    }

    /// The identity.
    package static let identity = Homography(1, 0, 0, 0, 1, 0, 0, 0, 1)

    /// `self` applied after `inner`.
    package func concat(_ n: Homography) -> Homography {
        Homography(
            m0 * n.m0 + m1 * n.m3 + m2 * n.m6, m0 * n.m1 + m1 * n.m4 + m2 * n.m7, m0 * n.m2 + m1 * n.m5 + m2 * n.m8,
            m3 * n.m0 + m4 * n.m3 + m5 * n.m6, m3 * n.m1 + m4 * n.m4 + m5 * n.m7, m3 * n.m2 + m4 * n.m5 + m5 * n.m8,
            m6 * n.m0 + m7 * n.m3 + m8 * n.m6, m6 * n.m1 + m7 * n.m4 + m8 * n.m7, m6 * n.m2 + m7 * n.m5 + m8 * n.m8)
    }

    /// The homogeneous weight of `p`'s image: positive in front of the viewer.
    package func weight(_ p: Point) -> Double { m6 * p.x + m7 * p.y + m8 }

    /// The image of `p`, or nil when it lies behind the viewer (weight below `minWeight`).
    package func apply(_ p: Point, minWeight: Double = 1e-9) -> Point? {
        let w = weight(p)
        guard w > minWeight else { return nil }
        return Point((m0 * p.x + m1 * p.y + m2) / w, (m3 * p.x + m4 * p.y + m5) / w)
    }

    /// The inverse map, or nil when singular. It is the exact inverse (not scaled), so for a device point the
    /// weight of its preimage is 1 / (the forward weight): positive exactly when the preimage is in front.
    package func inverted() -> Homography? {
        let c0 = m4 * m8 - m5 * m7, c1 = m5 * m6 - m3 * m8, c2 = m3 * m7 - m4 * m6
        let det = m0 * c0 + m1 * c1 + m2 * c2
        guard det.isFinite, abs(det) > 1e-300 else { return nil }
        let k = 1 / det
        return Homography(
            c0 * k, (m2 * m7 - m1 * m8) * k, (m1 * m5 - m2 * m4) * k,
            c1 * k, (m0 * m8 - m2 * m6) * k, (m2 * m3 - m0 * m5) * k,
            c2 * k, (m1 * m6 - m0 * m7) * k, (m0 * m4 - m1 * m3) * k)
    }

    /// How much the map magnifies near `p`: the larger column norm of its Jacobian there (0 behind the viewer).
    package func localScale(at p: Point) -> Double {
        let w = weight(p)
        guard w > 1e-9, let q = apply(p) else { return 0 }
        // d(x/w)/dx = (m0 − x'·m6) / w, and so on.
        let jxx = (m0 - q.x * m6) / w, jyx = (m3 - q.y * m6) / w
        let jxy = (m1 - q.x * m7) / w, jyy = (m4 - q.y * m7) / w
        return max((jxx * jxx + jyx * jyx).squareRoot(), (jxy * jxy + jyy * jyy).squareRoot())
    }
}
