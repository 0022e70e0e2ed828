/// Merging the JUnit XML of sharded `check` runs (`lottie-render merge`): the `testsuite` elements of every shard,
/// kept as written, in one run's order, under one `testsuites` whose totals are their sums. It reads only what
/// ``JUnitReport`` writes (one `testsuite` per animation, each opening on a line of its own).
package enum JUnitMerge {
    /// One shard's document, split.
    struct Document {
        var name: String
        var shard: String?
        var suites: [(name: String, text: String, tests: Int, failures: Int, errors: Int, time: Double)]
    }

    /// The merged document of `docs` (file name and text of each shard's XML).
    package static func merge(_ docs: [(file: String, text: String)]) throws(ShardMerge.Failure) -> String {
        var parsed: [Document] = []
        for (file, text) in docs { parsed.append(try parse(text, file: file)) }
        try ShardMerge.checkComplete(zip(docs, parsed).map { ($0.0.file, $0.1.shard) })
        guard let name = parsed.first?.name else { throw ShardMerge.Failure("nothing to merge") }
        let suites = parsed.flatMap(\.suites)
        let order = ShardMerge.order(suites.map(\.name))
        var tests = 0, failures = 0, errors = 0, time = 0.0
        var body = ""
        for i in order {
            let s = suites[i]
            tests += s.tests; failures += s.failures; errors += s.errors; time += s.time
            body += s.text
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\(JUnitReport.attr(name)) tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(fixed3(time))\">\n"
            + body + "</testsuites>\n"
    }

    /// Splits a document that ``JUnitReport/xml(_:suiteName:shard:)`` wrote.
    static func parse(_ text: String, file: String) throws(ShardMerge.Failure) -> Document {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let head = lines.first(where: { $0.hasPrefix("<testsuites ") }), var name = attribute("name", in: head)
        else { throw ShardMerge.Failure("\(file) is not JUnit XML written by lottie-render check") }
        var shard: String?
        if name.hasSuffix(")"), let r = name.ranges(of: " (shard ").last {
            shard = String(name[r.upperBound...].dropLast())
            name = String(name[..<r.lowerBound])
        }
        var doc = Document(name: name, shard: shard, suites: [])
        var current: (name: String, lines: [String], open: String)?
        for line in lines {
            if line.hasPrefix("  <testsuite ") {
                guard let n = attribute("name", in: line) else {
                    throw ShardMerge.Failure("\(file): a testsuite without a name")
                }
                current = (n, [line], line)
            } else if current != nil {
                current?.lines.append(line)
                if line == "  </testsuite>", let c = current {
                    func int(_ a: String) -> Int { attribute(a, in: c.open).flatMap { Int($0) } ?? 0 }
                    doc.suites.append(
                        (
                            c.name, c.lines.joined(separator: "\n") + "\n", int("tests"), int("failures"),
                            int("errors"), attribute("time", in: c.open).flatMap { Double($0) } ?? 0
                        ))
                    current = nil
                }
            }
        }
        if current != nil { throw ShardMerge.Failure("\(file) ends inside a testsuite: cut off?") }
        return doc
    }

    /// The unescaped value of attribute `name` in an element's opening tag.
    static func attribute(_ name: String, in tag: String) -> String? {
        guard let r = tag.firstRange(of: " " + name + "=\"") else { return nil }
        guard let end = tag[r.upperBound...].firstIndex(of: "\"") else { return nil }
        return unescape(String(tag[r.upperBound..<end]))
    }

    static func unescape(_ s: String) -> String {
        var out = s
        for (e, c) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#10;", "\n"), ("&amp;", "&")] {
            out = out.replacing(e, with: c)
        }
        return out
    }
}
