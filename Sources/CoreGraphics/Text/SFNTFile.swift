import Foundation

/// The tables of a TrueType or OpenType font file (the first font of a collection), read
/// with every offset checked against the bytes.
struct SFNTFile {
    let bytes: [UInt8]
    /// Each table's tag and its range of the bytes.
    let tables: [String: Range<Int>]

    /// The file `data` holds (its first 64 MiB); nil when it is not a font file.
    init?(_ data: Data) {
        bytes = [UInt8](data.prefix(64 << 20))
        var start = 0
        // A collection ("ttcf"): its first font.
        if bytes.count >= 16, bytes[0..<4] == [0x74, 0x74, 0x63, 0x66] {
            guard let first = BigEndianBytes.uint32(bytes, at: 12) else { return nil }
            start = Int(first)
        }
        guard let version = BigEndianBytes.uint32(bytes, at: start),
            [0x0001_0000, 0x4F54_544F, 0x7472_7565].contains(version),  // 1.0, "OTTO", "true"
            let count = BigEndianBytes.uint16(bytes, at: start + 4)
        else { return nil }
        var tables: [String: Range<Int>] = [:]
        for index in 0..<Int(count) {
            let record = start + 12 + 16 * index
            guard record + 16 <= bytes.count, let offset = BigEndianBytes.uint32(bytes, at: record + 8),
                let length = BigEndianBytes.uint32(bytes, at: record + 12), Int(offset) + Int(length) <= bytes.count
            else { return nil }
            tables[String(decoding: bytes[record..<record + 4], as: UTF8.self)] = Int(offset)..<Int(offset) + Int(length)
        }
        self.tables = tables
    }

    /// A 16-bit field `offset` bytes into `table`.
    func uint16(table: String, at offset: Int) -> UInt16? {
        guard let range = tables[table], offset + 2 <= range.count else { return nil }
        return BigEndianBytes.uint16(bytes, at: range.lowerBound + offset)
    }

    /// The `name` table.
    var names: OpenTypeNames? {
        tables["name"].flatMap { OpenTypeNames(Array(bytes[$0])) }
    }
}

/// A font's `name` table: its family, style, full, PostScript and other names by name ID.
package struct OpenTypeNames {
    private let bytes: [UInt8]

    /// The table in `bytes`; nil when they are too short to be one.
    package init?(_ bytes: [UInt8]) {
        guard bytes.count >= 6 else { return nil }
        self.bytes = bytes
    }

    /// Name `id`: the first Windows or Unicode one (UTF-16), else the Macintosh Roman one (its
    /// ASCII characters); nil when there is none or it is empty.
    package func name(_ id: UInt16) -> String? {
        guard let count = BigEndianBytes.uint16(bytes, at: 2), let storage = BigEndianBytes.uint16(bytes, at: 4) else {
            return nil
        }
        var roman: String?
        for index in 0..<Int(count) {
            let record = 6 + 12 * index
            guard let platform = BigEndianBytes.uint16(bytes, at: record),
                BigEndianBytes.uint16(bytes, at: record + 6) == id,
                let length = BigEndianBytes.uint16(bytes, at: record + 8),
                let offset = BigEndianBytes.uint16(bytes, at: record + 10)
            else { continue }
            let start = Int(storage) + Int(offset)
            guard start + Int(length) <= bytes.count else { continue }
            let raw = bytes[start..<start + Int(length)]
            if platform == 3 || platform == 0 {
                let units = stride(from: raw.startIndex, to: raw.endIndex - 1, by: 2).map {
                    UInt16(raw[$0]) << 8 | UInt16(raw[$0 + 1])
                }
                let text = String(decoding: units, as: UTF16.self)
                if !text.isEmpty { return text }
            } else if platform == 1, roman == nil {
                roman = String(decoding: raw.map { $0 < 0x80 ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
            }
        }
        return roman.flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// Big-endian fields of a byte array, nil past its end.
enum BigEndianBytes {
    static func uint16(_ bytes: [UInt8], at offset: Int) -> UInt16? {
        guard offset >= 0, offset + 2 <= bytes.count else { return nil }
        return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    static func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32? {
        guard let high = uint16(bytes, at: offset), let low = uint16(bytes, at: offset + 2) else { return nil }
        return UInt32(high) << 16 | UInt32(low)
    }
}
