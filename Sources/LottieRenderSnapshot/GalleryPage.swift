/// One animation's entry in the batch gallery.
package struct GalleryEntry: Sendable {
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
    /// Why it failed, when it did.
    package var error: String?

    /// Creates an entry.
    package init(name: String, file: String) { self.name = name; self.file = file }
}

/// The gallery page of `lottie-render batch`: every animation's preview, poster and contact sheet with its size,
/// frame rate, duration and unsupported features; failures listed at the top. Like the check report, a script counts
/// images that fail to load (`data-broken-images` on `<body>`).
package enum GalleryPage {
    /// The page.
    package static func html(title: String, entries: [GalleryEntry]) -> String {
        let failed = entries.filter { $0.error != nil }
        var h = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(HTMLReport.esc(title))</title>
            <style>
            body{font:14px system-ui,sans-serif;margin:24px;color:#222}
            .grid{display:flex;flex-wrap:wrap;gap:18px}
            .card{border:1px solid #ddd;border-radius:6px;padding:10px;width:340px}
            .card img.preview{width:320px;height:320px;object-fit:contain;
              background:repeating-conic-gradient(#ddd 0 25%,#fff 0 50%) 0 0/16px 16px}
            .thumbs img{width:100px;height:100px;object-fit:contain;border:1px solid #eee;margin-right:4px}
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
        for e in entries where e.error == nil {
            h += "<div class=\"card\"><h2>\(HTMLReport.esc(e.name))</h2>"
            if let p = e.preview { h += "<img class=\"preview\" src=\"\(HTMLReport.url(p))\" alt=\"preview\">" }
            h += "<div class=\"thumbs\">"
            if let p = e.poster {
                h += "<a href=\"\(HTMLReport.url(p))\"><img src=\"\(HTMLReport.url(p))\" alt=\"poster\"></a>"
            }
            if let s = e.sheet {
                h += "<a href=\"\(HTMLReport.url(s))\"><img src=\"\(HTMLReport.url(s))\" alt=\"contact sheet\"></a>"
            }
            h +=
                "</div><div class=\"meta\">\(num(e.width))×\(num(e.height)) · \(num(e.fps)) fps · \(num(e.frames)) frames · "
            h += "\(num((e.duration * 100).rounded() / 100)) s</div>"
            if !e.unsupported.isEmpty {
                h +=
                    "<div class=\"meta warn\">unsupported: \(HTMLReport.esc(e.unsupported.joined(separator: ", ")))</div>"
            }
            h += "</div>\n"
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

    static func num(_ v: Double) -> String {
        if v == v.rounded() && abs(v) < 1e9 { return String(Int(v)) }
        let r = (v * 100).rounded() / 100
        return String(r)
    }
}
