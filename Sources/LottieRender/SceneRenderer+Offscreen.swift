import LottieRenderEval
import LottieRenderRaster

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Offscreen work beyond plain isolation: 3-D layers projected through a camera, groups whose blur or shadow reach
/// past the target, and the stroke effect.
extension SceneRenderer {
    /// How far blur and shadow effects reach past what they apply to, in the group's units (3σ plus the
    /// shadow's distance).
    static func effectReach(_ effects: [SceneEffect]) -> Double {
        var reach = 0.0
        for e in effects {
            switch e {
            case .blur(let b, _, _, _): reach += 3 * toSigma * abs(b)
            case .dropShadow(_, _, _, let d, let soft, _): reach += abs(d) + 3 * toSigma * abs(soft)
            default: break
            }
        }
        return reach.isFinite ? reach : 0
    }

    /// How far blur and shadow effects reach in device pixels, when they do: what lies that far outside the
    /// target still shows through them, so the group is drawn with that margin around it.
    func offCanvasMargin(_ effects: [SceneEffect], scale: Double, _ target: Pixmap) -> Int? {
        SceneRenderer.margin(effects, scale: scale, width: target.width, height: target.height)
    }

    /// `offCanvasMargin` for a `width`×`height` target. A blur reaches 3σ with σ capped at 500 device pixels (as
    /// `applyEffects` draws it), a shadow also its distance (capped at 10⁵ pixels).
    static func margin(_ effects: [SceneEffect], scale: Double, width: Int, height: Int) -> Int? {
        var reach = 0.0
        for e in effects {
            switch e {
            case .blur(let b, _, _, _): reach += min(1500, 3 * toSigma * abs(b) * scale)
            case .dropShadow(_, _, _, let d, let soft, _):
                reach += min(1e5, abs(d) * scale) + min(1500, 3 * toSigma * abs(soft) * scale)
            default: break
            }
        }
        guard reach.isFinite, reach >= 1 else { return nil }
        // Beyond the target's own size, more margin changes nothing visible.
        return Int(min(reach, Double(max(width, height))).rounded(.up))
    }

    /// Draws a group's content, masks and effects into a buffer `margin` pixels larger than `layer` on every side,
    /// then copies the part over `layer` back. Returns the region written in `layer`.
    mutating func drawWithMargin(
        _ g: SceneGroup, viewport v: Transform, margin m: Int, into layer: inout Pixmap
    ) -> IntRect {
        var big = take(layer.width + 2 * m, layer.height + 2 * m)
        let shifted = Transform.translation(Double(m), Double(m)).concat(v)
        let region = drawContent(g, viewport: shifted, masked: !g.masks.isEmpty, into: &big)
        let inner = IntRect(x0: m, y0: m, x1: m + layer.width, y1: m + layer.height).intersection(region)
        for y in inner.y0..<max(inner.y0, inner.y1) {
            for x in inner.x0..<inner.x1 { layer.pixels[(y - m) * layer.width + x - m] = big.pixels[y * big.width + x] }
        }
        give(&big, dirty: region)
        return inner.isEmpty ? .empty : IntRect(x0: inner.x0 - m, y0: inner.y0 - m, x1: inner.x1 - m, y1: inner.y1 - m)
    }

    /// A 3-D layer under a camera: its content, masks and effects are drawn in the layer's plane into a buffer at
    /// the resolution the projection needs, then resampled through the homography `h` (plane → device).
    mutating func drawProjected(_ g: SceneGroup, _ h: Homography, into layer: inout Pixmap) -> IntRect {
        let device = IntRect(x0: 0, y0: 0, x1: layer.width, y1: layer.height)
        var plane = deviceBounds(g.children, viewport: .identity)
        guard plane.minX.isFinite, plane.maxX.isFinite, plane.minY.isFinite, plane.maxY.isFinite,
            plane.maxX > plane.minX, plane.maxY > plane.minY, let inverse = h.inverted()
        else { return .empty }
        // Blur and shadow reach past the content, in plane units.
        let reach = min(SceneRenderer.effectReach(g.effects), 1e6)
        plane = Rect(
            minX: plane.minX - reach - 1, minY: plane.minY - reach - 1, maxX: plane.maxX + reach + 1,
            maxY: plane.maxY + reach + 1)
        // Only the part of the plane that can be seen: when every device corner has a preimage in front of the
        // camera, the visible part lies within their bounds.
        var seen = Rect.empty, allInFront = true
        for c in [
            Point(0, 0), Point(Double(device.x1), 0), Point(Double(device.x1), Double(device.y1)),
            Point(0, Double(device.y1)),
        ] {
            if let q = inverse.apply(c) { seen.include(q) } else { allInFront = false }
        }
        if allInFront {
            plane = Rect(
                minX: max(plane.minX, seen.minX - 2), minY: max(plane.minY, seen.minY - 2),
                maxX: min(plane.maxX, seen.maxX + 2), maxY: min(plane.maxY, seen.maxY + 2))
            if plane.maxX <= plane.minX || plane.maxY <= plane.minY { return .empty }
        }
        // Resolution: the largest magnification over the plane's corners (and centre), within a pixel budget.
        var k = 0.0, out = Rect.empty, behind = false
        let corners = [
            Point(plane.minX, plane.minY), Point(plane.maxX, plane.minY), Point(plane.maxX, plane.maxY),
            Point(plane.minX, plane.maxY), Point((plane.minX + plane.maxX) / 2, (plane.minY + plane.maxY) / 2),
        ]
        for c in corners {
            k = max(k, h.localScale(at: c))
            if let q = h.apply(c) { out.include(q) } else { behind = true }
        }
        if k <= 0 || !k.isFinite { k = 1 }
        let maxSide = 4096.0, maxPixels = 16_777_216.0
        k = min(
            k, 8, maxSide / (plane.maxX - plane.minX), maxSide / (plane.maxY - plane.minY),
            (maxPixels / ((plane.maxX - plane.minX) * (plane.maxY - plane.minY))).squareRoot())
        let bw = max(1, Int(((plane.maxX - plane.minX) * k).rounded(.up))),
            bh = max(1, Int(((plane.maxY - plane.minY) * k).rounded(.up)))
        let toBuffer = Transform(a: k, b: 0, c: 0, d: k, tx: -plane.minX * k, ty: -plane.minY * k)
        var buffer = take(bw, bh)
        let region = drawContent(g, viewport: toBuffer, masked: !g.masks.isEmpty, into: &buffer)
        var written = IntRect.empty
        if !region.isEmpty {
            // Device pixels that can see the plane: the bounds of its projected corners, or everything when part of
            // it is behind the camera.
            var target = device
            if !behind, out.minX.isFinite, out.maxX.isFinite, out.minY.isFinite, out.maxY.isFinite {
                // Clamped on both sides before converting: a plane far off screen must not overflow Int.
                func clamp(_ v: Double, _ hi: Int) -> Double { min(max(v, -1), Double(hi) + 1) }
                target = IntRect(
                    x0: Int(clamp(out.minX - 1, device.x1).rounded(.down)),
                    y0: Int(clamp(out.minY - 1, device.y1).rounded(.down)),
                    x1: Int(clamp(out.maxX + 1, device.x1).rounded(.up)),
                    y1: Int(clamp(out.maxY + 1, device.y1).rounded(.up))
                ).intersection(device)
            }
            written = Warp.project(buffer, inverse: Homography(toBuffer).concat(inverse), into: &layer, region: target)
        }
        give(&buffer, dirty: region)
        return written
    }

    /// The stroke effect: round brush dabs along the paths, over the layer, alone, or revealing the layer.
    mutating func strokeEffect(
        _ paths: [Path], transform m: Transform, color: Color, opacity: Double, width: Double,
        gap: Double, style: StrokeEffectStyle, region: IntRect, layer: inout Pixmap
    ) -> IntRect {
        var all = Path()
        for p in paths { all.append(p) }
        // A dab is a round-capped dash of (almost) no length; dabs closer than half a radius are drawn as one line.
        let st = StrokeStyle(width: width, cap: .round, join: .round, dashes: gap > 0 ? [1e-6, gap] : [])
        switch style {
        case .onOriginal:
            return region.union(
                canvas.stroke(all, transform: m, style: st, paint: .solid(color), opacity: opacity, into: &layer))
        case .onTransparent:
            Compositor.clear(&layer, region: region)
            return canvas.stroke(all, transform: m, style: st, paint: .solid(color), opacity: opacity, into: &layer)
        case .revealOriginal, .revealRecoloured:
            if style == .revealRecoloured, color.r < 1 || color.g < 1 || color.b < 1 {
                Effects.fill(&layer, region: region, color: color, opacity: 1)
            }
            var cov: [UInt8] = []
            canvas.strokeCoverage(all, transform: m, style: st, region: region, into: &cov)
            if opacity < 1 {
                let k = UInt32(max(0, opacity) * 256)
                for i in cov.indices { cov[i] = UInt8((UInt32(cov[i]) * k) >> 8) }
            }
            Compositor.multiply(&layer, byMask: cov, region: region)
            return region
        }
    }
}
