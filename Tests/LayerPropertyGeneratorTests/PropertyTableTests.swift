import XCTest

@testable import LayerPropertyGenerator

/// The property table's parser and the code written from it.
final class PropertyTableTests: XCTestCase {
    private let sample = """
        # a comment
        [properties]
        bounds  | bounds  | CGRect = .zero | common | animatable, setter, invalidates=layout+render | bounds | animates, compare=equal | The bounds.
        opacity | opacity | Float = 1      | common | animatable, clamp=unitInterval | opacity | animates | The opacity.
        hidden  | isHidden | Bool = false  | rare   | animatable | isHidden | animates | Hidden.
        speed   | speed   | Float = 1      | rare   | invalidates=timing | - | |
        contents | contents | Any? = nil   | common | animatable | contents: CGImage? = nil <- value.flatMap { $0 as? CGImage } | compare=identical | The image.

        [snapshot]
        layerID | ObjectIdentifier? = nil | common | | The identity.\\nSecond line.
        shape   | CARenderShape? = nil    | rare   | compare=nil, internal | The shape.
        """

    func testRowsBecomePropertiesWithTheirColumns() throws {
        let table = try PropertyTable.parse(sample, source: "sample")
        XCTAssertEqual(table.properties.map(\.key), ["bounds", "opacity", "hidden", "speed", "contents"])
        let bounds = table.properties[0]
        XCTAssertEqual(bounds.type, "CGRect")
        XCTAssertEqual(bounds.defaultValue, ".zero")
        XCTAssertTrue(bounds.isAnimatable)
        XCTAssertTrue(bounds.animatedThroughSetter)
        XCTAssertEqual(bounds.invalidates, "layout+render")
        XCTAssertEqual(bounds.snapshot?.comparison, .equal)
        XCTAssertEqual(table.properties[1].clamp, "unitInterval")
        XCTAssertEqual(table.properties[2].swiftName, "isHidden")
        XCTAssertEqual(table.properties[2].placement, .rare)
        XCTAssertNil(table.properties[3].snapshot)
        let contents = try XCTUnwrap(table.properties[4].snapshot)
        XCTAssertEqual(contents.name, "contents")
        XCTAssertEqual(contents.type, "CGImage?")
        XCTAssertEqual(contents.conversion, "value.flatMap { $0 as? CGImage }")
        XCTAssertEqual(table.snapshotOnly.map(\.name), ["layerID", "shape"])
        XCTAssertEqual(table.snapshotOnly[0].documentation, ["The identity.", "Second line."])
        XCTAssertFalse(table.snapshotOnly[1].isPublic)
        XCTAssertEqual(table.snapshotOnly[1].comparison, .nil)
    }

    func testGeneratedCodeDeclaresEachFieldOnceWhereItLives() throws {
        let source = try SwiftEmitter.emit(try PropertyTable.parse(sample, source: "sample"))
        // The enum in table order.
        XCTAssertTrue(source.contains("    case bounds\n    case opacity\n    case hidden\n    case speed\n    case contents\n"))
        // Swift names that differ from the key, for key-value coding.
        XCTAssertTrue(source.contains("static let swiftSpellings: [String: CALayerProperty] = [\n        \"isHidden\": .hidden,\n    ]"))
        // Common fields stored; rare ones reached through the shared box.
        XCTAssertTrue(source.contains("    var bounds: CGRect = .zero\n"))
        XCTAssertTrue(source.contains("        get { rare.values.hidden }"))
        // Table entries: kind, flags and clamp.
        XCTAssertTrue(source.contains(
            ".value(.bounds, \\.bounds, \\.bounds, animatable: true, invalidates: [.layout, .render], animatedThroughSetter: true),"))
        XCTAssertTrue(source.contains(".value(.opacity, \\.opacity, \\.opacity, animatable: true, clamp: CALayerPropertyTable.unitInterval),"))
        XCTAssertTrue(source.contains(".value(.speed, \\.speed, \\.speed, invalidates: .timing),"))
        XCTAssertTrue(source.contains("anyValue(.contents, \\.contents, \\.contents, animatable: true),"))
        // Snapshots: converted values, accessors, comparisons.
        // A conversion's `value` is the stored value: a storage's field, or a layer's, read in place.
        XCTAssertTrue(source.contains("contents: contents.flatMap { $0 as? CGImage },"))
        XCTAssertTrue(source.contains("contents: storage.contents.flatMap { $0 as? CGImage },"))
        XCTAssertTrue(source.contains("    var shape: CARenderShape? {"))
        XCTAssertTrue(source.contains("    public var layerID: ObjectIdentifier? {"))
        XCTAssertTrue(source.contains("l.values.contents === r.values.contents"))
        XCTAssertTrue(source.contains("l.values.shape == nil && r.values.shape == nil"))
        // The render server's key-value access and plans, clamped as the setter clamps.
        XCTAssertTrue(source.contains("case \"opacity\": return setRenderValue(\\.opacity, value, clamp: CALayerPropertyTable.unitInterval)"))
        XCTAssertTrue(source.contains("case \"hidden\": isHidden\n"))
        XCTAssertTrue(source.contains("case .opacity: opacity = CALayerPropertyTable.unitInterval(Float(value))"))
        XCTAssertTrue(source.contains("case .bounds: .rect"))
        XCTAssertFalse(source.contains("case .hidden: ."), "a Bool is not planned")
    }

    func testAnInlineFieldLivesInTheSnapshotValueNotInItsSharedValues() throws {
        let text = """
            [properties]
            bounds   | bounds   | CGRect = .zero  | common | animatable | bounds | animates, compare=equal | The bounds.
            position | position | CGPoint = .zero | common | animatable | position | animates, inline | The position.
            """
        let table = try PropertyTable.parse(text, source: "sample")
        XCTAssertEqual(table.properties.map { $0.snapshot?.isInline }, [false, true])
        let source = try SwiftEmitter.emit(table)
        let values = try XCTUnwrap(source.range(of: "struct Values: Sendable {").map { source[$0.upperBound...] })
        let valuesBody = values[..<(values.range(of: "\n    }")?.lowerBound ?? values.endIndex)]
        XCTAssertTrue(valuesBody.contains("var bounds: CGRect"))
        XCTAssertFalse(valuesBody.contains("position"), "not among the shared values")
        XCTAssertTrue(source.contains("struct InlineValues: Sendable, Equatable {\n        var position: CGPoint = .zero\n    }"))
        XCTAssertTrue(source.contains("static let inlineProperties: UInt64 = CALayerProperty.position.bit"))
        XCTAssertTrue(source.contains("        get { inline.position }\n        set { inline.position = newValue }"))
        XCTAssertTrue(source.contains("CARenderLayer.InlineValues(position: storage.position)"), "a layer's read in place")
        XCTAssertTrue(source.contains("CARenderLayer.InlineValues(position: position)"), "a storage's")
        XCTAssertFalse(source.contains("position: storage.position,"), "not an argument of the shared values")
    }

    func testMalformedRowsAreRefusedWithTheirLine() {
        func error(_ text: String) -> String {
            do {
                _ = try SwiftEmitter.emit(try PropertyTable.parse(text, source: "t.txt"))
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        XCTAssertEqual(error("[properties]\nbounds | bounds | CGRect = .zero | common"), "t.txt:2: a property row has 8 columns, not 4")
        XCTAssertEqual(
            error("[properties]\nbounds | bounds | CGRect | common | | - | |"), "t.txt:2: 'CGRect' is not 'Type = default'")
        XCTAssertEqual(
            error("[properties]\nbounds | bounds | CGRect = .zero | middle | | - | |"),
            "t.txt:2: storage 'middle' is neither common nor rare")
        XCTAssertEqual(
            error("[properties]\nbounds | bounds | CGRect = .zero | common | wobbly | - | |"), "t.txt:2: unknown model flag 'wobbly'")
        XCTAssertEqual(
            error("[properties]\nbounds | bounds | CGRect = .zero | common | | bounds | compare=maybe |"),
            "t.txt:2: unknown comparison 'compare=maybe' (equal, identical, same, nil)")
        XCTAssertEqual(
            error("[properties]\nbounds | bounds | CGRect = .zero | common | | - | animates |"),
            "t.txt:2: render flags on a property snapshots do not carry")
        XCTAssertEqual(error("bounds | bounds | CGRect = .zero | common | | - | |"), "t.txt:1: a row outside [properties] and [snapshot]")
        XCTAssertEqual(error("# nothing"), "t.txt: no properties")
        XCTAssertEqual(
            error("[properties]\nx | x | CGFloat = 0 | common | invalidates=sometimes | - | |"),
            "x: invalidates=sometimes is not render, layout+render, timing or none")
        XCTAssertEqual(
            error("[properties]\nc | c | CGColor? = nil | common | clamp=unitInterval | - | |"), "c: an optional property cannot clamp")
        XCTAssertEqual(
            error("[properties]\np | p | CGPath? = nil | common | | p: CARenderPath? = nil <- value.map(CARenderPath.init) | animates |"),
            "p: the render server animates only values snapshots copy")
        XCTAssertEqual(
            error("[properties]\np | p | CGPoint = .zero | common | | p | inline, compare=equal |"),
            "t.txt:2: an inline snapshot field is a common value, copied as stored and never compared")
        XCTAssertEqual(
            error("[properties]\np | p | CGPoint = .zero | rare | | p | inline |"),
            "t.txt:2: an inline snapshot field is a common value, copied as stored and never compared")
        XCTAssertEqual(
            error("[properties]\np | p | CGPoint = .zero | common | | - | |\n[snapshot]\nq | Int = 0 | common | inline | Q."),
            "t.txt:4: only a property's snapshot field is inline")
        let tooMany = "[properties]\n" + (0..<65).map { "p\($0) | p\($0) | Int = 0 | common | | - | |" }.joined(separator: "\n")
        XCTAssertEqual(error(tooMany), "t.txt: 65 properties; one UInt64 of bits holds 64")
    }
}
