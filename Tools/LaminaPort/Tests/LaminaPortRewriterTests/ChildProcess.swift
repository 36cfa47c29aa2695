import Foundation

/// Runs a program to its end and collects what it printed (standard output and error together).
enum ChildProcess {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The `lamina-port` executable built next to the test bundle.
    static var portCommand: URL {
        get throws {
            let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
                .appendingPathComponent("lamina-port")
            guard FileManager.default.isExecutableFile(atPath: executable.path) else {
                throw Failure(description: "\(executable.path) was not built")
            }
            return executable
        }
    }

    /// Runs `executable` with `arguments` in `folder`; its exit status and output.
    static func run(_ executable: URL, _ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
