import LottieModel
import Raster

/// Builds scene nodes from a shape layer's items at one time.
///
/// Rules, as After Effects and the players apply them: a fill or stroke paints every path that comes before
/// it in its group, including paths in nested groups; a modifier (trim) changes every path before it in its
/// group, even for styles listed before the modifier; items listed first are drawn on top.
struct ShapeBuilder {
    /// A path and its placement (group → layer).
    struct Geometry { var path: Path; var transform: Transform }
    /// A style waiting for the final geometry, or a nested group.
    indirect enum Pending {
        case fill(range: Range<Int>, styleTransform: Transform, item: FillItem)
        case stroke(range: Range<Int>, styleTransform: Transform, item: StrokeItem)
        case group([Pending], opacity: Double)
    }

    let time: Double
    var pool: [Geometry] = []

    init(time: Double) { self.time = time }

    /// Scene nodes (paint order) for `items` placed by `layerTransform`.
    static func build(_ items: [ShapeItem], time: Double, layerTransform: Transform) -> [SceneNode] {
        var b = ShapeBuilder(time: time)
        let pending = b.group(items, transform: .identity)
        return b.resolve(pending, layerTransform: layerTransform)
    }

    /// Collects a group's items (file order).
    mutating func group(_ items: [ShapeItem], transform g: Transform) -> [Pending] {
        var out: [Pending] = []
        let first = pool.count
        for item in items {
            switch item {
            case .path(let prop, _):
                pool.append(Geometry(path: ShapeGenerators.path(Interpolator.shape(prop, at: time)), transform: g))
            case .rect(let r):
                pool.append(Geometry(path: ShapeGenerators.rect(r, at: time), transform: g))
            case .ellipse(let e):
                pool.append(Geometry(path: ShapeGenerators.ellipse(e, at: time), transform: g))
            case .star(let s):
                pool.append(Geometry(path: ShapeGenerators.star(s, at: time), transform: g))
            case .group(let sub):
                var t = g
                var opacity = 1.0
                if let tr = sub.transform {                     // "gr" … "tr"
                    t = g.concat(TransformEval.matrix(tr, at: time))
                    opacity = TransformEval.opacity(tr, at: time)
                }
                let children = group(sub.items, transform: t)
                if opacity > 0 { out.append(.group(children, opacity: opacity)) }
            case .fill(let f):
                out.append(.fill(range: first..<pool.count, styleTransform: g, item: f))
            case .stroke(let s):
                out.append(.stroke(range: first..<pool.count, styleTransform: g, item: s))
            case .trim(let tm):                                 // "tm"
                var paths = pool[first..<pool.count].map(\.path)
                Trim.apply(&paths, start: Interpolator.scalar(tm.start, at: time),
                           end: Interpolator.scalar(tm.end, at: time, fallback: 100),
                           offset: Interpolator.scalar(tm.offset, at: time), individually: tm.individually)
                for (k, p) in paths.enumerated() { pool[first + k].path = p }
            case .transform, .unsupported:
                break
            }
        }
        return out
    }

    /// The paths of `range` combined into the style's coordinate space, or nil when the style space is singular.
    func combined(_ range: Range<Int>, styleTransform s: Transform) -> Path? {
        guard let inv = s.inverted() else { return nil }
        var out = Path()
        for i in range {
            let rel = inv.concat(pool[i].transform)
            out.append(pool[i].path.transformed(rel))
        }
        return out
    }

    /// Turns pending styles into scene nodes in paint order (reverse of file order).
    func resolve(_ pending: [Pending], layerTransform: Transform) -> [SceneNode] {
        var nodes: [SceneNode] = []
        for p in pending.reversed() {
            switch p {
            case .group(let children, let opacity):
                let sub = resolve(children, layerTransform: layerTransform)
                if sub.isEmpty { continue }
                if opacity >= 1 { nodes.append(contentsOf: sub) } else {
                    nodes.append(.group(SceneGroup(children: sub, opacity: opacity)))
                }
            case .fill(let range, let st, let f):
                guard !range.isEmpty, let path = combined(range, styleTransform: st), !path.isEmpty else { continue }
                let opacity = Interpolator.scalar(f.opacity, at: time, fallback: 100) / 100
                guard opacity > 0, let paint = StylePaints.paint(f.paint, at: time) else { continue }
                nodes.append(.fill(path: path, transform: layerTransform.concat(st), rule: f.evenOdd ? .evenOdd : .nonZero,
                                   paint: paint, opacity: opacity))
            case .stroke(let range, let st, let s):
                guard !range.isEmpty, let path = combined(range, styleTransform: st), !path.isEmpty else { continue }
                let opacity = Interpolator.scalar(s.opacity, at: time, fallback: 100) / 100
                let width = Interpolator.scalar(s.width, at: time)
                guard opacity > 0, width > 0, let paint = StylePaints.paint(s.paint, at: time) else { continue }
                nodes.append(.stroke(path: path, transform: layerTransform.concat(st),
                                     style: StylePaints.strokeStyle(s, width: width, at: time), paint: paint,
                                     opacity: opacity))
            }
        }
        return nodes
    }
}
