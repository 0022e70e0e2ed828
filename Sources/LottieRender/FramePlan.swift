import Foundation
import LottieRenderSnapshot

/// A marker of the animation (`"markers"`): a named segment.
public struct Marker: Sendable, Equatable {
    /// The marker's name (`"cm"`).
    public var name: String
    /// First frame, counted from the in point like every frame number of the library (`"tm"` − `"ip"`).
    public var frame: Double
    /// Length in frames (`"dr"`); 0 for a marker that names a single frame.
    public var duration: Double

    /// A marker.
    public init(name: String, frame: Double, duration: Double) {
        self.name = name; self.frame = frame; self.duration = duration
    }
}

/// Which frames to render, and until when the last one shows (animated files time each frame by it). Frame
/// numbers count from the animation's in point (`ip`), fractional allowed.
public struct FramePlan: Sendable, Equatable {
    /// Sample times in frames from the in point, increasing.
    public var times: [Double]
    /// Output index of each sample, used for file names (`frame_00012.png`).
    public var indices: [Int]
    /// When the last frame stops showing, in frames from the in point.
    public var end: Double
    /// True for a plan of one requested frame (`frame(_:)`): its file is named by the frame number
    /// (`--frame 12` writes `frame_00012.png`), not by output index.
    public var namedByFrame = false

    /// A plan of the given times; the last one shows until `end`.
    public init(times: [Double], end: Double) {
        self.times = times; indices = Array(times.indices); self.end = end
    }

    /// One frame.
    public static func frame(_ t: Double) -> FramePlan {
        var p = FramePlan(times: [t], end: t + 1)
        p.namedByFrame = true
        return p
    }

    /// Throws ``LottieRenderError/badRequest(reason:)`` for a plan edited into one that cannot be rendered: an index
    /// per time, indices of 0 or more, times that are numbers; `timed` (animated files): times increasing and the
    /// end after the last.
    func check(timed: Bool) throws(LottieRenderError) {
        guard indices.count == times.count else {
            throw .badRequest(reason: "the plan has \(indices.count) indices for \(times.count) times")
        }
        guard indices.allSatisfy({ $0 >= 0 }) else { throw .badRequest(reason: "the plan's indices must be 0 or more") }
        guard times.allSatisfy(\.isFinite) else { throw .badRequest(reason: "the plan's times must be numbers") }
        guard timed else { return }
        guard zip(times, times.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw .badRequest(reason: "an animated file's times must increase")
        }
        guard end.isFinite, let last = times.last, end > last else {
            throw .badRequest(reason: "the plan's end must be a number after its last time")
        }
    }

    /// The file name of the plan's `k`th frame in a PNG folder: `frame_00012.png` by output index, or by frame
    /// number for a one-frame request (`frame_00012.500.png` when fractional).
    public func fileName(at k: Int) -> String {
        namedByFrame ? FrameSelection.fileName(times[k]) : frameFileName(indices[k])
    }

    /// Most frames a plan made by sampling may have.
    public static let maxFrames = 1_000_000

    /// Samples [`start`, `end`) every `frameRate / fps` frames (every frame without `fps`), then keeps output indices
    /// `range` when given. An empty selection is an error, so a request never silently renders nothing.
    public init(
        start: Double, end: Double, frameRate: Double, fps: Double? = nil,
        range: ClosedRange<Int>? = nil
    ) throws(LottieRenderError) {
        var step = 1.0
        if let f = fps {
            guard f > 0, f.isFinite else { throw .badRequest(reason: "the frame rate must be a positive number") }
            step = frameRate / f
        }
        guard start.isFinite, end.isFinite, step > 0, step.isFinite else {
            throw .badRequest(reason: "the frame range is not finite")
        }
        var t: [Double] = []
        var k = 0
        // A small tolerance: exporters write op as 60.0000024 for 60 frames.
        while start + Double(k) * step < end - 1e-3 {
            // More frames than anyone renders on purpose: refused, not cut short without a word.
            guard t.count < FramePlan.maxFrames else {
                throw .badRequest(
                    reason: "the plan would have more than \(FramePlan.maxFrames) frames; lower the frame rate")
            }
            t.append(start + Double(k) * step); k += 1
        }
        if t.isEmpty { t = [start] }
        self.init(times: t, end: max(end, start + step))
        if let r = range { self = try restricted(to: r) }
    }

    /// The plan limited to output indices `range` (the last kept frame shows until the next one would have). A
    /// range that keeps no frame is an error.
    public func restricted(to range: ClosedRange<Int>) throws(LottieRenderError) -> FramePlan {
        let keep = indices.indices.filter { range.contains(indices[$0]) }
        guard let last = keep.last else {
            throw .badRequest(
                reason: "frames \(range.lowerBound)…\(range.upperBound) are outside the \(times.count) "
                    + "output frames (\(indices.first ?? 0)…\(indices.last ?? 0))")
        }
        var p = FramePlan(times: keep.map { times[$0] }, end: last + 1 < times.count ? times[last + 1] : end)
        p.indices = keep.map { indices[$0] }
        return p
    }

    /// Every frame of `animation` (sampled at `fps` when given), or output indices `range` of them.
    public init(
        _ animation: LottieDocument, fps: Double? = nil, range: ClosedRange<Int>? = nil
    ) throws(LottieRenderError) {
        try self.init(start: 0, end: animation.frameCount, frameRate: animation.frameRate, fps: fps, range: range)
    }

    /// The segment of the marker named `name` (white space around names ignored), sampled at `fps` when given.
    /// An unknown name is an error that lists the markers there are.
    public init(_ animation: LottieDocument, marker name: String, fps: Double? = nil) throws(LottieRenderError) {
        let markers = animation.markers
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard
            let m = markers.first(where: { $0.name == name })
                ?? markers.first(where: { $0.name.trimmingCharacters(in: .whitespacesAndNewlines) == trimmed })
        else {
            let known = markers.map(\.name).joined(separator: ", ")
            throw .badRequest(
                reason: "no marker \"\(name)\"" + (known.isEmpty ? "; the animation has none" : "; markers: \(known)"))
        }
        try self.init(animation, marker: m, fps: fps)
    }

    /// The segment of `marker`, clipped to the animation, sampled at `fps` when given. A marker without duration
    /// gives its one frame.
    public init(_ animation: LottieDocument, marker m: Marker, fps: Double? = nil) throws(LottieRenderError) {
        let end = min(m.frame + m.duration, animation.frameCount)
        guard m.frame.isFinite, m.duration.isFinite, m.frame < animation.frameCount, m.frame + max(0, m.duration) >= 0
        else {
            throw .badRequest(
                reason: "marker \"\(m.name)\" (frames \(m.frame)…\(m.frame + m.duration)) lies outside "
                    + "the animation's frames 0…\(animation.frameCount)")
        }
        if m.duration <= 0 {
            self = .frame(m.frame)
        } else {
            try self.init(start: m.frame, end: end, frameRate: animation.frameRate, fps: fps)
        }
    }

    /// Seconds from the first selected frame at which each frame stops showing.
    public func ends(frameRate: Double) -> [Double] {
        guard let first = times.first else { return [] }
        return times.indices.map { k in ((k + 1 < times.count ? times[k + 1] : end) - first) / frameRate }
    }
}
