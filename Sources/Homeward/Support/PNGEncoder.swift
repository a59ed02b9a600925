/// A minimal PNG writer for black-and-white images (a QR code): one bit per pixel, grey, no filter,
/// the pixels in stored (uncompressed) deflate blocks. Such a file is a few kilobytes for a QR code,
/// needs no compression library, and every image reader opens it.
enum PNGEncoder {
    /// The PNG of a `width` × `height` image whose pixel (x, y) is black when `isBlack(x, y)`.
    static func blackAndWhite(width: Int, height: Int, isBlack: (Int, Int) -> Bool) -> [UInt8] {
        let rowBytes = (width + 7) / 8
        var pixels: [UInt8] = []
        pixels.reserveCapacity((rowBytes + 1) * height)
        for y in 0..<height {
            pixels.append(0)  // filter type: none
            var row = [UInt8](repeating: 0, count: rowBytes)
            // In 1-bit grey a set bit is white.
            for x in 0..<width where !isBlack(x, y) { row[x / 8] |= 0x80 >> UInt8(x % 8) }
            pixels += row
        }
        var header: [UInt8] = []
        append(UInt32(width), to: &header)
        append(UInt32(height), to: &header)
        header += [1, 0, 0, 0, 0]  // bit depth 1, grey, deflate, adaptive filtering, no interlace
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        chunk("IHDR", header, to: &png)
        chunk("IDAT", zlibStored(pixels), to: &png)
        chunk("IEND", [], to: &png)
        return png
    }

    /// `data` as a zlib stream of stored deflate blocks (at most 65 535 bytes each).
    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            let last: UInt8 = offset + count == data.count ? 1 : 0
            out.append(last)
            out += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[offset..<(offset + count)]
            offset += count
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        append(b << 16 | a, to: &out)
        return out
    }

    private static func chunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
        append(UInt32(data.count), to: &png)
        let typed = Array(type.utf8) + data
        png += typed
        append(crc32(typed), to: &png)
    }

    private static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = crcTable[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
