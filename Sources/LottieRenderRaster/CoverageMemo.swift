/// Coverage runs of the shapes a render context drew in its last two frames, so that a shape drawn again unchanged
/// replays its runs instead of being flattened, stroked and scanned again. rlottie keeps each drawable's coverage
/// runs between frames and scans again only what changed; ThorVG re-rasterises a shape only when its path or
/// transform changed. Here the test is the whole input of a scan, compared bit for bit: the path, the transform,
/// the flattening tolerance, the stroke style, the fill rule and the clip. The runs replayed are the rasterizer's
/// own, so a frame is the same bytes whether or not its shapes were found here (rendered alone or in a sequence).
///
/// A shape's runs are kept from the second time it is drawn (the first keeps only its key), so a shape that moves
/// every frame pays for a lookup and nothing more. ``beginFrame(capacity:)`` lets go of what the frame that ended did not draw;
/// the entries and runs kept (their arrays' capacity) stay within ``capacity`` bytes; the paths the keys hold are the
/// last frame's scene's, not counted there.
/// Measured in session 34 (callgrind, one pass of every frame at 512²): see docs/performance.md.
package struct CoverageMemo: Sendable {
    /// Bytes a render context's memo holds at most for a `width`×`height` frame, its shapes' keys and runs: 16 a
    /// pixel, at most 8 MiB (4 MiB at 512², where the busiest file of the bench set, ph_onboarding, holds 0.55 MiB:
    /// 431 shapes in each frame's list and 0.35 MiB of runs). Counted in a frame's memory need.
    package static func capacity(width: Int, height: Int) -> Int {
        let (px, overflow) = max(width, 0).multipliedReportingOverflow(by: max(height, 0))
        return overflow || px >= 1 << 19 ? 8 << 20 : px &* 16
    }
    /// Bytes an entry (a shape of the previous or the current frame) takes, without its runs.
    package static var entryBytes: Int { MemoryLayout<Entry>.stride }
    /// Bytes this memo holds at most: its entries (shapes of the previous and the current frame) and their runs.
    package private(set) var capacity: Int

    /// Everything a shape's coverage runs depend on, compared bit for bit (`-0` is not `0`; a NaN
    /// matches only the same bits, which scan alike).
    package struct Key: Equatable, Sendable {
        let path: Path
        let transform: Transform
        /// The stroke's style, or nil for a fill.
        let style: StrokeStyle?
        let tolerance: Double
        let rule: FillRule
        let clip: IntRect

        /// Creates a key.
        package init(
            path: Path, transform: Transform, style: StrokeStyle?, tolerance: Double, rule: FillRule, clip: IntRect
        ) {
            self.path = path; self.transform = transform; self.style = style; self.tolerance = tolerance
            self.rule = rule; self.clip = clip
        }

        package static func == (l: Key, r: Key) -> Bool {
            l.clip == r.clip && l.rule == r.rule && same(l.tolerance, r.tolerance)
                && same(l.transform, r.transform) && same(l.style, r.style) && same(l.path, r.path)
        }

        /// A hash of the transform, the clip, the path's size and its first and last points: enough to tell most
        /// shapes apart without reading whole paths (equal keys have equal hashes).
        var hash: UInt64 {
            @inline(__always) func mix(_ h: UInt64, _ v: UInt64) -> UInt64 { (h ^ v) &* 0x9E37_79B9_7F4A_7C15 }
            let t = transform
            var h = mix(mix(mix(0, t.a.bitPattern), t.b.bitPattern), t.c.bitPattern)
            h = mix(mix(mix(h, t.d.bitPattern), t.tx.bitPattern), t.ty.bitPattern)
            h = mix(
                mix(h, UInt64(truncatingIfNeeded: clip.x0 &* 65_536 &+ clip.y0)),
                UInt64(truncatingIfNeeded: clip.x1 &* 65_536 &+ clip.y1))
            let elements = path.stored
            h = mix(h, UInt64(truncatingIfNeeded: elements.count))
            @inline(__always) func mix(_ h: UInt64, _ e: PathElement?) -> UInt64 {
                switch e {
                case .move(let p)?, .line(let p)?, .cubic(_, _, let p)?: mix(mix(h, p.x.bitPattern), p.y.bitPattern)
                case .close?, nil: mix(h, 1)
                }
            }
            h = mix(mix(h, elements.first), elements.last)
            return h ^ (h >> 29)
        }

        private static func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }
        private static func same(_ a: Point, _ b: Point) -> Bool { same(a.x, b.x) && same(a.y, b.y) }
        private static func same(_ a: Transform, _ b: Transform) -> Bool {
            same(a.a, b.a) && same(a.b, b.b) && same(a.c, b.c) && same(a.d, b.d) && same(a.tx, b.tx)
                && same(a.ty, b.ty)
        }
        private static func same(_ a: StrokeStyle?, _ b: StrokeStyle?) -> Bool {
            guard let a, let b else { return a == nil && b == nil }
            return same(a.width, b.width) && a.cap == b.cap && a.join == b.join && same(a.miterLimit, b.miterLimit)
                && same(a.dashOffset, b.dashOffset) && a.dashes.count == b.dashes.count
                && zip(a.dashes, b.dashes).allSatisfy { same($0, $1) }
        }
        /// Paths built once and drawn every frame share their storage: then they are equal without reading them.
        private static func same(_ a: Path, _ b: Path) -> Bool {
            let x = a.stored, y = b.stored
            guard x.count == y.count else { return false }
            let shared = x.withUnsafeBufferPointer { p in
                y.withUnsafeBufferPointer { q in p.baseAddress == q.baseAddress }
            }
            if shared { return true }
            for (e, f) in zip(x, y) {
                switch (e, f) {
                case (.move(let p), .move(let q)), (.line(let p), .line(let q)): if !same(p, q) { return false }
                case (.cubic(let p1, let p2, let p), .cubic(let q1, let q2, let q)):
                    if !same(p1, q1) || !same(p2, q2) || !same(p, q) { return false }
                case (.close, .close): break
                default: return false
                }
            }
            return true
        }
    }

    /// A shape drawn: its key and hash, its runs (nil until it is drawn in two frames running), the bounds of its
    /// device points and the pixels it scanned. `moved` is, for an entry of the previous frame drawn again, its index
    /// in the current frame's entries.
    struct Entry {
        let key: Key
        let hash: UInt64
        var runs: [UInt64]?
        var bounds: Rect
        var scanned: IntRect
        var moved = -1
    }

    /// What drawing a shape does with the memo.
    package enum Use {
        /// Replay these runs (packed by ``pack(_:_:_:_:)``), whose points had `bounds` and which scanned `scanned`.
        case replay(runs: [UInt64], bounds: Rect, scanned: IntRect)
        /// Scan it and keep its runs (``keep(_:runs:bounds:scanned:)`` with this ticket).
        case scanAndKeep(Int)
        /// Scan it (the first time, or with the memo full).
        case scan
    }

    /// The shapes of the previous frame, found by hash through `table` (open addressing, indices + 1, 0 for none),
    /// and those of the current frame so far. A shape drawn again moves to the current frame's; what is left in the
    /// previous frame's when the next frame begins is let go.
    private var previous: [Entry] = []
    private var table: [Int32] = []
    private var current: [Entry] = []
    /// Bytes of the runs kept.
    private var bytes = 0
    /// Bytes held: the runs and every entry of both lists.
    private var held: Int { bytes &+ (previous.count &+ current.count) &* MemoryLayout<Entry>.stride }
    /// Shapes replayed so far (for tests and statistics).
    package private(set) var replayed = 0

    /// An empty memo that holds at most `capacity` bytes.
    package init(capacity: Int) { self.capacity = capacity }

    /// Starts a frame: the shapes drawn in the frame that ended become the ones to look in; the others go. With a
    /// `capacity`, that is the most kept from now on (the last shapes' runs are let go until the kept ones fit).
    package mutating func beginFrame(capacity: Int? = nil) {
        if let capacity { self.capacity = capacity }
        swap(&previous, &current)
        current.removeAll(keepingCapacity: true)
        bytes = 0
        var size = 16
        while size < 2 &* previous.count { size &*= 2 }
        if table.count != size {
            table = [Int32](repeating: 0, count: size)
        } else {
            table.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        }
        let mask = size &- 1
        for (i, e) in previous.enumerated() {
            bytes &+= (e.runs?.capacity ?? 0) &* 8
            var slot = Int(truncatingIfNeeded: e.hash) & mask
            while table[slot] != 0 { slot = (slot &+ 1) & mask }
            table[slot] = Int32(truncatingIfNeeded: i &+ 1)
        }
        // Over a smaller frame's capacity: the last shapes go (their runs first, then the entries themselves).
        var i = previous.count
        while held > self.capacity && i > 0 {
            i &-= 1
            bytes &-= (previous[i].runs?.capacity ?? 0) &* 8
            previous[i].runs = nil
        }
        if held > self.capacity {
            previous = []
            table.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        }
    }

    /// Forgets everything.
    package mutating func removeAll() {
        previous = []
        current = []
        table = []
        bytes = 0
    }

    /// What to do for the shape `key` describes: replay its runs when they are kept, keep them when it was drawn in
    /// the previous frame, otherwise scan it (and remember its key for the next frame).
    package mutating func use(_ key: consuming Key) -> Use {
        let hash = key.hash
        if !table.isEmpty {
            let mask = table.count &- 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while table[slot] != 0 {
                let i = Int(table[slot]) &- 1
                if previous[i].hash == hash && previous[i].key == key {
                    if previous[i].moved < 0 {
                        // No room to carry it into the next frame: this frame still replays what it holds.
                        guard held &+ MemoryLayout<Entry>.stride <= capacity else {
                            guard let runs = previous[i].runs else { return .scan }
                            replayed &+= 1
                            return .replay(runs: runs, bounds: previous[i].bounds, scanned: previous[i].scanned)
                        }
                        previous[i].moved = current.count
                        current.append(previous[i])
                        current[current.count &- 1].moved = -1
                    }
                    let j = previous[i].moved
                    if let runs = current[j].runs {
                        replayed &+= 1
                        return .replay(runs: runs, bounds: current[j].bounds, scanned: current[j].scanned)
                    }
                    return held < capacity ? .scanAndKeep(j) : .scan
                }
                slot = (slot &+ 1) & mask
            }
        }
        if held &+ MemoryLayout<Entry>.stride <= capacity {
            current.append(Entry(key: key, hash: hash, runs: nil, bounds: .empty, scanned: .empty))
        }
        return .scan
    }

    /// Bytes of runs that can still be kept.
    package var room: Int { max(0, capacity &- held) }

    /// Keeps the runs of a shape scanned after ``use(_:)`` said `.scanAndKeep(ticket)`.
    package mutating func keep(_ ticket: Int, runs: [UInt64], bounds: Rect, scanned: IntRect) {
        guard ticket < current.count, current[ticket].runs == nil, held &+ runs.capacity &* 8 <= capacity
        else { return }
        current[ticket].runs = runs
        current[ticket].bounds = bounds
        current[ticket].scanned = scanned
        bytes &+= runs.capacity &* 8
    }

    /// One run in 64 bits: row and column (each below 2²⁰), length (below 2¹⁶) and coverage. `Canvas.prepare` keeps
    /// only shapes whose clip lies within those limits.
    @inline(__always) package static func pack(_ y: Int, _ x: Int, _ n: Int, _ c: UInt8) -> UInt64 {
        UInt64(truncatingIfNeeded: y) << 44 | UInt64(truncatingIfNeeded: x) << 24 | UInt64(truncatingIfNeeded: n) << 8
            | UInt64(c)
    }

    /// Calls `span(y, x, count, coverage)` for every run in `runs`.
    @inline(__always) package static func replay(_ runs: [UInt64], _ span: (Int, Int, Int, UInt8) -> Void) {
        for r in runs {
            span(
                Int(truncatingIfNeeded: r >> 44), Int(truncatingIfNeeded: (r >> 24) & 0xF_FFFF),
                Int(truncatingIfNeeded: (r >> 8) & 0xFFFF), UInt8(truncatingIfNeeded: r))
        }
    }
}
