import Synchronization

/// Stops rendering that is under way: set it in ``ExportOptions/cancellation`` (or on a ``FrameRenderer``) and call
/// ``cancel()`` from any thread (a progress callback, a request handler whose client went away). Exports stop
/// between frames, and a frame stops between its layers; the call then throws ``LottieRenderError/cancelled``.
/// The `async` exports set one themselves and cancel it when their `Task` is cancelled.
public final class CancellationFlag: Sendable {
    private let flag = Atomic<Bool>(false)

    /// A flag not yet set.
    public init() {}

    /// Stops the work that watches this flag (at once; it cannot be unset).
    public func cancel() { flag.store(true, ordering: .relaxed) }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { flag.load(ordering: .relaxed) }
}
