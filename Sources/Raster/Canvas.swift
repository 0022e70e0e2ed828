/// A per-render drawing context: owns the rasterizer and scratch buffers, so repeated draws reuse memory.
public struct Canvas: Sendable {
    private var rasterizer = Rasterizer()
    private var flat = Polylines()
    private var outline = Polylines()
    /// Device-space flattening tolerance in pixels.
    public var tolerance = 0.2

    /// Creates a context.
    public init() {}

    /// Fills `path` (mapped by `transform`) with `paint` at `opacity` into `target`.
    public mutating func fill(_ path: Path, transform: Transform, rule: FillRule, paint: Paint, opacity: Double,
                              into target: inout Pixmap) {
        guard transform.isFinite, let prepared = PreparedPaint(paint, opacity: opacity) else { return }
        flat.removeAll()
        flat.append(path, transform: transform, tolerance: tolerance)
        draw(flat, rule: rule, paint: prepared, into: &target)
    }

    /// Strokes `path` in its own coordinates (so that `transform` also scales the width) and paints the result.
    public mutating func stroke(_ path: Path, transform: Transform, style: StrokeStyle, paint: Paint, opacity: Double,
                                into target: inout Pixmap) {
        guard transform.isFinite, style.width > 0, let prepared = PreparedPaint(paint, opacity: opacity) else { return }
        strokeOutline(path, transform: transform, style: style)
        draw(outline, rule: .nonZero, paint: prepared, into: &target)
    }

    /// Builds the device-space stroke outline into `outline`.
    private mutating func strokeOutline(_ path: Path, transform: Transform, style: StrokeStyle) {
        let scale = max(transform.maxScale, 1e-9)
        let localTol = tolerance / scale
        flat.removeAll()
        flat.append(path, transform: .identity, tolerance: localTol)
        outline.removeAll()
        if style.dashes.isEmpty {
            Stroker.stroke(flat, style: style, tolerance: localTol, into: &outline)
        } else {
            let dashed = Dasher.dash(flat, pattern: style.dashes, offset: style.dashOffset)
            Stroker.stroke(dashed, style: style, tolerance: localTol, into: &outline)
        }
        outline.transform(transform)
    }

    /// Writes the coverage of `path` (0…255 per pixel) into `mask`, which is `width`×`height`; pixels outside
    /// the shape are set to 0.
    public mutating func coverage(_ path: Path, transform: Transform, rule: FillRule, width: Int, height: Int,
                                  into mask: inout [UInt8]) {
        if mask.count != width * height { mask = [UInt8](repeating: 0, count: width * height) } else {
            mask.withUnsafeMutableBufferPointer { b in if let p = b.baseAddress { p.update(repeating: 0, count: b.count) } }
        }
        guard transform.isFinite else { return }
        flat.removeAll()
        flat.append(path, transform: transform, tolerance: tolerance)
        mask.withUnsafeMutableBufferPointer { mb in
            guard let m = mb.baseAddress else { return }
            rasterizer.fill(flat, rule: rule, clipWidth: width, clipHeight: height) { y, x0, cov in
                let row = m + (y &* width &+ x0)
                for i in 0..<cov.count { row[i] = cov[i] }
            }
        }
    }

    /// Writes the coverage of a stroked path into `mask` (as `coverage` does for fills).
    public mutating func strokeCoverage(_ path: Path, transform: Transform, style: StrokeStyle, width: Int, height: Int,
                                        into mask: inout [UInt8]) {
        if mask.count != width * height { mask = [UInt8](repeating: 0, count: width * height) } else {
            mask.withUnsafeMutableBufferPointer { b in if let p = b.baseAddress { p.update(repeating: 0, count: b.count) } }
        }
        guard transform.isFinite, style.width > 0 else { return }
        strokeOutline(path, transform: transform, style: style)
        mask.withUnsafeMutableBufferPointer { mb in
            guard let m = mb.baseAddress else { return }
            rasterizer.fill(outline, rule: .nonZero, clipWidth: width, clipHeight: height) { y, x0, cov in
                let row = m + (y &* width &+ x0)
                for i in 0..<cov.count { row[i] = cov[i] }
            }
        }
    }

    private mutating func draw(_ polys: Polylines, rule: FillRule, paint: PreparedPaint, into target: inout Pixmap) {
        let w = target.width, h = target.height
        target.pixels.withUnsafeMutableBufferPointer { buf in
            guard let dst = buf.baseAddress else { return }
            rasterizer.fill(polys, rule: rule, clipWidth: w, clipHeight: h) { y, x0, cov in
                Blend.row(dst, width: w, y: y, x0: x0, coverage: cov, paint: paint)
            }
        }
    }
}
