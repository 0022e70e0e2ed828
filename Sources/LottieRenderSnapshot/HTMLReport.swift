/// The HTML report of a snapshot check or a diff: every animation and frame with its status; for frames that
/// changed, baseline, actual and diff side by side and a before/after slider. Self-contained (inline CSS and
/// script); images are relative paths inside the report folder. A script counts images that fail to load and
/// shows the count (also as `data-broken-images` on `<body>`), so a broken report is visible at once.
package enum HTMLReport {
    /// The page.
    package static func page(
        title: String, summary: String, results: [AnimationResult], extraHTML: String = "",
        captions: (baseline: String, actual: String) = ("baseline", "actual")
    ) -> String {
        var h = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(esc(title))</title>
            <style>
            body{font:14px system-ui,sans-serif;margin:24px;color:#222}
            h1{font-size:20px} h2{font-size:16px;margin-top:28px}
            table{border-collapse:collapse} td,th{padding:4px 10px;border-bottom:1px solid #eee;text-align:left;vertical-align:top}
            .identical,.similar,.recorded,.updated{color:#1a7f37} .changed,.new,.error{color:#cf222e;font-weight:600}
            .imgs{display:flex;gap:12px;flex-wrap:wrap;margin:6px 0 16px}
            .imgs figure{margin:0} .imgs img{max-width:320px;border:1px solid #ccc;
              background:repeating-conic-gradient(#ddd 0 25%,#fff 0 50%) 0 0/16px 16px}
            figcaption{font-size:12px;color:#555}
            .slider{position:relative;display:inline-block;border:1px solid #ccc;
              background:repeating-conic-gradient(#ddd 0 25%,#fff 0 50%) 0 0/16px 16px}
            .slider img{display:block;max-width:320px} .slider .top{position:absolute;top:0;left:0;overflow:hidden;width:50%;height:100%}
            .slider .top img{max-width:none} .slider input{width:100%}
            .warn{color:#9a6700}
            #broken{display:none;background:#cf222e;color:#fff;padding:8px}
            </style></head>
            <body data-broken-images="pending">
            <div id="broken"></div>
            <h1>\(esc(title))</h1><p>\(esc(summary))</p>
            \(extraHTML)
            """
        // Overview first, failing animations on top.
        let ordered = results.enumerated().sorted {
            ($0.element.passed ? 1 : 0, $0.offset) < ($1.element.passed ? 1 : 0, $1.offset)
        }
        h += "<table><tr><th>animation</th><th>result</th><th>frames</th></tr>\n"
        for (k, a) in ordered {
            var counts: [String: Int] = [:]
            for f in a.frames { counts[f.status.rawValue, default: 0] += 1 }
            var detail =
                a.error ?? counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
            if !a.warnings.isEmpty { detail += "; \(a.warnings.count) warning\(a.warnings.count == 1 ? "" : "s")" }
            h += "<tr><td><a href=\"#a\(k)\">\(esc(a.name))</a></td>"
            h +=
                "<td class=\"\(a.passed ? "identical" : "changed")\">\(a.passed ? "pass" : "fail")</td><td>\(esc(detail))</td></tr>\n"
        }
        h += "</table>\n"
        for (k, a) in ordered {
            h +=
                "<h2 id=\"a\(k)\">\(esc(a.name)) <span class=\"\(a.passed ? "identical" : "changed")\">\(a.passed ? "pass" : "fail")</span></h2>\n"
            h += "<p>\(esc(a.file))</p>\n"
            if !a.warnings.isEmpty {
                h += "<ul class=\"warn\">" + a.warnings.map { "<li>warning: \(esc($0))</li>" }.joined() + "</ul>\n"
            }
            if let e = a.error { h += "<p class=\"error\">\(esc(e))</p>\n"; continue }
            let shown = a.frames.filter { $0.status != .identical && $0.status != .similar }
            let quiet = a.frames.filter { $0.status == .identical || $0.status == .similar }
            if !shown.isEmpty { h += table(shown, captions: captions) }
            if !quiet.isEmpty {
                h += "<details><summary>\(quiet.count) passing frame\(quiet.count == 1 ? "" : "s")</summary>\n"
                h += table(quiet, captions: captions) + "</details>\n"
            }
        }
        h += """
            <script>
            function slide(r){var t=r.previousElementSibling.querySelector('.top');t.style.width=r.value+'%';
              t.firstElementChild.style.width=r.previousElementSibling.firstElementChild.clientWidth+'px';}
            window.addEventListener('load',function(){
              var imgs=document.images,bad=0;
              for(var i=0;i<imgs.length;i++){if(!imgs[i].complete||imgs[i].naturalWidth===0)bad++;}
              document.body.setAttribute('data-broken-images',String(bad));
              document.querySelectorAll('.slider').forEach(function(s){s.querySelector('.top img').style.width=s.firstElementChild.clientWidth+'px';});
              if(bad>0){var b=document.getElementById('broken');b.style.display='block';b.textContent=bad+' image(s) failed to load';}
            });
            </script>
            </body></html>

            """
        return h
    }

    /// A table of frames; frames with images get a second row with baseline, actual, diff and the slider.
    /// `captions` name the two images (a diff of two players: the players).
    static func table(
        _ frames: [FrameResult], captions: (baseline: String, actual: String) = ("baseline", "actual")
    ) -> String {
        var h =
            "<table><tr><th>frame</th><th>status</th><th>differing pixels</th><th>forgiven (anti-aliasing)</th><th>regions</th></tr>\n"
        for f in frames {
            let regions = f.regions.map { "\($0.width)×\($0.height) at \($0.x0),\($0.y0)" }.joined(separator: "; ")
            h += "<tr><td>\(esc(f.name))</td><td class=\"\(f.status.rawValue)\">\(f.status.rawValue)</td>"
            h +=
                "<td>\(f.differing)</td><td>\(f.antiAliased)</td><td>\(esc([f.message, regions].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "; ")))</td></tr>\n"
            guard f.baselineImage != nil || f.actualImage != nil || f.diffImage != nil else { continue }
            h += "<tr><td colspan=\"5\"><div class=\"imgs\">"
            for (label, path) in [
                (captions.baseline, f.baselineImage), (captions.actual, f.actualImage), ("diff", f.diffImage),
            ] {
                if let p = path {
                    h += "<figure><img src=\"\(url(p))\" alt=\"\(label)\"><figcaption>\(label)</figcaption></figure>"
                }
            }
            if let b = f.baselineImage, let c = f.actualImage {
                h += "<figure><div class=\"slider\"><img src=\"\(url(b))\" alt=\"before\">"
                h += "<div class=\"top\"><img src=\"\(url(c))\" alt=\"after\"></div></div>"
                h += "<input type=\"range\" min=\"0\" max=\"100\" value=\"50\" oninput=\"slide(this)\">"
                h += "<figcaption>left of the handle: \(esc(captions.actual)); right: \(esc(captions.baseline))"
                h += "</figcaption></figure>"
            }
            h += "</div></td></tr>\n"
        }
        return h + "</table>\n"
    }

    /// HTML text escape.
    package static func esc(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }

    /// A relative path as a URL: each segment percent-encoded except unreserved characters.
    package static func url(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { seg in
            var out = ""
            for b in seg.utf8 {
                let c = Character(Unicode.Scalar(b))
                if (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
                    || "-._~".contains(c)
                {
                    out.append(c)
                } else {
                    let hex = String(b, radix: 16, uppercase: true)
                    out += "%" + (hex.count == 1 ? "0" + hex : hex)
                }
            }
            return out
        }.joined(separator: "/")
    }
}
