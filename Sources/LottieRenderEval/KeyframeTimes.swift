import LottieRenderModel

/// Where an animation changes pace: every keyframe time of every property (transforms, masks with their feather,
/// shapes and their styles and modifiers, text documents, animators and path options, drawn effects, layer
/// styles, time remap, cameras), and every layer's in and out point, mapped to root composition time. Snapshot
/// tests sample these, since mistakes show at keyframe boundaries.
package enum KeyframeTimes {
    /// Most times kept per layer list (a precomp used many times at many offsets cannot grow the set without bound).
    static let maxTimesPerList = 20_000

    /// Sorted, distinct root-composition times (frames) within [ip, op) of a bound composition.
    package static func times(_ bound: BoundComposition) -> [Double] {
        let comp = bound.composition
        var memo: [Int: Set<Double>] = [:]
        var out = local(.root, bound, memo: &memo)
        out.insert(comp.inPoint)
        return out.filter { $0 >= comp.inPoint && $0 < comp.outPoint && $0.isFinite }.sorted()
    }

    /// The times of list `id` in its own composition time. Each list is worked out once, so a precomp used many
    /// times costs nothing more. A precomp that contains itself, or nests deeper than the renderer follows,
    /// contributes nothing there (those files are warned about; their times are approximate).
    private static func local(
        _ path: PrecompPath, _ bound: BoundComposition, memo: inout [Int: Set<Double>]
    ) -> Set<Double> {
        if let known = memo[path.list] { return known }
        let list = bound.lists[path.list]
        var out: Set<Double> = []
        for (i, l) in list.layers.enumerated() {
            out.insert(l.inPoint); out.insert(l.outPoint) // "ip", "op"
            var ks: [Double] = []
            transform(l.transform, &ks)
            for m in l.masks {
                shape(m.path, &ks); number(m.opacity, &ks); number(m.expansion, &ks); number(m.feather, &ks)
            }
            for e in l.effects { for p in e.parameters.properties { number(p, &ks) } } // "ef"
            for s in l.styles { // "sy"
                for p in [s.color, s.opacity, s.angle, s.size, s.distance, s.choke] { number(p, &ks) }
            }
            switch l.content {
            case .shapes(let items): shapeItems(items, &ks)
            case .precomp(_, _, _, let tm):
                if let tm { number(tm, &ks) }
                // Children's times map back through "st" and "sr"; under "tm" the mapping is not invertible, so
                // only the remap's own keyframes are taken.
                if tm == nil, case .enter(let sub) = bound.enter(i, from: path) {
                    let sr = l.timeStretch == 0 ? 1 : l.timeStretch, st = l.startTime
                    let inner = local(sub, bound, memo: &memo)
                    for t in inner where out.count < maxTimesPerList { out.insert(t * sr + st) }
                }
            case .camera(let zoom, let poi):
                number(zoom, &ks)
                if let poi { number(poi, &ks) }
            case .text(let data): text(data, &ks)
            default: break
            }
            for t in ks where out.count < maxTimesPerList { out.insert(t) }
        }
        memo[path.list] = out
        return out
    }

    private static func times<V>(_ p: Animatable<V>, _ out: inout [Double]) {
        if case .animated(let k) = p.withoutExpression { for kf in k { out.append(kf.time) } }
    }
    private static func number(_ p: NumberProperty, _ out: inout [Double]) { times(p, &out) }
    private static func shape(_ p: Animatable<BezierShape>, _ out: inout [Double]) { times(p, &out) }

    private static func transform(_ t: LayerTransform, _ out: inout [Double]) {
        number(t.anchor, &out); number(t.scale, &out); number(t.rotation, &out); number(t.opacity, &out)
        number(t.skew, &out); number(t.skewAxis, &out)
        switch t.position {
        case .combined(let p): number(p, &out)
        case .split(let x, let y): number(x, &out); number(y, &out)
        }
        if let z = t.positionZ { number(z, &out) }
        if let t3 = t.threeD { number(t3.rotationX, &out); number(t3.rotationY, &out); number(t3.orientation, &out) }
    }

    /// A text layer's times: where its document changes (`"t.d.k"`), its animators and selectors (`"t.a"`), its
    /// alignment and path options (`"t.m"`, `"t.p"`).
    private static func text(_ data: TextData, _ out: inout [Double]) {
        for d in data.documents { out.append(d.time) }
        number(data.alignment, &out)
        for p in [data.firstMargin, data.lastMargin, data.perpendicular, data.reversePath, data.forceAlignment] {
            number(p, &out)
        }
        for a in data.animators {
            for p in [a.start, a.end, a.offset, a.amount, a.easeHigh, a.easeLow] { number(p, &out) }
            let values: [NumberProperty?] = [
                a.position, a.anchor, a.scale, a.rotation, a.opacity, a.fillColor, a.strokeColor, a.fillOpacity,
                a.strokeOpacity, a.strokeWidth, a.tracking,
            ]
            for case let p? in values { number(p, &out) }
        }
    }

    private static func modifier(_ m: PathModifier, _ out: inout [Double]) {
        switch m {
        case .roundCorners(let r): number(r, &out)
        case .puckerBloat(let a): number(a, &out)
        case .zigZag(let s, let r, let pt): number(s, &out); number(r, &out); number(pt, &out)
        case .offset(let a, _, let ml): number(a, &out); number(ml, &out)
        case .twist(let a, let c): number(a, &out); number(c, &out)
        }
    }

    private static func paint(_ p: StylePaint, _ out: inout [Double]) {
        switch p {
        case .color(let c): number(c, &out)
        case .gradient(let g):
            number(g.start, &out); number(g.end, &out); times(g.stops, &out)
            number(g.highlightLength, &out); number(g.highlightAngle, &out)
        }
    }

    private static func shapeItems(_ items: [ShapeItem], _ out: inout [Double]) {
        for item in items {
            switch item {
            case .group(let g):
                g.transformBox?.read { transform($0, &out) }
                shapeItems(g.items, &out)
            case .path(let p, _): shape(p, &out)
            case .rect(let box):
                box.read { r in
                    number(r.position, &out); number(r.size, &out); number(r.roundness, &out)
                }
            case .ellipse(let box):
                box.read { e in
                    number(e.position, &out); number(e.size, &out)
                }
            case .star(let box):
                box.read { s in
                    for p in [
                        s.position, s.points, s.rotation, s.outerRadius, s.outerRoundness, s.innerRadius,
                        s.innerRoundness,
                    ] { number(p, &out) }
                }
            case .fill(let box):
                box.read { f in
                    paint(f.paint, &out); number(f.opacity, &out)
                }
            case .stroke(let box):
                box.read { s in
                    paint(s.paint, &out); number(s.opacity, &out); number(s.width, &out)
                    for d in s.dashes { number(d.value, &out) }
                }
            case .trim(let box):
                box.read { t in
                    number(t.start, &out); number(t.end, &out); number(t.offset, &out)
                }
            case .transform(let t): t.read { transform($0, &out) }
            case .repeater(let r):
                for p in [r.copies, r.offset, r.anchor, r.position, r.scale, r.rotation, r.startOpacity, r.endOpacity] {
                    number(p, &out)
                }
            case .modifier(let m): modifier(m, &out)
            case .merge: break
            case .unsupported: break
            }
        }
    }
}
