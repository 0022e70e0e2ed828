import LottieRenderRaster
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `CoverageMemo` and the canvas that keeps one: a shape drawn unchanged in successive frames replays the runs it was
/// scanned into, with the same pixels as a fresh scan; the key compares every input bit for bit.
@Suite struct CoverageMemoTests {
    static let clip = IntRect(x0: 0, y0: 0, x1: 64, y1: 64)

    static func star(_ k: Double) -> Path {
        var p = Path()
        for i in 0..<5 {
            let a = Double(i * 4) * .pi / 5
            let pt = Point(32 + 26 * sin(a) + k, 32 - 26 * cos(a))
            if i == 0 { p.move(to: pt) } else { p.line(to: pt) }
        }
        p.close()
        return p
    }

    /// Frame `f` of a small scene: a static even-odd star, a static dashed stroke, a circle that moves every frame,
    /// a static shape under a clip rectangle that cuts pixels in part, and a mask's coverage drawn over the frame.
    static func frame(_ f: Int, on canvas: inout Canvas) -> Pixmap {
        var pm = Pixmap(width: 64, height: 64)
        let red = Paint.solid(Color(r: 1, g: 0, b: 0)), half = Paint.solid(Color(r: 0.2, g: 0.5, b: 0.9, a: 0.6))
        canvas.fill(star(0.3), transform: .identity, rule: .evenOdd, paint: red, opacity: 1, into: &pm)
        let circle = Path.ellipse(Rect(minX: 4 + Double(f) * 1.7, minY: 20, maxX: 24 + Double(f) * 1.7, maxY: 40))
        canvas.fill(circle, transform: .identity, rule: .nonZero, paint: half, opacity: 0.8, into: &pm)
        let style = StrokeStyle(width: 3, cap: .round, join: .round, dashes: [5, 3], dashOffset: 1)
        canvas.stroke(
            star(0), transform: .rotation(0.2).concat(.translation(-4, 2)), style: style, paint: half, opacity: 1,
            into: &pm)
        canvas.clipRect = Rect(minX: 10.4, minY: 12.6, maxX: 50.5, maxY: 44.2)
        canvas.fill(
            .ellipse(Rect(minX: 6, minY: 8, maxX: 58, maxY: 50)), transform: .identity, rule: .nonZero,
            paint: half, opacity: 0.5, into: &pm)
        canvas.clipRect = nil
        var mask: [UInt8] = []
        canvas.coverage(star(0.1), transform: .scale(0.9, 0.9), rule: .nonZero, region: clip, into: &mask)
        for i in mask.indices where mask[i] > 0 { pm.pixels[i] = pm.pixels[i] &+ UInt32(mask[i] >> 4) }
        return pm
    }

    @Test func shapesDrawnAgainReplayTheirRunsWithTheSamePixels() {
        var kept = Canvas()
        for f in 0..<5 {
            kept.beginFrame(width: 64, height: 64)
            var fresh = Canvas()
            let a = Self.frame(f, on: &kept), b = Self.frame(f, on: &fresh)
            #expect(a.pixels == b.pixels, "frame \(f)")
        }
        // From the third frame on, the four static shapes replay (the moving circle never does).
        #expect(kept.replayedShapes == 4 * 3)
    }

    static func key(_ path: Path, _ t: Transform = .identity, style: StrokeStyle? = nil) -> CoverageMemo.Key {
        CoverageMemo.Key(path: path, transform: t, style: style, tolerance: 0.05, rule: .nonZero, clip: clip)
    }

    @Test func aShapeIsKeptFromItsSecondFrameAndForgottenAfterAFrameWithoutIt() {
        var memo = CoverageMemo(capacity: 1 << 20)
        let k = Self.key(Self.star(0))
        memo.beginFrame()
        guard case .scan = memo.use(k) else { Issue.record("first frame: scan"); return }
        memo.beginFrame()
        guard case .scanAndKeep(let ticket) = memo.use(k) else { Issue.record("second frame: keep"); return }
        let runs = [CoverageMemo.pack(3, 4, 5, 200)]
        memo.keep(ticket, runs: runs, bounds: Rect(minX: 1, minY: 2, maxX: 3, maxY: 4), scanned: Self.clip)
        // Drawn twice in one frame: the second draw replays what the first kept.
        guard case .replay(let again, _, _) = memo.use(k) else { Issue.record("same frame: replay"); return }
        #expect(again == runs)
        memo.beginFrame()
        guard case .replay(let r, let bounds, let scanned) = memo.use(k) else { Issue.record("third: replay"); return }
        #expect(r == runs && bounds.maxY == 4 && scanned == Self.clip)
        memo.beginFrame()
        memo.beginFrame()
        guard case .scan = memo.use(k) else { Issue.record("after a frame without it: scan"); return }
    }

    @Test func nothingBeyondTheCapacityIsKept() {
        // Room for the shape's entry in both frames' lists and 64 bytes of runs.
        let entry = CoverageMemo.entryBytes
        var memo = CoverageMemo(capacity: 2 * entry + 64)
        let k = Self.key(Self.star(0))
        memo.beginFrame(); _ = memo.use(k)
        memo.beginFrame()
        guard case .scanAndKeep(let ticket) = memo.use(k) else { Issue.record("keep"); return }
        memo.keep(ticket, runs: [UInt64](repeating: 1, count: 9), bounds: .empty, scanned: Self.clip)
        memo.beginFrame()
        guard case .scanAndKeep(let again) = memo.use(k) else { Issue.record("72 bytes over 64: not kept"); return }
        memo.keep(again, runs: [1, 2, 3], bounds: .empty, scanned: Self.clip)
        memo.beginFrame()
        guard case .replay = memo.use(k) else { Issue.record("24 bytes: kept"); return }
        // A smaller frame's capacity lets go of what no longer fits (the runs first, then the entries), and a shape
        // whose entry does not fit is not remembered.
        memo.beginFrame(capacity: entry + 16)
        guard case .scan = memo.use(k) else { Issue.record("the runs no longer fit"); return }
        memo.beginFrame(capacity: entry - 1)
        guard case .scan = memo.use(k) else { Issue.record("no room for the entry"); return }
        memo.beginFrame()
        guard case .scan = memo.use(k) else { Issue.record("not remembered"); return }
        #expect(CoverageMemo.capacity(width: 512, height: 512) == 4 << 20)
        #expect(CoverageMemo.capacity(width: 4096, height: 4096) == 8 << 20)
        #expect(CoverageMemo.capacity(width: 64, height: 64) == 64 << 10)
    }

    @Test func keysCompareEveryInputBitForBit() {
        var zero = Path(), negativeZero = Path()
        zero.move(to: Point(0, 5)); zero.line(to: Point(9, 5)); zero.line(to: Point(4, 9)); zero.close()
        negativeZero.move(to: Point(-0.0, 5)); negativeZero.line(to: Point(9, 5)); negativeZero.line(to: Point(4, 9))
        negativeZero.close()
        var rebuilt = Path()
        rebuilt.move(to: Point(0, 5)); rebuilt.line(to: Point(9, 5)); rebuilt.line(to: Point(4, 9)); rebuilt.close()
        #expect(Self.key(zero) == Self.key(rebuilt)) // equal points in other storage
        #expect(Self.key(zero) != Self.key(negativeZero))
        #expect(Self.key(zero) != Self.key(zero, .translation(1e-12, 0)))
        // Bits, not values: a NaN matches the same NaN (scanning the same bits gives the same runs).
        func nan(_ payload: UInt64) -> Path {
            var p = Path()
            p.move(to: Point(Double(nan: 0, signaling: false), 0)); p.line(to: Point(Double(bitPattern: payload), 3))
            return p
        }
        #expect(Self.key(nan(0x7FF8_0000_0000_0001)) == Self.key(nan(0x7FF8_0000_0000_0001)))
        #expect(Self.key(nan(0x7FF8_0000_0000_0001)) != Self.key(nan(0x7FF8_0000_0000_0002)))
        let dashed = StrokeStyle(width: 2, dashes: [4, 2]), other = StrokeStyle(width: 2, dashes: [4, 2.5])
        #expect(Self.key(zero, style: dashed) == Self.key(zero, style: dashed))
        #expect(Self.key(zero, style: dashed) != Self.key(zero, style: other))
        #expect(Self.key(zero, style: dashed) != Self.key(zero))
        let clipped = CoverageMemo.Key(
            path: zero, transform: .identity, style: nil, tolerance: 0.05, rule: .nonZero,
            clip: IntRect(x0: 0, y0: 0, x1: 63, y1: 64))
        #expect(Self.key(zero) != clipped)
        let evenOdd = CoverageMemo.Key(
            path: zero, transform: .identity, style: nil, tolerance: 0.05, rule: .evenOdd, clip: Self.clip)
        #expect(Self.key(zero) != evenOdd)
    }

    @Test func runsPackAndReplayAtTheirLimits() {
        let runs = [
            CoverageMemo.pack(0, 0, 1, 1), CoverageMemo.pack((1 << 20) - 1, (1 << 20) - 1, (1 << 16) - 1, 255),
            CoverageMemo.pack(16_384, 7, 16_384, 128),
        ]
        var out: [[Int]] = []
        CoverageMemo.replay(runs) { y, x, n, c in out.append([y, x, n, Int(c)]) }
        #expect(out == [[0, 0, 1, 1], [(1 << 20) - 1, (1 << 20) - 1, (1 << 16) - 1, 255], [16_384, 7, 16_384, 128]])
    }
}
