/// Frame delays for animated formats, from rounded cumulative time: frame k is shown until `ends[k]` seconds, and
/// its delay is round(ends[k]·unit) − round(ends[k−1]·unit). Rounding errors never add up, so the delays sum to
/// the rounded duration.
package enum FrameTiming {
    /// Delays in units of 1/`unitsPerSecond` (100 for GIF, 1000 for WebP and APNG) for frames ending at `ends`
    /// (seconds from the start, increasing).
    package static func delays(ends: [Double], unitsPerSecond: Double) -> [Int] {
        var out: [Int] = []
        var prev = 0
        for e in ends {
            // A plan may span any finite time (fuzzing found 1e300 frames): clamped to ±1e15 units (31,000 years
            // in milliseconds) before it becomes an Int; the encoders clamp each delay to what they store.
            let v = e * unitsPerSecond
            let r = v.isFinite ? Int(min(1e15, max(-1e15, v)).rounded()) : 0
            out.append(max(0, r - prev))
            prev = max(prev, r)
        }
        return out
    }
}
