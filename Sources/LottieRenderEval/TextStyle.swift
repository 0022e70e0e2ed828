import LottieRenderModel

/// How a player applies text animators (`"t"."a"`).
package enum TextAnimatorRule: Sendable, Equatable {
    /// Every animator, each by its range selector, as After Effects does (lottie-web, lottie-android).
    case afterEffects
    /// None: the document is drawn as it is (lottie-ios's Core Animation engine: TextLayer logs that it "doesn't
    /// support text animators").
    case ignored
    /// Only the last animator (lottie-ios's Main Thread engine: TextCompositionLayer chains the animator nodes and
    /// rebuilds the last one's outputs only): its tracking replaces the document's (1 when it has none), its fill
    /// and stroke colours replace the document's, its stroke width replaces the document's (0 when it has none),
    /// and its opacity is the fill alpha of the characters its range selector covers; the rest of the selector
    /// (shape, amount, ease, offset, based on) is not read (TextAnimatorNode, CoreTextRenderLayer).
    case lastOnlyAsLottieIOS
}

/// One character's look after the animators: offset, rotation, scale, opacity, colours and stroke width.
struct TextStyle {
    var dx = 0.0, dy = 0.0, rot = 0.0, sx = 1.0, sy = 1.0, opacity = 1.0
    var fill: [Double]?, stroke: [Double]?, strokeWidth: Double
    var fillOpacity = 1.0, strokeOpacity = 1.0

    /// The document's own look.
    init(_ doc: TextDocument) {
        fill = doc.fillColor
        stroke = doc.strokeColor
        strokeWidth = doc.strokeWidth
    }
}

extension TextBuilder {
    /// The look of character `index` after the animators, each weighted by its selection (After Effects).
    func style(index: Int, doc: TextDocument, data: TextData, selections: [[Double]]) -> TextStyle {
        var s = TextStyle(doc)
        if rules.textAnimators == .lastOnlyAsLottieIOS {
            guard let a = data.animators.last else { return s }
            s.fill = a.fillColor.map { Interpolator.value($0, at: time).array } ?? s.fill
            s.stroke = a.strokeColor.map { Interpolator.value($0, at: time).array } ?? s.stroke
            s.strokeWidth = a.strokeWidth.map { Interpolator.scalar($0, at: time) } ?? 0
            if let o = a.opacity, let sel = selections.last, index < sel.count, sel[index] > 0 {
                s.fillOpacity = min(1, max(0, Interpolator.scalar(o, at: time, fallback: 100) / 100))
            }
            return s
        }
        for (a, sel) in zip(data.animators, selections) {
            let f = index < sel.count ? sel[index] : 0
            if f == 0 { continue }
            if let v = a.position {
                let q = Interpolator.value(v, at: time)
                s.dx += f * q.component(0); s.dy += f * q.component(1)
            }
            if let v = a.rotation { s.rot += f * Interpolator.scalar(v, at: time) }
            if let v = a.scale {
                let q = Interpolator.value(v, at: time)
                s.sx *= 1 + f * (q.component(0, or: 100) / 100 - 1)
                s.sy *= 1 + f * (q.component(1, or: q.component(0, or: 100)) / 100 - 1)
            }
            // Opacity moves toward each animator's value by its selection, as colours do: a later animator at
            // 100 % brings back what an earlier one at 0 % hid (lottie-web's TextAnimatorProperty: `elemOpacity +=
            // (o × mult − elemOpacity) × mult`; lottie-web/banner's "Discover Beyond" shows only this way).
            if let v = a.opacity {
                s.opacity += f * (Interpolator.scalar(v, at: time, fallback: 100) / 100 - s.opacity)
            }
            if let v = a.fillOpacity {
                s.fillOpacity *= 1 + f * (Interpolator.scalar(v, at: time, fallback: 100) / 100 - 1)
            }
            if let v = a.strokeOpacity {
                s.strokeOpacity *= 1 + f * (Interpolator.scalar(v, at: time, fallback: 100) / 100 - 1)
            }
            if let v = a.strokeWidth {
                let w = f * Interpolator.scalar(v, at: time)
                s.strokeWidth = rules.textStrokeWidthAnimatorReplaces ? w : s.strokeWidth + w
            }
            if let v = a.fillColor { s.fill = mix(s.fill ?? [0, 0, 0], Interpolator.value(v, at: time).array, f) }
            if let v = a.strokeColor {
                s.stroke = mix(s.stroke ?? [0, 0, 0], Interpolator.value(v, at: time).array, f)
            }
        }
        s.opacity = min(1, max(0, s.opacity))
        return s
    }

    /// lottie-ios's Main Thread range: the last animator's start and end (`"s"`, `"e"`) cut to whole numbers, as
    /// indices (`"r"`: 2) or as percentages of the text's UTF-16 length, line breaks included (rounded), clamped
    /// and ordered; each printable character in it is selected (1), the others not (0) (CoreTextRenderLayer).
    func lottieIOSSelection(_ a: TextAnimator, chars: [Character]) -> [Double] {
        let length = chars.reduce(0) { $0 + $1.utf16.count }
        let s = Interpolator.scalar(a.start, at: time), e = Interpolator.scalar(a.end, at: time, fallback: 100)
        var lo: Int, hi: Int
        if a.units == .index {
            lo = Int(s.rounded(.towardZero)); hi = Int(e.rounded(.towardZero))
        } else {
            lo = Int((Double(length) * Double(Int(s.rounded(.towardZero))) / 100).rounded())
            hi = Int((Double(length) * Double(Int(e.rounded(.towardZero))) / 100).rounded())
        }
        lo = min(max(lo, 0), length); hi = min(max(hi, 0), length)
        if lo > hi { swap(&lo, &hi) }
        var out: [Double] = []
        var offset = 0
        for c in chars {
            if !TextDocument.isLineBreak(c) { out.append(offset >= lo && offset < hi ? 1 : 0) }
            offset += c.utf16.count
        }
        return out
    }

    /// The stroke and fill items of a character as lottie-ios draws text through CoreText: a stroke colour draws a
    /// second pass with the stroke width as a percentage of the font size; width 0 fills that pass in black,
    /// a negative width fills it in black and strokes it (CoreTextRenderLayer, NSAttributedString strokeWidth).
    static func coreTextStroke(_ stroke: [Double]?, width sw: Double, opacity: Double) -> [ShapeItem] {
        guard let stroke else { return [] }
        var items: [ShapeItem] = []
        if sw != 0 {
            items.append(
                .stroke(
                    Boxed(
                        StrokeItem(
                            paint: .color(.constant(NumberVector(Array(stroke.prefix(3)) + [1]))),
                            opacity: .constant([100 * opacity]),
                            width: .constant([abs(sw)]), lineCap: .round, lineJoin: .round, miterLimit: 4,
                            dashes: []))))
        }
        if sw <= 0 {
            items.append(
                .fill(
                    Boxed(FillItem(paint: .color(.constant([0, 0, 0, 1])), opacity: .constant([100]), evenOdd: false))))
        }
        return items
    }
}
