import Foundation
import XCTest

@testable import WaylandScanner

final class ScannerTests: XCTestCase {
    private let sample = """
        <?xml version="1.0" encoding="UTF-8"?>
        <protocol name="sample">
          <interface name="ex_widget" version="3">
            <description summary="a test widget">Long text.</description>
            <enum name="state">
              <entry name="idle" value="0"/>
              <entry name="busy" value="0x10" summary="working"/>
            </enum>
            <enum name="caps" bitfield="true">
              <entry name="none" value="0"/>
              <entry name="pointer" value="1"/>
            </enum>
            <request name="make" since="2">
              <arg name="id" type="new_id" interface="ex_widget"/>
              <arg name="label" type="string" allow-null="true"/>
              <arg name="parent" type="object" interface="ex_widget" allow-null="true"/>
              <arg name="state" type="uint" enum="state"/>
            </request>
            <request name="bind_any">
              <arg name="id" type="new_id"/>
            </request>
            <request name="destroy" type="destructor"/>
            <event name="changed">
              <arg name="value" type="fixed"/>
              <arg name="in" type="int"/>
              <arg name="fd" type="fd"/>
            </event>
          </interface>
        </protocol>
        """

    func testParserReadsInterfacesMessagesAndEnums() throws {
        let proto = try ProtocolParser.parse(Data(sample.utf8), source: "sample.xml")
        XCTAssertEqual(proto.name, "sample")
        let widget = try XCTUnwrap(proto.interfaces.first)
        XCTAssertEqual(widget.name, "ex_widget")
        XCTAssertEqual(widget.version, 3)
        XCTAssertEqual(widget.summary, "a test widget")
        XCTAssertEqual(widget.requests.map(\.name), ["make", "bind_any", "destroy"])
        XCTAssertEqual(widget.requests[0].since, 2)
        XCTAssertTrue(widget.requests[2].isDestructor)
        XCTAssertEqual(widget.enums[0].entries.map(\.value), [0, 16])
        XCTAssertTrue(widget.enums[1].isBitfield)
        XCTAssertEqual(widget.events[0].arguments.map(\.type), [.fixed, .int, .fd])
    }

    func testSignaturesMatchLibwaylandFormat() throws {
        let widget = try XCTUnwrap(try ProtocolParser.parse(Data(sample.utf8), source: "s").interfaces.first)
        XCTAssertEqual(widget.requests[0].signature, "2n?s?ou")
        XCTAssertEqual(widget.requests[0].wireTypes, ["ex_widget", nil, "ex_widget", nil])
        // A new_id without an interface travels as interface name, version, id.
        XCTAssertEqual(widget.requests[1].signature, "sun")
        XCTAssertEqual(widget.requests[1].wireTypes, [nil, nil, nil])
        XCTAssertEqual(widget.events[0].signature, "fih")
    }

    func testNamesBecomeSwiftIdentifiers() {
        XCTAssertEqual(Naming.typeName("zwlr_virtual_pointer_v1"), "ZwlrVirtualPointerV1")
        XCTAssertEqual(Naming.memberName("create_surface"), "createSurface")
        XCTAssertEqual(Naming.memberName("in"), "`in`")
        XCTAssertEqual(Naming.memberName("90"), "_90")
        XCTAssertEqual(Naming.enumTypeName("wl_output.transform", in: "wl_surface"), "WlOutput.Transform")
        XCTAssertEqual(Naming.enumTypeName("button_state", in: "wl_pointer"), "WlPointer.ButtonState")
    }

    func testEmitterProducesTypedRequestsEventsAndEnums() throws {
        let proto = try ProtocolParser.parse(Data(sample.utf8), source: "s")
        let code = SwiftEmitter(protocols: [proto]).protocolFile(proto, source: "sample.xml")
        XCTAssertTrue(code.contains("public final class ExWidget: WaylandProxy, WaylandInterface"))
        XCTAssertTrue(code.contains("public func make(label: String?, parent: ExWidget?, state: ExWidget.State) throws(WaylandError) -> ExWidget"))
        XCTAssertTrue(code.contains("public func bindAny<T: WaylandInterface>(_ interface: T.Type, version boundVersion: UInt32) throws(WaylandError) -> T"))
        XCTAssertTrue(code.contains("case changed(value: Double, in: Int32, fd: Int32)"))
        XCTAssertTrue(code.contains("public struct Caps: OptionSet, Hashable, Sendable"))
        XCTAssertFalse(code.contains("static let none"), "a bitfield's zero entry is the empty set")
        XCTAssertTrue(code.contains("releaseProxy(destructorOpcode: 2, since: 1)"))
        let index = SwiftEmitter(protocols: [proto]).indexFile([proto])
        XCTAssertTrue(index.contains(#".init(name: "make", signature: "2n?s?ou", types: ["ex_widget", nil, "ex_widget", nil])"#))
    }

    func testMalformedXMLNamesTheFileAndLine() {
        XCTAssertThrowsError(try ProtocolParser.parse(Data("<protocol name=\"x\"><interface name=\"a\">".utf8), source: "broken.xml")) { error in
            XCTAssertTrue("\(error)".hasPrefix("broken.xml:"), "\(error)")
        }
        XCTAssertThrowsError(try ProtocolParser.parse(Data(#"<protocol name="x"><interface name="a" version="1"><request name="r"><arg name="q" type="float"/></request></interface></protocol>"#.utf8), source: "bad.xml")) { error in
            XCTAssertTrue("\(error)".contains("one of the types"), "\(error)")
        }
        XCTAssertThrowsError(try ProtocolParser.parse(Data("<nothing/>".utf8), source: "empty.xml"))
    }

    func testManifestParsingAndErrors() throws {
        let entries = try Manifest.parse("# c\nwayland wayland.xml\n\nlocal  my.xml\n", source: "m")
        XCTAssertEqual(entries, [.init(source: .wayland, path: "wayland.xml"), .init(source: .local, path: "my.xml")])
        XCTAssertEqual(entries[1].outputFileName, "my.swift")
        XCTAssertThrowsError(try Manifest.parse("elsewhere x.xml", source: "m")) { error in
            XCTAssertTrue("\(error)".contains("m:1:"), "\(error)")
        }
    }

    func testMissingSystemProtocolDirectoryTellsWhatToInstall() {
        let locator = ProtocolLocator(manifestDirectory: URL(fileURLWithPath: "/tmp"), lookUp: { _ in "/nonexistent-dir" })
        XCTAssertEqual(try locator.url(for: .init(source: .waylandProtocols, path: "a.xml")).path, "/nonexistent-dir/a.xml")
        XCTAssertEqual(try locator.url(for: .init(source: .local, path: "b.xml")).path, "/tmp/b.xml")
    }

    func testRunWritesOneFilePerProtocolAndAnIndex() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scanner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try sample.write(to: dir.appendingPathComponent("sample.xml"), atomically: true, encoding: .utf8)
        try "local sample.xml\n".write(to: dir.appendingPathComponent("manifest.txt"), atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("out")
        try WaylandScannerCommand.run(manifest: dir.appendingPathComponent("manifest.txt"), output: out)
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: out.path)), ["sample.swift", "WaylandInterfaceIndex.swift"])
        try "local missing.xml\n".write(to: dir.appendingPathComponent("manifest.txt"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try WaylandScannerCommand.run(manifest: dir.appendingPathComponent("manifest.txt"), output: out)) { error in
            XCTAssertTrue("\(error)".contains("missing.xml"), "\(error)")
        }
    }
}
