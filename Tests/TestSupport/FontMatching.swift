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
