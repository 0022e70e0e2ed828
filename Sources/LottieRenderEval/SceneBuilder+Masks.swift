import LottieRenderModel
import LottieRenderRaster

extension SceneBuilder {
    /// True when layer `l` is drawn without its masks and track matte because its one effect is drawn straight onto
    /// what lies below (``DrawRules/singleEffectSkipsMasks``).
    func effectSkipsMasks(_ l: Layer) -> Bool {
        guard rules.singleEffectSkipsMasks else { return false }
        // The effects ThorVG adds to a layer's scene (LottieBuilder::updateEffect): tint, fill, tritone, drop
        // shadow and gaussian blur; the stroke effect becomes a mask instead.
        let scene = l.effects.filter {
            $0.enabled && [.tint, .fill, .tritone, .dropShadow, .gaussianBlur].contains($0.type)
        }
        return scene.count == 1 && scene[0].type != .gaussianBlur
    }

    /// A layer's masks (`"masksProperties"`) at layer time `local`, as the player rules draw them. `m` places the
    /// layer in the root composition; `base` places the composition that holds it.
    func sceneMasks(_ l: Layer, at local: Double, transform m: Transform, base: Transform) -> [SceneMask] {
        let thorvg = rules.invertedMasksAsThorVG ? SceneBuilder.thorvgMasks(l.masks) : []
        let masks = l.masks.enumerated().map { k, original in
            var mk = original
            if k < thorvg.count { (mk.mode, mk.inverted) = thorvg[k] }
            let mode = rules.drawn(mk.mode) // "mode"
            var path = ShapeGenerators.path(mk.path, at: local) // "pt"
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
                sm.feather = max(f.component(0), f.component(1))
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

    /// Layer `l`'s masks as ThorVG composes them, as modes of the After Effects sequence that give the same
    /// coverage. ThorVG reads an inverted mask as another method (tvgLottieParser.cpp `getMaskMethod`, when `"inv"`
    /// comes before `"mode"`; after it, the inversion is lost): add → inverted alpha, subtract and difference →
    /// intersect, intersect → difference. `LottieBuilder::updateMasks` then masks each mask shape with the next by
    /// its method (union, minus, intersection, exclusive or; an inverted alpha multiplies by 1 − coverage) and
    /// masks the layer with the result, inverted when the first method is subtract or inverted alpha. Returned as
    /// (mode, inverted) per mask: the first adds (or subtracts, for an inverted result), and each next one is
    /// mapped through 1 − x when the result is inverted.
    package static func thorvgMasks(_ masks: [Mask]) -> [(MaskMode, Bool)] {
        enum Method { case alpha, invAlpha, subtract, intersect, difference, other(MaskMode) }
        func method(_ mk: Mask) -> Method {
            let inv = mk.inverted && mk.inversionBeforeMode
            switch mk.mode {
            case .add: return inv ? .invAlpha : .alpha
            case .subtract: return inv ? .intersect : .subtract
            case .intersect: return inv ? .difference : .intersect
            case .difference: return inv ? .intersect : .difference
            default: return .other(mk.mode)
            }
        }
        var out: [(MaskMode, Bool)] = []
        var complement: Bool? = nil
        for mk in masks {
            let m = method(mk)
            if case .other(.none) = m {
                out.append((.none, false))
                continue
            }
            guard let inverted = complement else {
                // The first mask: the layer is masked by its shape, or by 1 − the chained shapes.
                let inv: Bool
                switch m {
                case .subtract, .invAlpha: inv = true
                default: inv = false
                }
                complement = inv
                out.append((inv ? .subtract : .add, false))
                continue
            }
            switch (m, inverted) {
            case (.alpha, false): out.append((.add, false))
            case (.alpha, true), (.invAlpha, false), (.subtract, false): out.append((.subtract, false))
            case (.subtract, true), (.invAlpha, true): out.append((.add, false))
            case (.intersect, false): out.append((.intersect, false))
            case (.intersect, true): out.append((.add, true))
            case (.difference, _): out.append((.difference, false))
            case (.other(let mode), _): out.append((mode, false))
            }
        }
        return out
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
