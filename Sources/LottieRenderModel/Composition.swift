/// A whole Bodymovin document: the root composition, its assets and markers.
package struct Composition: Sendable {
    /// Bodymovin version that exported the file (`"v"`).
    package var version: String
    /// Name (`"nm"`).
    package var name: String
    /// Width in pixels (`"w"`).
    package var width: Double
    /// Height in pixels (`"h"`).
    package var height: Double
    /// Frames per second (`"fr"`).
    package var frameRate: Double
    /// First frame (`"ip"`).
    package var inPoint: Double
    /// Frame after the last (`"op"`).
    package var outPoint: Double
    /// Top-level layers, first drawn on top (`"layers"`).
    package var layers: [Layer]
    /// Assets by id (`"assets"`).
    package var assets: [String: Asset]
    /// Asset ids in file order.
    package var assetOrder: [String]
    /// Named segments (`"markers"`).
    package var markers: [Marker]
    /// Whether the document has font or glyph data (`"fonts"`, `"chars"`).
    package var hasFonts: Bool
    /// Fonts by name (`"fonts"."list"`).
    package var fonts: [String: FontInfo] = [:]
    /// Glyph outlines (`"chars"`).
    package var glyphs: [Glyph] = []
    /// Motion blur settings (`"mb"`): shutter angle and phase in degrees of a frame, samples per frame.
    package var motionBlur: (angle: Double, phase: Double, samples: Int)? = nil
    /// Every expression (`"x"`), indexed by `ExpressionRef.id`.
    package var expressions: [ExpressionSource] = []
    /// The document the expressions' property tree is read from (``readExpressionTree()``), kept when the file has
    /// expressions: the tree is read when they are first bound, so that a document drawn with expressions off never
    /// pays for it.
    package var expressionTreeSource: ExpressionTreeSource? = nil
    /// What the parse found.
    package var diagnostics: Diagnostics
    /// The document has slots (`"slots"`), whose values replace the properties naming them by `"sid"`.
    package var hasSlots = false

    /// Duration in frames.
    package var frameCount: Double { outPoint - inPoint }
    /// The last whole frame number drawn, counted from the in point (a small tolerance: exporters write `op` as
    /// 60.0000024 for 60 frames).
    package var lastFrame: Double { max(0, (frameCount - 1e-3).rounded(.up) - 1) }
    /// Duration in seconds.
    package var duration: Double { frameRate > 0 ? frameCount / frameRate : 0 }
}

/// A named marker (`"markers"[]`: `cm` name, `tm` time, `dr` duration).
package struct Marker: Sendable, Equatable {
    /// Name or comment.
    package var name: String
    /// Start frame.
    package var time: Double
    /// Duration in frames.
    package var duration: Double
}

/// An asset: a precomposition's layers or an image.
package enum Asset: Sendable {
    /// A precomposition (`"layers"`), with optional size and frame rate.
    case precomp(id: String, layers: [Layer], width: Double?, height: Double?)
    /// An image (`"p"` data URI or file name, `"u"` folder).
    case image(ImageAsset)
    /// JSON data footage (`"t": 3`, `"p"` a `.json` file or a data URI) that data layers (ty 15) give to
    /// expressions.
    case data(DataAsset)
    /// A sound for audio layers (`"p"` an `.mp3`, `.wav`, … file or a `data:audio/` URI): not drawn, not loaded.
    case sound(id: String)
}

/// A data footage asset (`"t": 3`): a JSON file whose values expressions read through a data layer.
package struct DataAsset: Sendable {
    /// Asset id (`"id"`).
    package var id: String
    /// The file name (`"p"`), which is also the footage's name in After Effects (`footage(name)`).
    package var name: String
    /// Where the bytes come from.
    package var source: ImageSource
}

/// An image asset.
package struct ImageAsset: Sendable {
    /// Asset id (`"id"`).
    package var id: String
    /// Intended width (`"w"`).
    package var width: Double
    /// Intended height (`"h"`).
    package var height: Double
    /// Where the bytes come from.
    package var source: ImageSource
    /// `"e": 1`: the file says `"p"` is embedded data (players that trust the flag read a file name there as
    /// data, and a data URI without it as a file name).
    package var markedEmbedded = false
}

/// The origin of an image's bytes.
package enum ImageSource: Sendable {
    /// Bytes decoded from a base64 data URI.
    case embedded([UInt8])
    /// A file path relative to the document (`"u"` + `"p"`).
    case file(String)
    /// A data URI that could not be decoded.
    case invalid(String)
}

/// The bytes of a document with expressions, from which its expression tree is read when first needed.
package struct ExpressionTreeSource: Sendable {
    /// The document as read (slot values applied by the caller, when it applies them).
    let bytes: [UInt8]
    /// Whether the tape applied the document's slots (`"sid"`).
    let slots: Bool
}

extension Composition {
    /// The property tree expressions navigate, read from ``expressionTreeSource`` (empty for a file without
    /// expressions, or one that no longer reads). Its properties name the model's expressions by the same ids (the
    /// reading starts from the model's diagnostics, which map each JSON path to its id). An expression only the tree
    /// reaches (on a hidden shape item, which the model skips) gets an id past ``expressions`` and is not evaluated:
    /// that property keeps its own value, and the document's counts, warnings and features stay the model's.
    package func readExpressionTree() -> ExpressionTree {
        guard let source = expressionTreeSource else { return ExpressionTree(lists: [:]) }
        var d = diagnostics
        let tree = try? JSONTape(source.bytes, slots: source.slots).withRoot {
            (root: JSONNode) throws(ModelError) -> ExpressionTree in
            try ExpressionTreeReader.read(root, diagnostics: &d)
        }
        return tree ?? ExpressionTree(lists: [:])
    }
}
