import Foundation
import XCTest

/// Every ```swift block of the DocC articles and the README appears verbatim (at any
/// indentation) in this target's sample sources, which the build compiles — so a sample that
/// no longer compiles, or that was edited in one place only, fails here.
final class ArticleSampleTests: XCTestCase {
    /// The package root: three levels above this file.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The documents whose samples are checked: every catalog's Markdown, and the README.
    static func documents() throws -> [URL] {
        var found: [URL] = [root.appendingPathComponent("README.md")]
        let sources = root.appendingPathComponent("Sources")
        guard let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else {
            throw CocoaError(.fileReadUnknown)
        }
        for case let url as URL in walker
        where url.pathExtension == "md" && url.pathComponents.contains(where: { $0.hasSuffix(".docc") }) {
            found.append(url)
        }
        return found.sorted { $0.path < $1.path }
    }

    /// The lines of every ```swift block in `text`.
    static func swiftBlocks(in text: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in text.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" {
                current = []
            } else if current != nil, trimmed == "```" {
                blocks.append(current ?? [])
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// Whether `block` appears in `lines` as consecutive lines, all indented by one prefix.
    static func contains(_ lines: [String], _ block: [String]) -> Bool {
        guard let first = block.first, !first.isEmpty, block.count <= lines.count else { return false }
        for start in 0...(lines.count - block.count) where lines[start].hasSuffix(first) {
            let indent = String(lines[start].dropLast(first.count))
            guard indent.allSatisfy({ $0 == " " }) else { continue }
            let matches = block.indices.allSatisfy { k in
                block[k].isEmpty
                    ? lines[start + k].trimmingCharacters(in: .whitespaces).isEmpty : lines[start + k] == indent + block[k]
            }
            if matches { return true }
        }
        return false
    }

    /// The lines of this target's Swift sources.
    static func sampleSourceLines() throws -> [[String]] {
        let folder = root.appendingPathComponent("Tests/DocumentationTests")
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }
            .map { try String(contentsOf: $0, encoding: .utf8).components(separatedBy: "\n") }
    }

    func testEverySwiftSampleIsCompiledByThisTarget() throws {
        let sources = try Self.sampleSourceLines()
        var checked = 0
        for document in try Self.documents() {
            let blocks = Self.swiftBlocks(in: try String(contentsOf: document, encoding: .utf8))
            for block in blocks {
                checked += 1
                // A sample's leading imports are the imports of the file that holds the rest.
                let imports = Array(block.prefix { $0.hasPrefix("import ") || $0.isEmpty })
                let body = Array(block.dropFirst(imports.count))
                XCTAssertTrue(
                    sources.contains { file in
                        Self.contains(file, body) && imports.allSatisfy { $0.isEmpty || file.contains($0) }
                    },
                    "\(document.lastPathComponent): this sample is not in Tests/DocumentationTests (edit both):\n"
                        + block.joined(separator: "\n"))
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 15, "the articles' samples were found")
    }

    func testTheArticlesExist() throws {
        let names = Set(try Self.documents().map(\.lastPathComponent))
        for article in [
            "GettingStarted.md", "AnimationsAndTransactions.md", "HitTestingAndInput.md", "MeasuringFrames.md",
            "TestingWindowsHeadless.md", "QuartzCore.md", "CoreGraphics.md", "Lamina.md", "LaminaTesting.md",
            "Wayland.md", "DrivingAWindowInTests.md", "MenusAndPopups.md", "CopyPasteAndDrag.md", "Performance.md",
            "WhatWorks.md", "Examples.md", "PortingFromApplePlatforms.md",
        ] {
            XCTAssertTrue(names.contains(article), "\(article) is missing")
        }
    }

    func testTheManifestSampleNamesARealProductAndToolsVersion() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let sample = ManifestSample.text
        XCTAssertTrue(manifest.contains(".library(name: \"Lamina\", targets: [\"Lamina\"])"))
        XCTAssertTrue(sample.contains(".product(name: \"Lamina\", package: \"Lamina\")"))
        let toolsVersion = { (text: String) in text.components(separatedBy: "\n").first ?? "" }
        XCTAssertEqual(toolsVersion(sample), toolsVersion(manifest))
    }

    func testTheBlockMatcherNeedsEveryLineInOrder() {
        let source = ["    func f() {", "        let a = 1", "", "        let b = 2", "    }"]
        XCTAssertTrue(Self.contains(source, ["let a = 1", "", "let b = 2"]))
        XCTAssertFalse(Self.contains(source, ["let a = 1", "let b = 2"]))
        XCTAssertFalse(Self.contains(source, ["let a = 2"]))
        XCTAssertFalse(Self.contains(source, ["let b = 2", "let a = 1"]))
    }
}
