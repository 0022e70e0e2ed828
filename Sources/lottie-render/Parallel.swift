import Dispatch
import Foundation
import Synchronization

/// Runs `body` for indices 0..<count on `jobs` threads and returns the results in index order. Each thread owns
/// one `State` (renderers with their scratch memory). Worker w takes indices w, w+jobs, w+2·jobs, …; results
/// are stored by index, so nothing about the output depends on scheduling.
func parallelMap<State, T: Sendable>(_ count: Int, jobs: Int, state makeState: @escaping @Sendable () -> State,
                                     _ body: @escaping @Sendable (inout State, Int) -> T) -> [T] {
    let workers = max(1, min(jobs, count))
    let slots = Mutex<[T?]>(Array(repeating: nil, count: count))
    DispatchQueue.concurrentPerform(iterations: workers) { w in
        var state = makeState()
        var i = w
        while i < count {
            let r = body(&state, i)
            slots.withLock { $0[i] = r }
            i += workers
        }
    }
    return slots.withLock { $0.compactMap { $0 } }
}

/// Like `parallelMap` but keeps nothing per index: returns each worker's final state (for merging histograms).
func parallelStates<State: Sendable>(_ count: Int, jobs: Int, state makeState: @escaping @Sendable () -> State,
                                     _ body: @escaping @Sendable (inout State, Int) -> Void) -> [State] {
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

/// The default for `-j`: every core.
var defaultJobs: Int { ProcessInfo.processInfo.activeProcessorCount }

/// Animation files named on the command line: files as given, folders searched recursively for `.json`, `.lottie`
/// and `.tgs`.
/// Each gets a name for its baseline folder: a file's base name, or the path below the folder given, without
/// the extension. In folders, `NAME.assets/` folders (external images) and JSON files that have no `"layers"`
/// key (package.json, image lists…) are skipped; files named explicitly are always taken.
func collectAnimations(_ paths: [String]) throws -> [(name: String, file: String)] {
    var out: [(String, String)] = []
    let fm = FileManager.default
    for p in paths {
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: p, isDirectory: &isDir) else {
            throw ToolError(message: "\(p): no such file or folder", code: 2)
        }
        if isDir.boolValue {
            guard let e = fm.enumerator(atPath: p) else { continue }
            var found: [String] = []
            while let rel = e.nextObject() as? String {
                if rel.hasSuffix(".assets") { e.skipDescendants(); continue }
                guard isAnimationFile(rel) else { continue }
                let full = (p as NSString).appendingPathComponent(rel)
                if (rel as NSString).pathExtension.lowercased() == "json", let d = fm.contents(atPath: full),
                   d.range(of: Data("\"layers\"".utf8)) == nil { continue }
                found.append(rel)
            }
            for rel in found.sorted() {
                out.append(((rel as NSString).deletingPathExtension, (p as NSString).appendingPathComponent(rel)))
            }
        } else {
            out.append((((p as NSString).lastPathComponent as NSString).deletingPathExtension, p))
        }
    }
    return out
}

/// File types read as animations.
func isAnimationFile(_ path: String) -> Bool {
    let ext = (path as NSString).pathExtension.lowercased()
    return ext == "json" || ext == "lottie" || ext == "tgs"
}
