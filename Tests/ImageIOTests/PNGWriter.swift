import Foundation

/// Writes PNG files byte by byte for the tests — chunks, CRC-32, and a zlib stream of stored
/// (uncompressed) deflate blocks — independently of cairo, so what ImageIO reads is checked
/// against files whose every byte the test chose.
enum PNGWriter {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A PNG of `rows` (each row's bytes without its filter byte) with the given header
    /// fields and extra chunks placed before the image data.
    static func png(
        width: Int, height: Int, bitDepth: UInt8, colorType: UInt8, rows: [[UInt8]], interlace: UInt8 = 0,
        chunks: [(String, [UInt8])] = []
    ) -> Data {
        var file = signature
        file += chunk("IHDR", be32(width) + be32(height) + [bitDepth, colorType, 0, 0, interlace])
        for (type, body) in chunks { file += chunk(type, body) }
        file += chunk("IDAT", zlibStored(rows.flatMap { [0] + $0 }))
        file += chunk("IEND", [])
        return Data(file)
    }

    static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return be32(body.count) + typed + be32(Int(crc32(typed)))
    }

    static func be32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// CRC-32 as the PNG specification's sample code computes it, bit by bit.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (crc & 1 == 0 ? 0 : 0xEDB8_8320) }
        }
        return ~crc
    }

    /// A zlib stream (RFC 1950) of stored deflate blocks (RFC 1951, type 00).
    static func zlibStored(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, bytes.count - offset)
            let isLast = offset + count == bytes.count
            out.append(isLast ? 1 : 0)
            out += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += bytes[offset..<(offset + count)]
            offset += count
        } while offset < bytes.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + be32(Int(b << 16 | a))
    }
}
