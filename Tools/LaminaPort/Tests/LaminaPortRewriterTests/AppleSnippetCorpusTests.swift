import Foundation
import XCTest

/// Apple-style Core Animation and Core Text snippets (Tests/AppleSnippets, one file each, as
/// they are written for iOS and macOS) ported by the built `lamina-port` alone, then compiled
/// together against the Lamina checkout this package sits in.
///
/// The compile reuses the modules of Lamina's own debug build (`swift build` at the checkout's
/// root, which `scripts/test.sh` runs first): without that build the test is skipped, unless
/// `LAMINA_SNIPPET_CORPUS=required` is set, when it fails.
final class AppleSnippetCorpusTests: XCTestCase {
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let snippets = packageRoot.appendingPathComponent("Tests/AppleSnippets")
    private static let laminaRoot = packageRoot.deletingLastPathComponent().deletingLastPathComponent()

    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("apple-snippets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testEverySnippetCompilesAgainstLaminaAfterTheCommandAlone() throws {
        let flags = try Self.laminaCompileFlags()
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.snippets.path)
            .filter { $0.hasSuffix(".swift") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 25)
        let sources = folder.appendingPathComponent("Sources")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        for name in names {
            try FileManager.default.copyItem(
                at: Self.snippets.appendingPathComponent(name), to: sources.appendingPathComponent(name))
        }

        let port = try ChildProcess.run(try ChildProcess.portCommand, ["Sources"], in: folder)
        XCTAssertEqual(port.status, 0, port.output)
        let second = try ChildProcess.run(try ChildProcess.portCommand, ["Sources"], in: folder)
        XCTAssertTrue(second.output.hasPrefix("made 0 edits"), "a second run changed the ported snippets:\n\(second.output)")

        let compile = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["swiftc", "-c", "-wmo", "-parse-as-library", "-module-name", "AppleSnippets",
             "-module-cache-path", folder.appendingPathComponent("ModuleCache").path,
             "-o", folder.appendingPathComponent("AppleSnippets.o").path]
                + flags + names.map { "Sources/\($0)" },
            in: folder)
        let failing = Self.filesWithErrors(in: compile.output)
        XCTAssertEqual(failing, [], "snippets that do not compile after the command:\n\(compile.output)\n\(port.output)")
        XCTAssertEqual(compile.status, 0, compile.output)
        // Ported code compiles without a warning: Swift lets the results of Apple's C functions
        // go unread (`CGImageDestinationFinalize(d)`), and so must Lamina's; a cast the port
        // leaves must do something; a name it binds must be read.
        let warnings = compile.output.split(separator: "\n").filter { $0.contains(": warning: ") }
        XCTAssertEqual(warnings, [], "the ported snippets warn")
    }

    /// The names of the files the compiler's diagnostics name an error in.
    private static func filesWithErrors(in output: String) -> [String] {
        var files = Set<String>()
        for line in output.split(separator: "\n") where line.contains(": error: ") {
            guard let path = line.split(separator: ":").first, path.hasSuffix(".swift") else { continue }
            files.insert(String(path.split(separator: "/").last ?? path))
        }
        return files.sorted()
    }

    /// The module search paths, C module maps and language mode Lamina's build compiled its
    /// ported sample with (a target that imports Lamina), read from the build's description.
    private static func laminaCompileFlags() throws -> [String] {
        let description = laminaRoot.appendingPathComponent(".build/debug.yaml")
        let required = ProcessInfo.processInfo.environment["LAMINA_SNIPPET_CORPUS"] == "required"
        guard let text = try? String(contentsOf: description, encoding: .utf8),
            let command = text.range(of: "\"C.PortedSampleExample-")
        else {
            let reason = "Lamina's debug build (\(description.path)) is missing: run `swift build --build-tests` at \(laminaRoot.path)"
            if required { throw ChildProcess.Failure(description: reason) }
            throw XCTSkip(reason)
        }
        guard let argsLine = text[command.upperBound...].split(separator: "\n").first(where: { $0.contains("args: [") }),
            let json = argsLine.range(of: "[").map({ argsLine[$0.lowerBound...] }),
            let arguments = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String]
        else { throw ChildProcess.Failure(description: "\(description.path) has no compile command for the ported sample") }
        var flags: [String] = []
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            if ["-I", "-Xcc", "-target", "-swift-version"].contains(argument), index + 1 < arguments.count {
                flags += [argument, arguments[index + 1]]
                index += 2
                continue
            }
            if argument.hasPrefix("-I") { flags.append(argument) }
            index += 1
        }
        return flags
    }
}
