/// A per-render drawing context: owns the rasterizer and scratch buffers, so repeated draws reuse memory.
package struct Canvas: Sendable {
    private var rasterizer = Rasterizer()
    private var flat = Polylines()
    private var outline = Polylines()
    /// Device-space flattening tolerance in pixels.
    package var tolerance = 0.05

    /// Creates a context.
    package init() {}

    /// Fills `path` (mapped by `transform`) with `paint` at `opacity` into `target`; returns the pixels touched.
    @discardableResult
    package mutating func fill(
        _ path: Path, transform: Transform, rule: FillRule, paint: Paint, opacity: Double,
        into target: inout Pixmap
    ) -> IntRect {
        guard transform.isFinite, let prepared = PreparedPaint(paint, opacity: opacity) else { return .empty }
        flat.removeAll()
        flat.append(path, transform: transform, tolerance: tolerance)
        return draw(flat, rule: rule, paint: prepared, into: &target)
    }

    /// Strokes `path` in its own coordinates (so that `transform` also scales the width) and paints the result;
    /// returns the pixels touched.
    @discardableResult
    package mutating func stroke(
        _ path: Path, transform: Transform, style: StrokeStyle, paint: Paint, opacity: Double,
        into target: inout Pixmap
    ) -> IntRect {
        guard transform.isFinite, style.width > 0, let prepared = PreparedPaint(paint, opacity: opacity) else {
            return .empty
        }
        strokeOutline(path, transform: transform, style: style)
        return draw(outline, rule: .nonZero, paint: prepared, into: &target)
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

    /// Writes the coverage (0…255) of `path` inside `region` into `mask`, a `region.width`×`region.height` buffer;
    /// uncovered pixels are 0.
    package mutating func coverage(
        _ path: Path, transform: Transform, rule: FillRule, region: IntRect,
        into mask: inout [UInt8]
    ) {
        guard transform.isFinite else { Canvas.zero(&mask, region); return }
        flat.removeAll()
        flat.append(path, transform: transform, tolerance: tolerance)
        rasterize(flat, rule: rule, region: region, into: &mask)
    }

    /// Writes the coverage of a stroked path into `mask` (as `coverage` does for fills).
    package mutating func strokeCoverage(
        _ path: Path, transform: Transform, style: StrokeStyle, region: IntRect,
        into mask: inout [UInt8]
    ) {
        guard transform.isFinite, style.width > 0 else { Canvas.zero(&mask, region); return }
        strokeOutline(path, transform: transform, style: style)
        rasterize(outline, rule: .nonZero, region: region, into: &mask)
    }

    private static func zero(_ mask: inout [UInt8], _ region: IntRect) {
        let n = region.width * region.height
        if mask.count != n { mask = [UInt8](repeating: 0, count: n); return }
        mask.withUnsafeMutableBufferPointer { b in if let p = b.baseAddress { p.update(repeating: 0, count: b.count) } }
    }

    private mutating func rasterize(_ polys: Polylines, rule: FillRule, region: IntRect, into mask: inout [UInt8]) {
        Canvas.zero(&mask, region)
        let w = region.width
        mask.withUnsafeMutableBufferPointer { mb in
            guard let m = mb.baseAddress else { return }
            rasterizer.fill(polys, rule: rule, clip: region) { y, x0, cov in
                let row = m + ((y &- region.y0) &* w &+ (x0 &- region.x0))
                for i in 0..<cov.count { row[i] = cov[i] }
            }
        }
    }

    private mutating func draw(
        _ polys: Polylines, rule: FillRule, paint: PreparedPaint, into target: inout Pixmap
    ) -> IntRect {
        let w = target.width
        let clip = IntRect(x0: 0, y0: 0, x1: target.width, y1: target.height)
        return target.pixels.withUnsafeMutableBufferPointer { buf -> IntRect in
            guard let dst = buf.baseAddress else { return .empty }
            return rasterizer.fill(polys, rule: rule, clip: clip) { y, x0, cov in
                Blend.row(dst, width: w, y: y, x0: x0, coverage: cov, paint: paint)
            }
        }
    }
}
