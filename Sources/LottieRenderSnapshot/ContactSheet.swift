import LottieRenderRaster

/// A grid of labelled images on a checkerboard, for reviewing many frames at once.
package enum ContactSheet {
    /// Lays out `cells` (image and label) in `columns` columns; each image is scaled to fit `cellSize`.
    package static func make(_ cells: [(image: Pixmap, label: String)], columns: Int, cellSize: Int = 160) -> Pixmap {
        let cols = max(1, min(columns, cells.count))
        let rows = max(1, (cells.count + cols - 1) / cols)
        let pad = 8, labelH = BitmapFont.height(scale: 2) + 6
        let cw = cellSize + pad, ch = cellSize + labelH + pad
        var sheet = Pixmap(width: cols * cw + pad, height: rows * ch + pad)
        sheet.fill(0xFFFF_FFFF)
        for (k, cell) in cells.enumerated() {
            let ox = pad + (k % cols) * cw, oy = pad + (k / cols) * ch
            checker(&sheet, x: ox, y: oy, size: cellSize)
            blit(cell.image, into: &sheet, x: ox, y: oy, box: cellSize)
            var label = cell.label
            while BitmapFont.width(label, scale: 2) > cellSize && !label.isEmpty { label.removeLast() }
            BitmapFont.draw(label, x: ox, y: oy + cellSize + 4, scale: 2, color: 0xFF20_2020, into: &sheet)
        }
        return sheet
    }

    /// A light checkerboard (8 px squares) showing transparency.
    static func checker(_ pm: inout Pixmap, x: Int, y: Int, size: Int) {
        for yy in 0..<size {
            for xx in 0..<size {
                let light = ((xx / 8) + (yy / 8)) % 2 == 0
                let v: UInt32 = light ? 0xFF_FF_FF_FF : 0xFF_DD_DD_DD
                let px = x + xx, py = y + yy
                if px < pm.width && py < pm.height { pm.pixels[py * pm.width + px] = v }
            }
        }
    }

    /// Draws `img` scaled to fit `box`×`box` (nearest of a box filter), centred, over what is there.
    static func blit(_ img: Pixmap, into pm: inout Pixmap, x: Int, y: Int, box: Int) {
        guard img.width > 0, img.height > 0 else { return }
        let s = min(Double(box) / Double(img.width), Double(box) / Double(img.height))
        let w = max(1, Int(Double(img.width) * s)), h = max(1, Int(Double(img.height) * s))
        let ox = x + (box - w) / 2, oy = y + (box - h) / 2
        for yy in 0..<h {
            let sy0 = yy * img.height / h, sy1 = max(sy0 + 1, (yy + 1) * img.height / h)
            for xx in 0..<w {
                let sx0 = xx * img.width / w, sx1 = max(sx0 + 1, (xx + 1) * img.width / w)
                // Box filter over the source pixels this output pixel covers, in premultiplied space.
                var acc: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
                var n: UInt32 = 0
                var sy = sy0
                while sy < sy1 {
                    var sx = sx0
                    while sx < sx1 {
                        let p = img.pixels[sy * img.width + sx]
                        acc = (
                            acc.0 + (p & 255), acc.1 + ((p >> 8) & 255), acc.2 + ((p >> 16) & 255), acc.3 + (p >> 24)
                        )
                        n += 1
                        sx += max(1, (sx1 - sx0) / 4)
                    }
                    sy += max(1, (sy1 - sy0) / 4)
                }
                let src = (acc.0 / n) | (acc.1 / n) << 8 | (acc.2 / n) << 16 | (acc.3 / n) << 24
                let px = ox + xx, py = oy + yy
                guard px < pm.width, py < pm.height else { continue }
                let d = pm.pixels[py * pm.width + px]
                let ia = 255 - (src >> 24)
                let r = (src & 255) + ((d & 255) * ia + 127) / 255
                let g = ((src >> 8) & 255) + (((d >> 8) & 255) * ia + 127) / 255
                let b = ((src >> 16) & 255) + (((d >> 16) & 255) * ia + 127) / 255
                let a = (src >> 24) + ((d >> 24) * ia + 127) / 255
                pm.pixels[py * pm.width + px] = min(r, 255) | min(g, 255) << 8 | min(b, 255) << 16 | min(a, 255) << 24
            }
        }
    }
}
