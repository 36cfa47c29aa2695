import Foundation

/// What `fc-match` answers for `name` in its `-f` `format` (`"%{file}"`, `"%{family}"`): an
/// independent reading of the installed font fontconfig picks.
public func fcMatch(_ name: String, format: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["fc-match", "-f", format, name]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return output
}

/// The bytes of the font file fontconfig matches for `query`, with each name of `renames`
/// replaced by its new name wherever it appears, in ASCII and in UTF-16 (the `name` table's
/// encodings): a font no installed font shares a name with. Each new name must be as long
/// as the old one, so that no offset in the file moves.
public func renamedFontBytes(of query: String, _ renames: [(old: String, new: String)]) throws -> Data {
    var bytes = try Data(contentsOf: URL(fileURLWithPath: try fcMatch(query, format: "%{file}")))
    for (old, new) in renames {
        precondition(old.count == new.count, "\(new) must be as long as \(old)")
        for encoding in [String.Encoding.ascii, .utf16BigEndian] {
            guard let from = old.data(using: encoding), let to = new.data(using: encoding) else { continue }
            var searchStart = bytes.startIndex
            while let found = bytes.range(of: from, in: searchStart..<bytes.endIndex) {
                bytes.replaceSubrange(found, with: to)
                searchStart = found.upperBound
            }
        }
    }
    return bytes
}

/// `font` (the bytes of a TrueType or OpenType file) with its table `tag` (`"GDEF"`) holding
/// `table` instead: the new table is appended (four-byte aligned) and the table directory's
/// entry points at it; the old bytes stay where they were, unreferenced. The file must have a
/// table of that tag. Checksums are left as they were (FreeType and HarfBuzz do not check them).
public func replacingTable(_ tag: String, with table: Data, in font: Data) -> Data {
    var bytes = Data(font)
    func read16(_ at: Int) -> Int { Int(bytes[bytes.startIndex + at]) << 8 | Int(bytes[bytes.startIndex + at + 1]) }
    func write32(_ value: Int, at: Int) {
        for index in 0..<4 { bytes[bytes.startIndex + at + index] = UInt8((value >> (24 - 8 * index)) & 0xFF) }
    }
    let tagBytes = Data(tag.utf8)
    precondition(tagBytes.count == 4, "a table tag is four bytes")
    while bytes.count % 4 != 0 { bytes.append(0) }
    let offset = bytes.count
    bytes.append(table)
    for entry in 0..<read16(4) {
        let record = 12 + 16 * entry
        guard bytes[(bytes.startIndex + record)..<(bytes.startIndex + record + 4)] == tagBytes else { continue }
        write32(offset, at: record + 8)
        write32(table.count, at: record + 12)
        return bytes
    }
    preconditionFailure("the font has no \(tag) table")
}
