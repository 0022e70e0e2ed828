import LottieRenderModel

/// The JSON data footage of a document (assets with `"t": 3`), read once at load for expressions: a data layer
/// (ty 15) gives it as `thisComp.layer(name)("Data")("Outline")(key)…`, and `footage(name).sourceData` as an object.
/// Files are looked up as images are (next to the animation, its `.assets/` folder, or inside a dotLottie).
enum DataFootage {
    /// Largest data file read, in bytes. Its text and its parsed values live in each render thread's expression
    /// heap, which is capped at 16 MiB; real data footage (an API response, a table) is a few kilobytes.
    static let maxBytes = 1 << 20

    /// The JSON text of every data asset that could be read, by asset id, and a warning for each one that could not.
    static func load(_ comp: Composition, from files: ImageSource) -> (texts: [String: String], warnings: [String]) {
        var texts: [String: String] = [:]
        var warnings: [String] = []
        for id in comp.assetOrder {
            guard case .data(let asset)? = comp.assets[id] else { continue }
            let what = "data asset \"\(id)\""
            let bytes: [UInt8]
            switch files.bytes(of: asset.source) {
            case .failure(let e):
                warnings.append("\(what): \(e.reason); expressions reading it fail")
                continue
            case .success(let b):
                bytes = b
            }
            guard bytes.count <= maxBytes else {
                warnings.append(
                    "\(what): \(bytes.count) bytes, more than the \(maxBytes >> 20) MiB read for data footage; "
                        + "expressions reading it fail")
                continue
            }
            do {
                _ = try JSONTape(bytes)
            } catch {
                warnings.append("\(what): not valid JSON (\(error)); expressions reading it fail")
                continue
            }
            texts[id] = String(decoding: bytes, as: UTF8.self)
        }
        return (texts, warnings)
    }
}
