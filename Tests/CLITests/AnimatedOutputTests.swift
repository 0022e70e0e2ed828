import Foundation
import LottieRenderCodecs
import LottieRenderRaster
import LottieRenderTestSupport
import Testing

/// GIF, WebP and APNG through the real tool, decoded again: frame count, delays, loop, duration and pixels.
@Suite(.serialized) struct AnimatedOutputTests {
    static let clouds = repoRoot.appendingPathComponent("samples/clouds.json").path

    func run(_ args: [String]) throws -> (Int32, String) {
        let r = try Tool.run(args)
        return (r.code, r.err)
    }

    func dir(_ tag: String) throws -> String {
        let d = scratchPath("lr-anim-\(tag)")
        try? FileManager.default.removeItem(atPath: d)
        try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }

    func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    /// True when `got` is `expected` with runs of consecutive entries merged (identical frames folded together).
    func isMerge(_ got: [Int], of expected: [Int]) -> Bool {
        var j = 0
        for g in got {
            var s = 0
            while j < expected.count && s < g { s += expected[j]; j += 1 }
            if s != g { return false }
        }
        return j == expected.count
    }

    /// Mean PSNR (dB) of two frames composited over white.
    func psnr(_ a: Pixmap, _ b: Pixmap) -> Double {
        var se = 0.0
        for i in a.pixels.indices {
            let p = a.pixels[i], q = b.pixels[i]
            for s in [0, 8, 16] {
                let x = Double((p >> UInt32(s)) & 255) + 255 - Double(p >> 24)
                let y = Double((q >> UInt32(s)) & 255) + 255 - Double(q >> 24)
                se += (x - y) * (x - y)
            }
        }
        let mse = se / Double(a.pixels.count * 3)
        return mse == 0 ? 99 : 10 * log10(255 * 255 / mse)
    }

    /// clouds.json: 29.97 fps, 60 frames, 2.002 s. Frame k ends at (k+1)/29.97 s, the last at 2.002 s.
    var cloudEnds: [Double] {
        var e: [Double] = []
        for k in 0..<60 { e.append(Double(k + 1) / 29.97) }
        return e
    }

    @Test func gifTimingLoopAndPixels() throws {
        _ = try Tool.path() // fails when the tool is missing or stale
        let d = try dir("gif")
        #expect(try run([AnimatedOutputTests.clouds, "-o", d + "/a.gif"]).0 == 0)
        #expect(try run([AnimatedOutputTests.clouds, "-o", d + "/b.gif", "--loop", "3", "--dither"]).0 == 0)
        #expect(try run([AnimatedOutputTests.clouds, "-o", d + "/png"]).0 == 0)
        let a = try GIFDecoder.decode(try bytes(d + "/a.gif"))
        let b = try GIFDecoder.decode(try bytes(d + "/b.gif"))
        #expect(a.loop == 0 && b.loop == 3)
        let expected = FrameTiming.delays(ends: cloudEnds, unitsPerSecond: 100).map { $0 * 10 }
        #expect(isMerge(a.delaysMs, of: expected), "\(a.delaysMs)")
        #expect(abs(a.durationMs - 2002) <= 10)
        #expect(a.delaysMs.allSatisfy { $0 >= 20 })
        // Every rendered frame is shown by the decoded frame covering its start time, and looks like it.
        var starts: [Int] = [0]
        for dl in a.delaysMs.dropLast() { starts.append(starts[starts.count - 1] + dl) }
        for k in stride(from: 0, to: 60, by: 7) {
            let t = k == 0 ? 0 : expected[0..<k].reduce(0, +)
            let shown = (starts.lastIndex { $0 <= t }) ?? 0
            let src = try PNGCodec.decode(try bytes(d + String(format: "/png/frame_%05d.png", k)))
            #expect(psnr(a.frames[shown], src) > 28, "frame \(k)")
        }
    }

    @Test func webpAndApngAreExactWithTiming() throws {
        _ = try Tool.path() // fails when the tool is missing or stale
        let d = try dir("webp")
        #expect(try run([AnimatedOutputTests.clouds, "-o", d + "/a.webp", "--loop", "2"]).0 == 0)
        #expect(try run([AnimatedOutputTests.clouds, "-o", d + "/a.apng"]).0 == 0)
        #expect(try run([AnimatedOutputTests.clouds, "-o", d + "/png"]).0 == 0)
        let expected = FrameTiming.delays(ends: cloudEnds, unitsPerSecond: 1000)
        let w = try WebPAnimation.decode(try bytes(d + "/a.webp"))
        let p = try APNGDecoder.decode(try bytes(d + "/a.apng"))
        #expect(w.loop == 2 && p.loop == 0)
        for anim in [w, p] {
            #expect(isMerge(anim.delaysMs, of: expected), "\(anim.delaysMs)")
            #expect(abs(anim.durationMs - 2002) <= 1)
        }
        #expect(p.frames.count == 60 && w.frames.count == 60)
        for k in [0, 17, 42, 59] {
            let src = try PNGCodec.decode(try bytes(d + String(format: "/png/frame_%05d.png", k)))
            #expect(p.frames[k] == src, "APNG frame \(k) is lossless")
            #expect(psnr(w.frames[k], src) > 45, "WebP frame \(k) is lossless up to alpha rounding")
        }
    }

    /// Lossy animated WebP does not drift: libwebp's encoder used to keep sub-rectangles of the already lossy canvas
    /// wherever a frame changed little, so a 300-frame slow gradient reached a mean error of 44 by its last frame.
    /// Every frame, decoded by libwebp's animation decoder, is now within 3 (mean per premultiplied channel) of the
    /// PNG of that frame.
    @Test func lossyWebPDoesNotDrift() throws {
        _ = try Tool.path() // fails when the tool is missing or stale
        let d = try dir("lossy")
        let json = """
            {"v":"5.7","fr":30,"ip":0,"op":300,"w":128,"h":96,"layers":[{"ty":4,"ind":1,"ip":0,"op":300,"st":0,
             "ks":{},"shapes":[{"ty":"gr","it":[{"ty":"rc","s":{"a":0,"k":[128,96]},"p":{"a":0,"k":[64,48]},
             "r":{"a":0,"k":0}},{"ty":"gf","o":{"a":0,"k":100},"r":1,"t":1,"s":{"a":0,"k":[0,0]},
             "e":{"a":0,"k":[128,96]},"g":{"p":2,"k":{"a":1,"k":[{"t":0,"s":[0,0.1,0.2,0.6,1,0.9,0.5,0.3],
             "o":{"x":[0.33],"y":[0]},"i":{"x":[0.67],"y":[1]}},{"t":299,"s":[0,0.6,0.3,0.1,1,0.2,0.7,0.9]}]}}},
             {"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},
             "o":{"a":0,"k":100}}]}]}]}
            """
        try json.write(toFile: d + "/g.json", atomically: true, encoding: .utf8)
        #expect(try run([d + "/g.json", "-o", d + "/g.webp", "--quality", "80"]).0 == 0)
        #expect(try run([d + "/g.json", "-o", d + "/png"]).0 == 0)
        let w = try WebPAnimation.decode(try bytes(d + "/g.webp"))
        var starts: [Int] = []
        var t = 0
        for ms in w.delaysMs { starts.append(t); t += ms }
        var worst = 0.0
        for k in stride(from: 0, to: 300, by: 3) {
            let at = Int((Double(k) * 1000 / 30).rounded())
            let shown = (starts.lastIndex { $0 <= at }) ?? 0
            let src = try PNGCodec.decode(try bytes(d + String(format: "/png/frame_%05d.png", k)))
            var sum = 0.0
            for i in src.pixels.indices {
                let p = w.frames[shown].pixels[i], q = src.pixels[i]
                for sh in [0, 8, 16] {
                    sum += abs(Double((p >> UInt32(sh)) & 255) - Double((q >> UInt32(sh)) & 255))
                }
            }
            worst = max(worst, sum / Double(src.pixels.count * 3))
        }
        #expect(worst <= 3, "worst mean error \(worst)")
    }

    @Test func softEdgesOverWhiteMatteShowNoDarkFringe() throws {
        _ = try Tool.path() // fails when the tool is missing or stale
        let d = try dir("matte")
        // A light blue disc whose edge fades out over 12 px (radial gradient to transparent), on nothing.
        let json = """
            {"v":"5.7.0","fr":10,"ip":0,"op":2,"w":80,"h":80,"layers":[{"ty":4,"ind":1,"ip":0,"op":2,"st":0,"ks":{},
             "shapes":[{"ty":"el","p":{"a":0,"k":[40,40]},"s":{"a":0,"k":[70,70]}},
              {"ty":"gf","t":2,"s":{"a":0,"k":[40,40]},"e":{"a":0,"k":[75,40]},"h":{"a":0,"k":0},"a":{"a":0,"k":0},
               "g":{"p":2,"k":{"a":0,"k":[0,0.6,0.8,1, 1,0.6,0.8,1, 0,1, 0.6,1, 1,0]}},"o":{"a":0,"k":100},"r":1}]}]}
            """
        try Data(json.utf8).write(to: URL(fileURLWithPath: d + "/soft.json"))
        #expect(
            try run([d + "/soft.json", "-o", d + "/soft.gif", "--matte", "white", "--alpha-threshold", "16"]).0 == 0)
        let g = try GIFDecoder.decode(try bytes(d + "/soft.gif"))
        let f = try #require(g.frames.first)
        // The disc's own luma: 0.6, 0.8, 1 → about 191. Blended onto white, edges only get lighter.
        var darkest = 255, opaque = 0
        for p in f.pixels where p >> 24 == 255 {
            opaque += 1
            let l: Int = (Int(p & 255) * 77 + Int((p >> 8) & 255) * 150 + Int((p >> 16) & 255) * 29) >> 8
            darkest = min(darkest, l)
        }
        #expect(opaque > 1000)
        #expect(darkest >= 185, "darkest opaque pixel luma \(darkest)")
        // Over black instead, the same edges darken: the matte is what prevents the fringe.
        #expect(
            try run([d + "/soft.json", "-o", d + "/black.gif", "--matte", "black", "--alpha-threshold", "16"]).0 == 0)
        let k = try GIFDecoder.decode(try bytes(d + "/black.gif"))
        var dark = 255
        for p in k.frames[0].pixels where p >> 24 == 255 {
            let l: Int = (Int(p & 255) * 77 + Int((p >> 8) & 255) * 150 + Int((p >> 16) & 255) * 29) >> 8
            dark = min(dark, l)
        }
        #expect(dark < 100)
    }

    @Test func markersSelectSegments() throws {
        _ = try Tool.path() // fails when the tool is missing or stale
        let d = try dir("markers")
        let json = """
            {"v":"5.7.0","fr":20,"ip":0,"op":30,"w":40,"h":40,"markers":[{"cm":"intro","tm":0,"dr":10},{"cm":"loop","tm":10,"dr":20}],
             "layers":[{"ty":4,"ind":1,"ip":0,"op":30,"st":0,
              "ks":{"p":{"a":1,"k":[{"t":0,"s":[5,20],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":29,"s":[35,20]}]}},
              "shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[8,8]},"r":{"a":0,"k":0}},
                        {"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}}]}]}
            """
        try Data(json.utf8).write(to: URL(fileURLWithPath: d + "/m.json"))
        #expect(try run([d + "/m.json", "--marker", "loop", "-o", d + "/loop"]).0 == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: d + "/loop").count == 20)
        #expect(try run([d + "/m.json", "--each-marker", "--format", "gif", "-o", d + "/each"]).0 == 0)
        let intro = try GIFDecoder.decode(try bytes(d + "/each/intro.gif"))
        let loop = try GIFDecoder.decode(try bytes(d + "/each/loop.gif"))
        #expect(intro.durationMs == 500 && loop.durationMs == 1000)
        let (code, err) = try run([d + "/m.json", "--marker", "nope", "-o", d + "/x"])
        #expect(code == 2 && err.contains("intro, loop"))
    }

    @Test func tgsAndDotLottieRenderLikeTheJSON() throws {
        _ = try Tool.path() // fails when the tool is missing or stale
        let d = try dir("containers")
        let json = try bytes(AnimatedOutputTests.clouds)
        try Data(try Gzip.compressGzip(json)).write(to: URL(fileURLWithPath: d + "/c.tgs"))
        // A stored (uncompressed) zip with a manifest and two animations; the second is picked by --animation.
        let manifest = Array("{\"version\":\"1\",\"animations\":[{\"id\":\"first\"},{\"id\":\"clouds\"}]}".utf8)
        let other = Array("{\"v\":\"5\",\"fr\":10,\"ip\":0,\"op\":1,\"w\":10,\"h\":10,\"layers\":[]}".utf8)
        try Data(
            Zip.stored([
                ("manifest.json", manifest), ("animations/first.json", other),
                ("animations/clouds.json", json),
            ])
        ).write(to: URL(fileURLWithPath: d + "/c.lottie"))
        #expect(try run([AnimatedOutputTests.clouds, "--frame", "20", "-o", d + "/json.png"]).0 == 0)
        #expect(try run([d + "/c.tgs", "--frame", "20", "-o", d + "/tgs.png"]).0 == 0)
        #expect(try run([d + "/c.lottie", "--animation", "clouds", "--frame", "20", "-o", d + "/lottie.png"]).0 == 0)
        #expect(try bytes(d + "/tgs.png") == bytes(d + "/json.png"))
        #expect(try bytes(d + "/lottie.png") == bytes(d + "/json.png"))
        #expect(try run([d + "/c.lottie", "--frame", "0", "-o", d + "/first.png"]).0 == 0)
        #expect(try PNGCodec.decode(try bytes(d + "/first.png")).width == 10)
        let (code, err) = try run([d + "/c.lottie", "--animation", "nope", "--frame", "0", "-o", d + "/n.png"])
        #expect(code == 2 && err.contains("first, clouds"))
    }
}

/// A minimal zip writer (stored entries) for building test archives.
enum Zip {
    static func stored(_ files: [(String, [UInt8])]) -> [UInt8] {
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 255), UInt8((v >> 8) & 255)] }
        func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16((v >> 16) & 0xFFFF) }
        var out: [UInt8] = [], central: [UInt8] = []
        for (name, data) in files {
            let crc = Int(Gzip.crc32(data[...]))
            let n = Array(name.utf8)
            let offset = out.count
            out += le32(0x0403_4B50) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0x21)
            out += le32(crc) + le32(data.count) + le32(data.count) + le16(n.count) + le16(0) + n + data
            central += le32(0x0201_4B50) + le16(20) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0x21)
            central += le32(crc) + le32(data.count) + le32(data.count) + le16(n.count) + le16(0) + le16(0)
            central += le16(0) + le16(0) + le32(0) + le32(offset) + n
        }
        let start = out.count
        out += central
        out += le32(0x0605_4B50) + le16(0) + le16(0) + le16(files.count) + le16(files.count)
        out += le32(central.count) + le32(start) + le16(0)
        return out
    }
}
