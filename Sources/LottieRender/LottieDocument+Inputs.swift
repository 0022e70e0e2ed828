import Foundation

// Other ways in: `URL` and `Data`, and frames named by seconds or by progress.
extension LottieDocument {
    /// Loads an animation from a file URL, as ``init(contentsOf:animationID:limits:fontFolders:content:)`` does.
    /// A URL of another scheme throws: fetch its bytes yourself (with your timeouts) and use ``init(data:name:searchPaths:animationID:limits:fontFolders:content:)``.
    public init(
        contentsOf url: URL, animationID: String? = nil, limits: ResourceLimits = .default, fontFolders: [String] = [],
        content: ContentOverrides = ContentOverrides()
    ) throws(LottieRenderError) {
        guard url.isFileURL else {
            throw .unreadable(
                file: url.absoluteString, reason: "only file URLs are read; load the bytes and pass them as data")
        }
        try self.init(
            contentsOf: url.path, animationID: animationID, limits: limits, fontFolders: fontFolders, content: content)
    }

    /// Loads an animation from `data`, as ``init(bytes:name:searchPaths:animationID:limits:fontFolders:content:)``
    /// does.
    public init(
        data: Data, name: String = "<memory>", searchPaths: [String] = [], animationID: String? = nil,
        limits: ResourceLimits = .default, fontFolders: [String] = [], content: ContentOverrides = ContentOverrides()
    ) throws(LottieRenderError) {
        try self.init(
            bytes: [UInt8](data), name: name, searchPaths: searchPaths, animationID: animationID, limits: limits,
            fontFolders: fontFolders, content: content)
    }

    /// The frame shown `seconds` after the animation starts (frames count from the in point, as `image(frame:)`
    /// takes them).
    public func frame(atSeconds seconds: Double) -> Double { seconds * frameRate }

    /// The frame at `progress` of the animation: 0 its first frame, 1 its end (the out point, as lottie-ios's
    /// `currentProgress` and lottie-web's `goToAndStop(p * totalFrames, true)` read it).
    public func frame(atProgress progress: Double) -> Double { progress * frameCount }
}
