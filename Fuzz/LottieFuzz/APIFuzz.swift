import Foundation
import LottieRender

// The `api` target: the input is a stream of parameters for the public API, on a small document (shapes, a
// gradient, a 2×2 embedded image, text from "chars", an expression, a slot). Every public value a caller passes is
// drawn from it: sizes, frames (NaN and infinities included), plans with edited times and indices, export options,
// resource limits, caller buffers and strides, content overrides, snapshot comparisons. Whatever it asks, the API
// must return or throw; a trap is a finding.

/// Reads values off the fuzzer's bytes; past the end, zeros.
struct ParameterStream {
    var bytes: [UInt8]
    var at = 0

    mutating func byte() -> UInt8 {
        defer { at += 1 }
        return at < bytes.count ? bytes[at] : 0
    }
    mutating func int() -> Int {
        var v: UInt64 = 0
        for _ in 0..<8 { v = v << 8 | UInt64(byte()) }
        // Mostly small values, sometimes anything.
        switch byte() % 4 {
        case 0: return Int(truncatingIfNeeded: v)
        case 1: return Int(v % 600) - 100
        default: return Int(v % 80)
        }
    }
    mutating func double() -> Double {
        switch byte() % 6 {
        case 0: return [Double.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -0.0, 1e-310][Int(byte() % 6)]
        case 1:
            var v: UInt64 = 0
            for _ in 0..<8 { v = v << 8 | UInt64(byte()) }
            return Double(bitPattern: v)
        default: return Double(Int(byte()) - 40) + Double(byte()) / 256
        }
    }
    mutating func bool() -> Bool { byte() & 1 == 1 }
    mutating func string() -> String {
        let n = Int(byte() % 24)
        return String(decoding: (0..<n).map { _ in byte() }, as: UTF8.self)
    }
}

let apiDocument = """
    {"v":"5.7.0","fr":30,"ip":0,"op":40,"w":80,"h":60,"nm":"api",
     "slots":{"accent":{"p":{"a":0,"k":[1,0.5,0,1]}}},
     "assets":[{"id":"img","w":2,"h":2,"e":1,"u":"","p":"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFklEQVR42mP8z8DwnwEIGBkZGRgYAAAd9AP9OCHdIQAAAABJRU5ErkJggg=="}],
     "fonts":{"list":[{"fName":"F","fFamily":"F","fStyle":"Regular","ascent":70}]},
     "chars":[{"ch":"A","size":100,"style":"Regular","w":60,"fFamily":"F","data":{"shapes":[{"ty":"gr","it":[
       {"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[0,0],[30,-70],[60,0]],"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]]}}}]}]}}],
     "markers":[{"tm":10,"cm":"mid","dr":10}],
     "layers":[
      {"ty":5,"ind":1,"nm":"label","ip":0,"op":40,"st":0,"ks":{"p":{"a":0,"k":[10,50]}},
       "t":{"d":{"k":[{"s":{"s":20,"f":"F","t":"AA","j":0,"tr":0,"lh":24,"ls":0,"fc":[0,0,0]},"t":0}]},"p":{},"m":{"g":1,"a":{"a":0,"k":[0,0]}},"a":[]}},
      {"ty":2,"ind":2,"nm":"photo","refId":"img","ip":0,"op":40,"st":0,"ks":{"s":{"a":0,"k":[900,900]}}},
      {"ty":4,"ind":3,"nm":"shapes","ip":0,"op":40,"st":0,
       "ks":{"r":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0.3],"y":[0]},"i":{"x":[0.7],"y":[1]}},{"t":39,"s":[90]}],"x":"value * 2"}},
       "shapes":[{"ty":"el","p":{"a":0,"k":[40,30]},"s":{"a":0,"k":[30,20]}},
                 {"ty":"gf","t":1,"s":{"a":0,"k":[20,0]},"e":{"a":0,"k":[60,0]},"g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,0,0,1]}},"o":{"a":0,"k":80}},
                 {"ty":"st","c":{"a":0,"k":[0,0,0,1],"sid":"accent"},"o":{"a":0,"k":100},"w":{"a":0,"k":3}}]}]}
    """

func fuzzAPI(_ bytes: [UInt8]) {
    var s = ParameterStream(bytes: bytes)
    var limits = ResourceLimits(maxMemory: min(abs(s.int()) % (96 << 20), 96 << 20))
    if s.bool() { limits.maxFileSize = s.int() }
    if s.bool() { limits.maxLayerInstances = s.int() }
    if s.bool() { limits.expressionInstructions = s.int() }
    if s.bool() { limits.expressionMemory = min(s.int(), 64 << 20) }
    if s.bool() { limits.maxFrameSeconds = s.double() }
    var content = ContentOverrides()
    if s.bool() { content.slots = s.bool() ? #"{"accent":{"p":{"a":0,"k":[0,1,0,1]}}}"# : s.string() }
    if s.bool() { content.text[s.bool() ? "label" : s.string()] = s.string() }
    if s.bool() { content.images[s.bool() ? "img" : s.string()] = (0..<Int(s.byte() % 64)).map { _ in s.byte() } }
    if s.bool() { content.theme = s.string() }
    guard var doc = try? LottieDocument(bytes: Array(apiDocument.utf8), name: "api", limits: limits, content: content)
    else { return }
    if s.bool() { doc.draw(as: Player.allCases[Int(s.byte()) % Player.allCases.count]) }
    if s.bool() { doc.evaluatesExpressions = s.bool() }
    let size = { (s: inout ParameterStream) -> Int? in s.bool() ? nil : s.int() }
    for _ in 0..<Int(s.byte() % 4) {
        switch s.byte() % 8 {
        case 0:
            _ = try? doc.image(frame: s.double(), width: size(&s), height: size(&s))
        case 1:
            var r = FrameRenderer(doc)
            let w = s.int(), h = s.int(), stride = s.int(), count = min(abs(s.int()), 1 << 20)
            var buffer = [UInt8](repeating: 0, count: count)
            let format = [PixelFormat.rgba, .rgbaPremultiplied, .bgra, .bgraPremultiplied][Int(s.byte() % 4)]
            buffer.withUnsafeMutableBytes { raw in
                _ = try? r.render(
                    frame: s.double(), into: raw, width: w, height: h, bytesPerRow: stride, format: format)
            }
        case 2, 3, 4:
            var plan: FramePlan
            switch s.byte() % 4 {
            case 0: plan = FramePlan(times: (0..<Int(s.byte() % 5)).map { _ in s.double() }, end: s.double())
            case 1:
                guard let p = try? FramePlan(doc, fps: s.bool() ? nil : s.double()) else { continue }
                plan = p
            case 2:
                guard let p = try? FramePlan(doc, marker: s.bool() ? "mid" : s.string()) else { continue }
                plan = p
            default: plan = .frame(s.double())
            }
            // Plans of thousands of frames are long work, not a fault: the target is about traps (a service bounds
            // such work with cancellation and maxFrameSeconds).
            guard plan.times.count <= 64 else { continue }
            if s.bool() { plan.indices = (0..<Int(s.byte() % 5)).map { _ in s.int() } }
            if s.bool() { plan.namedByFrame = s.bool() }
            var o = ExportOptions()
            o.width = size(&s)
            o.height = size(&s)
            o.loop = s.int()
            o.jobs = Int(s.byte() % 3)
            o.dither = s.bool()
            o.alphaThreshold = s.byte()
            if s.bool() { o.quality = s.double() }
            if s.bool() { o.background = RGBAColor(r: s.byte(), g: s.byte(), b: s.byte(), a: s.byte()) }
            let format = ExportFormat.allCases[Int(s.byte()) % ExportFormat.allCases.count]
            if s.bool() {
                _ = try? doc.renderFrames(plan, options: o)
            } else {
                _ = try? doc.encode(plan, as: format, options: o)
            }
        case 5:
            let w = s.int(), h = s.int()
            let bytes = (0..<Int(s.byte())).map { _ in s.byte() }
            if let a = RGBAImage(width: w, height: h, bytes: bytes),
                let b = try? doc.image(frame: 0, width: 8, height: 8)
            {
                var comparison = SnapshotComparison()
                comparison.threshold = s.double()
                comparison.maxDifferingPixels = s.int()
                _ = comparison.compare(baseline: a, actual: b)
            }
        case 6:
            _ = try? doc.compatibility()
            _ = doc.frame(atSeconds: s.double())
            _ = doc.frame(atProgress: s.double())
        default:
            _ = try? LottieDocument(data: Data(s.string().utf8), limits: limits, content: content)
        }
    }
}
