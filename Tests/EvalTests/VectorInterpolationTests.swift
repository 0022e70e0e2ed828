import Testing

@testable import LottieRenderEval
@testable import LottieRenderModel

/// `Interpolator.value` has an overload for number vectors that reads the keyframes in place; it must give the
/// generic path's values bit for bit (frames are compared byte for byte between versions). Pseudo-random keyframe
/// lists with every kind of span: eased per dimension, with one handle for all, with an out handle only, linear,
/// hold, along a spatial curve, with values of different lengths, and out of time order (spans of no or negative
/// duration, which a file's sorted keyframes never reach but a list built in code can); constants too; under every
/// motion rule.
@Suite struct VectorInterpolationTests {
    /// A small deterministic generator (64-bit LCG), so that a failure repeats.
    struct Numbers {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        mutating func vector(_ n: Int, scale: Double = 100) -> NumberVector {
            NumberVector((0..<n).map { _ in (next() - 0.3) * scale })
        }
    }

    func keyframes(_ r: inout Numbers) -> NumberProperty {
        let count = 1 + Int(r.next() * 5)
        var time = r.next() * 10
        var list: [Keyframe<NumberVector>] = []
        for _ in 0..<count {
            let n = 1 + Int(r.next() * 4), m = r.next() < 0.1 ? 1 + Int(r.next() * 4) : n
            let kind = r.next()
            var out: EasingHandle?, inh: EasingHandle?
            if kind < 0.8 {
                // Per dimension (one to four handles), or one for all; overshooting values too.
                let hn = r.next() < 0.5 ? 1 : 1 + Int(r.next() * 4)
                out = EasingHandle(x: r.vector(hn, scale: 1.2), y: r.vector(hn, scale: 2))
                inh = EasingHandle(x: r.vector(hn, scale: 1.2), y: r.vector(hn, scale: 2))
                if r.next() < 0.3 { inh = EasingHandle(x: [0.8], y: [1]); out = EasingHandle(x: [0.2], y: [0]) }
                if r.next() < 0.1 { inh = nil }
            }
            let spatial = n >= 2 && r.next() < 0.2
            list.append(
                Keyframe(
                    time: time, start: r.vector(n), end: r.vector(m), hold: r.next() < 0.1, outHandle: out,
                    inHandle: inh, spatialOut: spatial ? r.vector(2) : nil, spatialIn: spatial ? r.vector(2) : nil))
            let step = r.next()
            time += step < 0.05 ? 0 : step < 0.1 ? -r.next() * 5 : r.next() * 20
        }
        return .animated(list)
    }

    @Test func theVectorPathGivesTheGenericBits() {
        var r = Numbers(state: 33)
        var motions: [Motion] = []
        for spatial in [SpatialMotion.arcLength, .curveParameter] {
            for first in [false, true] {
                var m = Motion()
                m.spatial = spatial; m.firstDimensionEasing = first; m.linearWhenCollinear = first
                motions.append(m)
            }
        }
        var compared = 0
        for round in 0..<400 {
            let p = round % 50 == 0 ? .constant(r.vector(1 + round % 4)) : keyframes(&r)
            var k: [Keyframe<NumberVector>] = []
            if case .animated(let list) = p { k = list }
            let end = (k.map(\.time).max() ?? 0) + 5
            for motion in motions {
                var t = -2.0
                while t <= end {
                    let fast = Interpolator.value(p, at: t, motion: motion)
                    let generic = Interpolator.genericValue(p, at: t, motion: motion)
                    let same =
                        fast.count == generic.count
                        && zip(fast, generic).allSatisfy { $0.bitPattern == $1.bitPattern }
                    #expect(same, "t = \(t): \(fast.array) ≠ \(generic.array) for \(k)")
                    compared += 1
                    t += 0.37
                }
            }
        }
        #expect(compared > 10_000)
    }
}
