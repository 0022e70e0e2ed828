import CFreeType
import Foundation

/// Fonts an app bundles (`--fonts DIR`): font files in the given folders, found by the names a Lottie file gives
/// (`"fonts"."list"`), before fontconfig is asked. The mobile players look a font up by its PostScript name
/// (`"fName"`: lottie-ios `UIFont(name:)`, lottie-android's `assets/fonts/` by family and style), so that is tried
/// first, then family and style.
struct BundledFonts {
    /// One face of a font file.
    struct Face {
        var file: String
        var postScriptName: String
        var family: String
        var style: String
    }

    /// Every face found, in file name order.
    let faces: [Face]

    /// Font file extensions read.
    static let extensions: Set<String> = ["ttf", "otf", "ttc", "otc"]

    /// Reads the faces of every font file in `folders` (and their subfolders).
    init(folders: [String], library: FT_Library) {
        var found: [Face] = []
        for folder in folders {
            let root = URL(fileURLWithPath: folder)
            guard let walker = FileManager.default.enumerator(atPath: folder) else { continue }
            let files = walker.compactMap { $0 as? String }.filter {
                BundledFonts.extensions.contains(($0 as NSString).pathExtension.lowercased())
            }.sorted()
            for rel in files {
                let path = root.appendingPathComponent(rel).path
                var count = 1
                var index = 0
                while index < count {
                    var face: FT_Face?
                    guard FT_New_Face(library, path, FT_Long(index), &face) == 0, let f = face else { break }
                    count = max(1, Int(f.pointee.num_faces))
                    let ps = FT_Get_Postscript_Name(f).map { String(cString: $0) } ?? ""
                    let family = f.pointee.family_name.map { String(cString: $0) } ?? ""
                    let style = f.pointee.style_name.map { String(cString: $0) } ?? ""
                    found.append(Face(file: path, postScriptName: ps, family: family, style: style))
                    FT_Done_Face(f)
                    index += 1
                }
            }
        }
        faces = found
    }

    /// The file of the face named `name` (a PostScript name, `"fName"`), else of `family` in `style`, or nil.
    func file(name: String, family: String, style: String) -> String? {
        func same(_ a: String, _ b: String) -> Bool {
            a.lowercased().filter { !$0.isWhitespace } == b.lowercased().filter { !$0.isWhitespace }
        }
        if let f = faces.first(where: { !name.isEmpty && same($0.postScriptName, name) }) { return f.file }
        if let f = faces.first(where: { same($0.family, family) && (style.isEmpty || same($0.style, style)) }) {
            return f.file
        }
        return nil
    }
}
