import CFreeType
import CHarfBuzz
import LottieRenderEval
import LottieRenderModel

/// Shapes lines of text with HarfBuzz after resolving their bidirectional levels with FriBidi, so scripts that
/// need it (Arabic joining, Devanagari reordering and conjuncts, marks, ligatures) and mixed-direction lines come out
/// as the players draw them with the platform's text stack.
struct Shaper {
    /// The faces (the document's font first, then fallbacks), each with its HarfBuzz font and its scale to size 100.
    private var faces: [(face: FT_Face, font: OpaquePointer, scale: Double)] = []
    /// Size-100 outlines by face and glyph index, extracted once per glyph.
    private var outlines: [Int: [UInt32: SystemFonts.GlyphOutline]] = [:]

    /// A shaper for open FreeType faces (which must outlive it).
    init(faces list: [FT_Face]) {
        for face in list {
            guard let hbFace = hb_ft_face_create_referenced(face) else { continue }
            defer { hb_face_destroy(hbFace) }
            guard let f = hb_font_create(hbFace) else { continue }
            let em = Int32(max(1, face.pointee.units_per_EM))
            // Positions come back in font units; they are scaled to size 100 like the outlines.
            hb_font_set_scale(f, em, em)
            faces.append((face, f, 100 / Double(em)))
        }
    }

    /// Frees the HarfBuzz fonts.
    func close() { for f in faces { hb_font_destroy(f.font) } }

    /// `text` (one line, no breaks) shaped: one entry per Character in logical order. `faceOf` gives, for each
    /// Character, the index of the face that draws it (0: the document's font).
    /// `features` are HarfBuzz feature settings (`"liga=0"`), applied to every run.
    mutating func shape(_ text: String, faceOf: [Int], features: [String] = []) -> [ShapedCharacter] {
        var parsed: [hb_feature_t] = []
        for f in features {
            var feature = hb_feature_t()
            if hb_feature_from_string(f, Int32(f.utf8.count), &feature) != 0 { parsed.append(feature) }
        }
        let chars = Array(text)
        var codepoints: [UInt32] = []
        var owner: [Int] = [] // codepoint → index of its Character
        for (ci, ch) in chars.enumerated() {
            for u in ch.unicodeScalars { codepoints.append(u.value); owner.append(ci) }
        }
        let n = codepoints.count
        guard n > 0 else { return [] }
        let levels = Shaper.bidiLevels(codepoints)
        var out = chars.map { _ in ShapedCharacter(items: [], advance: 0, level: 0) }
        for (cp, ci) in owner.enumerated().reversed() { out[ci].level = Int(levels[cp]) }
        // Shape each run of one level, one face and one script with its direction; the whole line is context.
        func face(_ cp: Int) -> Int { owner[cp] < faceOf.count ? faceOf[owner[cp]] : 0 }
        let scripts = Shaper.scripts(codepoints)
        var start = 0
        while start < n {
            var end = start + 1
            while end < n && levels[end] == levels[start] && face(end) == face(start) && scripts[end] == scripts[start]
            {
                end += 1
            }
            shapeRun(
                codepoints, start, end - start, rtl: levels[start] & 1 == 1, script: scripts[start], face: face(start),
                owner: owner, features: parsed, into: &out)
            start = end
        }
        return out
    }

    /// The script of each codepoint, with common characters (spaces, punctuation, digits) and inherited ones
    /// (combining marks) taking the script of the text before them, or after them at the start.
    static func scripts(_ cps: [UInt32]) -> [hb_script_t] {
        let funcs = hb_unicode_funcs_get_default()
        var out = cps.map { hb_unicode_script(funcs, $0) }
        func real(_ s: hb_script_t) -> Bool {
            s != HB_SCRIPT_COMMON && s != HB_SCRIPT_INHERITED && s != HB_SCRIPT_UNKNOWN
        }
        var last: hb_script_t? = nil
        for i in out.indices {
            if real(out[i]) { last = out[i] } else if let l = last { out[i] = l }
        }
        if let first = out.firstIndex(where: real) { for i in 0..<first { out[i] = out[first] } }
        return out
    }

    private mutating func shapeRun(
        _ cps: [UInt32], _ start: Int, _ count: Int, rtl: Bool, script: hb_script_t,
        face fi: Int, owner: [Int], features: [hb_feature_t],
        into out: inout [ShapedCharacter]
    ) {
        guard fi >= 0, fi < faces.count, let buffer = hb_buffer_create() else { return }
        let font = faces[fi].font, scale = faces[fi].scale
        defer { hb_buffer_destroy(buffer) }
        cps.withUnsafeBufferPointer { p in
            hb_buffer_add_utf32(buffer, p.baseAddress, Int32(cps.count), UInt32(start), Int32(count))
        }
        hb_buffer_set_direction(buffer, rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, script)
        hb_buffer_guess_segment_properties(buffer)
        features.withUnsafeBufferPointer { f in hb_shape(font, buffer, f.baseAddress, UInt32(f.count)) }
        var glyphCount: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &glyphCount),
            let positions = hb_buffer_get_glyph_positions(buffer, &glyphCount)
        else { return }
        // Glyphs come in visual order; those of one cluster are adjacent. Each cluster's glyphs go to the
        // Character holding its first codepoint, placed from that Character's pen position (one Character can
        // hold several clusters, such as a Devanagari conjunct).
        var pen = 0.0
        var currentOwner = -1
        for g in 0..<Int(glyphCount) {
            let info = infos[g], pos = positions[g]
            let cp = Int(info.cluster)
            guard cp >= 0, cp < owner.count else { continue }
            let ci = owner[cp]
            if ci != currentOwner { currentOwner = ci; pen = 0 }
            let dx = (pen + Double(pos.x_offset)) * scale, dy = -Double(pos.y_offset) * scale
            if let outline = glyph(info.codepoint, face: fi), !outline.items.isEmpty {
                out[ci].items.append(Shaper.placed(outline.items, dx, dy))
            }
            let advance = Double(pos.x_advance)
            pen += advance
            out[ci].advance += advance * scale
        }
    }

    /// The outline of glyph `gid` at size 100, extracted on first use.
    private mutating func glyph(_ gid: UInt32, face fi: Int) -> SystemFonts.GlyphOutline? {
        if let g = outlines[fi]?[gid] { return g }
        guard let g = SystemFonts.outline(faces[fi].face, glyphIndex: gid) else { return nil }
        outlines[fi, default: [:]][gid] = g
        return g
    }

    /// Glyph items moved by (dx, dy).
    static func placed(_ items: [ShapeItem], _ dx: Double, _ dy: Double) -> ShapeItem {
        if dx == 0 && dy == 0 && items.count == 1 { return items[0] }
        let tr = LayerTransform(
            anchor: .constant([0, 0]), position: .combined(.constant([dx, dy])),
            scale: .constant([100, 100]), rotation: .constant([0]), opacity: .constant([100]),
            skew: .constant([0]), skewAxis: .constant([0]))
        return .group(ShapeGroup(items: items, transform: tr))
    }

    /// Embedding levels of one paragraph, its base direction taken from its first strong character (FriBidi).
    static func bidiLevels(_ cps: [UInt32]) -> [UInt8] {
        let n = cps.count
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: n)
        var brackets = [FriBidiBracketType](repeating: 0, count: n)
        var levels = [FriBidiLevel](repeating: 0, count: n)
        // FRIBIDI_PAR_ON (= FRIBIDI_TYPE_ON, 0x40): resolve the base direction from the text.
        var base = FriBidiParType(rawValue: 0x40)
        let ok = cps.withUnsafeBufferPointer { p -> Bool in
            fribidi_get_bidi_types(p.baseAddress, Int32(n), &types)
            fribidi_get_bracket_types(p.baseAddress, Int32(n), types, &brackets)
            return fribidi_get_par_embedding_levels_ex(types, brackets, Int32(n), &base, &levels) != 0
        }
        return ok ? levels.map { UInt8(bitPattern: $0) } : [UInt8](repeating: 0, count: n)
    }
}
