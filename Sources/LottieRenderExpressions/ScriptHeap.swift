import CDuktape

/// One Duktape heap (`CDuktape`): a memory cap, a step budget in ticks of 256 Ki executed instructions, and one
/// host function. Not thread-safe; `ExpressionRuntime` keeps each behind a lock, one per render thread.
final class ScriptHeap {
    /// The result of a call.
    enum Outcome {
        /// Numbers.
        case numbers([Double])
        /// A string.
        case text(String)
        /// An error, with Duktape's message.
        case failure(String)
    }

    private let js: OpaquePointer
    // Results land here; a nested call (from a host call) finishes before its caller writes, so one buffer serves
    // all depths. A raw buffer, not an array: the array's exclusive access would span the nested call.
    private let scratch: UnsafeMutableBufferPointer<Double>

    /// Creates a heap holding at most `memoryCap` bytes, whose `__host` calls go to `host` with `context`.
    init?(memoryCap: Int, host: lr_js_host, context: UnsafeMutableRawPointer) {
        guard let js = lr_js_create(memoryCap, host, context) else { return nil }
        self.js = js
        scratch = .allocate(capacity: 65_536)
        scratch.initialize(repeating: 0)
    }

    deinit {
        lr_js_destroy(js)
        scratch.deallocate()
    }

    /// Runs global code; nil on success, else the error.
    func run(_ source: String, ticks: Int) -> String? {
        var err = [CChar](repeating: 0, count: 512)
        let rc = source.utf8CString.withUnsafeBufferPointer { src in
            lr_js_run(js, src.baseAddress, src.count - 1, ticks, &err, err.count)
        }
        return rc == 0 ? nil : ScriptHeap.text(err)
    }

    /// Compiles a function expression; its handle, or the error.
    func compile(_ source: String) -> Result<Int32, CompileError> {
        var err = [CChar](repeating: 0, count: 512)
        let h = source.utf8CString.withUnsafeBufferPointer { src in
            lr_js_compile(js, src.baseAddress, src.count - 1, &err, err.count)
        }
        return h >= 0 ? .success(h) : .failure(CompileError(message: ScriptHeap.text(err)))
    }

    /// Calls the global function `runner` with compiled function `fn` and `args`, within `ticks`; also returns the
    /// instructions executed (0 for a call nested in another, which shares its budget).
    func call(_ runner: String, _ fn: Int32, _ args: [Double], ticks: Int) -> (Outcome, Int) {
        var err = [CChar](repeating: 0, count: 512)
        var str = [CChar](repeating: 0, count: 4096)
        var strLen = 0
        var used = 0
        let n = scratch.count
        let rc = args.withUnsafeBufferPointer { a in
            lr_js_call(
                js, runner, fn, a.baseAddress, Int32(a.count), ticks, scratch.baseAddress, Int32(n), &str, str.count,
                &strLen, &err, err.count, &used)
        }
        if rc == -1 { return (.failure(ScriptHeap.text(err)), used) }
        if rc == -2 { return (.text(ScriptHeap.text(str)), used) }
        return (.numbers(Array(scratch[0..<Int(rc)])), used)
    }

    /// Bytes the heap holds.
    var memory: Int { lr_js_memory(js) }

    private static func text(_ buffer: [CChar]) -> String {
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// An expression that does not compile.
struct CompileError: Error {
    /// Duktape's message.
    var message: String
}
