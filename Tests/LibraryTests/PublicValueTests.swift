import Foundation
import LottieRender
import LottieRenderTestSupport
import Testing

/// Public values a caller can set to anything: each is refused with an error that says what is wrong, never a trap.
@Suite struct PublicValueTests {
    static func clouds() throws -> LottieDocument {
        try LottieDocument(contentsOf: repoRoot.appendingPathComponent("samples/clouds.json").path)
    }

    /// The reason `body` gave for refusing a bad request; nil when it accepted it.
    static func badRequest(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            if case .badRequest(let reason)? = error as? LottieRenderError { return reason }
            return "\(error)"
        }
    }

    @Test func aNegativeLoopCountIsRefused() throws {
        let doc = try Self.clouds()
        var o = ExportOptions()
        o.width = 16
        o.loop = -1
        for format in [ExportFormat.gif, .apng, .webp] {
            let reason = Self.badRequest {
                _ = try doc.encode(FramePlan(times: [0, 1], end: 2), as: format, options: o)
            }
            #expect(reason?.contains("loop") == true, "\(format): \(reason ?? "accepted")")
        }
        o.loop = 70_000 // more plays than the formats count
        let reason = Self.badRequest { _ = try doc.encode(FramePlan(times: [0, 1], end: 2), as: .gif, options: o) }
        #expect(reason?.contains("loop") == true, "\(reason ?? "accepted")")
    }

    @Test func plansWithTimesThatAreNotNumbersAreRefused() throws {
        let doc = try Self.clouds()
        var o = ExportOptions()
        o.width = 16
        for plan in [
            FramePlan(times: [0, .nan], end: 2), FramePlan(times: [0, 1], end: .infinity),
            FramePlan(times: [.infinity], end: 2), FramePlan(times: [2, 1], end: 3),
        ] {
            for format in [ExportFormat.apng, .gif, .webp] {
                let reason = Self.badRequest { _ = try doc.encode(plan, as: format, options: o) }
                #expect(reason != nil, "\(plan) as \(format) accepted")
            }
        }
    }

    @Test func editedIndicesAreCheckedAgainstTheTimes() throws {
        let doc = try Self.clouds()
        var plan = try FramePlan(start: 0, end: 3, frameRate: doc.frameRate)
        plan.indices = [0] // fewer indices than times
        var o = ExportOptions()
        o.width = 16
        let dir = scratchPath("lr-indices")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let reason = Self.badRequest { _ = try doc.write(plan, to: dir, as: .png, options: o) }
        #expect(reason?.contains("indices") == true, "\(reason ?? "accepted")")
        plan.indices = [0, -1, 2]
        let negative = Self.badRequest { _ = try doc.write(plan, to: dir, as: .png, options: o) }
        #expect(negative?.contains("indices") == true, "\(negative ?? "accepted")")
    }

    /// What a service logs: `localizedDescription` is the error's own line, and a bad PNG says so once.
    @Test func errorsDescribeThemselves() throws {
        let error: any Error = LottieRenderError.badRequest(reason: "loop must be 0 (forever)")
        #expect(error.localizedDescription == "loop must be 0 (forever)")
        do {
            _ = try RGBAImage(pngData: [0x89, 0x50, 0x4E, 0x47, 1, 2, 3])
            Issue.record("a broken PNG was read")
        } catch {
            let text = error.localizedDescription
            #expect(
                text.hasPrefix("not a readable PNG") && !text.dropFirst(5).contains("not a readable PNG"), "\(text)")
        }
    }

    @Test func imagesOfImpossibleSizesAreNil() {
        #expect(RGBAImage(width: 1 << 62, height: 4, bytes: []) == nil)
        #expect(RGBAImage(width: 4, height: 1 << 62, bytes: []) == nil)
        #expect(RGBAImage(width: -1, height: 4, bytes: []) == nil)
        #expect(RGBAImage(width: 2, height: 2, bytes: [UInt8](repeating: 0, count: 16)) != nil)
    }

    /// Found by the `api` fuzz target: a plan whose last frame shows for 1e300 frames trapped converting its delay
    /// to an integer. Every animated format now encodes it (the delay clamped to what the format stores).
    @Test func aPlanOfAnyFiniteLengthEncodes() throws {
        let doc = try Self.clouds()
        var o = ExportOptions()
        o.width = 8
        for format in [ExportFormat.gif, .webp, .apng] {
            for end in [1e300, 1e12] {
                let bytes = try doc.encode(FramePlan(times: [0, 1], end: end), as: format, options: o)
                #expect(!bytes.isEmpty, "\(format) \(end)")
            }
        }
    }

    /// A plan of more than FramePlan.maxFrames frames is refused; it was cut at a million without a word.
    @Test func hugePlansAreRefusedNotCut() {
        #expect(throws: LottieRenderError.self) { try FramePlan(start: 0, end: 60, frameRate: 30, fps: 1e9) }
        #expect((try? FramePlan(start: 0, end: 60, frameRate: 30, fps: 3000))?.times.count == 6000)
    }
}
