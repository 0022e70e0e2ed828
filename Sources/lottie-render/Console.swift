import Dispatch
import Foundation
import Synchronization

/// Progress on stderr for long commands: a bar redrawn in place when stderr is a terminal. Elsewhere (CI logs,
/// pipes) it prints only what `lines` asks for: one line per item for batch, nothing per frame.
final class Progress: Sendable {
    let total: Int
    let label: String
    let lines: Bool
    private let done = Mutex(0)
    private let shown = Mutex(-1)
    let tty = isatty(2) != 0

    /// A bar over `total` steps named `label`; `lines` prints one line per step when stderr is not a terminal.
    init(total: Int, label: String, lines: Bool = false) {
        self.total = total; self.label = label; self.lines = lines
    }

    /// One step done; `name` and `failed` describe it.
    func step(_ name: String = "", failed: Bool = false) {
        let n = done.withLock { n in
            n += 1
            return n
        }
        update(n, name: name, failed: failed)
    }

    /// `n` of `total` steps done (for callbacks that count themselves).
    func update(_ n: Int, name: String = "", failed: Bool = false) {
        if tty {
            let width = 30, filled = total > 0 ? min(width, n * width / total) : width
            // Redraw at most once per bar cell or item, so a fast render does not flood the terminal.
            let cell = lines ? n : filled * 1000 + (n == total ? 999 : 0)
            let redraw = shown.withLock { s in
                guard cell != s else { return false }
                s = cell
                return true
            }
            guard redraw else { return }
            let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
            let line = "\r\(label) [\(bar)] \(n)/\(total) \(name.prefix(40))"
            FileHandle.standardError.write(Data((line + "\u{1B}[K").utf8))
        } else if lines {
            FileHandle.standardError.write(Data("[\(n)/\(total)] \(failed ? "FAILED" : "ok") \(name)\n".utf8))
        }
    }

    /// Ends the bar's line.
    func finish() {
        if tty && shown.withLock({ $0 }) >= 0 { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}

/// A wall clock for summaries ("in 1.2 s").
struct Stopwatch {
    let start = DispatchTime.now().uptimeNanoseconds

    /// Seconds since creation, as text.
    var text: String {
        let s = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return s < 10 ? String(format: "%.2f s", s) : String(format: "%.1f s", s)
    }
}

/// `n thing` or `n things`.
func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

/// Prints `lottie-render: note: …` unless quiet.
func printNote(_ message: String, quiet: Bool) {
    if !quiet { printError(message) }
}

/// Edit distance, for "did you mean" suggestions.
func editDistance(_ a: String, _ b: String) -> Int {
    let x = Array(a), y = Array(b)
    if x.isEmpty || y.isEmpty { return max(x.count, y.count) }
    var prev = Array(0...y.count)
    for i in 1...x.count {
        var cur = [i] + Array(repeating: 0, count: y.count)
        for j in 1...y.count {
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
        }
        prev = cur
    }
    return prev[y.count]
}
