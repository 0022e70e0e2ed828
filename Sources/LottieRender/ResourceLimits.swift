import Foundation
import LottieRenderExpressions
import Synchronization

/// Limits that make rendering files nobody checked safe in a service: a memory ceiling for the pixels of a run, the
/// size of a file, the layers a frame may draw, what expressions may spend, and, if set, the time a frame may take.
///
/// `maxMemory` bounds what rendering allocates: decoded images (checked against their declared sizes before
/// anything is decoded), each frame being drawn with its offscreen layers, effect buffers and encoder copies,
/// per-renderer mipmaps and expression heaps, and frames an encoder holds (animated WebP). A file or request that
/// would need more is refused with ``LottieRenderError/limit(file:message:)`` (exit 2 in the tool), never killed by
/// the system. Renderers of one document share the budget: parallel frames wait for each other rather than go
/// over it. The parsed document itself is bounded by ``LottieDocument/maxFileSize`` and not counted.
public struct ResourceLimits: Sendable, Hashable {
    /// Memory ceiling in bytes.
    public var maxMemory: Int
    /// Largest input in bytes: a file, a `.tgs` once decompressed, an animation inside a `.lottie`.
    public var maxFileSize = LottieDocument.maxFileSize
    /// Most layers a frame may draw, counting each use of a precomp's layers: precomps that use each other many
    /// times expand exponentially, and such a file is refused when it loads.
    public var maxLayerInstances = LottieDocument.maxLayerInstances
    /// Instructions one expression evaluation may execute (8× that for all of a frame's); work built-in functions
    /// do in C counts. At least 256 Ki. Past it the property keeps its own value, with a warning.
    public var expressionInstructions = 4 << 20
    /// Bytes one expression heap may hold (at least 1 MiB); one heap per rendering thread.
    public var expressionMemory = 16 << 20
    /// Seconds a frame may take to draw, or nil for no limit: past it the frame stops between layers and throws
    /// ``LottieRenderError/limit(file:message:)``. Unlike the other limits it depends on the machine.
    public var maxFrameSeconds: Double?

    /// 1 GiB: every file of the test corpus renders at 512×512 far below it, and a 4096×4096 frame with a few
    /// offscreen layers fits.
    public static let defaultMaxMemory = 1 << 30

    /// The default limits.
    public static let `default` = ResourceLimits()

    /// Limits with a memory ceiling of `maxMemory` bytes, the other limits at their defaults.
    public init(maxMemory: Int = ResourceLimits.defaultMaxMemory) { self.maxMemory = max(0, maxMemory) }

    /// The expression limits these set.
    var expressions: ExpressionLimits {
        ExpressionLimits(instructions: expressionInstructions, memory: expressionMemory)
    }

    /// Reads a size: a number of bytes with an optional unit `K`, `M`, `G` (powers of 1024, `KiB`/`KB` alike):
    /// `512M`, `2G`, `1073741824`. Nil when malformed.
    public static func parseSize(_ text: String) -> Int? {
        var s = text.trimmingCharacters(in: .whitespaces).uppercased()
        for suffix in ["IB", "B"] where s.hasSuffix(suffix) && s.count > suffix.count {
            s.removeLast(suffix.count)
            break
        }
        var shift = 0
        if let last = s.last, let k = ["K": 10, "M": 20, "G": 30, "T": 40][String(last)] {
            shift = k
            s.removeLast()
        }
        guard let v = Double(s), v.isFinite, v >= 0, v * pow(2, Double(shift)) < 9e18 else { return nil }
        return Int((v * pow(2, Double(shift))).rounded())
    }

    /// A byte count for people: `1.5 GiB`, `640 MiB`, `12 KiB`, `900 B`.
    public static func text(bytes: Int) -> String {
        let units: [(Int, String)] = [(40, "TiB"), (30, "GiB"), (20, "MiB"), (10, "KiB")]
        for (shift, name) in units where bytes >= 1 << shift {
            let v = Double(bytes) / Double(1 << shift)
            return v >= 100 || v == v.rounded() ? "\(Int(v.rounded())) \(name)" : String(format: "%.1f %@", v, name)
        }
        return "\(bytes) B"
    }
}

/// The memory budget that the renderers of one document share: a frame reserves what it will allocate before it
/// draws and gives it back after; a reservation that does not fit waits for others to finish. Atomics, not a lock:
/// the counters are all there is to guard (and ThreadSanitizer sees atomics, while it cannot see the futex under
/// `Mutex` on Linux and reports its users as races).
package final class MemoryBudget: Sendable {
    /// Bytes available to frames (the ceiling less what the document holds for good).
    package let capacity: Int
    private let used = Atomic<Int>(0)
    private let heldBytes = Atomic<Int>(0)
    /// Renderers inside a frame now (building its scene or drawing it): the ones that will give memory back.
    private let drawing = Atomic<Int>(0)

    /// How a wait for memory ended.
    package enum Outcome: Equatable {
        /// Reserved.
        case granted
        /// More than the whole budget: it can never fit.
        case exceedsCapacity
        /// Other renderers keep `reserved` bytes between frames and none is drawing a frame that would give memory
        /// back: waiting would be for ever (an idle renderer keeps its last frame's buffers until it goes away).
        case blocked(reserved: Int)
    }

    /// A renderer starts a frame (`reserve` waits for such frames to finish, never for idle renderers).
    package func startDrawing() { drawing.add(1, ordering: .acquiringAndReleasing) }
    /// The renderer has finished its frame.
    package func endDrawing() { drawing.subtract(1, ordering: .acquiringAndReleasing) }

    /// Bytes held for as long as an encoder keeps frames (`hold`).
    package var held: Int { heldBytes.load(ordering: .acquiring) }

    /// Holds `bytes` until `unhold`: frames an encoder keeps. False, holding nothing, when they do not fit.
    package func hold(_ bytes: Int) -> Bool { add(bytes, to: heldBytes) { bytes <= capacity - $0 } }

    /// Adds `bytes` to `counter` when `fits` its current value; false, adding nothing, when it does not.
    private func add(_ bytes: Int, to counter: borrowing Atomic<Int>, when fits: (Int) -> Bool) -> Bool {
        var c = counter.load(ordering: .relaxed)
        while fits(c) {
            let (done, now) = counter.compareExchange(
                expected: c, desired: c + bytes, successOrdering: .acquiringAndReleasing, failureOrdering: .relaxed)
            if done { return true }
            c = now
        }
        return false
    }

    /// Gives back what `hold` took.
    package func unhold(_ bytes: Int) { heldBytes.subtract(bytes, ordering: .acquiringAndReleasing) }

    /// A budget of `capacity` bytes.
    package init(capacity: Int) { self.capacity = max(0, capacity) }

    /// Takes `bytes`, waiting while frames being drawn hold too much. Gives up when `bytes` alone exceed the
    /// capacity, or when for a quarter of a second no frame has been drawing and nothing has been given back: the
    /// memory is kept by idle renderers, and waiting would never end.
    /// `inFrame`: the caller is itself a renderer inside a frame (counted by `startDrawing`), not one to wait for.
    package func reserve(_ bytes: Int, inFrame: Bool = false) -> Outcome {
        guard bytes <= capacity - held else { return .exceedsCapacity }
        var stalled = 0, last = -1
        while true {
            let limit = capacity - held
            let u = used.load(ordering: .relaxed)
            if u + bytes <= limit {
                let (done, _) = used.compareExchange(
                    expected: u, desired: u + bytes, successOrdering: .acquiringAndReleasing,
                    failureOrdering: .relaxed)
                if done { return .granted }
                continue
            }
            // Counted in 1 ms sleeps while nothing draws and nothing moves; any change starts the count again.
            let others = drawing.load(ordering: .acquiring) - (inFrame ? 1 : 0)
            stalled = others <= 0 && u == last ? stalled + 1 : 0
            last = u
            if stalled >= 250 { return .blocked(reserved: u) }
            usleep(1000)
        }
    }

    /// Takes `bytes` when they fit now; false, taking nothing, when they do not (never waits).
    package func tryReserve(_ bytes: Int) -> Bool { add(bytes, to: used) { $0 + bytes <= capacity - held } }

    /// Gives `bytes` back.
    package func release(_ bytes: Int) { used.subtract(bytes, ordering: .acquiringAndReleasing) }
}

/// What one renderer keeps reserved from its document's budget between frames: its last frame's need, which
/// covers the offscreen buffers it keeps for the next frame (allocating and clearing them again each frame cost
/// up to 40 % on files with mattes) and the frame it returned while that is encoded. Given back when the renderer
/// goes away, or before it waits for more, so that two renderers never wait for each other while holding memory.
package final class Reservation: Sendable {
    private let budget: MemoryBudget
    private let standing = Atomic<Int>(0)

    /// A reservation of nothing from `budget`.
    package init(_ budget: MemoryBudget) { self.budget = budget }

    /// Bytes reserved.
    package var bytes: Int { standing.load(ordering: .acquiring) }

    /// Makes the reservation `need` bytes when that takes nothing more or fits now; false, unchanged, otherwise.
    package func resize(to need: Int) -> Bool {
        let have = bytes
        if need <= have {
            budget.release(have - need)
            standing.store(need, ordering: .releasing)
            return true
        }
        guard budget.tryReserve(need - have) else { return false }
        standing.store(need, ordering: .releasing)
        return true
    }

    /// Gives everything back, then waits for `need` bytes (``MemoryBudget/reserve(_:)``); holding nothing unless
    /// granted.
    package func wait(for need: Int, inFrame: Bool = false) -> MemoryBudget.Outcome {
        budget.release(standing.exchange(0, ordering: .acquiringAndReleasing))
        let outcome = budget.reserve(need, inFrame: inFrame)
        if outcome == .granted { standing.store(need, ordering: .releasing) }
        return outcome
    }

    deinit { budget.release(standing.load(ordering: .acquiring)) }
}
