import Foundation
import LottieRender
import Synchronization
import Testing

/// The memory budget renderers of one document share: a renderer keeps its last frame's need reserved (with the
/// buffers it keeps), gives it back when it goes away, and holds nothing while it waits.
@Suite struct MemoryBudgetTests {
    @Test func aReservationGrowsShrinksAndIsGivenBackWhenItGoesAway() {
        let budget = MemoryBudget(capacity: 100)
        var first: Reservation? = Reservation(budget)
        #expect(first?.resize(to: 60) == true)
        let second = Reservation(budget)
        #expect(!second.resize(to: 60)) // 60 + 60 > 100: not now, and nothing taken
        #expect(second.bytes == 0)
        #expect(first?.resize(to: 30) == true) // shrinking gives the difference back
        #expect(second.resize(to: 60))
        first = nil // gone: its 30 bytes are free again
        #expect(second.resize(to: 100))
        #expect(!Reservation(budget).resize(to: 1))
    }

    @Test func aWaitingReservationHoldsNothingAndGoesOnWhenTheOtherGoesAway() async {
        let budget = MemoryBudget(capacity: 100)
        let waiter = Reservation(budget)
        #expect(waiter.resize(to: 50))
        var holder: Reservation? = Reservation(budget)
        #expect(holder?.resize(to: 50) == true)
        budget.startDrawing() // the holder is drawing a frame: waiting for it is worth it
        let task = Task.detached { waiter.wait(for: 90) } // gives its 50 back first, then waits for 90
        try? await Task.sleep(nanoseconds: 400_000_000)
        #expect(waiter.bytes == 0) // waiting, holding nothing
        holder = nil
        budget.endDrawing()
        #expect(await task.value == .granted)
        #expect(waiter.bytes == 90)
        #expect(waiter.wait(for: 101) == .exceedsCapacity) // more than the capacity: refused, holding nothing
        #expect(waiter.bytes == 0)
    }

    /// A renderer that keeps its reservation while idle cannot make another wait for ever: with no frame drawing,
    /// the wait gives up within a second and says why.
    @Test func anIdleRendererDoesNotMakeAnotherWaitForEver() throws {
        let budget = MemoryBudget(capacity: 100)
        let idle = Reservation(budget)
        #expect(idle.resize(to: 60))
        let start = Date()
        #expect(Reservation(budget).wait(for: 60) == .blocked(reserved: 60))
        #expect(Date().timeIntervalSince(start) < 2)
        // Through the library: a renderer kept after a large frame, then another frame of the same document.
        let json = #"{"v":"5.7","fr":30,"ip":0,"op":8,"w":64,"h":64,"layers":[]}"#
        let doc = try LottieDocument(bytes: Array(json.utf8), limits: ResourceLimits(maxMemory: 50 << 20))
        var kept = FrameRenderer(doc)
        _ = try kept.image(frame: 0, width: 1400)
        let second = Result { try doc.image(frame: 1, width: 1400) }
        if case .failure(let error) = second {
            #expect("\(error)".contains("other renderers of this document keep"), "\(error)")
        } else {
            Issue.record("the second frame fitted beside the kept renderer's: the test no longer shows the wait")
        }
        _ = try kept.image(frame: 2, width: 64) // still alive, and still drawing
    }

    /// Four renderers of one document on four threads, with room for about one frame at a time: every frame is
    /// drawn, the same as alone, and nothing waits for ever.
    @Test func parallelRenderersUnderATightCeilingAllFinish() throws {
        let json = """
            {"v":"5.7","fr":30,"ip":0,"op":8,"w":64,"h":64,"layers":[
             {"ty":4,"ind":1,"ip":0,"op":8,"st":0,"ks":{"r":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":8,"s":[90]}]},"p":{"a":0,"k":[32,32]}},
              "shapes":[{"ty":"rc","s":{"a":0,"k":[30,30]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}},
                        {"ty":"fl","c":{"a":0,"k":[0,0.5,1,1]},"o":{"a":0,"k":100}}]}]}
            """
        let anim = try LottieDocument(bytes: Array(json.utf8), limits: ResourceLimits(maxMemory: 6 << 20))
        let alone = try (0..<8).map { try anim.image(frame: Double($0)) }
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            var r = FrameRenderer(anim)
            for f in stride(from: worker, to: 8, by: 4) {
                for _ in 0..<5 { results.set(f, try? r.image(frame: Double(f))) }
            }
        }
        for f in 0..<8 { #expect(results.get(f) == alone[f], "frame \(f)") }
    }
}

/// Frames drawn by several threads.
final class Results: Sendable {
    private let frames = Mutex<[Int: RGBAImage]>([:])
    func set(_ f: Int, _ image: RGBAImage?) { frames.withLock { $0[f] = image } }
    func get(_ f: Int) -> RGBAImage? { frames.withLock { $0[f] } }
}
