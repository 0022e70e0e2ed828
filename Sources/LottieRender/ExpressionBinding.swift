import LottieRenderEval
import LottieRenderExpressions
import LottieRenderModel
import Synchronization

/// A document's expressions (`"x"`), bound the first time something needs them instead of at load: a renderer with
/// expressions on, `info`, the compatibility report, or the warnings of a document that evaluates them. Binding
/// reads the data footage (`"t": 3` assets), flattens the property tree for the prelude, wraps every source and
/// compiles each once to report what does not compile; a document drawn with expressions off (as lottie-ios and
/// lottie-android draw) pays none of it. Shared by the copies of a document, built once under a lock.
package final class ExpressionBinding: Sendable {
    /// The bound program and what binding it found (footage that could not be read, sources that do not compile).
    private struct Bound: Sendable {
        var program: ExpressionProgram
        var warnings: [LottieWarning]
    }

    private let state = Mutex<Bound?>(nil)
    private let tree: BoundComposition
    /// Where data footage is read from; empty when the composition has no data assets, so that a dotLottie's
    /// files are not kept alive for nothing.
    private let files: ImageSource

    /// Expressions of `tree`'s composition, with data footage read from `files` when first bound.
    init(_ tree: BoundComposition, files: ImageSource) {
        self.tree = tree
        let comp = tree.composition
        let hasData = comp.assetOrder.contains { if case .data? = comp.assets[$0] { true } else { false } }
        self.files = hasData ? files : .folders([])
    }

    private func bound() -> Bound {
        state.withLock { held in
            if let held { return held }
            // Data footage ("t": 3) is read only for expressions, the one thing that reads it.
            let footage = DataFootage.load(tree.composition, from: files)
            let program = ExpressionProgram(tree, footage: footage.texts)
            let made = Bound(
                program: program,
                warnings: footage.warnings.map { LottieWarning(code: "footage", $0) }
                    + program.loadWarnings.map { LottieWarning(code: "expression", $0) })
            held = made
            return made
        }
    }

    /// Whether the expressions have been bound (tests).
    package var isBound: Bool { state.withLock { $0 != nil } }

    /// The bound expressions.
    var program: ExpressionProgram { bound().program }
    /// Data footage that could not be read and expressions that do not compile or are not evaluated, in document
    /// order.
    var warnings: [LottieWarning] { bound().warnings }
}
