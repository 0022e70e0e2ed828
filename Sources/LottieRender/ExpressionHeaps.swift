import Foundation
import LottieRenderExpressions
import Synchronization

/// The expression heaps of one document, kept between renderers: a `FrameRenderer` borrows one when it is made and
/// gives it back when its last copy goes away, so `LottieDocument.image(frame:)` and each batch of the exporters
/// reuse a heap with the prelude and every expression already compiled, instead of starting one per call (which
/// cost 16× a frame on a file with expressions). A heap keeps no state between evaluations (SandboxTests), so the
/// output does not depend on which heap draws a frame. At most one heap per core is kept idle
/// (``availableCores``, asked of the system once per process, where every document's load asked it).
package final class ExpressionHeaps: Sendable {
    private let idle = Mutex<[ExpressionDialect: [ExpressionRuntime]]>([:])

    package init() {}

    /// A heap for `program` evaluated as `dialect`, an idle one when there is one.
    func borrow(
        _ program: ExpressionProgram, log: ExpressionLog, dialect: ExpressionDialect, limits: ExpressionLimits
    ) -> Loan {
        let reused = idle.withLock { $0[dialect]?.popLast() }
        return Loan(
            reused ?? ExpressionRuntime(program, log: log, dialect: dialect, limits: limits), dialect: dialect,
            from: self)
    }

    fileprivate func giveBack(_ runtime: ExpressionRuntime, dialect: ExpressionDialect) {
        idle.withLock { heaps in
            if heaps[dialect, default: []].count < availableCores { heaps[dialect, default: []].append(runtime) }
        }
    }

    /// Heaps idle now (tests).
    package var idleCount: Int { idle.withLock { $0.values.reduce(0) { $0 + $1.count } } }

    /// A borrowed heap, given back when the last copy of the renderer holding it goes away.
    final class Loan: Sendable {
        let runtime: ExpressionRuntime
        private let dialect: ExpressionDialect
        private let owner: ExpressionHeaps

        fileprivate init(_ runtime: ExpressionRuntime, dialect: ExpressionDialect, from owner: ExpressionHeaps) {
            self.runtime = runtime; self.dialect = dialect; self.owner = owner
        }

        deinit { owner.giveBack(runtime, dialect: dialect) }
    }
}
