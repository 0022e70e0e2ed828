/// A node's JSON path (`layers[3].ks.p.k[1].t`), worked out from the tape when an error, a warning or an
/// expression names it.
extension JSONNode {
    /// Its path from the document root, found by walking down the tape. Built as UTF-8 and decoded once:
    /// appending to a `String` per step was 12 % of insta_camera's load (each expression names its path).
    package var path: String {
        var fresh = JSONPathCache()
        return path(reusing: &fresh)
    }

    /// Its path, the walk starting from the deepest container of the last path named through `cache` that holds
    /// this node too (a layer's expressions share its `layers[12].ks`, which a walk from the root finds by stepping
    /// over the twelve layers before it).
    package func path(reusing cache: inout JSONPathCache) -> String {
        let t = self.t
        if cache.chain.isEmpty { cache.chain.append(.init(entry: 0, end: t.next(0), length: 0)) }
        while let last = cache.chain.last, cache.chain.count > 1, !(index >= last.entry && index < last.end) {
            cache.chain.removeLast()
        }
        let start = cache.chain[cache.chain.count - 1]
        cache.bytes.removeSubrange(start.length...)
        var at = start.entry
        while at != index {
            let e = t.entries[at]
            if e.kind == .object {
                // An object's members are in document order: the last whose value starts at or before the node.
                let first = Int(e.number.bitPattern)
                var lo = 0, hi = Int(e.a)
                while lo < hi {
                    let mid = (lo &+ hi) >> 1
                    if Int(t.members[first &+ mid].value) <= index { lo = mid &+ 1 } else { hi = mid }
                }
                guard lo > 0 else { break }
                let member = t.members[first &+ lo &- 1]
                let valueIndex = Int(member.value), end = t.next(valueIndex)
                guard index < end else { break }
                if !cache.bytes.isEmpty { cache.bytes.append(UInt8(ascii: ".")) }
                t.appendText(at: Int(member.key), to: &cache.bytes)
                at = valueIndex
                cache.chain.append(.init(entry: at, end: end, length: cache.bytes.count))
                continue
            }
            var k = at + 1
            var found = false
            for m in 0..<Int(e.a) {
                let end = t.next(k)
                if index >= k && index < end {
                    cache.bytes.append(UInt8(ascii: "["))
                    var digits = 1
                    while m / digits >= 10 { digits &*= 10 }
                    while digits > 0 {
                        cache.bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: m / digits % 10))
                        digits /= 10
                    }
                    cache.bytes.append(UInt8(ascii: "]"))
                    at = k
                    cache.chain.append(.init(entry: at, end: end, length: cache.bytes.count))
                    found = true
                    break
                }
                k = end
            }
            if !found { break }
        }
        return String(decoding: cache.bytes, as: UTF8.self)
    }
}

/// The containers the last path walked through (``JSONNode/path(reusing:)``), with the path's bytes up to each.
package struct JSONPathCache: Sendable {
    /// A container entered: its entry, the entry after its subtree and the path's length there.
    struct Step: Sendable {
        let entry: Int
        let end: Int
        let length: Int
    }
    /// Root first.
    var chain: [Step] = []
    /// The last path's UTF-8.
    var bytes: [UInt8] = []

    /// An empty cache (the next path walks from the root).
    package init() {}
}
