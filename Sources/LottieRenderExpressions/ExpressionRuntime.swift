import LottieRenderEval
import LottieRenderModel
import Synchronization

/// Evaluates a document's expressions for one render thread (`FrameRenderer` holds one). Its heap is made on
/// first use; the lock only guards against a renderer copied onto two threads, which then take turns.
package final class ExpressionRuntime: ExpressionHost {
    private let program: ExpressionProgram
    private let log: ExpressionLog
    private let dialect: ExpressionDialect
    private let limits: ExpressionLimits
    private let state: Mutex<State>

    private struct State: ~Copyable {
        var session: ExpressionSession?
        var started = false
        /// The frame `beginFrame` was last given, for a session started later in that frame.
        var rootFrame = 0.0
    }

    /// A runtime for `program`, reporting problems to `log`, evaluating as `dialect` does, within `limits`.
    package init(
        _ program: ExpressionProgram, log: ExpressionLog, dialect: ExpressionDialect = .afterEffects,
        limits: ExpressionLimits = ExpressionLimits()
    ) {
        self.program = program
        self.log = log
        self.dialect = dialect
        self.limits = limits
        state = Mutex(State())
    }

    /// Starts a frame: clears the frame's cache and restores its step budget. `rootFrame` is the frame drawn,
    /// counted from the root composition's in point (ThorVG's `time` for every expression).
    package func beginFrame(rootFrame: Double = 0) {
        state.withLock { s in
            s.rootFrame = rootFrame
            s.session?.beginFrame(rootFrame: rootFrame)
        }
    }

    /// The expression's numbers at `frame`, or nil to use the property's own value.
    package func numbers(_ ref: ExpressionRef, at frame: Double, base: (Double) -> [Double]) -> [Double]? {
        let own = base(frame)
        return state.withLock { s in
            Self.session(&s, program, log, dialect, limits)?.evaluate(ref.id, frame: frame, own: own)
        }
    }

    /// The expression's path at `frame`, or nil to use the property's own path.
    package func shape(_ ref: ExpressionRef, at frame: Double, base: (Double) -> BezierShape) -> BezierShape? {
        let own = ExpressionSession.flatten(base(frame))
        guard
            let v = state.withLock({ s in
                Self.session(&s, program, log, dialect, limits)?.evaluate(ref.id, frame: frame, own: own)
            })
        else { return nil }
        return ExpressionSession.path(v)
    }

    /// The expression's text at `frame`, or nil to keep the document's own.
    package func text(_ ref: ExpressionRef, at frame: Double, base: String) -> String? {
        let own = ExpressionSession.units(base)
        guard
            let v = state.withLock({ s in
                Self.session(&s, program, log, dialect, limits)?.evaluate(ref.id, frame: frame, own: own)
            })
        else { return nil }
        return ExpressionSession.string(v)
    }

    private static func session(
        _ s: inout State, _ program: ExpressionProgram, _ log: ExpressionLog, _ dialect: ExpressionDialect,
        _ limits: ExpressionLimits
    )
        -> ExpressionSession?
    {
        if !s.started {
            s.started = true
            s.session = ExpressionSession(program: program, log: log, dialect: dialect, limits: limits)
            s.session?.beginFrame(rootFrame: s.rootFrame)
        }
        return s.session
    }
}
