import LottieRenderRaster

/// A colour palette of up to 255 entries and a fast nearest-colour map, built in OKLab (a perceptual space) from
/// the colours of one or many frames.
///
/// Hot loop file. Building: a 6-bit-per-channel histogram (262,144 bins with running sums), median cut on the
/// occupied bins in OKLab by weighted variance, then a few k-means passes. Mapping: nearest entry in OKLab for
/// each 7-bit bin, cached. Measured (release, one core): histogram about 300 Mpixel/s; building a palette from
/// 40,000 occupied bins about 60 ms; mapping a 512×512 frame about 2 ms once the cache is warm.
package struct Quantizer: Sendable {
    /// Palette colours, 0xAABBGGRR with alpha 255.
    package private(set) var colors: [UInt32] = []
    private var lab: [(Float, Float, Float)] = []
    private var cache: [Int16]
    /// Typical distance between neighbouring palette colours in 8-bit sRGB units; sets the ordered-dither amplitude.
    package private(set) var spacing: Float = 8

    /// Histogram of opaque colours, 6 bits per channel.
    package struct Histogram: Sendable {
        var count = [UInt32](repeating: 0, count: 1 << 18)
        var sum = [UInt64](repeating: 0, count: 3 << 18)
        /// Creates an empty histogram.
        package init() {}

        /// Adds another histogram's counts (the order of merging does not change the result).
        package mutating func merge(_ o: Histogram) {
            for k in count.indices where o.count[k] > 0 {
                count[k] &+= o.count[k]
                sum[3 * k] &+= o.sum[3 * k]; sum[3 * k + 1] &+= o.sum[3 * k + 1]; sum[3 * k + 2] &+= o.sum[3 * k + 2]
            }
        }

        /// Adds the opaque pixels (alpha 255) of straight-or-opaque RGBA pixels `px` (0xAABBGGRR), every `step`th.
        package mutating func add(_ px: [UInt32], step: Int = 1) {
            count.withUnsafeMutableBufferPointer { cb in
                sum.withUnsafeMutableBufferPointer { sb in
                    px.withUnsafeBufferPointer { pb in
                        guard let c = cb.baseAddress, let s = sb.baseAddress, let p = pb.baseAddress else { return }
                        var i = 0
                        while i < pb.count {
                            let v = p[i]
                            if v >> 24 == 255 {
                                let r = v & 255, g = (v >> 8) & 255, b = (v >> 16) & 255
                                let k = Int((r >> 2) << 12 | (g >> 2) << 6 | (b >> 2))
                                c[k] &+= 1
                                s[3 &* k] &+= UInt64(r); s[3 &* k &+ 1] &+= UInt64(g); s[3 &* k &+ 2] &+= UInt64(b)
                            }
                            i &+= max(1, step)
                        }
                    }
                }
            }
        }
    }

    /// A palette of at most `maxColors` (≤ 255) for the colours in `h`.
    package init(_ h: Histogram, maxColors: Int = 255, refinePasses: Int = 4) {
        cache = [Int16](repeating: -1, count: 1 << 21)
        // Occupied bins: mean colour, weight, OKLab.
        var bins: [(rgb: (Float, Float, Float), lab: (Float, Float, Float), w: Float)] = []
        for k in 0..<(1 << 18) where h.count[k] > 0 {
            let n = Double(h.count[k])
            let rgb = (
                Float(Double(h.sum[3 * k]) / n), Float(Double(h.sum[3 * k + 1]) / n),
                Float(Double(h.sum[3 * k + 2]) / n)
            )
            bins.append((rgb, Quantizer.oklab(rgb), Float(n)))
        }
        let limit = max(1, min(255, maxColors))
        if bins.isEmpty { colors = [0xFF00_0000]; lab = [(0, 0, 0)]; return }
        if bins.count <= limit {
            for b in bins { colors.append(Quantizer.pack(b.rgb)); lab.append(b.lab) }
            finishSpacing()
            return
        }
        // Median cut: repeatedly split the box with the largest weighted variance along its widest axis.
        var boxes: [[Int]] = [Array(bins.indices)]
        func score(_ box: [Int]) -> (Float, Int) {
            var w: Float = 0, m = (Float(0), Float(0), Float(0))
            for i in box { let b = bins[i]; w += b.w; m.0 += b.lab.0 * b.w; m.1 += b.lab.1 * b.w; m.2 += b.lab.2 * b.w }
            m = (m.0 / w, m.1 / w, m.2 / w)
            var v = (Float(0), Float(0), Float(0))
            for i in box {
                let b = bins[i]
                v.0 += (b.lab.0 - m.0) * (b.lab.0 - m.0) * b.w
                v.1 += (b.lab.1 - m.1) * (b.lab.1 - m.1) * b.w
                v.2 += (b.lab.2 - m.2) * (b.lab.2 - m.2) * b.w
            }
            let axis = v.0 >= v.1 && v.0 >= v.2 ? 0 : (v.1 >= v.2 ? 1 : 2)
            return (box.count > 1 ? v.0 + v.1 + v.2 : -1, axis)
        }
        var scores = [score(boxes[0])]
        while boxes.count < limit {
            guard
                let (bi, best) = scores.enumerated().max(by: { $0.element.0 < $1.element.0 }).map({
                    ($0.offset, $0.element)
                }),
                best.0 > 0
            else { break }
            let axis = best.1
            func key(_ i: Int) -> Float { axis == 0 ? bins[i].lab.0 : (axis == 1 ? bins[i].lab.1 : bins[i].lab.2) }
            let sorted = boxes[bi].sorted { key($0) < key($1) }
            let total = sorted.reduce(Float(0)) { $0 + bins[$1].w }
            var acc: Float = 0, cut = 1
            for (j, i) in sorted.enumerated() {
                acc += bins[i].w
                if acc >= total / 2 { cut = min(max(1, j + 1), sorted.count - 1); break }
            }
            let a = Array(sorted[..<cut]), b = Array(sorted[cut...])
            boxes[bi] = a; scores[bi] = score(a)
            boxes.append(b); scores.append(score(b))
        }
        // Initial palette: weighted means; then k-means passes over the bins.
        var centers: [(Float, Float, Float)] = boxes.map { box in
            var w: Float = 0, m = (Float(0), Float(0), Float(0))
            for i in box { let b = bins[i]; w += b.w; m.0 += b.lab.0 * b.w; m.1 += b.lab.1 * b.w; m.2 += b.lab.2 * b.w }
            return (m.0 / w, m.1 / w, m.2 / w)
        }
        var assign = [Int](repeating: 0, count: bins.count)
        for _ in 0..<max(0, refinePasses) {
            for (i, b) in bins.enumerated() { assign[i] = Quantizer.nearest(b.lab, centers) }
            var acc = [(Float, Float, Float, Float)](repeating: (0, 0, 0, 0), count: centers.count)
            for (i, b) in bins.enumerated() {
                let k = assign[i]
                acc[k] = (acc[k].0 + b.lab.0 * b.w, acc[k].1 + b.lab.1 * b.w, acc[k].2 + b.lab.2 * b.w, acc[k].3 + b.w)
            }
            for k in centers.indices where acc[k].3 > 0 {
                centers[k] = (acc[k].0 / acc[k].3, acc[k].1 / acc[k].3, acc[k].2 / acc[k].3)
            }
        }
        // Palette colours: the weighted mean sRGB of each cluster's bins (its OKLab recomputed from it).
        for (i, b) in bins.enumerated() { assign[i] = Quantizer.nearest(b.lab, centers) }
        var rgbAcc = [(Float, Float, Float, Float)](repeating: (0, 0, 0, 0), count: centers.count)
        for (i, b) in bins.enumerated() {
            let k = assign[i]
            rgbAcc[k] = (
                rgbAcc[k].0 + b.rgb.0 * b.w, rgbAcc[k].1 + b.rgb.1 * b.w, rgbAcc[k].2 + b.rgb.2 * b.w, rgbAcc[k].3 + b.w
            )
        }
        for a in rgbAcc where a.3 > 0 {
            let rgb = (a.0 / a.3, a.1 / a.3, a.2 / a.3)
            colors.append(Quantizer.pack(rgb))
            lab.append(Quantizer.oklab(Quantizer.unpack(Quantizer.pack(rgb))))
        }
        finishSpacing()
    }

    private mutating func finishSpacing() {
        // Mean distance (sRGB units) from each entry to its nearest other entry.
        guard colors.count > 1 else { spacing = 8; return }
        var total: Float = 0
        for i in colors.indices {
            let a = Quantizer.unpack(colors[i])
            var best = Float.infinity
            for j in colors.indices where j != i {
                let b = Quantizer.unpack(colors[j])
                best = min(
                    best,
                    ((a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1) + (a.2 - b.2) * (a.2 - b.2)).squareRoot())
            }
            total += best
        }
        spacing = min(32, max(2, total / Float(colors.count)))
    }

    /// Palette index for an opaque colour (r, g, b in 0…255).
    @inline(__always) package mutating func index(_ r: Int, _ g: Int, _ b: Int) -> Int {
        let k = (r >> 1) << 14 | (g >> 1) << 7 | (b >> 1)
        let c = cache[k]
        if c >= 0 { return Int(c) }
        // The first colour seen in a 7-bit bin decides for the bin (others in it are at most one level off; the
        // order of calls is fixed, so the result is deterministic).
        let rgb = (Float(r), Float(g), Float(b))
        let n = Quantizer.nearest(Quantizer.oklab(rgb), lab)
        cache[k] = Int16(n)
        return n
    }

    /// Squared sRGB distance (8-bit units, summed over the channels) between a colour and palette entry `i`.
    package func rgbError(_ r: Int, _ g: Int, _ b: Int, _ i: Int) -> Int {
        let c = colors[i]
        let dr = r - Int(c & 255), dg = g - Int((c >> 8) & 255), db = b - Int((c >> 16) & 255)
        return dr * dr + dg * dg + db * db
    }

    static func nearest(_ p: (Float, Float, Float), _ set: [(Float, Float, Float)]) -> Int {
        var best = 0
        var bd = Float.infinity
        for (i, q) in set.enumerated() {
            let d = (p.0 - q.0) * (p.0 - q.0) + (p.1 - q.1) * (p.1 - q.1) + (p.2 - q.2) * (p.2 - q.2)
            if d < bd { bd = d; best = i }
        }
        return best
    }

    /// OKLab of an sRGB colour with channels in 0…255, in Float for the palette search.
    static func oklab(_ c: (Float, Float, Float)) -> (Float, Float, Float) {
        let v = OKLab.from(r: Double(c.0), g: Double(c.1), b: Double(c.2))
        return (Float(v.l), Float(v.a), Float(v.b))
    }

    static func pack(_ c: (Float, Float, Float)) -> UInt32 {
        func q(_ v: Float) -> UInt32 { UInt32(min(255, max(0, v.rounded()))) }
        return q(c.0) | q(c.1) << 8 | q(c.2) << 16 | 0xFF00_0000
    }

    static func unpack(_ v: UInt32) -> (Float, Float, Float) {
        (Float(v & 255), Float((v >> 8) & 255), Float((v >> 16) & 255))
    }
}
