/// Splits polylines into dashes.
package enum Dasher {
    /// The dashed pieces of `input` for the on/off `pattern` starting `offset` into it. Returns the input when
    /// the pattern is empty or has no length.
    package static func dash(_ input: Polylines, pattern: [Double], offset: Double) -> Polylines {
        var pat = pattern.map { max(0, $0.isFinite ? $0 : 0) }
        if pat.count % 2 == 1 { pat += pat }
        let total = pat.reduce(0, +)
        guard !pat.isEmpty, total > 1e-9 else { return input }
        var out = Polylines()
        let pts = input.points
        for c in input.contours where c.count >= 2 {
            var poly = Array(pts[c.start..<(c.start + c.count)])
            if c.closed, let f = poly.first { poly.append(f) }
            // Phase into the pattern.
            var phase = offset.truncatingRemainder(dividingBy: total)
            if phase < 0 { phase += total }
            var idx = 0
            while phase >= pat[idx] { phase -= pat[idx]; idx = (idx + 1) % pat.count }
            var remaining = pat[idx] - phase
            var on = idx % 2 == 0
            var guardCount = 0
            if on { out.begin(poly[0]) }
            for i in 1..<poly.count {
                var a = poly[i - 1]
                let b = poly[i]
                var segLen = (b - a).length
                while segLen > remaining {
                    guardCount += 1
                    if guardCount > 1_000_000 { return out }
                    let p = a.lerp(b, remaining / segLen)
                    if on { out.add(p) } else { out.begin(p) }
                    on.toggle()
                    segLen -= remaining
                    a = p
                    idx = (idx + 1) % pat.count
                    remaining = pat[idx]
                }
                remaining -= segLen
                if on { out.add(b) }
            }
        }
        return out
    }
}
