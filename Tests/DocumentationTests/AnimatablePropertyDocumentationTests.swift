import Foundation
import XCTest

/// `CALayer`'s reference documentation says "Animatable." for exactly the properties whose
/// changes run implicit animations — the rows of the layer property table
/// (`Sources/QuartzCore/Properties/CALayerProperties.txt`) marked `animatable` — as Apple's
/// headers and documentation mark them.
final class AnimatablePropertyDocumentationTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The table's properties: the Swift name and whether changes to it animate.
    private func tableProperties() throws -> [(name: String, animatable: Bool)] {
        let table = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/QuartzCore/Properties/CALayerProperties.txt"), encoding: .utf8)
        var inProperties = false
        var rows: [(String, Bool)] = []
        for line in table.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("[") {
                inProperties = line == "[properties]"
                continue
            }
            guard inProperties, !line.hasPrefix("#"), line.contains("|") else { continue }
            let columns = line.split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            let model = columns[4].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            rows.append((columns[1], model.contains("animatable")))
        }
        return rows
    }

    /// The `///` lines above `open var name` in `source`, or nil when it is not declared there.
    private func documentation(of name: String, in source: [Substring]) -> String? {
        guard
            let declaration = source.firstIndex(where: {
                let code = $0.trimmingCharacters(in: .whitespaces)
                return code.hasPrefix("open var \(name):") || code.hasPrefix("open var \(name) ")
            })
        else { return nil }
        var lines: [String] = []
        var index = declaration - 1
        while index >= 0 {
            let line = source[index].trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("///") {
                lines.insert(String(line.dropFirst(3)), at: 0)
            } else if !line.hasPrefix("@") {
                break
            }
            index -= 1
        }
        return lines.joined(separator: " ")
    }

    func testExactlyTheLayerPropertiesWhoseChangesAnimateAreDocumentedAsAnimatable() throws {
        let source = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/QuartzCore/Layer/CALayer.swift"), encoding: .utf8
        ).split(separator: "\n", omittingEmptySubsequences: false)
        let properties = try tableProperties()
        XCTAssertGreaterThan(properties.filter(\.animatable).count, 20, "the table was read")
        for property in properties {
            guard let doc = documentation(of: property.name, in: source) else {
                XCTFail("CALayer.\(property.name) is not declared with documentation in CALayer.swift")
                continue
            }
            XCTAssertEqual(
                doc.contains("Animatable."), property.animatable,
                "CALayer.\(property.name): its changes \(property.animatable ? "animate" : "do not animate"), and its documentation must \(property.animatable ? "" : "not ")say \"Animatable.\"")
        }
    }
}
