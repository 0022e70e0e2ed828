/// One animation's entry in the batch gallery.
package struct GalleryEntry: Sendable, Codable {
    /// Display name (path below the folder given, without extension).
    package var name: String
    /// Input file.
    package var file: String
    /// Relative paths of the preview, poster and contact sheet, when written.
    package var preview: String?, poster: String?, sheet: String?
    /// Composition facts.
    package var width = 0.0, height = 0.0, fps = 0.0, duration = 0.0, frames = 0.0
    /// Features the renderer does not support yet.
    package var unsupported: [String] = []
    /// What the previews do not show as the file describes it: missing images, font fallbacks, unsupported
    /// features, failed expressions.
    package var warnings: [String] = []
    /// What players draw otherwise (`info --compat`): the players concerned and the line describing it.
    package var compatibility: [CompatibilityLine] = []
    /// How the player findings were verified (one line: which players were measured against their own output).
    package var compatibilityBasis = ""
    /// What the chosen player does with the whole file (it refuses it): shown, never a warning.
    package var notes: [String] = []
    /// Why it failed, when it did.
    package var error: String?

    /// Creates an entry.
    package init(name: String, file: String) { self.name = name; self.file = file }
}

/// One line of an animation's compatibility findings: the players concerned and what they draw otherwise.
package struct CompatibilityLine: Sendable, Codable, Equatable {
    /// The players concerned, by name.
    package var players: [String]
    /// The finding, as `info --compat` words it.
    package var line: String
    /// Creates a line.
    package init(players: [String], line: String) { self.players = players; self.line = line }
}

/// The gallery page of `lottie-render batch`: every animation's preview at its own shape, poster and contact sheet
/// with its size, frame rate, duration, unsupported features and warnings; failures listed at the top. A click on a
/// card opens it large (a CSS `:target` overlay: the large poster, the preview and the sheet, no script needed). Like
/// the check report, a script counts images that fail to load (`data-broken-images` on `<body>`).
package enum GalleryPage {
    /// The page.
    package static func html(title: String, entries: [GalleryEntry]) -> String {
        let failed = entries.filter { $0.error != nil }
        var h = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(HTMLReport.esc(title))</title>
            <style>
            body{font:14px system-ui,sans-serif;margin:24px;color:#222}
            .grid{display:flex;flex-wrap:wrap;gap:18px;align-items:flex-start}
            .card{border:1px solid #ddd;border-radius:6px;padding:10px;min-width:200px;max-width:660px}
            .check{background:repeating-conic-gradient(#ddd 0 25%,#fff 0 50%) 0 0/16px 16px}
            .card img.preview{display:block;max-width:640px;max-height:320px}
            .thumbs img{height:60px;max-width:200px;object-fit:contain;border:1px solid #eee;margin:4px 4px 0 0}
            .view{display:none;position:fixed;inset:0;background:rgba(0,0,0,.75);overflow:auto;z-index:9}
            .view:target{display:block} .view .box{background:#fff;margin:24px auto;padding:16px;max-width:92vw;width:max-content}
            .view .box img{display:block;max-width:88vw;margin:8px 0} .close{float:right;font-size:18px}
            .meta{font-size:12px;color:#555} .warn{color:#9a6700} .err{color:#cf222e}
            h2{font-size:14px;margin:6px 0;word-break:break-all}
            #broken{display:none;background:#cf222e;color:#fff;padding:8px}
            </style></head><body data-broken-images="pending"><div id="broken"></div>
            <h1>\(HTMLReport.esc(title))</h1>
            <p>\(entries.count - failed.count) of \(entries.count) animations rendered.</p>

            """
        if !failed.isEmpty {
            h += "<h2 class=\"err\">\(failed.count) failed</h2><ul>"
            for e in failed {
                h +=
                    "<li><b>\(HTMLReport.esc(e.name))</b>: <span class=\"err\">\(HTMLReport.esc(e.error ?? ""))</span></li>"
            }
            h += "</ul>\n"
        }
        h += "<div class=\"grid\">\n"
        for (k, e) in entries.enumerated() where e.error == nil {
            let esc = HTMLReport.esc, url = HTMLReport.url
            let meta =
                "\(num(e.width))×\(num(e.height)) · \(num(e.fps)) fps · \(num(e.frames)) frames · "
                + "\(num((e.duration * 100).rounded() / 100)) s"
            var notes = ""
            if !e.unsupported.isEmpty {
                notes += "<div class=\"meta warn\">unsupported: \(esc(e.unsupported.joined(separator: ", ")))</div>"
            }
            if !e.warnings.isEmpty {
                notes += "<details class=\"meta warn\"><summary>⚠ \(e.warnings.count) warning"
                notes += e.warnings.count == 1 ? "" : "s"
                notes += "</summary><ul>" + e.warnings.map { "<li>\(esc($0))</li>" }.joined() + "</ul></details>"
            }
            if !e.notes.isEmpty {
                notes += "<div class=\"meta note\">" + e.notes.map { "note: \(esc($0))" }.joined(separator: "<br>")
                notes += "</div>"
            }
            notes += compatibilityBadge(e)
            h += "<div class=\"card\"><h2>\(esc(e.name))</h2><a href=\"#v\(k)\" title=\"open large\">"
            if let p = e.preview { h += "<img class=\"preview check\" src=\"\(url(p))\" alt=\"preview\">" }
            h += "</a><div class=\"thumbs\">"
            for (path, alt) in [(e.poster, "poster"), (e.sheet, "contact sheet")] {
                if let p = path { h += "<a href=\"#v\(k)\"><img class=\"check\" src=\"\(url(p))\" alt=\"\(alt)\"></a>" }
            }
            h += "</div><div class=\"meta\">\(meta)</div>\(notes)</div>\n"
            // The enlarged view.
            h += "<div class=\"view\" id=\"v\(k)\"><div class=\"box\"><a class=\"close\" href=\"#\">✕ close</a>"
            h += "<h2>\(esc(e.name))</h2><div class=\"meta\">\(esc(e.file)) · \(meta)</div>\(notes)"
            for (path, alt) in [(e.poster, "poster (large)"), (e.preview, "preview"), (e.sheet, "contact sheet")] {
                if let p = path {
                    h += "<figure><img class=\"check\" src=\"\(url(p))\" alt=\"\(alt)\">"
                    h += "<figcaption class=\"meta\">\(alt)</figcaption></figure>"
                }
            }
            h += "</div></div>\n"
        }
        h += """
            </div>
            <script>
            window.addEventListener('load',function(){
              var imgs=document.images,bad=0;
              for(var i=0;i<imgs.length;i++){if(!imgs[i].complete||imgs[i].naturalWidth===0)bad++;}
              document.body.setAttribute('data-broken-images',String(bad));
              if(bad>0){var b=document.getElementById('broken');b.style.display='block';b.textContent=bad+' image(s) failed to load';}
            });
            </script></body></html>

            """
        return h
    }

    /// The players badge: "every player" when none draws the file otherwise, else the players that do, with the
    /// details (feature, layers, frames) to unfold.
    static func compatibilityBadge(_ e: GalleryEntry) -> String {
        let esc = HTMLReport.esc
        let basis = e.compatibilityBasis.isEmpty ? "" : "<li class=\"basis\">\(esc(e.compatibilityBasis))</li>"
        guard !e.compatibility.isEmpty else {
            return "<details class=\"meta compat ok\" data-compat=\"\"><summary>✓ no player is known to draw it "
                + "otherwise</summary><ul>\(basis)</ul></details>"
        }
        let order = ["web", "web-canvas", "ios", "ios-main-thread", "android", "dotlottie", "telegram"]
        let who = order.filter { p in e.compatibility.contains { $0.players.contains(p) } }
        var h = "<details class=\"meta compat warn\" data-compat=\"\(who.joined(separator: " "))\"><summary>"
        h += "players: differs in \(esc(who.joined(separator: ", ")))</summary><ul>"
        h += e.compatibility.map { "<li>\(esc($0.line))</li>" }.joined()
        return h + basis + "</ul></details>"
    }

    static func num(_ v: Double) -> String {
        if v == v.rounded() && abs(v) < 1e9 { return String(Int(v)) }
        let r = (v * 100).rounded() / 100
        return String(r)
    }
}
