import Foundation
import XCTest

/// The built `lamina-port` executable, run on a folder of Apple-style sources.
final class PortCommandEndToEndTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-port-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Sources/Layers"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".build"), withIntermediateDirectories: true)
        try write("Sources/Layers/PulseLayer.swift", """
            import UIKit

            final class PulseLayer: CALayer {
                @NSManaged var phase: CGFloat

                override init(layer: Any) {
                    super.init(layer: layer)
                }
            }

            """)
        try write("Package.swift", "// swift-tools-version:6.1\nimport PackageDescription\n@objc let untouched = 1\n")
        try write(".build/Generated.swift", "@nonobjc func untouched() {}\n")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func write(_ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent(path))
    }

    private func read(_ path: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    private func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try ChildProcess.run(try ChildProcess.portCommand, arguments, in: folder)
    }

    func testDryRunPrintsTheDiffAndChangesNothingThenTheRunPortsOnce() throws {
        let original = try read("Sources/Layers/PulseLayer.swift")
        let dryRun = try run(["--dry-run"])
        XCTAssertEqual(dryRun.status, 0)
        XCTAssertEqual(dryRun.output, """
            Sources/Layers/PulseLayer.swift:1: UIKit -> QuartzCore (UIKit does not exist on Linux; QuartzCore brings CALayer, CoreGraphics, CoreImage and Foundation)
            Sources/Layers/PulseLayer.swift:4: @NSManaged -> @CAManaged("phase") (the layer keeps the property by key, copies it into presentation layers and animates it, as @NSManaged does)
            Sources/Layers/PulseLayer.swift:4: : CGFloat -> : CGFloat = 0 (a @CAManaged property declares the value read while it is unset)
            Sources/Layers/PulseLayer.swift:6: override -> required (Lamina's CALayer declares init(layer:) required: it makes presentation copies through it)
            --- a/Sources/Layers/PulseLayer.swift
            +++ b/Sources/Layers/PulseLayer.swift
            @@ -1,9 +1,9 @@
            -import UIKit
            +import QuartzCore
             
             final class PulseLayer: CALayer {
            -    @NSManaged var phase: CGFloat
            +    @CAManaged("phase") var phase: CGFloat = 0
             
            -    override init(layer: Any) {
            +    required init(layer: Any) {
                     super.init(layer: layer)
                 }
             }
            would make 4 edits in 1 file of 1; 0 places left for a person

            """)
        XCTAssertEqual(try read("Sources/Layers/PulseLayer.swift"), original)

        let first = try run(["Sources"])
        XCTAssertEqual(first.status, 0)
        XCTAssertTrue(first.output.hasSuffix("made 4 edits in 1 file of 1; 0 places left for a person\n"), first.output)
        XCTAssertEqual(try read("Sources/Layers/PulseLayer.swift"), """
            import QuartzCore

            final class PulseLayer: CALayer {
                @CAManaged("phase") var phase: CGFloat = 0

                required init(layer: Any) {
                    super.init(layer: layer)
                }
            }

            """)
        let second = try run([])
        XCTAssertEqual(second.status, 0)
        XCTAssertEqual(second.output, "made 0 edits in 0 files of 1; 0 places left for a person\n")
        XCTAssertEqual(try read("Package.swift"), "// swift-tools-version:6.1\nimport PackageDescription\n@objc let untouched = 1\n")
        XCTAssertEqual(try read(".build/Generated.swift"), "@nonobjc func untouched() {}\n")
    }

    func testADiffOfAnAbsolutePathNamesItAfterOneSlash() throws {
        let path = folder.appendingPathComponent("Sources/Layers/PulseLayer.swift").path
        XCTAssertTrue(path.hasPrefix("/"))
        let result = try run(["--dry-run", path])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.output.contains("\n--- a\(path)\n+++ b\(path)\n@@ -1,9 +1,9 @@\n"), result.output)
    }

    func testAFileThatDoesNotParseFailsTheRunAndIsLeft() throws {
        let broken = "import UIKit\nfinal class Broken: CALayer {\n    @objc var x = (1\n}\n"
        try write("Sources/Layers/Broken.swift", broken)
        let result = try run([])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.output.contains("Sources/Layers/Broken.swift:3:"), result.output)
        XCTAssertEqual(try read("Sources/Layers/Broken.swift"), broken)
        XCTAssertEqual(try read("Sources/Layers/PulseLayer.swift").hasPrefix("import QuartzCore\n"), true)
    }

    func testAMissingPathIsAnError() throws {
        let result = try run(["NoSuchFolder"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.output.contains("NoSuchFolder: no such file or folder"), result.output)
    }
}
