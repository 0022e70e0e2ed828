import LottieRenderCodecs
import LottieRenderEval
import LottieRenderModel

/// A requirement of Telegram's animated stickers that a file breaks: the requirement as Telegram states it and what
/// the file has. From "Creating Animated Stickers", https://core.telegram.org/animated_stickers (technical
/// requirements): a 512 × 512 canvas, at most 3 seconds, 30 or 60 frames a second, at most 64 KB, and none of
/// expressions, masks, layer effects, images, solids, texts, 3-D layers, merge paths, star shapes, gradient strokes,
/// repeaters, time stretching, time remapping or auto-oriented layers (Bodymovin-TG refuses to export them).
/// "Objects must not leave the canvas" and "must be looped" are not checked.
public struct StickerRequirement: Sendable, Equatable {
    /// The requirement (`canvas 512 × 512`).
    public var requirement: String
    /// What the file has (`400 × 400`, `3 layers: "glow", …`).
    public var found: String
}

extension LottieDocument {
    /// The size of `json` as a `.tgs` (gzip at level 9, as stickers are packed), to check against the 64 KB limit
    /// before a file is converted; nil when it cannot be compressed.
    public static func stickerSize(ofJSON json: [UInt8]) -> Int? {
        (try? Gzip.compressGzip(json, level: 9))?.count
    }

    /// Telegram's published limits for animated stickers (https://core.telegram.org/animated_stickers).
    public static let stickerLimits = (
        width: 512.0, height: 512.0, seconds: 3.0, frameRates: [30.0, 60.0], bytes: 65536
    )

    /// Where this animation breaks Telegram's animated-sticker requirements. `fileSize` is the size of the `.tgs`
    /// (gzipped) file, when known.
    public func telegramStickerIssues(fileSize: Int? = nil) -> [StickerRequirement] {
        let c = composition
        let limits = LottieDocument.stickerLimits
        var out: [StickerRequirement] = []
        func number(_ v: Double) -> String {
            let r = (v * 100).rounded() / 100
            return r == r.rounded() ? String(Int(r)) : String(r)
        }
        if c.width != limits.width || c.height != limits.height { // "w", "h"
            out.append(.init(requirement: "canvas 512 × 512", found: "\(number(c.width)) × \(number(c.height))"))
        }
        if c.duration > limits.seconds + 1e-9 { // ("op" − "ip") / "fr"
            out.append(.init(requirement: "at most 3 seconds", found: "\(number(c.duration)) s"))
        }
        if !limits.frameRates.contains(c.frameRate) { // "fr"
            out.append(.init(requirement: "30 or 60 frames a second", found: "\(number(c.frameRate)) fps"))
        }
        if let size = fileSize, size > limits.bytes {
            out.append(.init(requirement: "at most 64 KB", found: "\(size) bytes (\((size + 1023) / 1024) KB)"))
        }
        // The features Bodymovin-TG refuses, by the layers that use them.
        var layers: [(String, [String])] = []
        func add(_ what: String, _ name: String) {
            if let i = layers.firstIndex(where: { $0.0 == what }) {
                if !layers[i].1.contains(name) { layers[i].1.append(name) }
            } else {
                layers.append((what, [name]))
            }
        }
        let expressionLayers = expressions?.layersWithSites ?? []
        let bound = builder.bound
        for li in bound.reachableLists {
            for (i, l) in bound.lists[li].layers.enumerated() {
                let name = l.name.isEmpty ? "layer \(i + 1)" : l.name
                if expressionLayers.contains(LayerID(list: li, index: i)) { add("expressions", name) }
                if !l.masks.isEmpty { add("masks", name) } // "masksProperties"
                if !l.effects.isEmpty { add("layer effects", name) } // "ef"
                if l.is3D { add("3-D layers", name) } // "ddd"
                if l.timeStretch != 1 && l.timeStretch != 0 { add("time stretching", name) } // "sr"
                if l.autoOrient { add("auto-oriented layers", name) } // "ao"
                switch l.content {
                case .image: add("images", name) // "ty": 2
                case .solid: add("solids", name) // "ty": 1
                case .text: add("texts", name) // "ty": 5
                case .precomp(_, _, _, let tm) where tm != nil: add("time remapping", name) // "tm"
                case .shapes(let items):
                    if LottieDocument.anyItem(items, where: { if case .merge = $0 { true } else { false } }) {
                        add("merge paths", name)
                    }
                    if LottieDocument.anyItem(
                        items, where: { if case .star(let s) = $0 { s.read(\.isStar) } else { false } })
                    {
                        add("star shapes", name)
                    }
                    if LottieDocument.anyItem(
                        items,
                        where: {
                            if case .stroke(let s) = $0, case .gradient = s.value.paint { true } else { false }
                        })
                    {
                        add("gradient strokes", name)
                    }
                    if LottieDocument.anyItem(items, where: { if case .repeater = $0 { true } else { false } }) {
                        add("repeaters", name)
                    }
                default: break
                }
            }
        }
        for (what, names) in layers {
            let list = names.prefix(3).map { "\"\($0)\"" }.joined(separator: ", ")
            out.append(
                .init(
                    requirement: "no \(what)",
                    found: "\(names.count) layer\(names.count == 1 ? "" : "s"): \(list)"
                        + (names.count > 3 ? " and \(names.count - 3) more" : "")))
        }
        return out
    }
}
