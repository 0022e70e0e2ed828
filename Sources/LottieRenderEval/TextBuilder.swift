import LottieRenderModel
import LottieRenderRaster

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lays out a text layer (`"ty": 5`) at one time and turns it into scene nodes, with glyph outlines from `"chars"`
/// (drawn at size 100 and scaled) or from a font outline provider.
struct TextBuilder {
    /// One laid-out character.
    struct Placed {
        var glyph: [ShapeItem]; var x: Double; var y: Double; var advance: Double; var index: Int
        var scale = 1.0
        var line = 0
        /// Set from a font file, not from `"chars"`.
        var fromFontFile = false
    }

    let composition: Composition
    let glyphs: [String: Int]
    let fonts: FontOutlines?
    let time: Double
    /// What the player draws otherwise: the extra unit after the first line, characters set one at a time.
    var rules = DrawRules.full

    static func key(_ family: String, _ style: String, _ ch: String) -> String {
        family + "\u{1}" + style + "\u{1}" + ch
    }

    /// The document shown at `time`: the last one starting at or before it (text documents hold).
    static func document(_ data: TextData, at t: Double) -> TextDocument? {
        guard var doc = data.documents.first?.document else { return nil }
        for (time, d) in data.documents where time <= t { doc = d }
        return doc
    }

    /// Outline items and advance (at size 100) of one character, and whether they come from a font file rather than
    /// `"chars"`.
    func glyphSource(
        _ ch: Character, font: FontInfo?, docFont: String
    ) -> (
        glyph: (items: [ShapeItem], width: Double), fromFontFile: Bool
    )? {
        let family = font?.family ?? docFont, style = font?.style ?? ""
        let s = String(ch)
        // ThorVG: a font with an origin (`"origin"` 1–3: a URL or a file) is drawn from that font, never from
        // "chars".
        if !rules.glyphsOfFontsWithOrigin, font?.origin.isLoaded == true {
            return fonts?.glyph(ch, family: family, style: style, name: docFont).map { ($0, true) }
        }
        if let i = glyphs[TextBuilder.key(family, style, s)] ?? glyphs[TextBuilder.key(family, "", s)]
            ?? glyphs[TextBuilder.key("", "", s)]
        {
            return ((composition.glyphs[i].shapes, composition.glyphs[i].width), false)
        }
        return fonts?.glyph(ch, family: family, style: style, name: docFont).map { ($0, true) }
    }

    /// Scene nodes for `data` placed by `m`; `maskPaths` are the layer's mask paths at this time (text on a path).
    func build(_ data: TextData, layerTransform m: Transform, maskPaths: [Path] = []) -> [SceneNode] {
        guard var doc = TextBuilder.document(data, at: time) else { return [] }
        var data = data
        if rules.textAnimators == .ignored { data.animators = [] }
        let lastOnly = rules.textAnimators == .lastOnlyAsLottieIOS
        // "t"."d"."x": an expression replaces the text (its glyphs were extracted at load, see SystemFonts).
        if let ref = data.sourceExpression, let text = ExpressionScope.host?.text(ref, at: time, base: doc.text) {
            doc.text = text
        }
        if doc.caps == .allCaps { doc.text = doc.text.uppercased() }
        // Small caps ("ca": 2): lower-case letters are drawn as capitals at 70 % of the size.
        var small: Set<Int> = []
        if doc.caps == .smallCaps {
            var k = 0
            for c in doc.text where !TextDocument.isLineBreak(c) {
                if c.isLowercase { small.insert(k) }
                k += 1
            }
            doc.text = doc.text.uppercased()
        }
        let font = composition.fonts[doc.font]
        let scale = doc.size / 100
        // Per-character tracking from animators shifts the layout, so the selection is computed first.
        let chars = Array(doc.text)
        let selections =
            lastOnly
            ? data.animators.suffix(1).map { lottieIOSSelection($0, chars: chars) }
            : data.animators.map { a -> [Double] in
                // "b": 1 characters, 2 characters without spaces, 3 words, 4 lines: select units, then spread to characters.
                let units = TextBuilder.units(chars, basedOn: a.basedOn)
                let count = (units.compactMap { $0 }.max() ?? -1) + 1
                let per = selection(a, count: count)
                return units.map { u in u.map { $0 < per.count ? per[$0] : 0 } ?? 0 }
            }
        var placed: [Placed] = []
        // Lines: explicit breaks, then wrapping inside the paragraph box.
        var lines: [[(Character, Int)]] = [[]]
        var k = 0
        for c in chars {
            if TextDocument.isLineBreak(c) { lines.append([]); continue }
            lines[lines.count - 1].append((c, k)); k += 1
        }
        // Outline and advance of each printable character, looked up once; tracking per character from the animators.
        let printable = chars.filter { !TextDocument.isLineBreak($0) }
        var outlines = [(items: [ShapeItem], width: Double)?](repeating: nil, count: printable.count)
        var isShaped = [Bool](repeating: false, count: printable.count)
        var fromFontFile = [Bool](repeating: false, count: printable.count)
        // Lines set from font files are shaped (ligatures, marks, joining scripts) with bidirectional levels.
        var levels = [Int](repeating: 0, count: printable.count)
        var clusterTail = Set<Int>()
        if let fonts, !rules.textCharactersAlone {
            for line in lines where !line.isEmpty {
                let text = String(line.map(\.0))
                guard let run = fonts.shapedLine(text, name: doc.font), run.count == line.count else { continue }
                for (k, (_, i)) in line.enumerated() {
                    outlines[i] = (run[k].items, run[k].advance)
                    levels[i] = run[k].level
                    isShaped[i] = true
                    fromFontFile[i] = true
                    if run[k].items.isEmpty && run[k].advance == 0 { clusterTail.insert(i) }
                }
            }
        }
        // Everything else character by character, from "chars" or the font source.
        for i in printable.indices where !isShaped[i] {
            let source = glyphSource(printable[i], font: font, docFont: doc.font)
            outlines[i] = source?.glyph
            fromFontFile[i] = source?.fromFontFile ?? false
        }
        let trackingTimes = data.animators.map { a in a.tracking.map { Interpolator.scalar($0, at: time) } }
        // Tracking ("tr", in thousandths of an em) follows each character.
        let trackings: [Double] = printable.indices.map { i in
            if clusterTail.contains(i) { return 0 } // inside a shaped cluster: no advance, no tracking
            var tr = doc.tracking
            if lastOnly, !data.animators.isEmpty {
                tr = (trackingTimes.last ?? nil) ?? 1 // the last animator's tracking, for every character
            }
            return tr / 1000 * doc.size
        }
        // An animator's tracking ("t"."a"[]."a"."t") is a distance in the text's units, before each selected character.
        let animatorTracking =
            lastOnly
            ? [Double](repeating: 0, count: printable.count)
            : TextBuilder.animatorTracking(trackingTimes, selections, count: printable.count, skip: clusterTail).map {
                rules.animatorTrackingAsThorVG ? $0 * doc.size / 100 : $0
            }
        let advances: [Double] = outlines.enumerated().map { i, g in
            if clusterTail.contains(i) { return 0 }
            if g == nil && rules.missingGlyphsTakeNoSpace { return 0 } // skipped: no advance, no tracking
            // A space without a glyph advances a quarter em; another missing character half an em.
            let w = g?.width ?? (printable[i] == " " ? 25 : 50)
            return w * scale * (small.contains(i) ? 0.7 : 1) + trackings[i]
        }
        func advance(_ c: Character, _ i: Int) -> Double { advances[i] }
        let ascent = (font?.ascent ?? 75) / 100 * doc.size
        // Box text ("sz"): its left edge, first baseline and width; its position ("ps") defaults to the layer's origin.
        let box: (x: Double, y: Double, width: Double)? = {
            guard let sz = doc.boxSize, sz.count >= 2, sz[0] > 0 else { return nil }
            let ps = (doc.boxPosition?.count ?? 0) >= 2 ? doc.boxPosition ?? [0, 0] : [0, 0]
            // CoreText (lottie-ios) sets the first line of a box at the font's cap height below its top.
            if rules.textAsCoreText, let cap = fonts?.capHeight(name: doc.font) {
                return (ps[0], ps[1] + cap / 100 * doc.size, sz[0])
            }
            return (ps[0], ps[1] + ascent, sz[0])
        }()
        if let box { lines = lines.flatMap { wrap($0, width: box.width, advance: advance) } }
        // Each line's alignment point: the box's (or the origin's) left, centre or right ("j": 0, 2, 1).
        let share = doc.justify.alignmentShare
        let anchorX = box.map { $0.x + $0.width * share } ?? 0
        var lineShift = AnimatorTrackingShift()
        for (li, line) in lines.enumerated() {
            let order = TextBuilder.visualOrder(line, levels: levels)
            // The width that is aligned leaves out the tracking after the line's last character: After Effects
            // tracks between characters, not at the line's ends (as Skottie's TextAdapter and lottie-web's
            // TextProperty measure lines), so tracked centred text stays centred.
            let trailing = rules.alignedWidthKeepsLastTracking ? 0 : (order.last.map { trackings[$0.1] } ?? 0)
            let width = line.reduce(0.0) { $0 + advance($1.0, $1.1) } - trailing
            let thorVG = rules.animatorTrackingAsThorVG
            var x =
                anchorX - width * share
                + lineShift.next(
                    line.map { animatorTracking[$0.1] }, justify: doc.justify, times: trackingTimes, asThorVG: thorVG)
            let y =
                (box?.y ?? 0) + Double(li) * doc.lineHeight - doc.baselineShift
                + (li > 0 ? rules.textLineBreakExtra : 0)
            for (k, (c, i)) in order.enumerated() {
                if thorVG || k > 0 || doc.justify != .left { x += animatorTracking[i] }
                let a = advance(c, i)
                if let g = outlines[i], !g.items.isEmpty {
                    placed.append(
                        Placed(
                            glyph: g.items, x: x, y: y, advance: a, index: i, scale: small.contains(i) ? 0.7 : 1,
                            line: li, fromFontFile: fromFontFile[i]))
                }
                x += a
            }
        }
        var nodes: [SceneNode] = []
        if let mi = data.pathMask, mi >= 0, mi < maskPaths.count {
            for p in onPath(
                placed, path: maskPaths[mi], justify: doc.justify, anchorX: anchorX, baseline: box?.y ?? 0,
                data: data)
            {
                nodes += character(
                    p.placed, doc: doc, data: data, selections: selections, layerTransform: m.concat(p.transform))
            }
            return nodes
        }
        for p in placed { nodes += character(p, doc: doc, data: data, selections: selections, layerTransform: m) }
        return nodes
    }

    /// A line's characters in drawing order (Unicode bidirectional rule L2): from the highest level down to the
    /// lowest odd one, every run at that level or above is reversed.
    static func visualOrder(_ line: [(Character, Int)], levels: [Int]) -> [(Character, Int)] {
        let lv = line.map { $0.1 < levels.count ? levels[$0.1] : 0 }
        guard let top = lv.max(), top > 0 else { return line }
        var out = line, l = lv
        let lowestOdd = lv.filter { $0 & 1 == 1 }.min() ?? top
        var level = top
        while level >= lowestOdd && level > 0 {
            var k = 0
            while k < out.count {
                guard l[k] >= level else { k += 1; continue }
                var e = k
                while e < out.count && l[e] >= level { e += 1 }
                out[k..<e].reverse(); l[k..<e].reverse()
                k = e
            }
            level -= 1
        }
        return out
    }

    /// For each printable character, the index of the selector unit it belongs to (nil: not selectable, such as a
    /// space when spaces are excluded).
    static func units(_ chars: [Character], basedOn b: SelectorBasis) -> [Int?] {
        var out: [Int?] = []
        var unit = -1, inWord = false, line = 0, nonSpace = -1
        for c in chars {
            if TextDocument.isLineBreak(c) { line += 1; inWord = false; continue }
            switch b {
            case .charactersExcludingSpaces:
                if c == " " { out.append(nil) } else { nonSpace += 1; out.append(nonSpace) }
            case .words:
                if c == " " {
                    inWord = false; out.append(nil)
                } else {
                    if !inWord { unit += 1; inWord = true }
                    out.append(unit)
                }
            case .lines:
                out.append(line)
            case .characters:
                unit += 1; out.append(unit)
            }
        }
        return out
    }

    /// Greedy word wrap inside the box width.
    func wrap(_ line: [(Character, Int)], width: Double, advance: (Character, Int) -> Double) -> [[(Character, Int)]] {
        var out: [[(Character, Int)]] = [[]]
        var x = 0.0
        var word: [(Character, Int)] = [], wordW = 0.0
        func flushWord() {
            if x + wordW > width && !out[out.count - 1].isEmpty {
                // Drop the trailing space of the finished line.
                while let l = out[out.count - 1].last, l.0 == " " { out[out.count - 1].removeLast() }
                out.append([]); x = 0
            }
            out[out.count - 1] += word; x += wordW
            word = []; wordW = 0
        }
        for (c, i) in line {
            word.append((c, i)); wordW += advance(c, i)
            if c == " " { flushWord() }
        }
        flushWord()
        return out
    }

    /// The amount (0…1) each printable character is selected by an animator's range selector.
    func selection(_ a: TextAnimator, count n: Int) -> [Double] {
        guard n > 0 else { return [] }
        let s = Interpolator.scalar(a.start, at: time), e = Interpolator.scalar(a.end, at: time, fallback: 100)
        let o = Interpolator.scalar(a.offset, at: time)
        let amount = Interpolator.scalar(a.amount, at: time, fallback: 100) / 100
        // Ease High and Ease Low ("xe", "ne") shape the selection through a cubic Bézier from (0, 0) to (1, 1):
        // a positive Ease Low pulls the first handle along x, a negative one up y; Ease High likewise from the end
        // (lottie-web's TextSelectorProperty.getMult, BezierEaser).
        let easeHigh = Interpolator.scalar(a.easeHigh, at: time) / 100,
            easeLow = Interpolator.scalar(a.easeLow, at: time) / 100
        let eased = easeHigh != 0 || easeLow != 0
        let x1 = easeLow > 0 ? easeLow : 0, y1 = easeLow > 0 ? 0 : -easeLow
        let x2 = easeHigh > 0 ? 1 - easeHigh : 1, y2 = easeHigh > 0 ? 1 : 1 + easeHigh
        var lo: Double, hi: Double
        if a.units == .index {
            lo = s + o; hi = e + o
        } else {
            lo = (s + o) / 100 * Double(n); hi = (e + o) / 100 * Double(n)
        }
        if lo > hi { swap(&lo, &hi) }
        return (0..<n).map { i in
            let c0 = Double(i), c1 = Double(i + 1)
            var v: Double
            switch a.shape {
            case .square:
                v = max(0, min(c1, hi) - max(c0, lo)) // covered share of the character
            default:
                // Shapes over the range: position of the character's centre in [lo, hi].
                let span = max(hi - lo, 1e-9)
                let u = (Double(i) + 0.5 - lo) / span
                // Ramps hold their end values past the range: characters after a ramp up (before a ramp down) are
                // fully selected, as in After Effects and lottie-web (TextSelectorProperty.getMult clamps).
                if a.shape == .rampUp { v = min(1, max(0, u)); break }
                if a.shape == .rampDown { v = 1 - min(1, max(0, u)); break }
                if u < 0 || u > 1 { v = 0; break }
                switch a.shape {
                case .triangle: v = 1 - abs(2 * u - 1)
                case .round: v = (1 - (2 * u - 1) * (2 * u - 1)).squareRoot()
                case .smooth: v = 0.5 - 0.5 * cos(2 * Double.pi * u)
                default: v = 1
                }
            }
            v = min(1, max(0, v))
            if eased { v = Easing.ease(v, x1: x1, y1: y1, x2: x2, y2: y2) }
            return v * amount
        }
    }

    /// One character's nodes: its outline filled and stroked, moved by the animators.
    func character(
        _ p: Placed, doc: TextDocument, data: TextData, selections: [[Double]], layerTransform m: Transform
    ) -> [SceneNode] {
        let st = style(index: p.index, doc: doc, data: data, selections: selections)
        let (dx, dy, rot, sx, sy, opacity) = (st.dx, st.dy, st.rot, st.sx, st.sy, st.opacity)
        let (fill, stroke, sw, fillOpacity, strokeOpacity) = (
            st.fill, st.stroke, st.strokeWidth, st.fillOpacity, st.strokeOpacity
        )
        if opacity <= 0 { return [] }
        let scale = doc.size / 100 * p.scale
        // Rotation and scale about the character's centre on the baseline.
        let cx = p.x + p.advance / 2
        var t = m.concat(.translation(cx + dx, p.y + dy))
        if rot != 0 { t = t.concat(.rotation(rot * Double.pi / 180)) }
        t = t.concat(.scale(sx, sy)).concat(.translation(p.x - cx, 0)).concat(.scale(scale, scale))
        if rules.textGlyphsOnQuarterPixels, p.fromFontFile {
            t = TextBuilder.onQuarterPixels(t, size: doc.size * p.scale)
        }
        var items = p.glyph
        let fillItem = fill.map { c in
            ShapeItem.fill(
                Boxed(
                    FillItem(
                        paint: .color(.constant(NumberVector(Array(c.prefix(3)) + [1]))),
                        opacity: .constant([100 * fillOpacity]),
                        evenOdd: false)))
        }
        // The stroke: After Effects' (a width in the text's units), or CoreText's pass (lottie-ios).
        let strokePass: [ShapeItem] =
            rules.textAsCoreText
            ? TextBuilder.coreTextStroke(stroke, width: sw, opacity: strokeOpacity)
            : (stroke != nil && sw > 0)
                ? [
                    .stroke(
                        Boxed(
                            StrokeItem(
                                paint: .color(.constant(NumberVector(Array((stroke ?? [0, 0, 0]).prefix(3)) + [1]))),
                                opacity: .constant([100 * strokeOpacity]),
                                width: .constant([sw / max(scale, 1e-9)]), lineCap: .round, lineJoin: .round,
                                miterLimit: 4, dashes: [])))
                ] : []
        // Items listed first draw on top: the stroke goes first when it is over the fill.
        let fills = fillItem.map { [$0] } ?? []
        items += doc.strokeOverFill ? strokePass + fills : fills + strokePass
        let nodes = ShapeBuilder.build(items, time: 0, layerTransform: t)
        if opacity >= 1 || nodes.isEmpty { return nodes }
        return [.group(SceneGroup(children: nodes, opacity: opacity))]
    }

    func mix(_ a: [Double], _ b: [Double], _ f: Double) -> [Double] {
        (0..<3).map { i in (a.count > i ? a[i] : 0) * (1 - f) + (b.count > i ? b[i] : 0) * f }
    }
}
