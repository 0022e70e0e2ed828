import Foundation
import LottieRender
import LottieRenderTestSupport
import Testing

/// dotLottie archives read in-process (so that `make sanitize` sees their memory): a valid one loads, damaged ones
/// are errors that say what is wrong. The damaged archive is the fuzzer's finding (it trapped, and leaked its bytes,
/// in the zip library used before), rebuilt by hand.
@Suite struct ZipArchiveTests {
    @Test func validArchiveLoads() throws {
        let doc = try LottieDocument(bytes: [UInt8](HostileFiles.zipBomb(megabytes: 0)), name: "a.lottie")
        #expect(doc.width == 512 && doc.frameCount == 30)
    }

    @Test func entryPastTheEndIsAnError() throws {
        var zip = [UInt8](HostileFiles.zipBomb(megabytes: 0))
        let last = try #require((0..<(zip.count - 4)).last { zip[$0..<$0 + 4] == [0x50, 0x4B, 0x01, 0x02] })
        zip.replaceSubrange((last + 42)..<(last + 46), with: [0xF0, 0xFF, 0xFF, 0x7F])
        #expect(throws: LottieRenderError.self) { try LottieDocument(bytes: zip, name: "d.lottie") }
        do { _ = try LottieDocument(bytes: zip, name: "d.lottie") } catch {
            #expect(error.description.contains("entry header outside the archive"), "\(error)")
        }
    }

    @Test func corruptDataFailsItsChecksum() throws {
        var zip = [UInt8](HostileFiles.zipBomb(megabytes: 0))
        // The animation's CRC-32 in its central directory record.
        let last = try #require((0..<(zip.count - 4)).last { zip[$0..<$0 + 4] == [0x50, 0x4B, 0x01, 0x02] })
        zip[last + 16] ^= 0xFF
        do { _ = try LottieDocument(bytes: zip, name: "c.lottie"); Issue.record("loaded") } catch {
            #expect(error.description.contains("CRC-32 mismatch"), "\(error)")
        }
    }

    @Test func truncatedArchiveIsAnError() throws {
        let zip = [UInt8](HostileFiles.zipBomb(megabytes: 0))
        do {
            _ = try LottieDocument(bytes: Array(zip.prefix(zip.count / 2)), name: "t.lottie"); Issue.record("loaded")
        } catch { #expect(error.description.contains("not a valid .lottie"), "\(error)") }
    }
}
