import LottieRenderModel

/// Tracking from text animators (`"t"."a"[]."a"."t"`), as lottie-web (TextAnimatorProperty.js) and ThorVG
/// (`LottieBuilder::updateText`, `cursor.x += f * letterSpace`) apply it: a distance in the text's units (not
/// thousandths of an em, as the document's `"tr"`), times each character's selection, added before the character;
/// a left-aligned line's first character takes none.
extension TextBuilder {
    /// Each printable character's animator tracking: the sum over the animators of the value times its selection.
    /// Characters inside a shaped cluster (`skip`) take none.
    static func animatorTracking(
        _ times: [Double?], _ selections: [[Double]], count: Int, skip: Set<Int>
    ) -> [Double] {
        (0..<count).map { i in
            if skip.contains(i) { return 0 }
            var sum = 0.0
            for (t, sel) in zip(times, selections) where i < sel.count { if let t { sum += sel[i] * t } }
            return sum
        }
    }
}

/// How far a centred or right-aligned line moves for its animator tracking (lottie-web TextAnimatorProperty.js
/// `animatorJustifyOffset`): back by the line's tracking (half of it when centred); a centred text also moves back
/// by half of each animator's tracking value once per line so far (`animatorFirstCharOffset`, which lottie-web never
/// resets between lines). ThorVG aligns the line with its tracking included, nothing more (`asThorVG`).
struct AnimatorTrackingShift {
    private var firstCharacters = 0.0

    /// The shift of the next line, whose characters have animator tracking `tracking`.
    mutating func next(_ tracking: [Double], justify: TextJustify, times: [Double?], asThorVG: Bool = false) -> Double {
        guard justify == .right || justify == .center, !tracking.isEmpty else { return 0 }
        let share = justify == .center ? -0.5 : -1
        if asThorVG { return tracking.reduce(0, +) * share }
        if justify == .center { firstCharacters += times.reduce(0) { $0 + ($1 ?? 0) } * share }
        let own = tracking.reduce(0, +) * share
        return own != 0 ? own + firstCharacters : 0
    }
}
