/// A value held indirectly (in one shared, immutable allocation), so a struct holding a large value (a layer's
/// fields) copies as one reference. It is a value: it is never changed in place, only replaced.
///
/// A final class with a constant rather than an indirect enum: reading a field of the value held (a layer's
/// transform, whether a group's transform has spatial tangents) borrows it in place, where binding the enum's
/// payload copied the whole value first, retaining every array in it (six loads of lottiefiles_unnamed 90.8 →
/// 89.9 M instructions, ph_onboarding 226.0 → 223.8 M, bodymovin 413.5 → 410.5 M; rendering unchanged). From
/// another module `value` is read through its getter, a copy: `read` lends it instead (session 44: five loads of
/// ph_onboarding 206.2 → 203.4 M).
///
/// A `public` class (its members `package`) so that `read` inlines into the evaluator, which reads shape items and
/// layer transforms through it every frame (docs/architecture.md).
public final class Boxed<Value: Sendable>: Sendable {
    /// The value held.
    @usableFromInline package let value: Value

    /// Holds `value`.
    @inlinable package init(_ value: Value) { self.value = value }

    /// `body` applied to the value held, read in place: from another module, reading `value` itself copies it out
    /// (retaining every array in it) before a caller can look at one field.
    @inlinable package func read<R>(_ body: (Value) -> R) -> R { body(value) }

    /// A new box holding the value as `change` leaves it (the players' readings of a model item rewrite a few of
    /// its properties).
    package func modified(_ change: (inout Value) -> Void) -> Boxed<Value> {
        var v = value
        change(&v)
        return Boxed(v)
    }
}
