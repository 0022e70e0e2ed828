import LottieRenderEval
import LottieRenderModel

/// Which frames a snapshot check renders, as frame numbers relative to the animation's in point (frame N is
/// composition time ip + N).
package enum FrameSelection: Sendable, Equatable {
    /// A list of frame numbers and percentages of the last frame, e.g. `0,25%,50%,75%,100%`.
    case list([FrameSpec])
    /// Every Nth frame from 0.
    case every(Int)
    /// Every keyframe time and layer in/out point (see `KeyframeTimes`), plus the first and last frame.
    case keyframes
    /// Each marker's first, middle and last frame.
    case markers

    /// The default: `0,25%,50%,75%,100%`.
    package static let standard = FrameSelection.list([
        .frame(0), .percent(25), .percent(50), .percent(75), .percent(100),
    ])

    /// One entry of a frame list.
    package enum FrameSpec: Sendable, Equatable {
        /// A frame number (fractional allowed).
        case frame(Double)
        /// A share of the last frame, rounded to a whole frame.
        case percent(Double)
    }

    /// Parses `0,12,25%,100%`.
    package static func parseList(_ s: String) -> FrameSelection? {
        var specs: [FrameSpec] = []
        for part in s.split(separator: ",") {
            let p = String(part.filter { $0 != " " })
            if p.hasSuffix("%") {
                guard let v = Double(p.dropLast()), v >= 0, v <= 100 else { return nil }
                specs.append(.percent(v))
            } else {
                guard let v = Double(p), v >= 0, v.isFinite else { return nil }
                specs.append(.frame(v))
            }
        }
        return specs.isEmpty ? nil : .list(specs)
    }

    /// The selected frames of `bound`'s composition (the document's bound tree, which the keyframe times walk),
    /// sorted and distinct, each within [0, last frame].
    package func frames(of bound: BoundComposition) -> [Double] {
        let comp = bound.composition
        let last = comp.lastFrame
        var out: [Double]
        switch self {
        case .list(let specs):
            out = specs.map { spec in
                switch spec {
                case .frame(let f): return min(f, last)
                case .percent(let p): return (last * p / 100).rounded()
                }
            }
        case .every(let n):
            out = stride(from: 0.0, through: last, by: Double(max(1, n))).map { $0 }
        case .keyframes:
            out = [0, last] + KeyframeTimes.times(bound).map { min($0 - comp.inPoint, last) }
        case .markers:
            out = []
            for m in comp.markers {
                let start = m.time - comp.inPoint
                let end = start + max(0, m.duration.rounded(.up) - 1)
                out += [start, (start + end) / 2, end].map { min(max(0, $0.rounded()), last) }
            }
        }
        // To a thousandth, as file names are: 38.0000001 and 38 are one frame.
        return Array(Set(out.filter { $0 >= 0 && $0.isFinite }.map { ($0 * 1000).rounded() / 1000 })).sorted()
    }

    /// Frame numbers of the list past the last frame of `comp`, as warnings (`frames(of:)` checks the last frame
    /// instead).
    package func clampWarnings(of comp: Composition) -> [String] {
        guard case .list(let specs) = self else { return [] }
        let last = comp.lastFrame
        return specs.compactMap { spec in
            guard case .frame(let f) = spec, f > last else { return nil }
            return "frame \(FrameSelection.number(f)) is past the last frame \(FrameSelection.number(last)); "
                + "frame \(FrameSelection.number(last)) was checked instead"
        }
    }

    /// The file name for a frame: `frame_00012.png`, or `frame_00012.500.png` when fractional (to a thousandth, so
    /// a keyframe at 38.0000001 is `frame_00038.png`).
    package static func fileName(_ frame: Double) -> String {
        let milli = (frame * 1000).rounded()
        guard milli.isFinite, abs(milli) < 1e15 else { return "frame_invalid.png" }
        let m = Int(milli), sign = m < 0 ? "-" : ""
        let whole = abs(m) / 1000, frac = abs(m) % 1000
        if frac == 0 { return "frame_" + sign + pad(whole) + ".png" }
        return "frame_" + sign + pad(whole) + "." + String(frac + 1000).dropFirst() + ".png"
    }

    /// A frame number as text: whole numbers without a decimal point.
    package static func number(_ v: Double) -> String {
        let r = (v * 1000).rounded() / 1000
        return r == r.rounded() && abs(r) < 1e15 ? String(Int(r)) : String(r)
    }

    private static func pad(_ n: Int) -> String {
        let s = String(n)
        return s.count >= 5 ? s : String(repeating: "0", count: 5 - s.count) + s
    }
}
