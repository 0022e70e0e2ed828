import Foundation

/// The folder every test of this process writes its scratch files under: `<tmp>/lottie-render-tests/<pid>`.
///
/// Tests used to leave `lr-*` folders in the temporary directory on every run (1,500 after a few days of
/// `make test`). Now the folder is removed when the process exits, and on first use the folders of earlier test
/// processes that no longer run are removed too (a crashed or killed run leaves its folder only until the next run).
public let testScratchRoot: URL = {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("lottie-render-tests")
    try? FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    for name in (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? [] {
        if let pid = Int32(name), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH {
            try? FileManager.default.removeItem(at: base.appendingPathComponent(name))
        }
    }
    let root = base.appendingPathComponent(String(getpid()))
    try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    atexit { removeTestScratchRoot() }
    return root
}()

/// Removes this process's scratch folder (registered with `atexit` when the folder is first made).
private func removeTestScratchRoot() {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("lottie-render-tests")
        .appendingPathComponent(String(getpid()))
    try? FileManager.default.removeItem(at: root)
}

/// A path `name` inside this process's scratch folder (nothing is created).
public func scratchPath(_ name: String) -> String {
    testScratchRoot.appendingPathComponent(name).path
}
