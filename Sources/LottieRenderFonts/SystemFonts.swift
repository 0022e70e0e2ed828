import CFreeType
import Foundation
import LottieRenderEval
import LottieRenderModel
import Synchronization

/// Glyph outlines for text layers without `"chars"`, read from font files through FreeType. Fonts are found with
/// fontconfig by the document's family and style (`"fonts"."list"`); when nothing matches, DejaVu Sans (Debian's
/// fonts-dejavu-core, Bitstream Vera / DejaVu licence, free to use and redistribute) is used, so text never
/// silently disappears. All outlines the document can show are extracted once, at load: the result is a plain value.
package struct SystemFonts: FontOutlineSource {
    /// Outlines by font name and character: items at size 100 (y down) and advance.
    let glyphs: [String: [Character: GlyphOutline]]
    /// Shaped lines by font name and line text (HarfBuzz and FriBidi).
    let shaped: [String: [String: [ShapedCharacter]]]
    /// Which font file each font name resolved to.
    package let files: [String: String]
    /// Font names that fell back to DejaVu Sans.
    package let fallbacks: [String]
    /// Cap height at size 100 by font name (OS/2 `sCapHeight`), where the font gives one.
    let capHeights: [String: Double]

    struct GlyphOutline: Sendable { var items: [ShapeItem]; var width: Double }

    /// Debian's DejaVu Sans, the fallback when fontconfig does not answer.
    package static let fallbackFile = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// The fallback font: DejaVu Sans as fontconfig finds it (any system: Debian, Homebrew's fontconfig), else at
    /// Debian's path, else fontconfig's `sans-serif`.
    static func fallback(in config: OpaquePointer?, shared: Bool) -> String? {
        if let config, let dejavu = match(family: "DejaVu Sans", style: "", in: config, shared: shared) {
            return dejavu
        }
        if FileManager.default.fileExists(atPath: fallbackFile) { return fallbackFile }
        return config.flatMap { match(family: "sans-serif", style: "", in: $0, shared: shared) }
    }

    /// What fontconfig's shared configuration answered for a family and style ("family\u{1}style"), kept for the
    /// process as the configuration is: every later document asks for the same fonts (substituting and matching a
    /// pattern is ~1.7 M instructions a lookup; blend_mode_test's Helvetica, not installed here, takes two: its own
    /// and DejaVu Sans's).
    static let sharedMatches = Mutex<[String: String?]>([:])

    /// Generic families (CSS and fontconfig names) that resolve to fontconfig's choice without a warning.
    static let genericFamilies: Set<String> = [
        "sans", "sans-serif", "serif", "monospace", "mono", "cursive", "fantasy", "system-ui",
    ]

    /// Extracts the outlines of every character of every text document in `bound` that `"chars"` does not cover.
    /// Fonts are looked up in `folders` first (fonts an app bundles: ``BundledFonts``), then through fontconfig.
    /// `fallbackFamily` replaces DejaVu Sans for fonts that are not found, when fontconfig has it (a player's own
    /// fallback: lottie-ios draws in Helvetica).
    /// `coreText`: lines shaped as CoreText sets them for lottie-ios (CoreTextRenderLayer's attributes): no
    /// ligatures, and no kerning where the document's tracking is 0 (a kern attribute of 0 turns it off).
    package init(
        for bound: BoundComposition, folders: [String] = [], fallbackFamily: String? = nil, coreText: Bool = false
    ) {
        let comp = bound.composition
        var needed: [String: Set<Character>] = [:]
        var lines: [String: Set<String>] = [:]
        var untracked: [String: Set<String>] = [:] // lines of documents without tracking ("tr" 0)
        let covered = Set(comp.glyphs.map { $0.family + "\u{1}" + $0.character })
        func scan(_ layers: [Layer]) {
            for l in layers {
                guard case .text(let data) = l.content else { continue }
                // Text an expression writes is only known when drawing: its font gets printable ASCII and every
                // character of the expression's source (its string literals) ahead of time; drawn unshaped.
                let written = data.sourceExpression.map { ref in
                    String((32...126).compactMap { Unicode.Scalar($0).map(Character.init) })
                        + (ref.id < comp.expressions.count ? comp.expressions[ref.id].source : "")
                }
                for (_, doc) in data.documents {
                    let family = comp.fonts[doc.font]?.family ?? doc.font
                    if let written {
                        for ch in written where !covered.contains(family + "\u{1}" + String(ch)) && !ch.isNewline {
                            needed[doc.font, default: []].insert(ch)
                        }
                    }
                    let text = doc.caps != .asWritten ? doc.text.uppercased() : doc.text
                    for ch in text
                    where !covered.contains(family + "\u{1}" + String(ch))
                        && !TextDocument.isLineBreak(ch)
                    {
                        needed[doc.font, default: []].insert(ch)
                    }
                    // Lines with characters from font files are shaped whole.
                    for line in text.split(whereSeparator: TextDocument.isLineBreak)
                    where line.contains(where: { !covered.contains(family + "\u{1}" + String($0)) }) {
                        lines[doc.font, default: []].insert(String(line))
                        if doc.tracking == 0 { untracked[doc.font, default: []].insert(String(line)) }
                    }
                }
            }
        }
        for list in bound.lists { scan(list.layers) }
        var glyphs: [String: [Character: GlyphOutline]] = [:], files: [String: String] = [:], fallbacks: [String] = []
        // Nothing to look up (no text, or all of it in "chars"): neither FreeType nor fontconfig is touched.
        var library: FT_Library?
        guard !needed.isEmpty, FT_Init_FreeType(&library) == 0, let lib = library else {
            self.glyphs = [:]; self.shaped = [:]; self.files = [:]; self.fallbacks = []; self.capHeights = [:]
            return
        }
        var shaped: [String: [String: [ShapedCharacter]]] = [:]
        var caps: [String: Double] = [:]
        defer { FT_Done_FreeType(lib) }
        // fontconfig reads its configuration and font list once a process: every document shares fontconfig's
        // current configuration (reference counted, thread-safe; reading it is ~23 M instructions, 4–5 ms). A
        // document with font folders of its own gets a configuration of its own, so that its fonts never answer
        // for another document.
        let shared = folders.isEmpty
        let config = shared ? FcConfigReference(nil) : FcInitLoadConfigAndFonts()
        defer { if let config { FcConfigDestroy(config) } }
        // Bundled fonts also serve characters the named font lacks.
        if let config { for f in folders { _ = FcConfigAppFontAddDir(config, f) } }
        let bundled = BundledFonts(folders: folders, library: lib)
        for (name, chars) in needed.sorted(by: { $0.key < $1.key }) {
            let info = comp.fonts[name]
            var file =
                bundled.file(name: name, family: info?.family ?? name, style: info?.style ?? "")
                ?? config.flatMap {
                    SystemFonts.match(family: info?.family ?? name, style: info?.style ?? "", in: $0, shared: shared)
                }
            if file == nil {
                fallbacks.append(name)
                file =
                    fallbackFamily.flatMap { f in
                        config.flatMap { SystemFonts.match(family: f, style: "", in: $0, shared: shared) }
                    } ?? SystemFonts.fallback(in: config, shared: shared)
            }
            guard let path = file else { continue }
            files[name] = path
            var face: FT_Face?
            guard FT_New_Face(lib, path, 0, &face) == 0, let f = face else { continue }
            defer { FT_Done_Face(f) }
            if let raw = FT_Get_Sfnt_Table(f, FT_SFNT_OS2) {
                let os2 = raw.assumingMemoryBound(to: TT_OS2.self).pointee
                if os2.version >= 2, os2.sCapHeight > 0 {
                    caps[name] = Double(os2.sCapHeight) * 100 / Double(max(1, f.pointee.units_per_EM))
                }
            }
            var table: [Character: GlyphOutline] = [:]
            for ch in chars { if let g = SystemFonts.outline(f, ch) { table[ch] = g } }
            glyphs[name] = table
            // Characters the font lacks are drawn from a font fontconfig finds for them (as the platforms'
            // text stacks fall back), shaped in runs of their own.
            var fallbackFaces: [FT_Face] = []
            var faceIndex: [String: Int] = [:]
            defer { for ff in fallbackFaces { FT_Done_Face(ff) } }
            var byLine: [String: [ShapedCharacter]] = [:]
            var assignments: [String: [Int]] = [:]
            var faceOf: [Character: Int] = [:] // each character is looked up once per font
            func faceIndexFor(_ ch: Character) -> Int {
                if SystemFonts.covers(f, ch) { return 0 }
                guard let config, let file = SystemFonts.fallback(for: ch, family: info?.family ?? name, in: config)
                else { return 0 }
                if let k = faceIndex[file] { return k }
                var ff: FT_Face?
                guard FT_New_Face(lib, file, 0, &ff) == 0, let opened = ff else { return 0 }
                fallbackFaces.append(opened)
                faceIndex[file] = fallbackFaces.count
                return fallbackFaces.count
            }
            for line in (lines[name] ?? []).sorted() {
                assignments[line] = line.map { ch in
                    if let k = faceOf[ch] { return k }
                    let k = faceIndexFor(ch)
                    faceOf[ch] = k
                    return k
                }
            }
            var shaper = Shaper(faces: [f] + fallbackFaces)
            for (line, faces) in assignments {
                let features =
                    coreText ? ["liga=0", "clig=0"] + (untracked[name]?.contains(line) == true ? ["kern=0"] : []) : []
                byLine[line] = shaper.shape(line, faceOf: faces, features: features)
            }
            shaper.close()
            shaped[name] = byLine
        }
        self.glyphs = glyphs; self.shaped = shaped; self.files = files; self.fallbacks = fallbacks
        self.capHeights = caps
    }

    /// The cap height of the font named `name` at size 100.
    package func capHeight(name: String) -> Double? { capHeights[name] }

    /// True when no outline was extracted (the document needs none).
    package var isEmpty: Bool { glyphs.isEmpty }

    /// The outline and advance of `ch` in the font named `name`, when it was extracted.
    package func glyph(
        _ ch: Character, family: String, style: String, name: String
    ) -> (items: [ShapeItem], width: Double)? {
        guard let g = glyphs[name]?[ch] else { return nil }
        return (g.items, g.width)
    }

    /// A line shaped at load (for text documents whose characters come from font files).
    package func shapedLine(_ text: String, name: String) -> [ShapedCharacter]? { shaped[name]?[text] }

    /// True when `face` has a glyph for every scalar of `ch` (format controls such as joiners need none).
    static func covers(_ face: FT_Face, _ ch: Character) -> Bool {
        ch.unicodeScalars.allSatisfy { u in
            u.properties.generalCategory == .format || FT_Get_Char_Index(face, FT_ULong(u.value)) != 0
        }
    }

    /// A font file that has `ch`, preferring `family`'s style of fonts (fontconfig's charset matching), or nil.
    static func fallback(for ch: Character, family: String, in config: OpaquePointer) -> String? {
        guard let pattern = FcPatternCreate(), let charset = FcCharSetCreate() else { return nil }
        defer { FcPatternDestroy(pattern); FcCharSetDestroy(charset) }
        for u in ch.unicodeScalars where u.properties.generalCategory != .format {
            _ = FcCharSetAddChar(charset, u.value)
        }
        _ = FcPatternAddString(pattern, FC_FAMILY, family)
        _ = FcPatternAddCharSet(pattern, FC_CHARSET, charset)
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let found = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(found) }
        var has: OpaquePointer?
        guard FcPatternGetCharSet(found, FC_CHARSET, 0, &has) == FcResultMatch, let set = has,
            ch.unicodeScalars.allSatisfy({
                $0.properties.generalCategory == .format || FcCharSetHasChar(set, $0.value) != 0
            })
        else { return nil }
        var fileValue: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(found, FC_FILE, 0, &fileValue) == FcResultMatch, let fv = fileValue else { return nil }
        return String(cString: UnsafeRawPointer(fv).assumingMemoryBound(to: CChar.self))
    }

    /// The file fontconfig finds for a family and style, or nil when it only offers an unrelated family.
    /// `shared`: `config` is fontconfig's shared configuration, whose answers are kept (``sharedMatches``).
    static func match(family: String, style: String, in config: OpaquePointer, shared: Bool) -> String? {
        guard shared else { return lookUp(family: family, style: style, in: config) }
        let key = family + "\u{1}" + style
        if let known = sharedMatches.withLock({ $0[key] }) { return known }
        let file = lookUp(family: family, style: style, in: config)
        sharedMatches.withLock { $0[key] = file }
        return file
    }

    /// ``match(family:style:in:shared:)`` asked of `config` every time.
    static func lookUp(family: String, style: String, in config: OpaquePointer) -> String? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = FcPatternAddString(pattern, FC_FAMILY, family)
        if !style.isEmpty { _ = FcPatternAddString(pattern, FC_STYLE, style) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let found = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(found) }
        var fileValue: UnsafeMutablePointer<FcChar8>?
        var familyValue: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(found, FC_FILE, 0, &fileValue) == FcResultMatch, let fv = fileValue else { return nil }
        // Accept only the family asked for (or fontconfig's choice for a generic family such as "sans"):
        // otherwise the explicit fallback is reported.
        if !genericFamilies.contains(family.lowercased()),
            FcPatternGetString(found, FC_FAMILY, 0, &familyValue) == FcResultMatch, let fam = familyValue
        {
            let got = String(cString: UnsafeRawPointer(fam).assumingMemoryBound(to: CChar.self))
            if got.lowercased().replacingOccurrences(of: " ", with: "")
                != family.lowercased().replacingOccurrences(of: " ", with: "")
            {
                return nil
            }
        }
        return String(cString: UnsafeRawPointer(fv).assumingMemoryBound(to: CChar.self))
    }

    /// One character's outline at size 100 (font units scaled to 100 per em, y flipped) and advance.
    static func outline(_ face: FT_Face, _ ch: Character) -> GlyphOutline? {
        guard let scalar = ch.unicodeScalars.first else { return nil }
        return outline(face, glyphIndex: UInt32(FT_Get_Char_Index(face, FT_ULong(scalar.value))))
    }

    /// One glyph's outline at size 100 (font units scaled to 100 per em, y flipped) and advance.
    static func outline(_ face: FT_Face, glyphIndex: UInt32) -> GlyphOutline? {
        guard FT_Load_Glyph(face, glyphIndex, FT_Int32(FT_LOAD_NO_SCALE)) == 0, let slot = face.pointee.glyph else {
            return nil
        }
        let em = Double(max(1, face.pointee.units_per_EM))
        let k = 100 / em
        final class Sink { var contours: [[(v: Vec2, i: Vec2, o: Vec2)]] = []; var k = 1.0 }
        let sink = Sink()
        sink.k = k
        var funcs = FT_Outline_Funcs()
        funcs.move_to = { to, user in
            guard let to, let user else { return 0 }
            let s = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
            let p = Vec2(Double(to.pointee.x) * s.k, -Double(to.pointee.y) * s.k)
            s.contours.append([(p, Vec2(0, 0), Vec2(0, 0))])
            return 0
        }
        funcs.line_to = { to, user in
            guard let to, let user else { return 0 }
            let s = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
            let p = Vec2(Double(to.pointee.x) * s.k, -Double(to.pointee.y) * s.k)
            if !s.contours.isEmpty { s.contours[s.contours.count - 1].append((p, Vec2(0, 0), Vec2(0, 0))) }
            return 0
        }
        funcs.conic_to = { c, to, user in
            guard let c, let to, let user else { return 0 }
            let s = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
            guard var last = s.contours.last, let prev = last.last else { return 0 }
            let q = Vec2(Double(c.pointee.x) * s.k, -Double(c.pointee.y) * s.k)
            let p = Vec2(Double(to.pointee.x) * s.k, -Double(to.pointee.y) * s.k)
            // Quadratic to cubic: control points at 2/3 of the way to the conic's control point.
            let c1 = Vec2(prev.v.x + (q.x - prev.v.x) * 2 / 3, prev.v.y + (q.y - prev.v.y) * 2 / 3)
            let c2 = Vec2(p.x + (q.x - p.x) * 2 / 3, p.y + (q.y - p.y) * 2 / 3)
            last[last.count - 1].o = Vec2(c1.x - prev.v.x, c1.y - prev.v.y)
            last.append((p, Vec2(c2.x - p.x, c2.y - p.y), Vec2(0, 0)))
            s.contours[s.contours.count - 1] = last
            return 0
        }
        funcs.cubic_to = { c1, c2, to, user in
            guard let c1, let c2, let to, let user else { return 0 }
            let s = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
            guard var last = s.contours.last, let prev = last.last else { return 0 }
            let a = Vec2(Double(c1.pointee.x) * s.k, -Double(c1.pointee.y) * s.k)
            let b = Vec2(Double(c2.pointee.x) * s.k, -Double(c2.pointee.y) * s.k)
            let p = Vec2(Double(to.pointee.x) * s.k, -Double(to.pointee.y) * s.k)
            last[last.count - 1].o = Vec2(a.x - prev.v.x, a.y - prev.v.y)
            last.append((p, Vec2(b.x - p.x, b.y - p.y), Vec2(0, 0)))
            s.contours[s.contours.count - 1] = last
            return 0
        }
        withUnsafeMutablePointer(to: &slot.pointee.outline) { outline in
            _ = FT_Outline_Decompose(outline, &funcs, Unmanaged.passUnretained(sink).toOpaque())
        }
        var items: [ShapeItem] = []
        for var c in sink.contours where c.count > 1 {
            // A closing point equal to the first merges into it (its in-tangent moves over).
            if let f = c.first, let l = c.last, abs(f.v.x - l.v.x) < 1e-9, abs(f.v.y - l.v.y) < 1e-9 {
                c[0].i = l.i
                c.removeLast()
            }
            let shape = BezierShape(vertices: c.map(\.v), inTangents: c.map(\.i), outTangents: c.map(\.o), closed: true)
            items.append(.path(.constant(shape), reversed: false))
        }
        let width = Double(slot.pointee.advance.x) * k
        return GlyphOutline(items: [.group(ShapeGroup(items: items, transform: nil))], width: width)
    }
}
