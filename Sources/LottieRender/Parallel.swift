import Dispatch
import Foundation
import Synchronization

/// Runs `body` for indices 0..<count on `jobs` threads and returns the results in index order. Each thread owns
/// one `State` (renderers with their scratch memory). Worker w takes indices w, w+jobs, w+2·jobs, …; results
/// are stored by index, so nothing about the output depends on scheduling.
package func parallelMap<State: Sendable, T: Sendable>(
    _ count: Int, jobs: Int, state makeState: @escaping @Sendable () -> State,
    _ body: @escaping @Sendable (inout State, Int) -> T
) -> [T] {
    // Each worker keeps its own results with their indices; they are put in order afterwards.
    let parts = parallelStates(count, jobs: jobs, state: { (makeState(), [(Int, T)]()) }) { s, i in
        s.1.append((i, body(&s.0, i)))
    }
    var slots = [T?](repeating: nil, count: count)
    for part in parts { for (i, r) in part.1 { slots[i] = r } }
    return slots.compactMap { $0 }
}

/// Runs `body` for indices 0..<count on `jobs` threads (worker w takes w, w+jobs, …) and returns each worker's
/// final state, in worker order (for merging histograms).
package func parallelStates<State: Sendable>(
    _ count: Int, jobs: Int, state makeState: @escaping @Sendable () -> State,
    _ body: @escaping @Sendable (inout State, Int) -> Void
) -> [State] {
    let workers = max(1, min(jobs, count))
    let states = Mutex<[State?]>(Array(repeating: nil, count: workers))
    DispatchQueue.concurrentPerform(iterations: workers) { w in
        var state = makeState()
        var i = w
        while i < count { body(&state, i); i += workers }
        let done = state
        states.withLock { $0[w] = done }
    }
    return states.withLock { $0.compactMap { $0 } }
}

/// The cores this process may use, asked of the system once: Foundation reads them from the kernel and the cgroup
/// files on every call (two files opened and read, about 90 000 instructions and two `openat` calls of ~19 µs each
/// here), which each document's load and each export's options paid.
package let availableCores = max(1, ProcessInfo.processInfo.activeProcessorCount)

/// The default for `-j`: every core.
package var defaultJobs: Int { availableCores }
