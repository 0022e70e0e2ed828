// A preview service's use of LottieRender, through `import LottieRender` alone, in strict Swift 6: every promise
// the library makes to a service, checked. `make consumer-check` builds it (release) in a throwaway package and runs
// it in a folder holding samples/clouds.json, player_slots.json, text_font.json and expr_slider_rig.json; it prints
// one line per check with what it measured and exits 1 if any fails.
import Foundation
import LottieRender

nonisolated(unsafe) var failures = 0
func check(_ ok: Bool, _ what: String) {
    print((ok ? "ok    " : "FAIL  ") + what)
    if !ok { failures += 1 }
}
func seconds(_ body: () throws -> Void) rethrows -> Double {
    let t = Date()
    try body()
    return Date().timeIntervalSince(t)
}
func throwsError(_ body: () throws -> Void) -> Bool {
    do { try body() } catch { return true }
    return false
}

let clouds = try LottieDocument(contentsOf: "clouds.json")

// 1. Never waits for ever: a renderer keeps its last frame's memory; another render that does not fit beside it
//    returns or throws instead of sleeping until the idle renderer lets go.
do {
    let tight = try LottieDocument(contentsOf: "clouds.json", limits: ResourceLimits(maxMemory: 50 << 20))
    var holder = FrameRenderer(tight)
    _ = try? holder.image(frame: 0, width: 1400)
    let t = seconds { _ = try? tight.image(frame: 1, width: 1400) }
    check(t < 10, String(format: "a render beside an idle renderer's memory returned in %.2f s", t))
    _ = holder
}

// 2. No trap from public values: each of these throws (or is nil).
do {
    var o = ExportOptions()
    o.loop = -1
    check(throwsError { _ = try clouds.encode(try FramePlan(clouds), as: .gif, options: o) }, "loop -1 throws")
    check(throwsError { _ = try clouds.encode(FramePlan(times: [0, .nan], end: 2), as: .apng) }, "a NaN time throws")
    var plan = try FramePlan(clouds)
    plan.indices = [7]
    check(throwsError { _ = try clouds.renderFrames(plan) }, "a plan with edited indices throws")
    check(RGBAImage(width: 1 << 62, height: 4, bytes: []) == nil, "an impossible image is nil")
    check(throwsError { _ = try clouds.image(frame: .nan) }, "a NaN frame throws")
}

// 3. Cancellation: a cancelled Task stops an export within 0.5 s.
do {
    var o = ExportOptions()
    o.width = 512
    let plan = try FramePlan(clouds, fps: 120)
    let task = Task { () async throws(LottieRenderError) -> [UInt8] in try await clouds.encode(plan, as: .gif, options: o) }
    try await Task.sleep(nanoseconds: 300_000_000)
    let t0 = Date()
    task.cancel()
    let result = await task.result
    let t = Date().timeIntervalSince(t0)
    var cancelled = false
    if case .failure(let e) = result, case .cancelled? = e as? LottieRenderError { cancelled = true }
    check(cancelled && t < 0.5, String(format: "a cancelled export stopped %.3f s after the cancel", t))
}

// 4. Caller memory: BGRA premultiplied into a strided buffer matches image(frame:) after conversion.
do {
    var r = FrameRenderer(clouds)
    let (w, h, stride) = (64, 64, 64 * 4 + 32)
    var buffer = [UInt8](repeating: 0, count: stride * h)
    try buffer.withUnsafeMutableBytes { raw in
        try r.render(frame: 30, into: raw, width: w, height: h, bytesPerRow: stride, format: .bgraPremultiplied)
    }
    let image = try clouds.image(frame: 30, width: w, height: h)
    var same = true
    for y in 0..<h {
        for x in 0..<w {
            let o = y * stride + x * 4
            let a = Int(buffer[o + 3])
            func straight(_ c: UInt8) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (Int(c) * 255 + a / 2) / a)) }
            let p = image[x, y]
            if (straight(buffer[o + 2]), straight(buffer[o + 1]), straight(buffer[o]), UInt8(a)) != (p.r, p.g, p.b, p.a) {
                same = false
            }
        }
    }
    check(same, "a BGRA premultiplied frame in a caller buffer matches image(frame:)")
}

// 5. Dynamic content: a slot value and a text replacement change the frame.
do {
    var content = ContentOverrides()
    content.slots = #"{"accent": {"p": {"a": 0, "k": [0, 0.5, 1, 1]}}}"#
    let plain = try LottieDocument(contentsOf: "player_slots.json").image(frame: 0, width: 100, height: 100)
    let themed = try LottieDocument(contentsOf: "player_slots.json", content: content).image(frame: 0, width: 100, height: 100)
    check(plain.bytes != themed.bytes && themed[50, 50].b == 255, "a slot override recolours the frame")
    content = ContentOverrides()
    content.text = ["Text": "Welcome back, Ada"]
    let text = try LottieDocument(contentsOf: "text_font.json").image(frame: 0)
    let personal = try LottieDocument(contentsOf: "text_font.json", content: content).image(frame: 0)
    check(text.bytes != personal.bytes, "a text replacement changes the frame")
}

// 6. Errors a service can log.
do {
    let bad = #"{"v":"5.7","fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[{"ty":4,"ks":{"p":{"a":0,"k":"x"}},"shapes":[]}]}"#
    do {
        _ = try LottieDocument(bytes: Array(bad.utf8), name: "upload.json")
        check(false, "an invalid document loaded")
    } catch {
        let logged = (error as any Error).localizedDescription
        check(
            error.jsonPath != nil && logged.contains(error.jsonPath ?? "?") && error.code == "invalid",
            "localizedDescription names the JSON path: \(logged)")
    }
}

// 7. A hostile expression ends within the budget, with a warning.
do {
    let source = "var a = []; while (true) { a.push(new Array(1e6).join('x')) }; value"
    let json = """
        {"v":"5.7","fr":30,"ip":0,"op":10,"w":32,"h":32,"layers":[{"ty":4,"ind":1,"ip":0,"op":10,"st":0,
         "ks":{"r":{"a":0,"k":17,"x":"\(source)"}},
         "shapes":[{"ty":"rc","s":{"a":0,"k":[9,9]},"p":{"a":0,"k":[16,16]},"r":{"a":0,"k":0}},
                   {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}
        """
    let doc = try LottieDocument(bytes: Array(json.utf8))
    let t = try seconds { _ = try doc.image(frame: 0) }
    check(t < 1 && !doc.expressionWarnings.isEmpty, String(format: "a hostile expression ended in %.2f s with a warning", t))
}

// 8. image(frame:) on a file with expressions costs about what a FrameRenderer frame costs: the two interleaved,
//    frame by frame, so neither is measured colder than the other.
do {
    let doc = try LottieDocument(contentsOf: "expr_slider_rig.json")
    var r = FrameRenderer(doc)
    _ = try doc.image(frame: 0, width: 256)
    _ = try r.image(frame: 0, width: 256)
    var viaDoc = 0.0, viaRenderer = 0.0
    for f in 0..<120 {
        viaDoc += try seconds { _ = try doc.image(frame: Double(f % 30), width: 256) }
        viaRenderer += try seconds { _ = try r.image(frame: Double(f % 30), width: 256) }
    }
    check(
        viaDoc <= 1.5 * viaRenderer,
        String(format: "image(frame:) %.3f ms, FrameRenderer %.3f ms a frame", viaDoc / 0.12, viaRenderer / 0.12))
}

print(failures == 0 ? "service check: all passed" : "service check: \(failures) failed")
exit(failures == 0 ? 0 : 1)
