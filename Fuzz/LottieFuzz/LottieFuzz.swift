import LottieRender
import LottieRenderCodecs

// libFuzzer targets (`make fuzz`). One program, four targets, the first argument picks one:
//
//     LottieFuzz animation|image|expression|api [libFuzzer options] [corpus folders]
//
// (`api`, the public API's parameters, is in APIFuzz.swift.)
//
// Built with `-sanitize=fuzzer,address` only (Package.swift adds this target when LOTTIE_RENDER_FUZZ is set).
// A target returns normally for every input; a trap, an AddressSanitizer report, a time-out or the RSS limit is a
// finding, and libFuzzer writes the input to `crash-…`/`timeout-…`/`oom-…`.

/// Animation bytes (JSON, `.tgs`, `.lottie`): load, then render the first, middle and last frame at 48×48.
func fuzzAnimation(_ bytes: [UInt8]) {
    guard let doc = try? LottieDocument(bytes: bytes, name: "fuzz") else { return }
    var renderer = FrameRenderer(doc)
    for frame in [0, doc.frameCount / 2, doc.frameCount - 1] {
        _ = try? renderer.image(frame: frame, width: 48, height: 48)
    }
}

/// Image bytes (PNG, JPEG, WebP, GIF), as an image asset's data URI holds them: decode within 256 MiB.
func fuzzImage(_ bytes: [UInt8]) {
    _ = try? ImageDecoder.decode(bytes, maxBytes: 256 << 20)
}

/// Expression text, on a layer's position (`"ks.p.x"`), its opacity, and a shape's path (`"ks"`-style `"x"`):
/// load (compile), then render two frames at 16×16.
func fuzzExpression(_ bytes: [UInt8]) {
    let source = String(decoding: bytes, as: UTF8.self)
    var quoted = "\""
    for u in source.unicodeScalars {
        switch u {
        case "\"": quoted += "\\\""
        case "\\": quoted += "\\\\"
        case _ where u.value < 0x20: quoted += "\\u00" + (u.value < 0x10 ? "0" : "") + String(u.value, radix: 16)
        default: quoted.unicodeScalars.append(u)
        }
    }
    quoted += "\""
    let json = """
        {"v":"5.7.0","fr":30,"ip":0,"op":30,"w":64,"h":64,"layers":[
        {"ty":4,"ind":1,"nm":"a","ip":0,"op":30,"st":0,"ks":{"p":{"a":0,"k":[32,32],"x":\(quoted)},
        "o":{"a":1,"k":[{"t":0,"s":[0]},{"t":20,"s":[100]}],"x":\(quoted)}},
        "ef":[{"ty":5,"nm":"S","ef":[{"ty":0,"nm":"Slider","v":{"a":0,"k":3}}]}],
        "shapes":[{"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[0,0],[9,0],[9,9]],"i":[[0,0],[0,0],[0,0]],
        "o":[[0,0],[0,0],[0,0]]},"x":\(quoted)}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]},
        {"ty":4,"ind":2,"nm":"b","parent":1,"ip":0,"op":30,"st":0,"ks":{"r":{"a":0,"k":0,"x":\(quoted)}},
        "shapes":[]}]}
        """
    guard let doc = try? LottieDocument(bytes: Array(json.utf8), name: "fuzz") else { return }
    var renderer = FrameRenderer(doc)
    for frame in [0.0, 17.5] { _ = try? renderer.image(frame: frame, width: 16, height: 16) }
}

nonisolated(unsafe) var target: ([UInt8]) -> Void = fuzzAnimation

/// libFuzzer's per-input callback.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    target(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func runDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// The program's entry (SwiftPM links an executable's `main` under its module's name): picks the target named by
/// the first argument, then hands the rest to libFuzzer's driver.
@_cdecl("LottieFuzz_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    let targets: [String: ([UInt8]) -> Void] = [
        "animation": fuzzAnimation, "image": fuzzImage, "expression": fuzzExpression, "api": fuzzAPI,
    ]
    guard argc >= 2, let argv, let name = argv[1].map({ String(cString: $0) }), let chosen = targets[name] else {
        print("usage: LottieFuzz animation|image|expression|api [libFuzzer options] [corpus folders]")
        return 64
    }
    target = chosen
    // The program name stays first; the target's name is dropped.
    argv[1] = argv[0]
    var count = argc - 1
    var rest: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv + 1
    return runDriver(&count, &rest, testOneInput)
}
