/// The colour tables of the gradients a render context drew last: a gradient's 256 premultiplied colours depend
/// only on its stops and opacity, which most animations keep from frame to frame, so a table is made once and
/// looked up after (LightningBug made 720 tables of 256 colours in 180 frames, 2 % of its drawing).
struct GradientTables: Sendable {
    /// One table with what it was made from.
    private struct Entry: Sendable {
        let stops: [GradientStop]
        let opacity: Double
        let lut: [UInt32]
        let opaque: Bool
    }

    /// The most tables kept; the oldest made is replaced first.
    static let capacity = 8
    private var entries: [Entry] = []
    private var next = 0

    /// The table of `stops` at `opacity` (``PreparedPaint/makeLUT(_:opacity:)``) and whether every colour of it is
    /// opaque: the kept one when the same stops and opacity were drawn since it was made, else a new one (kept).
    mutating func table(_ stops: [GradientStop], opacity: Double) -> (lut: [UInt32], opaque: Bool) {
        for e in entries where e.opacity == opacity && e.stops == stops { return (e.lut, e.opaque) }
        let lut = PreparedPaint.makeLUT(stops, opacity: opacity)
        let entry = Entry(stops: stops, opacity: opacity, lut: lut, opaque: lut.allSatisfy { $0 >> 24 == 255 })
        if entries.count < GradientTables.capacity {
            entries.append(entry)
        } else {
            entries[next] = entry
            next = (next &+ 1) % GradientTables.capacity
        }
        return (entry.lut, entry.opaque)
    }
}
