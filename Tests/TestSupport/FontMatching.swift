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
