import Foundation
import XCTest

/// The manifest the README and the getting-started article show for a local clone of Lamina
/// is one SwiftPM accepts, with the clone in the folder it names.
final class LocalCloneManifestTests: XCTestCase {
    func testSwiftPMAcceptsTheLocalCloneManifestWithTheCloneInItsFolder() throws {
        let problems = try Self.swiftPMProblems(manifest: ManifestSample.localClone, cloneFolder: ManifestSample.localCloneFolder)
        XCTAssertNil(problems, "SwiftPM rejects the sample")
    }

    func testSwiftPMRejectsTheManifestNameWhereTheFolderNameIsNeeded() throws {
        // What the sample warns about: naming the package "Lamina" as its manifest does.
        let named = ManifestSample.localClone.replacingOccurrences(
            of: "package: \"\(ManifestSample.localCloneFolder)\"", with: "package: \"Lamina\"")
        XCTAssertNotEqual(named, ManifestSample.localClone)
        let problems = try XCTUnwrap(Self.swiftPMProblems(manifest: named, cloneFolder: ManifestSample.localCloneFolder))
        XCTAssertTrue(problems.contains("unknown package 'Lamina'"), problems)
    }

    /// Writes `manifest` as the package `Hello` beside a folder `cloneFolder` that links to
    /// this package, and asks SwiftPM to load it (`swift package dump-package`, which checks
    /// the products' packages without building or fetching anything). Returns SwiftPM's
    /// complaint, or nil when it accepted the manifest.
    static func swiftPMProblems(manifest: String, cloneFolder: String) throws -> String? {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-manifest-\(getpid())-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let hello = root.appendingPathComponent("Hello")
        try FileManager.default.createDirectory(at: hello.appendingPathComponent("Sources/Hello"), withIntermediateDirectories: true)
        try manifest.write(to: hello.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "print(\"Hello\")\n".write(to: hello.appendingPathComponent("Sources/Hello/main.swift"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent(cloneFolder), withDestinationURL: ArticleSampleTests.root)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--package-path", hello.path, "dump-package"]
        let output = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = output
        try process.run()
        let errors = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 ? nil : errors
    }
}
