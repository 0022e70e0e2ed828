import Foundation
import LottieRenderCodecs
import LottieRenderEval
import LottieRenderExpressions
import LottieRenderFonts
import LottieRenderModel
import LottieRenderRaster

/// Where external image files come from.
package enum ImageSource: Sendable {
    /// Folders searched in order.
    case folders([String])
    /// Files of an archive by path (dotLottie).
    case archive([String: [UInt8]])

    /// The bytes of `"u"` + `"p"` (given joined), or nil.
    func lookup(_ rel: String) -> [UInt8]? {
        let trimmed = rel.hasPrefix("/") ? String(rel.dropFirst()) : rel
        switch self {
        case .folders(let dirs):
            for d in dirs {
                let p = (d as NSString).appendingPathComponent(trimmed)
                if let data = FileManager.default.contents(atPath: p) { return [UInt8](data) }
            }
            return nil
        case .archive(let files):
            let base = (trimmed as NSString).lastPathComponent
            return files[trimmed] ?? files["images/" + base] ?? files["i/" + base]
        }
    }

    /// The bytes of an asset (`source`): embedded, or a file found here, never one outside the animation's folders
    /// (`..` could reach any file of the host). Otherwise why not, for a warning.
    func bytes(of source: LottieRenderModel.ImageSource) -> Result<[UInt8], AssetUnread> {
        switch source {
        case .embedded(let b): return .success(b)
        case .invalid(let prefix): return .failure(AssetUnread("data URI \"\(prefix)…\" is not valid base64"))
        case .file(let rel):
            guard !rel.split(separator: "/").contains("..") else {
                return .failure(AssetUnread("path \"\(rel)\" leaves the animation's folder (\"..\"); not read"))
            }
            guard let b = lookup(rel) else { return .failure(AssetUnread("file \"\(rel)\" not found")) }
            return .success(b)
        }
    }
}

/// Why an asset's bytes could not be read.
struct AssetUnread: Error {
    /// The reason, as a warning says it.
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

/// A Lottie animation, parsed once with its images decoded and its fonts found: the entry point of the library.
/// Load it once, then render any frame, export a sequence or an animated file, from any number of threads.
public struct LottieDocument: Sendable {
    /// The parsed document.
    package let composition: Composition
    /// The composition with its slots not applied (`"sid"` ignored), when it has slots; rlottie draws that.
    package private(set) var compositionWithoutSlots: Composition? = nil
    /// The bound evaluator.
    package internal(set) var builder: SceneBuilder
    /// Decoded images by asset id.
    package let images: [String: Pixmap]
    /// The file's name, as errors name it.
    package let source: String
    /// The limits it was loaded with.
    public let limits: ResourceLimits
    /// Bytes of the decoded images.
    package let imageBytes: Int
    /// The memory its renderers share: the ceiling less the decoded images.
    package let budget: MemoryBudget
    /// The document's expressions (`"x"`), bound and checked when first asked for (``ExpressionBinding``); nil
    /// when it has none.
    package var expressions: ExpressionProgram? { expressionBinding?.program }
    /// Binds the expressions when first needed; nil when the file has none.
    package let expressionBinding: ExpressionBinding?
    /// Whether expressions are evaluated (on by default). Off draws every property's own value, as lottie-ios
    /// and lottie-android (which ignore expressions) show it.
    public var evaluatesExpressions = true
    /// How expressions run: as After Effects does, or with lottie-web's departures (``draw(as:androidMergePaths:)``).
    package var expressionDialect = ExpressionDialect.afterEffects
    /// The player whose rendering is reproduced; ``Player/full`` (everything the file describes) by default.
    public internal(set) var player = Player.full

    /// How many expressions (`"x"`) the file has.
    public var expressionCount: Int { composition.expressions.count }
    /// Expressions that do not compile, as (JSON path, message), in document order.
    public var expressionCompileErrors: [(path: String, message: String)] {
        guard let e = expressions else { return [] }
        return e.compileErrors.keys.sorted().map {
            (e.bound.composition.expressions[$0].path, e.compileErrors[$0] ?? "")
        }
    }
    /// Problems expressions met while rendering, shared by every renderer of this document.
    package let expressionLog = ExpressionLog()
    /// Expression heaps kept between renderers (``ExpressionHeaps``), shared by copies of the document.
    package let expressionHeaps = ExpressionHeaps()

    /// Expressions that failed while rendering so far (threw, ran past their step budget or memory, returned the
    /// wrong type, read themselves in a loop), one warning per expression, naming its layer, its property's JSON
    /// path and the first frame; the property's own value was drawn there. Empty when expressions are off.
    /// Problems found when binding them (expressions that do not compile) are in `warnings` while they are on.
    public var expressionWarnings: [String] { expressions?.messages(expressionLog) ?? [] }
    /// ``expressionWarnings`` as values (code `expression`).
    public var expressionDiagnostics: [LottieWarning] {
        expressionWarnings.map { LottieWarning(code: "expression", $0) }
    }
    /// Non-fatal problems: missing assets or parents, cycles, undecodable images, unsupported features.
    public var warnings: [String] { diagnostics.map(\.message) }
    /// The same warnings as values, each with a code and, where one place in the file is at fault, its JSON path
    /// (``LottieWarning``); expression problems found while rendering are in ``expressionDiagnostics``.
    /// With expressions off, what binding them would find (unreadable data footage, sources that do not compile)
    /// is left out: they are neither bound nor compiled, and the frames do not depend on them.
    public var diagnostics: [LottieWarning] {
        loadDiagnostics + (evaluatesExpressions ? expressionBinding?.warnings ?? [] : [])
            + fontWarnings.map { LottieWarning(code: "font", $0) }
    }
    /// Fonts not found, each drawn in the fallback family: the player's own (lottie-ios: Helvetica) or DejaVu Sans.
    var fontWarnings: [String] = []
    /// How `builder` holds the composition's keyframes: as written, or as a player reads them (``KeyframeReading``).
    var keyframesRead = KeyframeReading.asWritten
    /// Image assets whose bytes are WebP.
    var webpImages: Set<String> = []
    /// The font settings `builder.fonts` were found with (fallback family and shaping; `|false` at load).
    var fontsProfile = "|false"
    /// Folders of fonts the app bundles (``init(contentsOf:animationID:limits:fontFolders:)``).
    let fontFolders: [String]
    /// Problems found at load.
    private let loadDiagnostics: [LottieWarning]
    /// What the chosen ``player`` does with the whole file that the file does not describe (it refuses it, and
    /// draws nothing): notes, not warnings, since drawing as that player was what was asked for
    /// (``draw(as:androidMergePaths:)``). `info --compat` lists every feature a player draws otherwise.
    public internal(set) var playerNotes: [String] = []
    /// How images fill their asset's box (`"w"`×`"h"`) when their pixel size differs; `.stretch` by default, as
    /// lottie-ios and lottie-android draw them.
    public var imageFit: ImageFit = .stretch
    /// How images are sampled (Core Graphics' for lottie-ios, ThorVG's, rlottie's), set by
    /// ``draw(as:androidMergePaths:)``.
    package var imageSampling = ImageSampling.bilinear

    /// Most layers a frame may draw, counting each use of a precomp's layers (`BoundComposition.layerInstances`).
    public static let maxLayerInstances = 1_000_000

    /// Largest input accepted, in bytes.
    public static let maxFileSize = 256 << 20

    /// Loads an animation file: Lottie JSON, `.tgs` (gzip-compressed JSON) or `.lottie` (dotLottie zip; `animationID`
    /// picks one of its animations, default the manifest's first). The format is recognised by its first bytes.
    /// Image files of a JSON file are looked up next to it, then in `<name>.assets/`; a dotLottie's inside the archive.
    /// `limits` bound the memory of loading and rendering (``ResourceLimits``). `fontFolders` hold fonts an app
    /// bundles, searched before the system's fonts (fontconfig) for text without `"chars"`. `content` changes slot
    /// values, text and images as the file is read (``ContentOverrides``).
    public init(
        contentsOf path: String, animationID: String? = nil, limits: ResourceLimits = .default,
        fontFolders: [String] = [], content: ContentOverrides = ContentOverrides()
    ) throws(LottieRenderError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDir: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDir)
            throw .unreadable(
                file: path,
                reason: exists
                    ? (isDir.boolValue ? "is a directory" : "cannot be read")
                    : "no such file")
        }
        guard data.count <= limits.maxFileSize else {
            throw .unreadable(
                file: path,
                reason:
                    "file is larger than \(ResourceLimits.text(bytes: limits.maxFileSize)) (ResourceLimits.maxFileSize)"
            )
        }
        let url = URL(fileURLWithPath: path)
        let folders = ImageSource.folders([
            url.deletingLastPathComponent().path, url.deletingPathExtension().path + ".assets",
        ])
        try self.init(
            fileBytes: [UInt8](data), name: path, images: folders, animationID: animationID, limits: limits,
            fontFolders: fontFolders, content: content)
    }

    /// Loads an animation from a file's bytes: Lottie JSON, `.tgs` or `.lottie`, recognised by their first bytes
    /// (`animationID` picks one animation of a `.lottie`). `searchPaths` are folders where external images are
    /// looked up; `name` names the source in errors; `limits` bound the memory of loading and rendering;
    /// `fontFolders` hold fonts an app bundles, searched before the system's fonts; `content` changes slot values,
    /// text and images as the file is read (``ContentOverrides``).
    public init(
        bytes: [UInt8], name: String = "<memory>", searchPaths: [String] = [], animationID: String? = nil,
        limits: ResourceLimits = .default, fontFolders: [String] = [], content: ContentOverrides = ContentOverrides()
    ) throws(LottieRenderError) {
        try self.init(
            fileBytes: bytes, name: name, images: .folders(searchPaths), animationID: animationID, limits: limits,
            fontFolders: fontFolders, content: content)
    }

    /// Recognises the container by its first bytes and loads the animation inside.
    package init(
        fileBytes bytes: [UInt8], name: String, images folders: ImageSource, animationID: String?,
        limits: ResourceLimits = .default, fontFolders: [String] = [], content: ContentOverrides = ContentOverrides()
    ) throws(LottieRenderError) {
        guard bytes.count <= limits.maxFileSize else {
            throw .unreadable(
                file: name,
                reason:
                    "file is larger than \(ResourceLimits.text(bytes: limits.maxFileSize)) (ResourceLimits.maxFileSize)"
            )
        }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) { // zip: dotLottie
            let dot = try DotLottie(bytes: bytes, name: name)
            let (inner, json) = try dot.animation(animationID, name: name)
            var content = content
            if let theme = content.theme {
                let id = ((inner as NSString).lastPathComponent as NSString).deletingPathExtension
                let t = try DotLottieTheme(theme, files: dot.files, animation: id, name: name)
                content.themeSlots = t.slots
                content.themeWarnings = t.skipped
            }
            try self.init(
                bytes: json, name: name + ":" + inner, images: .archive(dot.files), limits: limits,
                fontFolders: fontFolders, content: content)
        } else if let theme = content.theme {
            throw .badRequest(reason: "theme \"\(theme)\": themes belong to .lottie files, and \(name) is not one")
        } else if bytes.starts(with: [0x1F, 0x8B]) { // gzip: .tgs
            let json: [UInt8]
            do { json = try Gzip.decompress(bytes, limit: limits.maxFileSize) } catch {
                throw .unreadable(file: name, reason: "gzip: \(error)")
            }
            try self.init(
                bytes: json, name: name, images: folders, limits: limits, fontFolders: fontFolders, content: content)
        } else {
            if animationID != nil {
                throw .unreadable(file: name, reason: "an animation id applies to .lottie files only")
            }
            try self.init(
                bytes: bytes, name: name, images: folders, limits: limits, fontFolders: fontFolders, content: content)
        }
    }

    /// Loads a Lottie document from bytes, with external images (`"u"` + `"p"`) taken from `images`.
    package init(
        bytes: [UInt8], name: String, images source: ImageSource, limits: ResourceLimits = .default,
        fontFolders: [String] = [], content: ContentOverrides = ContentOverrides()
    ) throws(LottieRenderError) {
        var comp: Composition
        do { comp = try DocumentReader.read(try content.applySlots(to: bytes)) } catch let e as LottieRenderError {
            throw e
        } catch {
            throw .invalid(file: name, message: "\(error)")
        }
        let unmatchedText: [String]
        (comp, unmatchedText) = content.applyText(to: comp)
        composition = comp
        // rlottie reads no slots: the composition as written, for the profiles that read it so.
        if comp.hasSlots {
            compositionWithoutSlots = (try? DocumentReader.read(bytes, slots: false)).map {
                content.applyText(to: $0).0
            }
        }
        var b = SceneBuilder(comp)
        // Precomps that use each other many times expand exponentially; refused before a frame is drawn.
        guard b.bound.layerInstances <= limits.maxLayerInstances else {
            throw .invalid(
                file: name,
                message: "assets: precomps nested in each other expand to \(b.bound.layerInstances) layers per frame, "
                    + "more than the limit of \(limits.maxLayerInstances) (ResourceLimits.maxLayerInstances)")
        }
        var warnings = b.warnings.map { LottieWarning(code: "scene", $0) }
        warnings += content.themeWarnings.map { LottieWarning(code: "theme", $0) }
        for id in content.unusedSlots(in: bytes) {
            warnings.append(LottieWarning(code: "slot-unused", "slot \"\(id)\" is not used by any property (\"sid\")"))
        }
        for layer in unmatchedText {
            warnings.append(
                LottieWarning(
                    code: "text-layer-missing", "no text layer is named \"\(layer)\": its text is not replaced"))
        }
        for id in content.images.keys.sorted() {
            guard case .image? = comp.assets[id] else {
                warnings.append(
                    LottieWarning(
                        code: "image-asset-missing",
                        "no image asset has the id \"\(id)\": the image given for it is not used"))
                continue
            }
        }
        // Characters not in "chars" come from font files (FreeType), with DejaVu Sans as the fallback.
        let fonts = SystemFonts(for: b.bound, folders: fontFolders)
        self.fontFolders = fontFolders
        fontWarnings = LottieDocument.fallbackWarnings(fonts.fallbacks, family: "DejaVu Sans")
        if !fonts.isEmpty { b.fonts = FontOutlines(fonts) }
        builder = b
        var images: [String: Pixmap] = [:]
        // Images are measured by the size their headers declare before any is decoded: a few bytes can declare
        // gigabytes of pixels.
        var imageBytes = 0
        /// Checks an image against the ceiling by its declared size and returns the bytes its decoding may take
        /// (the decoded pixels and the decoder's own copy, 8 bytes a pixel, on top of the images before it).
        func admit(_ id: String, _ bytes: [UInt8]) throws(LottieRenderError) -> Int {
            let room = limits.maxMemory - imageBytes
            guard let (w, h) = ImageDecoder.declaredSize(bytes) else { return room }
            let (need, overflow) = w.multipliedReportingOverflow(by: h * 8)
            guard !overflow, need <= room else {
                throw .limit(
                    file: name,
                    message: "image asset \"\(id)\" declares \(w)x\(h) pixels; decoding it takes "
                        + "\(overflow ? "more than \(ResourceLimits.text(bytes: Int.max))" : ResourceLimits.text(bytes: need))"
                        + (imageBytes > 0
                            ? " besides \(ResourceLimits.text(bytes: imageBytes)) of images before it" : "")
                        + ", more than the memory limit of \(ResourceLimits.text(bytes: limits.maxMemory)) (ResourceLimits.maxMemory)"
                )
            }
            imageBytes += need / 2
            return room
        }
        for id in comp.assetOrder {
            guard case .image(let asset)? = comp.assets[id] else { continue }
            let path: String? = if case .file(let rel) = asset.source { rel } else { nil }
            let given = content.images[id] ?? content.imageProvider?(id, path)
            switch given.map({ .success($0) }) ?? source.bytes(of: asset.source) {
            case .failure(let e):
                warnings.append(
                    LottieWarning(code: "image", "image asset \"\(id)\": \(e.reason); layers using it are skipped"))
            case .success(let bytes):
                let room = try admit(id, bytes)
                let file = if case .file(let rel) = asset.source { " (\(rel))" } else { "" }
                var notes: [String] = []
                // WebP: a format some players cannot decode (``PlayerProfile/decodesWebP``).
                if ImageDecoder.isWebP(bytes) { webpImages.insert(id) }
                do { images[id] = try ImageDecoder.decode(bytes, maxBytes: room, notes: &notes) } catch {
                    warnings.append(
                        LottieWarning(
                            code: "image", "image asset \"\(id)\"\(file): \(error); layers using it are skipped"))
                }
                for note in notes {
                    warnings.append(LottieWarning(code: "image", "image asset \"\(id)\"\(file): \(note)"))
                }
            }
        }
        for id in comp.assetOrder {
            // Only a different aspect ratio matters: a uniformly scaled image (@2x) looks the same in every player.
            guard case .image(let asset)? = comp.assets[id], let img = images[id], asset.width > 0, asset.height > 0,
                abs(Double(img.width) / Double(img.height) / (asset.width / asset.height) - 1) > 0.01
            else { continue }
            warnings.append(
                LottieWarning(
                    code: "image-aspect",
                    "image asset \"\(id)\" is \(img.width)x\(img.height) pixels but declares "
                        + "\(JSONNode.text(asset.width))x\(JSONNode.text(asset.height)) (\"w\", \"h\"): players differ here; "
                        + "lottie-ios and lottie-android stretch it to the declared size, lottie-web crops it to cover that size"
                ))
        }
        for f in comp.diagnostics.unsupported.sorted() {
            warnings.append(LottieWarning(code: "unsupported", "unsupported feature: \(f)"))
        }
        // Values read as the players read them, masks declared but absent.
        warnings += comp.diagnostics.warnings.map { LottieWarning(code: "model", $0) }
        expressionBinding = comp.expressions.isEmpty ? nil : ExpressionBinding(b.bound, files: source)
        self.images = images
        self.loadDiagnostics = warnings
        self.source = name
        self.limits = limits
        self.imageBytes = images.values.reduce(0) { $0 + $1.pixels.count * 4 }
        budget = MemoryBudget(capacity: limits.maxMemory - self.imageBytes)
    }

    /// Width of the composition (`"w"`).
    public var width: Double { composition.width }
    /// Height of the composition (`"h"`).
    public var height: Double { composition.height }
    /// Frames per second (`"fr"`).
    public var frameRate: Double { composition.frameRate }
    /// First frame (`"ip"`); frame numbers given to the library count from here.
    public var inPoint: Double { composition.inPoint }
    /// End frame, exclusive (`"op"`).
    public var outPoint: Double { composition.outPoint }
    /// Number of frames, `op − ip`.
    public var frameCount: Double { composition.frameCount }
    /// Duration in seconds.
    public var duration: Double { composition.duration }
    /// The composition's name (`"nm"`).
    public var name: String { composition.name }
    /// Markers (`"markers"`), with times counted from the in point as frame numbers are.
    public var markers: [Marker] {
        composition.markers.map { Marker(name: $0.name, frame: $0.time - composition.inPoint, duration: $0.duration) }
    }
    /// Features the file uses, as short names (`"shape:trim"`, `"effect:drop-shadow"`, …), sorted.
    public var features: [String] { composition.diagnostics.used.sorted() }
    /// Features the file uses that lottie-render does not draw, sorted.
    public var unsupportedFeatures: [String] { composition.diagnostics.unsupported.sorted() }

    /// Renders frame `frame` (composition time `ip + frame`, fractional allowed) fitted inside `width`×`height`
    /// (default: the composition's size), over `background` (default transparent).
    /// Throws ``LottieRenderError/limit(file:message:)`` when the frame would take more memory than
    /// ``limits`` allow.
    public func image(
        frame: Double, width: Int? = nil, height: Int? = nil, background: RGBAColor = .transparent
    ) throws(LottieRenderError) -> RGBAImage {
        var r = FrameRenderer(self)
        return try r.image(frame: frame, width: width, height: height, background: background)
    }

    /// The pixel size for a requested width and height: both given are used as they are; one alone keeps the
    /// aspect ratio; none gives the composition's size. Each side is clamped to 1…16384.
    package func outputSize(width: Int?, height: Int?) -> (Int, Int) {
        let cw = composition.width, ch = composition.height
        func clamp(_ v: Double) -> Int { v.isFinite ? Int(min(16384, max(1, v.rounded()))) : 1 }
        switch (width, height) {
        case let (w?, h?): return (clamp(Double(w)), clamp(Double(h)))
        case let (w?, nil): return (clamp(Double(w)), clamp(Double(w) * ch / cw))
        case let (nil, h?): return (clamp(Double(h) * cw / ch), clamp(Double(h)))
        case (nil, nil): return (clamp(cw), clamp(ch))
        }
    }

    /// The transform that fits the composition inside `width`×`height`, keeping its aspect ratio, centred.
    package func fitTransform(width w: Int, height h: Int) -> Transform {
        let s = min(Double(w) / composition.width, Double(h) / composition.height)
        let tx = (Double(w) - composition.width * s) / 2, ty = (Double(h) - composition.height * s) / 2
        return Transform(a: s, b: 0, c: 0, d: s, tx: tx, ty: ty)
    }

    /// Renders composition time `ip + frame` at `width`×`height` (default: the composition's size), without the
    /// memory check (tests).
    package func render(frame: Double, width: Int? = nil, height: Int? = nil) -> Pixmap {
        var r = FrameRenderer(self)
        let (w, h) = outputSize(width: width, height: height)
        var pm = Pixmap(width: w, height: h)
        r.render(frame: frame, into: &pm)
        return pm
    }
}
