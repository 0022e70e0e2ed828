/// A buffer of trivial values over memory sized in advance, written without the checks of `Array.append`; an
/// append beyond the capacity is refused.
struct TapeBuffer<T> {
    /// The storage.
    let base: UnsafeMutableBufferPointer<T>
    /// Values written.
    private(set) var count = 0

    init(_ buffer: UnsafeMutableBufferPointer<T>) { base = buffer }

    /// Writes `value` after the others; false when the buffer is full.
    @inline(__always) mutating func append(_ value: T) -> Bool {
        guard count < base.count else { return false }
        base.initializeElement(at: count, to: value)
        count &+= 1
        return true
    }

    /// Writes `values` after the others; false (and nothing written) when they do not fit.
    @inline(__always) mutating func append(contentsOf values: UnsafeBufferPointer<T>) -> Bool {
        guard values.count <= base.count &- count else { return false }
        // One object's members at a time, a few each: a loop, not a call to memcpy.
        var i = 0
        while i < values.count {
            base.initializeElement(at: count &+ i, to: values[i])
            i &+= 1
        }
        count &+= values.count
        return true
    }

    /// Forgets the last `k` values (plain values: nothing to deinitialise).
    @inline(__always) mutating func removeLast(_ k: Int) { count &-= k }
}
