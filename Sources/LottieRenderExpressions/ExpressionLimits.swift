/// What the expressions of one render thread may spend: instructions per evaluation (the expressions it reads
/// included) and per frame (past it, each evaluation gets one interval), and the bytes their heap may hold. Work
/// Duktape does in C is charged as instructions (cduktape.c `lr_charge`).
package struct ExpressionLimits: Sendable, Hashable {
    /// Instructions one evaluation may execute (the heaviest in the corpus, a point measured along a path, takes
    /// 0.19 Mi).
    package var instructionsPerEvaluation = 4 << 20
    /// Instructions all evaluations of one frame may execute (the corpus needs at most 0.35 Mi).
    package var instructionsPerFrame = 32 << 20
    /// Bytes one heap may hold (the largest rig in the corpus needs under 2 MiB).
    package var memory = 16 << 20

    /// The defaults.
    package init() {}

    /// Limits of `instructions` per evaluation (8× per frame) and `memory` bytes.
    package init(instructions: Int, memory: Int) {
        instructionsPerEvaluation = max(1 << 18, instructions)
        let (frame, overflow) = instructionsPerEvaluation.multipliedReportingOverflow(by: 8)
        instructionsPerFrame = overflow ? Int.max : frame
        self.memory = max(1 << 20, memory)
    }

    /// `n` with a binary prefix: `4 Mi`, `16 Mi`, `300 Ki`.
    static func text(_ n: Int) -> String {
        n % (1 << 20) == 0 ? "\(n >> 20) Mi" : n % (1 << 10) == 0 ? "\(n >> 10) Ki" : "\(n) "
    }
}
