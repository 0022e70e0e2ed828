import Codecs
import Foundation
import LottieEval
import LottieModel
import Raster

/// An error loading an animation.
public enum LottieError: Error, Sendable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(file: String, reason: String)
    /// The document is not valid Bodymovin JSON; the error names the JSON path.
    case invalid(file: String, error: ModelError)

    /// One line: `file: path: message`.
    public var description: String {
        switch self {
        case .unreadable(let f, let r): return "\(f): \(r)"
        case .invalid(let f, let e): return "\(f): \(e)"
        }
    }
}

/// A parsed animation with its images decoded: the public entry point for rendering Lottie files.
public struct Animation: Sendable {
    /// The parsed document.
    public let composition: Composition
    /// The bound evaluator.
    public let builder: SceneBuilder
    /// Decoded images by asset id.
    public let images: [String: Pixmap]
    /// Non-fatal problems: missing assets or parents, cycles, undecodable images, unsupported features.
    public let warnings: [String]

    /// Largest input accepted, in bytes.
    public static let maxFileSize = 256 << 20

    /// Loads a Lottie JSON file. Image files are looked up next to it, then in `<name>.assets/`.
    public init(contentsOf path: String) throws(LottieError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDir: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDir)
            throw .unreadable(file: path, reason: exists ? (isDir.boolValue ? "is a directory" : "cannot be read")
                                                        : "no such file")
        }
        guard data.count <= Animation.maxFileSize else {
            throw .unreadable(file: path, reason: "file is larger than \(Animation.maxFileSize >> 20) MiB")
        }
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        let assetsDir = url.deletingPathExtension().path + ".assets"
        try self.init(bytes: [UInt8](data), name: path, searchPaths: [dir, assetsDir])
    }

    /// Loads a Lottie document from bytes; `searchPaths` are folders where external images are looked up.
    public init(bytes: [UInt8], name: String = "<memory>", searchPaths: [String] = []) throws(LottieError) {
        let comp: Composition
        do { comp = try DocumentReader.read(bytes) } catch { throw .invalid(file: name, error: error) }
        composition = comp
        builder = SceneBuilder(comp)
        var warnings = builder.warnings
        var images: [String: Pixmap] = [:]
        for id in comp.assetOrder {
            guard case .image(let asset)? = comp.assets[id] else { continue }
            switch asset.source {
            case .embedded(let bytes):
                do { images[id] = try ImageDecoder.decode(bytes) } catch {
                    warnings.append("image asset \"\(id)\": \(error); layers using it are skipped")
                }
            case .invalid(let prefix):
                warnings.append("image asset \"\(id)\": data URI \"\(prefix)…\" is not valid base64; layers using it are skipped")
            case .file(let rel):
                let trimmed = rel.hasPrefix("/") ? String(rel.dropFirst()) : rel
                let found = searchPaths.map { ($0 as NSString).appendingPathComponent(trimmed) }
                    .first { FileManager.default.fileExists(atPath: $0) }
                guard let file = found, let data = FileManager.default.contents(atPath: file) else {
                    warnings.append("image asset \"\(id)\": file \"\(rel)\" not found; layers using it are skipped")
                    continue
                }
                do { images[id] = try ImageDecoder.decode([UInt8](data)) } catch {
                    warnings.append("image asset \"\(id)\" (\(rel)): \(error); layers using it are skipped")
                }
            }
        }
        for f in comp.diagnostics.unsupported.sorted() { warnings.append("unsupported feature: \(f)") }
        self.images = images
        self.warnings = warnings
    }

    /// Width of the composition.
    public var width: Double { composition.width }
    /// Height of the composition.
    public var height: Double { composition.height }

    /// The transform that fits the composition inside `width`×`height`, keeping its aspect ratio, centred.
    public func fitTransform(width w: Int, height h: Int) -> Transform {
        let s = min(Double(w) / composition.width, Double(h) / composition.height)
        let tx = (Double(w) - composition.width * s) / 2, ty = (Double(h) - composition.height * s) / 2
        return Transform(a: s, b: 0, c: 0, d: s, tx: tx, ty: ty)
    }

    /// Renders composition time `ip + frame` at `width`×`height` (default: the composition's size).
    public func render(frame: Double, width: Int? = nil, height: Int? = nil) -> Pixmap {
        var r = FrameRenderer(self)
        return r.render(frame: frame, width: width, height: height)
    }
}

/// Renders frames of one animation, reusing its scratch memory between frames. One per thread.
public struct FrameRenderer: Sendable {
    /// The animation.
    public let animation: Animation
    private var renderer: SceneRenderer

    /// Creates a renderer for `animation`.
    public init(_ animation: Animation) {
        self.animation = animation
        renderer = SceneRenderer(images: animation.images)
    }

    /// Renders composition time `ip + frame` at `width`×`height` over `background` (premultiplied, 0 = none).
    public mutating func render(frame: Double, width: Int? = nil, height: Int? = nil, background: UInt32 = 0) -> Pixmap {
        let w = width ?? Int(animation.width.rounded()), h = height ?? Int(animation.height.rounded())
        var pm = Pixmap(width: w, height: h)
        if background != 0 { pm.fill(background) }
        render(frame: frame, into: &pm)
        return pm
    }

    /// Renders into an existing pixmap (drawn over what it holds).
    public mutating func render(frame: Double, into pm: inout Pixmap) {
        let scene = animation.builder.scene(at: animation.composition.inPoint + frame)
        renderer.render(scene, viewport: animation.fitTransform(width: pm.width, height: pm.height), into: &pm)
    }
}
