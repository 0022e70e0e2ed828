/// JUnit XML (the format CI systems display): one `testsuite` per animation, one `testcase` per frame.
/// Follows the common schema: `testsuites` › `testsuite` (name, tests, failures, errors, skipped, time) ›
/// `testcase` (name, classname, time) with an optional `failure` or `error` (message, type).
package enum JUnitReport {
    /// The document.
    /// `shard` ("2/3") names the run "lottie-render check (shard 2/3)", so `merge` can tell a missing shard.
    package static func xml(
        _ results: [AnimationResult], suiteName: String = "lottie-render check", shard: String? = nil
    )
        -> String
    {
        let suiteName = shard.map { suiteName + " (shard \($0))" } ?? suiteName
        var totalTests = 0, totalFailures = 0, totalErrors = 0, totalTime = 0.0
        var body = ""
        for a in results {
            var tests = 0, failures = 0, errors = 0, time = 0.0
            var cases = ""
            if let e = a.error {
                tests = 1; errors = 1
                cases += "    <testcase name=\"load\" classname=\(attr(a.name)) time=\"0\">\n"
                cases += "      <error message=\(attr(e)) type=\"load\">\(text(e))</error>\n    </testcase>\n"
            }
            for f in a.frames {
                tests += 1
                time += f.seconds
                cases += "    <testcase name=\(attr(f.name)) classname=\(attr(a.name)) time=\"\(seconds(f.seconds))\""
                switch f.status {
                case .changed, .new:
                    failures += 1
                    let m = f.message ?? f.status.rawValue
                    cases +=
                        ">\n      <failure message=\(attr(m)) type=\"\(f.status.rawValue)\">\(text(detail(f)))</failure>\n    </testcase>\n"
                case .error:
                    errors += 1
                    let m = f.message ?? "error"
                    cases += ">\n      <error message=\(attr(m)) type=\"error\">\(text(m))</error>\n    </testcase>\n"
                default:
                    cases += "/>\n"
                }
            }
            if a.strict && !a.warnings.isEmpty {
                // --strict: the warnings are a failing test of their own.
                tests += 1; failures += 1
                let m = "\(a.warnings.count) warning\(a.warnings.count == 1 ? "" : "s") (--strict)"
                cases += "    <testcase name=\"warnings\" classname=\(attr(a.name)) time=\"0\">\n"
                cases += "      <failure message=\(attr(m)) type=\"warning\">"
                cases += text(a.warnings.joined(separator: "\n")) + "</failure>\n    </testcase>\n"
            }
            if !a.warnings.isEmpty {
                cases += "    <system-err>" + text(a.warnings.map { "warning: " + $0 }.joined(separator: "\n"))
                cases += "</system-err>\n"
            }
            totalTests += tests; totalFailures += failures; totalErrors += errors; totalTime += time
            body += "  <testsuite name=\(attr(a.name)) tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\""
            body += " skipped=\"0\" time=\"\(seconds(time))\">\n" + cases + "  </testsuite>\n"
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\(attr(suiteName)) tests=\"\(totalTests)\" failures=\"\(totalFailures)\" errors=\"\(totalErrors)\" time=\"\(seconds(totalTime))\">\n"
            + body + "</testsuites>\n"
    }

    static func detail(_ f: FrameResult) -> String {
        var s = f.message ?? ""
        if f.status == .changed && f.pixels > 0 {
            s += "\n\(f.differing) of \(f.pixels) pixels differ (max ΔE \(CheckJSON.number(f.maxDelta))), "
            s += "\(f.antiAliased) forgiven as anti-aliasing"
            for r in f.regions { s += "\nregion x=\(r.x0) y=\(r.y0) w=\(r.width) h=\(r.height)" }
        }
        return s
    }

    static func seconds(_ v: Double) -> String { fixed3(v) }

    /// An XML attribute value with its quotes.
    static func attr(_ s: String) -> String { "\"" + escape(s, quotes: true) + "\"" }
    static func text(_ s: String) -> String { escape(s, quotes: false) }

    static func escape(_ s: String, quotes: Bool) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes: out += "&quot;"
            case "\n" where quotes: out += "&#10;"
            default:
                // XML 1.0 forbids most control characters.
                if u.value < 0x20 && u != "\n" && u != "\t" && u != "\r" {
                    out += "?"
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out
    }
}

/// A non-negative number with three decimals, without Foundation.
func fixed3(_ v: Double) -> String {
    let ms = Int((max(0, v.isFinite ? v : 0) * 1000).rounded())
    let frac = String(ms % 1000 + 1000).dropFirst()
    return String(ms / 1000) + "." + frac
}
