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

    /// The selected frames of `comp`, sorted and distinct, each within [0, last frame].
    package func frames(of comp: Composition) -> [Double] {
        let last = max(0, (comp.frameCount - 1e-3).rounded(.up) - 1)
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
            out = [0, last] + KeyframeTimes.times(comp).map { min($0 - comp.inPoint, last) }
        case .markers:
            out = []
            for m in comp.markers {
                let start = m.time - comp.inPoint
                let end = start + max(0, m.duration.rounded(.up) - 1)
                out += [start, (start + end) / 2, end].map { min(max(0, $0.rounded()), last) }
            }
        }
        return Array(Set(out.filter { $0 >= 0 && $0.isFinite })).sorted()
    }

    /// The file name for a frame: `frame_00012.png`, or `frame_00012.500.png` when fractional.
    package static func fileName(_ frame: Double) -> String {
        if frame == frame.rounded() { return "frame_" + pad(Int(frame)) + ".png" }
        let whole = Int(frame.rounded(.down))
        let frac = Int(((frame - frame.rounded(.down)) * 1000).rounded())
        return "frame_" + pad(whole) + "." + String(frac + 1000).dropFirst() + ".png"
    }

    private static func pad(_ n: Int) -> String {
        let s = String(n)
        return s.count >= 5 ? s : String(repeating: "0", count: 5 - s.count) + s
    }
}
