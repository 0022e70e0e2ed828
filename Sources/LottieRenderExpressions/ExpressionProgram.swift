import LottieRenderEval
import LottieRenderModel

/// How expressions are evaluated: as After Effects does, or with lottie-web's departures from it (its
/// `--player web` profiles; docs/players.md).
package enum ExpressionDialect: Sendable, Hashable {
    /// After Effects: sloppy mode (an undeclared assignment makes a variable), `loopIn` repeating the segment.
    case afterEffects
    /// lottie-web (ExpressionManager.js, ExpressionPropertyDecorator.js at bede03d): strict mode, so assigning an
    /// undeclared name throws; `loopIn("cycle")` reads `duration - ((first - t) % duration + first)`, which holds
    /// the first key's value when the first key is not at 0.
    case lottieWeb
    /// ThorVG's JerryScript bindings (tvgLottieExpressions.cpp at v1.0.4): After Effects' semantics, but no data
    /// footage: no `footage(name)` (its binding is only a comment) and no data layer's `sourceData` or `Data`
    /// group (LottieParser reads no data layers), so an expression reading data fails and the property keeps its
    /// own value.
    case thorvg
}

/// The expressions of a document, bound once at load: each wrapped into a function that reads only the variables
/// its source names, the property tree flattened into a table the prelude addresses by number, and each expression
/// placed on its layer and property. Sendable and immutable; every render thread's `ExpressionSession` compiles
/// it once into its own heap.
package struct ExpressionProgram: Sendable {
    /// A property expressions can read: its value (with its expression, if any) and its layer.
    struct Slot: Sendable {
        var value: ExpressionValue
        var list: Int
        var layer: Int
    }

    /// Where an expression sits.
    struct Site: Sendable {
        var list: Int
        var layer: Int
        var slot: Int?
        var layerName: String
    }

    /// The bound layer tree.
    package let bound: BoundComposition
    /// The property tree the expressions navigate (`Composition.readExpressionTree()`).
    package let tree: ExpressionTree
    /// Wrapped sources, by expression id.
    let functions: [String]
    /// The same, wrapped as lottie-web runs them (`ExpressionDialect.lottieWeb`).
    let strictFunctions: [String]
    /// Where each expression sits; nil when its property is not in the tree (not evaluated).
    let sites: [Site?]
    /// Every property in the tree.
    let slots: [Slot]
    /// The `__setup` argument.
    let setup: String
    /// Expressions that do not compile, by id, with the message.
    package let compileErrors: [Int: String]

    /// Binds the expressions of `bound`'s composition, reading its property tree now (not at load). `footage` holds
    /// the JSON text of the data assets that could be read (`"t": 3`), by asset id.
    package init(_ bound: BoundComposition, footage: [String: String] = [:]) {
        self.bound = bound
        let comp = bound.composition
        let tree = comp.readExpressionTree()
        self.tree = tree
        var slots: [Slot] = []
        var slotByExpression: [Int: Int] = [:]
        var json = JSONText()
        json.open("{")
        json.key("fr"); json.number(comp.frameRate)
        json.key("dur"); json.number(comp.duration)
        // "data": the data footage texts (parsed in the heap when first read); "footage": their index by the name
        // After Effects gives them (the file name), for footage(name).
        var dataIndex: [String: Int] = [:]
        var footageNames: [(String, Int)] = []
        for id in comp.assetOrder {
            guard case .data(let a)? = comp.assets[id], footage[id] != nil else { continue }
            dataIndex[id] = dataIndex.count
            footageNames.append((a.name, dataIndex[id] ?? 0))
        }
        json.key("data"); json.open("[")
        for id in comp.assetOrder where dataIndex[id] != nil { json.string(footage[id] ?? "") }
        json.close("]")
        json.key("footage"); json.open("{")
        for (name, i) in footageNames { json.key(name); json.number(Double(i)) }
        json.close("}")
        // "markers": the composition's, for thisComp.marker.
        json.key("markers"); json.open("[")
        for m in comp.markers {
            json.open("{")
            json.key("t"); json.number(m.time); json.key("d"); json.number(m.duration)
            json.key("c"); json.string(m.name)
            json.close("}")
        }
        json.close("]")
        json.key("lists"); json.open("[")
        // comp(name) also finds a precomp by the name of a layer that shows it.
        var precompLayerNames = [[String]](repeating: [], count: bound.lists.count)
        for list in bound.lists {
            for (i, l) in list.layers.enumerated() {
                if let sub = list.bound[i].precomp { precompLayerNames[sub].append(l.name) }
            }
        }
        for (listId, list) in bound.lists.enumerated() {
            let nodes = tree.lists[list.key] ?? []
            json.open("{")
            json.key("name"); json.string(list.key.isEmpty ? comp.name : list.key)
            json.key("names"); json.open("[")
            for name in precompLayerNames[listId] { json.string(name) }
            json.close("]")
            json.key("w"); json.number(list.width); json.key("h"); json.number(list.height)
            json.key("layers"); json.open("[")
            for (i, l) in list.layers.enumerated() {
                json.open("{")
                json.key("n"); json.string(l.name)
                json.key("ind"); json.number(Double(l.index ?? (i + 1)))
                json.key("par"); json.number(Double(list.bound[i].parent ?? -1))
                json.key("ip"); json.number(l.inPoint); json.key("op"); json.number(l.outPoint)
                json.key("st"); json.number(l.startTime)
                if case .data(let ref) = l.content { json.key("dt"); json.number(Double(dataIndex[ref] ?? -1)) }
                let (w, h) = ExpressionProgram.size(l, list, comp)
                json.key("w"); json.number(w); json.key("h"); json.number(h)
                json.key("c"); json.open("[")
                if i < nodes.count {
                    for c in nodes[i].children {
                        ExpressionProgram.emit(c, &json, &slots, &slotByExpression, list: listId, layer: i)
                    }
                }
                json.close("]")
                json.close("}")
            }
            json.close("]")
            json.close("}")
        }
        json.close("]")
        // Each expression: its list, layer and property, what it returns and its random seed.
        var sites: [Site?] = []
        var functions: [String] = []
        var strictFunctions: [String] = []
        json.key("x"); json.open("[")
        for (id, e) in comp.expressions.enumerated() {
            let slot = slotByExpression[id]
            let site = slot.map { s in
                Site(
                    list: slots[s].list, layer: slots[s].layer, slot: s,
                    layerName: bound.lists[slots[s].list].layers[slots[s].layer].name)
            }
            sites.append(site)
            let (plain, strict) = ExpressionSource.wraps(e.source)
            functions.append(plain)
            strictFunctions.append(strict)
            json.open("{")
            json.key("l"); json.number(Double(site?.list ?? 0))
            json.key("y"); json.number(Double(site?.layer ?? 0))
            json.key("p"); json.number(Double(slot ?? -1))
            json.key("k"); json.number(e.kind == .shape ? 1 : e.kind == .text ? 2 : 0)
            json.key("s"); json.number(Double(ExpressionProgram.seed(e.path)))
            json.close("}")
        }
        json.close("]")
        json.close("}")
        self.functions = functions
        self.strictFunctions = strictFunctions
        self.sites = sites
        self.slots = slots
        self.setup = json.text
        // Compile once at load, to report what does not compile (info, warnings); render threads compile again.
        var errors: [Int: String] = [:]
        if !functions.isEmpty, let check = ExpressionSession(program: nil) {
            for (i, f) in functions.enumerated() {
                if case .failure(let e) = check.heap.compile(f) { errors[i] = e.message }
            }
        }
        compileErrors = errors
    }

    /// The layers whose properties carry an expression the renderer evaluates.
    package var layersWithSites: Set<LayerID> {
        Set(sites.compactMap { $0.map { LayerID(list: $0.list, index: $0.layer) } })
    }

    /// The layers with an expression that calls one of `names` (`createPath(`…), found by a plain search of the
    /// source.
    package func layers(calling names: [String]) -> Set<LayerID> {
        var out = Set<LayerID>()
        let sources = bound.composition.expressions
        for (i, site) in sites.enumerated() {
            guard let site, i < sources.count else { continue }
            if names.contains(where: { sources[i].source.contains($0 + "(") }) {
                out.insert(LayerID(list: site.list, index: site.layer))
            }
        }
        return out
    }

    /// How many expressions the document has.
    package var count: Int { functions.count }

    /// Expressions found at load not to run: those that do not compile, and those on properties the object model
    /// does not reach (gradient colours, a repeater's start and end opacity).
    package var loadProblems: [Int: String] {
        var out = compileErrors.mapValues { "does not compile: \($0)" }
        for (i, s) in sites.enumerated() where s == nil && out[i] == nil {
            out[i] = "is on a property lottie-render does not evaluate expressions for yet"
        }
        return out
    }

    /// Load problems as warnings, in document order.
    package var loadWarnings: [String] { loadProblems.keys.sorted().compactMap { message($0, loadProblems[$0]) } }

    /// What `log` holds as warnings in document order, leaving out what was reported at load.
    package func messages(_ log: ExpressionLog) -> [String] {
        let load = loadProblems, entries = log.snapshot
        return entries.keys.sorted().compactMap { id in
            guard load[id] == nil, let e = entries[id] else { return nil }
            let at = e.frame.isFinite ? " (first at frame \(JSONNode.text(e.frame)))" : ""
            return message(id, e.message + at)
        }
    }

    /// One warning: the property's JSON path, its layer, what happened.
    private func message(_ id: Int, _ what: String?) -> String? {
        guard let what else { return nil }
        let path = bound.composition.expressions[id].path
        let layer = sites[id].map { " (layer \"\($0.layerName)\")" } ?? ""
        return "expression at \(path)\(layer) \(what); the property's own value is drawn"
    }

    private static func emit(
        _ node: PropertyNode, _ json: inout JSONText, _ slots: inout [Slot], _ byExpression: inout [Int: Int],
        list: Int, layer: Int
    ) {
        json.open("{")
        json.key("n"); json.string(node.name)
        json.key("m"); json.string(node.matchName)
        json.key("i"); json.number(Double(node.index))
        if let a = node.attribute { json.key("a"); json.string(a) }
        if let t = node.shapeType { json.key("t"); json.string(t) }
        if let v = node.value {
            let id = slots.count
            slots.append(Slot(value: v, list: list, layer: layer))
            // The property's expression (the same handle as in the model: it was read from the same JSON path).
            switch v {
            case .number(.expression(let ref, _)), .shape(.expression(let ref, _)), .text(_, let ref?):
                if byExpression[ref.id] == nil { byExpression[ref.id] = id }
            default: break
            }
            json.key("p"); json.number(Double(id))
            json.key("k")
            switch v {
            case .number: json.number(0)
            case .shape: json.number(1)
            case .text: json.number(2)
            }
        } else {
            json.key("p"); json.number(-1)
            json.key("c"); json.open("[")
            for c in node.children { emit(c, &json, &slots, &byExpression, list: list, layer: layer) }
            json.close("]")
        }
        json.close("}")
    }

    /// A layer's `width` and `height` as expressions see them: a precomp's or solid's own, an image's, else the
    /// composition's.
    private static func size(_ l: Layer, _ list: BoundList, _ comp: Composition) -> (Double, Double) {
        switch l.content {
        case .precomp(_, let w, let h, _) where w > 0 && h > 0: return (w, h)
        case .solid(_, let w, let h): return (w, h)
        case .image(let ref):
            if case .image(let a)? = comp.assets[ref] { return (a.width, a.height) }
            return (list.width, list.height)
        default: return (list.width, list.height)
        }
    }

    /// A stable seed from the property's JSON path (FNV-1a), so random values do not depend on anything else.
    static func seed(_ path: String) -> UInt32 {
        var h: UInt32 = 2_166_136_261
        for b in path.utf8 { h = (h ^ UInt32(b)) &* 16_777_619 }
        return h & 0x7fff_ffff
    }
}
