import LottieRenderModel
import LottieRenderRaster

extension SceneBuilder {
    /// A layer's masks (`"masksProperties"`) at layer time `local`, as the player rules draw them. `m` places the
    /// layer in the root composition; `base` places the composition that holds it.
    func sceneMasks(_ l: Layer, at local: Double, transform m: Transform, base: Transform) -> [SceneMask] {
        let masks = l.masks.map { mk in
            let mode = rules.drawn(mk.mode) // "mode"
            var path = ShapeGenerators.path(Interpolator.shape(mk.path, at: local)) // "pt"
            // "inv": only add and subtract masks on lottie-ios.
            var inverted = mk.inverted && (!rules.maskInversionOnAddSubtractOnly || mode == .add || mode == .subtract)
            if inverted, rules.maskInversion != .complement {
                path = framePrefixed(path, transform: m, base: base)
                inverted = false
            }
            var sm = SceneMask(
                path: path, transform: m, mode: mode, inverted: inverted,
                opacity: rules.maskOpacity // "o"
                    ? min(1, max(0, Interpolator.scalar(mk.opacity, at: local, fallback: 100) / 100)) : 1,
                expansion: rules.maskExpansion ? Interpolator.scalar(mk.expansion, at: local) : 0) // "x"
            if rules.maskFeather { // "f"
                let f = Interpolator.value(mk.feather, at: local)
                sm.feather = max(f.first ?? 0, f.count > 1 ? f[1] : 0)
            }
            return sm
        }
        if rules.noneMasksHideLayer, !masks.isEmpty, masks.allSatisfy({ $0.mode == .none }) {
            // Nothing added to the mask: an empty add mask hides the layer.
            return [SceneMask(path: Path(), transform: m, mode: .add, inverted: false, opacity: 1, expansion: 0)]
        }
        guard rules.masksAsOneClip else { return masks }
        // One clip path: every mask but "n" ones, their subpaths filled together nonzero.
        let drawn = masks.filter { $0.mode != .none }
        guard !drawn.isEmpty else { return [] }
        var path = Path()
        for mk in drawn { path.append(mk.path) }
        return [SceneMask(path: path, transform: m, mode: .add, inverted: false, opacity: 1, expansion: 0)]
    }

    /// `path` after the root composition's frame rectangle, drawn clockwise (y down), in the layer's space or in the
    /// space of its composition (mapped into the layer's). Filled nonzero, it is the frame minus the path only where
    /// the path runs counter-clockwise; a clockwise path adds to the frame.
    private func framePrefixed(_ path: Path, transform m: Transform, base: Transform) -> Path {
        let frame = Path.rect(Rect(minX: 0, minY: 0, maxX: composition.width, maxY: composition.height))
        var out: Path
        switch rules.maskInversion {
        case .complement, .frameInLayerSpace:
            out = frame
        case .frameInCompSpace:
            // A degenerate layer draws nothing; its path alone keeps the mask empty.
            guard let inverse = m.inverted() else { return path }
            out = frame.transformed(inverse.concat(base))
        }
        out.append(path)
        return out
    }
}
