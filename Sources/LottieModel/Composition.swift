/// A whole Bodymovin document: the root composition, its assets and markers.
public struct Composition: Sendable {
    /// Bodymovin version that exported the file (`"v"`).
    public var version: String
    /// Name (`"nm"`).
    public var name: String
    /// Width in pixels (`"w"`).
    public var width: Double
    /// Height in pixels (`"h"`).
    public var height: Double
    /// Frames per second (`"fr"`).
    public var frameRate: Double
    /// First frame (`"ip"`).
    public var inPoint: Double
    /// Frame after the last (`"op"`).
    public var outPoint: Double
    /// Top-level layers, first drawn on top (`"layers"`).
    public var layers: [Layer]
    /// Assets by id (`"assets"`).
    public var assets: [String: Asset]
    /// Asset ids in file order.
    public var assetOrder: [String]
    /// Named segments (`"markers"`).
    public var markers: [Marker]
    /// Whether the document has font or glyph data (`"fonts"`, `"chars"`).
    public var hasFonts: Bool
    /// Fonts by name (`"fonts"."list"`).
    public var fonts: [String: FontInfo] = [:]
    /// Glyph outlines (`"chars"`).
    public var glyphs: [Glyph] = []
    /// Motion blur settings (`"mb"`): shutter angle and phase in degrees of a frame, samples per frame.
    public var motionBlur: (angle: Double, phase: Double, samples: Int)? = nil
    /// What the parse found.
    public var diagnostics: Diagnostics

    /// Duration in frames.
    public var frameCount: Double { outPoint - inPoint }
    /// Duration in seconds.
    public var duration: Double { frameRate > 0 ? frameCount / frameRate : 0 }
}

/// A named marker (`"markers"[]`: `cm` name, `tm` time, `dr` duration).
public struct Marker: Sendable, Equatable {
    /// Name or comment.
    public var name: String
    /// Start frame.
    public var time: Double
    /// Duration in frames.
    public var duration: Double
}

/// An asset: a precomposition's layers or an image.
public enum Asset: Sendable {
    /// A precomposition (`"layers"`), with optional size and frame rate.
    case precomp(id: String, layers: [Layer], width: Double?, height: Double?)
    /// An image (`"p"` data URI or file name, `"u"` folder).
    case image(ImageAsset)
}

/// An image asset.
public struct ImageAsset: Sendable {
    /// Asset id (`"id"`).
    public var id: String
    /// Intended width (`"w"`).
    public var width: Double
    /// Intended height (`"h"`).
    public var height: Double
    /// Where the bytes come from.
    public var source: ImageSource
}

/// The origin of an image's bytes.
public enum ImageSource: Sendable {
    /// Bytes decoded from a base64 data URI.
    case embedded([UInt8])
    /// A file path relative to the document (`"u"` + `"p"`).
    case file(String)
    /// A data URI that could not be decoded.
    case invalid(String)
}
