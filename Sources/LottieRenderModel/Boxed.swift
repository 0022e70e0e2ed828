/// A value held indirectly (in one shared, immutable allocation), so a struct holding a large value (a layer's
/// fields) copies as one reference. It is a value: it is never changed in place, only replaced.
package indirect enum Boxed<Value: Sendable>: Sendable {
    /// The value.
    case boxed(Value)

    /// Holds `value`.
    @inlinable package init(_ value: Value) { self = .boxed(value) }

    /// The value held.
    @inlinable package var value: Value {
        switch self {
        case .boxed(let v): return v
        }
    }
}
