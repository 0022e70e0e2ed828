import LottieRenderModel

/// Finds the problems the players survive: references to missing assets or parents, parent cycles and
/// precomp cycles. Each becomes a warning; the renderer skips the layers involved.
enum Validation {
    static func warnings(_ c: Composition) -> [String] {
        var out: [String] = []
        var checked: Set<String> = []
        func check(_ layers: [Layer], where place: String, stack: [String]) {
            var byIndex: [Int: Int] = [:]
            for (i, l) in layers.enumerated() { if let ind = l.index { byIndex[ind] = i } }
            for (i, l) in layers.enumerated() {
                let name = "\(place)layers[\(i)] (\"\(l.name)\")"
                if let p = l.parent {
                    if byIndex[p] == nil { out.append("\(name): parent \(p) does not exist; drawn without a parent") }
                    var seen: Set<Int> = [i]
                    var cur = byIndex[p]
                    while let c = cur {
                        if !seen.insert(c).inserted {
                            out.append("\(name): parent chain has a cycle; layer skipped"); break
                        }
                        cur = layers[c].parent.flatMap { byIndex[$0] }
                    }
                }
                switch l.content {
                case .precomp(let ref, _, _, _):
                    guard let a = c.assets[ref], case .precomp(_, let sub, _, _) = a else {
                        out.append("\(name): precomp asset \"\(ref)\" is missing; layer skipped"); continue
                    }
                    if stack.contains(ref) {
                        out.append("\(name): precomp \"\(ref)\" contains itself; layer skipped"); continue
                    }
                    if stack.count < SceneBuilder.maxDepth, checked.insert(ref).inserted {
                        check(sub, where: "assets[\"\(ref)\"].", stack: stack + [ref])
                    }
                case .image(let ref):
                    if c.assets[ref] == nil { out.append("\(name): image asset \"\(ref)\" is missing; layer skipped") }
                default: break
                }
            }
        }
        check(c.layers, where: "", stack: [])
        var unique: [String] = []
        for w in out where !unique.contains(w) { unique.append(w) }
        return unique
    }
}
