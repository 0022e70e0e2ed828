import LottieRenderModel

/// The composition as lottie-ios reads it (4.6.1, f4db77d), for `--player ios` and `ios-main-thread`.
///
/// Both engines:
/// - `"chars"` are decoded (LottieAnimation.swift `glyphs`) but no layer draws them: text is set with CoreText in
///   the font `UIFont(name:)` finds. The glyphs of families iOS ships stay as the stand-in for that font
///   (``IOSSystemFonts``); the others are left out, so the text is drawn from a bundled font or in Helvetica.
///
/// The Core Animation engine also (``CoreAnimationHolds`` aside):
/// - reads one value where Core Animation cannot animate one (`exactlyOneKeyframe`, which logs and takes the first
///   keyframe): the text document (`"t.d"`, TextLayer.swift), a repeater's copies (`"ty":"rp"` `"c"`,
///   ShapeLayer.swift) and a stroke's dash and gap lengths (`"st"` `"d"`, StrokeAnimation.swift; the dash offset
///   stays animated).
/// - draws a group's items in render groups (``CoreAnimationRenderGroups``).
enum LottieIOSReading {
    /// `c` as lottie-ios's Core Animation engine (`coreAnimation`) or Main Thread engine reads it.
    static func rewrite(_ c: Composition, coreAnimation: Bool) -> Composition {
        var out = c
        out.glyphs = c.glyphs.filter { IOSSystemFonts.has(family: $0.family) }
        guard coreAnimation else { return out }
        out = CoreAnimationHolds.rewrite(out)
        out.layers = out.layers.map(layer)
        for (id, asset) in out.assets {
            if case .precomp(let pid, let layers, let w, let h) = asset {
                out.assets[id] = .precomp(id: pid, layers: layers.map(layer), width: w, height: h)
            }
        }
        return out
    }

    static func layer(_ l: Layer) -> Layer {
        var l = l
        switch l.content {
        case .text(var data):
            if let first = data.documents.first { data.documents = [first] } // "t.d.k"[0]
            l.content = .text(data)
        case .shapes(let items):
            l.content = .shapes(CoreAnimationRenderGroups.rewrite(items.map(item)))
        default:
            break
        }
        return l
    }

    static func item(_ i: ShapeItem) -> ShapeItem {
        switch i {
        case .group(var g):
            g.items = CoreAnimationRenderGroups.rewrite(g.items.map(item))
            return .group(g)
        case .repeater(var r): // "rp": "c"
            r.copies = first(r.copies)
            return .repeater(r)
        case .stroke(let box): // "st": "d"[] with "n" "d" or "g"
            return .stroke(
                box.modified { s in
                    s.dashes = s.dashes.map { e in
                        var e = e
                        if e.kind != "o" { e.value = first(e.value) }
                        return e
                    }
                })
        default:
            return i
        }
    }

    /// `p` held at its first keyframe's value.
    static func first<V>(_ p: Animatable<V>) -> Animatable<V> {
        switch p {
        case .constant: return p
        case .animated(let k): return k.first.map { .constant($0.start) } ?? p
        case .expression(let ref, let base): return .expression(ref, base: first(base))
        }
    }
}
