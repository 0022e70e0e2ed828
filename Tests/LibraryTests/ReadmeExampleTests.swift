import Foundation
import LottieRender
import LottieRenderTestSupport
import Testing

/// The README's library example compiles here, runs on the clouds sample, and is the text the README shows.
@Suite(.serialized) struct ReadmeExampleTests {
    /// The README's example, indented by eight spaces; keep it identical to the README's block after its import.
    static func example() throws {
        // example-start
        let animation = try LottieDocument(contentsOf: "clouds.json")
        for warning in animation.warnings { print("warning:", warning) }
        print("\(animation.width)x\(animation.height), \(animation.frameCount) frames at \(animation.frameRate) fps")

        var options = ExportOptions()
        options.width = 256 // the height follows the aspect ratio

        // One frame as a PNG file, and the whole animation as a GIF rendered on every core.
        try animation.write(.frame(12), to: "clouds-12.png", as: .png, options: options)
        try animation.write(try FramePlan(animation), to: "clouds.gif", as: .gif, options: options)

        // Or pixels in memory: straight-alpha RGBA, four bytes a pixel.
        let image = try animation.image(frame: 30, width: 64, height: 64)
        print("centre pixel:", image[32, 32])
        // example-end
    }

    @Test func readmeShowsThisExample() throws {
        let readme = try String(contentsOf: repoRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        let marker = try #require(lines.firstIndex(of: "<!-- consumer-example -->"))
        #expect(lines[marker + 1] == "```swift")
        let end = try #require(lines[(marker + 2)...].firstIndex(of: "```"))
        let block = Array(lines[(marker + 2)..<end])
        #expect(block.first == "import LottieRender")
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
            .components(separatedBy: "\n")
        let start = try #require(source.firstIndex { $0.hasSuffix("// example-start") })
        let stop = try #require(source.firstIndex { $0.hasSuffix("// example-end") })
        let here = source[(start + 1)..<stop].map { $0.hasPrefix("        ") ? String($0.dropFirst(8)) : $0 }
        #expect(Array(block.dropFirst().drop { $0.isEmpty }) == here)
    }

    @Test func exampleWritesAPNGAndAGIF() throws {
        let dir = testScratchRoot.appendingPathComponent("lr-readme")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(
            at: repoRoot.appendingPathComponent("samples/clouds.json"),
            to: dir.appendingPathComponent("clouds.json"))
        let previous = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(dir.path)
        defer { FileManager.default.changeCurrentDirectoryPath(previous) }
        try ReadmeExampleTests.example()
        let png = try RGBAImage(pngData: [UInt8](try Data(contentsOf: dir.appendingPathComponent("clouds-12.png"))))
        #expect(png.width == 256)
        let gif = try Data(contentsOf: dir.appendingPathComponent("clouds.gif"))
        #expect(gif.starts(with: Array("GIF89a".utf8)))
    }
}
