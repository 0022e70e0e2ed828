/// The numbers of a numeric property value (`"k"`, a keyframe's `"s"`/`"e"`, an easing handle's `"x"`/`"y"`, a
/// spatial tangent `"to"`/`"ti"`): one to four numbers (a scalar, a point, a 3-D point, a colour with alpha) held
/// inline, so a value is a plain value: copying one, a keyframe or a constant property allocates nothing and counts
/// no reference. Gradient data, which has more numbers, is a `[Double]` (`GradientSpec.stops`).
///
/// It reads as an array of `Double` (a random-access, mutable collection with array literals), with the same element
/// arithmetic, so code written for `[Double]` gives the same results. No property of the format has more than four
/// numbers; a fifth and later number in a file (or an expression's result) is not kept.
///
/// A `public` type so that its `@inlinable` members inline across modules (docs/architecture.md); the collection
/// witnesses are `public` because the conformances are.
public struct NumberVector: Sendable {
    /// The numbers, in order; those past `count` are 0.
    @usableFromInline var storage: (Double, Double, Double, Double)
    /// How many numbers there are, 0…4 (set only here: `append` and the initialisers).
    @usableFromInline var stored: Int
    /// How many numbers there are, 0…4.
    @inlinable public var count: Int { stored }

    /// The most numbers a vector holds.
    @usableFromInline package static let capacity = 4

    /// An empty vector.
    @inlinable package init() {
        storage = (0, 0, 0, 0); stored = 0
    }

    /// The first four numbers of `numbers`.
    @inlinable package init<S: Sequence<Double>>(_ numbers: S) {
        self.init()
        for v in numbers {
            guard count < NumberVector.capacity else { break }
            append(v)
        }
    }

    /// `n` copies of `value` (at most four).
    @inlinable package init(repeating value: Double, count n: Int) {
        self.init()
        for _ in 0..<Swift.min(Swift.max(n, 0), NumberVector.capacity) { append(value) }
    }

    /// The numbers as an array.
    package var array: [Double] { Array(self) }

    /// Component `i`, or `fallback` past the end (a 2-D value read as 3-D reads z as `fallback`).
    @inlinable @inline(__always) package func component(_ i: Int, or fallback: Double = 0) -> Double {
        i < count ? self[i] : fallback
    }

    /// Adds a number at the end; a vector already holding four keeps them and drops `v`.
    @inlinable package mutating func append(_ v: Double) {
        switch count {
        case 0: storage.0 = v
        case 1: storage.1 = v
        case 2: storage.2 = v
        case 3: storage.3 = v
        default: return
        }
        stored += 1
    }
}

extension NumberVector: RandomAccessCollection, MutableCollection {
    /// The first index, 0.
    @inlinable public var startIndex: Int { 0 }
    /// One past the last index.
    @inlinable public var endIndex: Int { count }

    /// The number at `i`, which must be below `count` (as an array's subscript).
    @inlinable public subscript(i: Int) -> Double {
        @inline(__always) get {
            precondition(i >= 0 && i < count, "NumberVector index out of range")
            switch i {
            case 0: return storage.0
            case 1: return storage.1
            case 2: return storage.2
            default: return storage.3
            }
        }
        @inline(__always) set {
            precondition(i >= 0 && i < count, "NumberVector index out of range")
            switch i {
            case 0: storage.0 = newValue
            case 1: storage.1 = newValue
            case 2: storage.2 = newValue
            default: storage.3 = newValue
            }
        }
    }
}

extension NumberVector: ExpressibleByArrayLiteral {
    /// The numbers of an array literal (at most four).
    @inlinable public init(arrayLiteral elements: Double...) {
        self.init(elements)
    }
}

extension NumberVector: Hashable {
    /// Equal when both hold the same numbers, as arrays compare.
    @inlinable public static func == (a: NumberVector, b: NumberVector) -> Bool {
        guard a.count == b.count else { return false }
        for i in 0..<a.count where a[i] != b[i] { return false }
        return true
    }

    /// Hashes the numbers, as an array hashes.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for v in self { hasher.combine(v) }
    }
}

extension NumberVector: CustomStringConvertible {
    /// The numbers written as an array writes them.
    public var description: String { Array(self).description }
}

/// The values a numeric property can hold: a `NumberVector` (every property but gradient data) or a `[Double]`
/// (gradient data, `"g".k`). Interpolation and expressions work on either.
package protocol NumberValues: MutableCollection, RandomAccessCollection, Sendable, Equatable
where Element == Double, Index == Int {
    /// The values of `numbers` (a `NumberVector` keeps the first four).
    init(numbers: [Double])
    /// The values as an array.
    var array: [Double] { get }
    /// The values of a JSON number or array of numbers.
    init(json node: JSONNode) throws(ModelError)
}

extension NumberVector: NumberValues {
    /// The first four of `numbers`.
    @inlinable package init(numbers: [Double]) { self.init(numbers) }
    /// The first four numbers of `node`.
    @inline(__always) package init(json node: JSONNode) throws(ModelError) { self = try node.numberVector() }
}

extension Array: NumberValues where Element == Double {
    /// `numbers` itself.
    @inlinable package init(numbers: [Double]) { self = numbers }
    /// The array itself.
    @inlinable package var array: [Double] { self }
    /// The numbers of `node`.
    package init(json node: JSONNode) throws(ModelError) { self = try node.numbers() }
}
