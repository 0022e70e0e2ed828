/// The box passes of the blur (Effects.swift): one pass of a running sum along a line or down a strip of columns,
/// four channels of a pixel in one SIMD4.
///
/// Hot loop file. Where the window reaches past the ends the line is walked in stretches where that is settled
/// (session 26), and rounding down is a type parameter, so the pass loops carry no test per pixel: the blur and
/// shadow work of ph_onboarding's drawing (30 frames at 360×640, callgrind) went from 630 to about 460 M
/// instructions, its whole drawing 3 210 → 3 041 M, the same values to the bit.
extension Effects {
    /// One box pass of width `size` (odd) along a line of `n` values `stride` apart, four channels at once; outside
    /// is zero, or with `repeat` the end values. With `truncating`, each result is rounded down to a whole value.
    @inline(__always) package static func boxLine(
        _ p: UnsafeMutablePointer<SIMD4<Float>>, _ stride: Int, _ n: Int, _ size: Int,
        _ tmp: UnsafeMutablePointer<SIMD4<Float>>, _ repeat: Bool = false, _ truncating: Bool = false
    ) {
        let half = size / 2
        let inv = SIMD4<Float>(repeating: 1 / Float(size))
        @inline(__always) func put(_ i: Int, _ v: SIMD4<Float>) { p[i &* stride] = clampBox(v, truncating) }
        for i in 0..<n { tmp[i] = p[i &* stride] }
        if `repeat` {
            // Running sum over the window [i - half, i + half] with indices clamped to the line.
            @inline(__always) func at(_ k: Int) -> SIMD4<Float> { tmp[min(n - 1, max(0, k))] }
            var sum = SIMD4<Float>.zero
            for k in -half...half { sum += at(k) }
            for i in 0..<n {
                if i > 0 { sum += at(i + half) - at(i - half - 1) }
                put(i, sum * inv)
            }
            return
        }
        if truncating {
            boxLineZero(p, stride, n, half, inv, tmp, RoundedDown.self)
        } else {
            boxLineZero(p, stride, n, half, inv, tmp, Unrounded.self)
        }
    }

    /// ``boxLine(_:_:_:_:_:_:_:)`` with zero outside the line: the running sum adds value i + half while it is on the
    /// line and then takes away value i − half − 1 once that is, so the line splits into stretches where each
    /// test is settled, walked without them (same additions in the same order). `R` says whether results are rounded
    /// down, as a type, so that each copy of the loop is compiled without the test.
    @inline(__always) static func boxLineZero<R: BoxRounding>(
        _ p: UnsafeMutablePointer<SIMD4<Float>>, _ stride: Int, _ n: Int, _ half: Int, _ inv: SIMD4<Float>,
        _ tmp: UnsafeMutablePointer<SIMD4<Float>>, _: R.Type
    ) {
        let truncating = R.truncating
        var sum = SIMD4<Float>.zero
        for i in 0..<min(n, half) { sum += tmp[i] }
        boxStretches(
            n, half, add: { sum += tmp[$0] }, subtract: { sum -= tmp[$0] },
            emit: { p[$0 &* stride] = clampBox(sum * inv, truncating) })
    }

    /// Walks positions 0..<n of a running sum of half-width `half` with zero outside: at position i the value
    /// i + half comes in (`add`) while it is on the line and the value i − half − 1 goes out (`subtract`) once it
    /// is, then `emit(i)`. The line splits into four stretches where each test is settled, walked without them;
    /// the additions come in the same order as a per-position test would make them.
    @inline(__always) static func boxStretches(
        _ n: Int, _ half: Int, add: (Int) -> Void, subtract: (Int) -> Void, emit: (Int) -> Void
    ) {
        let adds = max(0, n &- half) // i < adds: value i + half is on the line
        let subs = min(n, half &+ 1) // i ≥ subs: value i − half − 1 is
        var i = 0
        while i < min(adds, subs) { add(i &+ half); emit(i); i &+= 1 }
        while i < adds { add(i &+ half); subtract(i &- half &- 1); emit(i); i &+= 1 } // and i ≥ subs
        while i < subs { emit(i); i &+= 1 } // and i ≥ adds
        while i < n { subtract(i &- half &- 1); emit(i); i &+= 1 }
    }

    /// A box pass's result: negative lanes (a running sum's rounding below zero) made zero, as a compare and a
    /// select the compiler vectorises (`pointwiseMax` keeps NaN rules and goes lane by lane); with `truncating`
    /// rounded down first.
    @inline(__always) static func clampBox(_ v: SIMD4<Float>, _ truncating: Bool) -> SIMD4<Float> {
        let w = truncating ? v.rounded(.down) : v
        return w.replacing(with: 0, where: w .< 0)
    }

    /// One box pass of width `size` (odd) down `count` adjacent columns of a plane whose rows are `rw` values
    /// apart and `rh` long, through `tmp` (`rh × count` values) and `sums` (`count`): each column gets the same
    /// additions in the same order as ``boxLine(_:_:_:_:_:_:_:)`` down that column alone, so the same values.
    @inline(__always) static func boxColumns(
        _ p: UnsafeMutablePointer<SIMD4<Float>>, _ rw: Int, _ rh: Int, _ count: Int, _ size: Int,
        _ tmp: UnsafeMutablePointer<SIMD4<Float>>, _ sums: UnsafeMutablePointer<SIMD4<Float>>,
        _ repeat: Bool, _ truncating: Bool
    ) {
        let half = size / 2
        let inv = SIMD4<Float>(repeating: 1 / Float(size))
        for i in 0..<rh {
            let from = p + i &* rw, to = tmp + i &* count
            for c in 0..<count { to[c] = from[c] }
        }
        @inline(__always) func row(_ k: Int) -> UnsafeMutablePointer<SIMD4<Float>> { tmp + k &* count }
        for c in 0..<count { sums[c] = .zero }
        if `repeat` {
            // Running sums over rows [i - half, i + half], the row clamped to the column.
            for k in -half...half {
                let r = row(min(rh - 1, max(0, k)))
                for c in 0..<count { sums[c] += r[c] }
            }
            for i in 0..<rh {
                let out = p + i &* rw
                if i > 0 {
                    let a = row(min(rh - 1, i + half)), b = row(max(0, i - half - 1))
                    for c in 0..<count { sums[c] += a[c] - b[c] }
                }
                for c in 0..<count { out[c] = clampBox(sums[c] * inv, truncating) }
            }
            return
        }
        for i in 0..<min(rh, half) {
            let r = row(i)
            for c in 0..<count { sums[c] += r[c] }
        }
        if truncating {
            boxColumnsZero(p, rw, rh, count, half, inv, tmp, sums, RoundedDown.self)
        } else {
            boxColumnsZero(p, rw, rh, count, half, inv, tmp, sums, Unrounded.self)
        }
    }

    /// The rows of ``boxColumns(_:_:_:_:_:_:_:_:_:)`` with zero outside, in stretches as ``boxLineZero`` walks a
    /// line (``boxStretches``) (the sums already hold the first `half` rows); `R` as there.
    @inline(__always) static func boxColumnsZero<R: BoxRounding>(
        _ p: UnsafeMutablePointer<SIMD4<Float>>, _ rw: Int, _ rh: Int, _ count: Int, _ half: Int,
        _ inv: SIMD4<Float>, _ tmp: UnsafeMutablePointer<SIMD4<Float>>, _ sums: UnsafeMutablePointer<SIMD4<Float>>,
        _: R.Type
    ) {
        let truncating = R.truncating
        @inline(__always) func row(_ k: Int) -> UnsafeMutablePointer<SIMD4<Float>> { tmp + k &* count }
        @inline(__always) func emit(_ i: Int) {
            let out = p + i &* rw
            for c in 0..<count { out[c] = clampBox(sums[c] * inv, truncating) }
        }
        boxStretches(
            rh, half,
            add: { k in
                let a = row(k)
                for c in 0..<count { sums[c] += a[c] }
            },
            subtract: { k in
                let b = row(k)
                for c in 0..<count { sums[c] -= b[c] }
            }, emit: emit)
    }
}

/// Whether a box pass rounds its results down, as a type, so that each pass loop is compiled for one answer.
protocol BoxRounding { static var truncating: Bool { get } }
/// Box results rounded down to whole values.
enum RoundedDown: BoxRounding { static var truncating: Bool { true } }
/// Box results as summed.
enum Unrounded: BoxRounding { static var truncating: Bool { false } }
