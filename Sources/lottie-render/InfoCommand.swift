import ArgumentParser
import Foundation
import LottieRender

/// `lottie-render info FILE`: what the animation is and which of its features are unsupported.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Describe an animation: size, timing, layers, features.")
    @Argument(help: "A Lottie file (.json, .lottie or .tgs).")
    var input: String
    @Option(help: "The animation to use from a .lottie file (default: the manifest's first).")
    var animation: String?
    @Flag(help: "Print one JSON object.")
    var json = false

    func run() throws {
        let anim = try loadAnimation(input, quiet: true, animationID: animation)
        let c = anim.composition
        var counts: [String: Int] = [:]
        func count(_ layers: [Layer]) {
            for l in layers {
                let kind: String
                switch l.content {
                case .shapes: kind = "shape"
                case .precomp: kind = "precomp"
                case .solid: kind = "solid"
                case .image: kind = "image"
                case .null: kind = "null"
                case .text: kind = "text"
                case .camera: kind = "camera"
                case .unsupported(let t): kind = [6: "audio", 15: "data"][t] ?? "type \(t)"
                }
                counts[kind, default: 0] += 1
            }
        }
        // The bound lists: the root's layers, then each precomp asset's.
        let lists = anim.builder.bound.lists
        for list in lists { count(list.layers) }
        let precomps = lists.count - 1
        var images = 0
        for (_, a) in c.assets { if case .image = a { images += 1 } }
        let used = c.diagnostics.used.sorted(), unsupported = c.diagnostics.unsupported.sorted()
        let problems = anim.warnings.filter { !$0.hasPrefix("unsupported feature") }
        let failed = anim.expressionCompileErrors
        if json {
            let obj: [String: Any] = [
                "file": input, "width": c.width, "height": c.height, "fps": c.frameRate, "ip": c.inPoint,
                "op": c.outPoint, "frames": c.frameCount, "duration_s": c.duration, "version": c.version,
                "top_level_layers": c.layers.count, "layers_by_type": counts, "images": images, "precomps": precomps,
                "markers": c.markers.map { ["name": $0.name, "start": $0.time, "duration": $0.duration] },
                "features": used, "unsupported": unsupported, "warnings": problems,
                "expressions": [
                    "count": anim.expressionCount,
                    "not_compiling": failed.map { ["path": $0.path, "error": $0.message] },
                ],
            ]
            let data = try JSONSerialization.data(withJSONObject: obj, options: [.sortedKeys, .prettyPrinted])
            print(String(decoding: data, as: UTF8.self))
            return
        }
        print("file:        \(input)")
        print("name:        \(c.name)  (Bodymovin \(c.version))")
        print("size:        \(fmtNumber(c.width))x\(fmtNumber(c.height))")
        print("fps:         \(fmtNumber(c.frameRate))")
        print("frames:      \(fmtNumber(c.frameCount))  (ip \(fmtNumber(c.inPoint)) – op \(fmtNumber(c.outPoint)))")
        print("duration:    \(String(format: "%.3f", c.duration)) s")
        print(
            "layers:      \(c.layers.count) top-level; by type: "
                + counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        print("assets:      \(images) images, \(precomps) precomps")
        if c.markers.isEmpty {
            print("markers:     none")
        } else {
            print("markers:")
            for m in c.markers { print("  \(m.name): frames \(fmtNumber(m.time))–\(fmtNumber(m.time + m.duration))") }
        }
        print(
            "expressions: \(anim.expressionCount)"
                + (anim.expressionCount == 0
                    ? "" : failed.isEmpty ? ", all compile" : ", \(failed.count) do not compile"))
        for f in failed { print("  \(f.path): \(f.message)") }
        print("features:    \(used.joined(separator: ", "))")
        print("unsupported: \(unsupported.isEmpty ? "none" : unsupported.joined(separator: ", "))")
        for p in problems { print("warning:     \(p)") }
    }
}
