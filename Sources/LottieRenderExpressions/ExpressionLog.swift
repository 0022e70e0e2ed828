import Synchronization

/// The problems expressions met while rendering, shared by every render thread of a document: one per expression,
/// the one met at the earliest frame, so what is reported never depends on how frames were spread over threads.
package final class ExpressionLog: Sendable {
    private let entries = Mutex<[Int: Entry]>([:])

    /// One problem.
    package struct Entry: Sendable, Equatable {
        /// Composition frame where it was met.
        package var frame: Double
        /// What happened.
        package var message: String
    }

    /// An empty log.
    package init() {}

    /// Records a problem of expression `id` at `frame`, kept if it is the earliest.
    func record(_ id: Int, frame: Double, _ message: String) {
        entries.withLock { e in
            if let old = e[id], old.frame <= frame { return }
            e[id] = Entry(frame: frame, message: message)
        }
    }

    /// The problems so far, by expression id.
    package var snapshot: [Int: Entry] { entries.withLock { $0 } }
}
