import CQRencode
import Foundation

/// A QR code drawn by libqrencode, rendered as SVG: one path of unit squares, a quiet zone of four
/// modules, black on white so every scanner reads it, scaled by the page that shows it.
struct QRCodeImage: Sendable {
    /// The quiet zone around the symbol, in modules (the standard asks for four).
    static let quietZoneModules = 4
    /// The longest text encoded: a phone's setup link with the person's zones fits (a linking link is
    /// far shorter); longer text makes a symbol too dense to scan from a screen.
    static let maxTextBytes = 1_200

    /// Modules per side, without the quiet zone.
    let width: Int
    /// Whether each module is dark, row by row.
    let dark: [Bool]

    /// Encodes `text` at error-correction level M; nil if libqrencode cannot (text too long).
    init?(encoding text: String) {
        guard text.utf8.count <= Self.maxTextBytes,
              let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        self.width = width
        // Bit 0 of each byte is the module's colour; the other bits say how libqrencode placed it.
        dark = (0..<(width * width)).map { code.pointee.data[$0] & 1 == 1 }
    }

    /// The symbol as an SVG document.
    var svg: String {
        let side = width + 2 * Self.quietZoneModules
        var path = ""
        for row in 0..<width {
            var column = 0
            while column < width {
                guard dark[row * width + column] else { column += 1; continue }
                let start = column
                while column < width && dark[row * width + column] { column += 1 }
                path += "M\(start + Self.quietZoneModules) \(row + Self.quietZoneModules)h\(column - start)v1h-\(column - start)z"
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(side) \(side)" width="\(side * 8)" height="\(side * 8)" \
            shape-rendering="crispEdges" role="img" aria-label="QR code"><rect width="\(side)" height="\(side)" fill="#fff"/>\
            <path d="\(path)" fill="#000"/></svg>
            """
    }

    /// The symbol as a PNG, `pixelsPerModule` pixels to a module, with its quiet zone.
    func png(pixelsPerModule: Int) -> [UInt8] {
        let side = (width + 2 * Self.quietZoneModules) * pixelsPerModule
        return PNGEncoder.blackAndWhite(width: side, height: side) { x, y in
            let column = x / pixelsPerModule - Self.quietZoneModules, row = y / pixelsPerModule - Self.quietZoneModules
            return (0..<width).contains(column) && (0..<width).contains(row) && dark[row * width + column]
        }
    }
}
