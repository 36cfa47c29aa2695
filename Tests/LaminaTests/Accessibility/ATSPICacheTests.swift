import CGio
import Foundation
import XCTest

@testable import Lamina

/// `org.a11y.atspi.Cache` computed from snapshots: the items and signals at-spi2-core's
/// `xml/Cache.xml` describes — each item `((so)(so)(so)iiassusau)`: the accessible, the
/// application, the parent, the index in the parent, the child count, the interfaces, the
/// name, the role, the description and the states.
final class ATSPICacheTests: XCTestCase {
    private func sample() -> AccessibilitySnapshot { .sample() }

    private func cache(_ snapshot: AccessibilitySnapshot) -> ATSPICache {
        ATSPICache(answers: ATSPIAnswers(snapshot: snapshot, uniqueName: ":1.7", registryRoot: (":1.0", "/org/a11y/atspi/accessible/root")))
    }

    private func reference(_ path: String, _ name: String = ":1.7") -> GVariantValue {
        .tuple([.string(name), .objectPath(path)])
    }

    private func strings(_ values: [String]) -> GVariantValue { .array(elementType: "s", values.map { .string($0) }) }

    /// Two state words: bits 0…31, then 32…63 (`AtspiStateType` numbers).
    private func states(_ low: UInt32, _ high: UInt32 = 0) -> GVariantValue { .array(elementType: "u", [.uint32(low), .uint32(high)]) }

    func testGetItemsDescribesTheApplicationAndEveryNodeAfterItsParent() {
        let root = "/org/a11y/atspi/accessible/root"
        let expected: [GVariantValue] = [
            // The application: its parent is the registry's root, it has no index there.
            .tuple([
                reference(root), reference(root), reference(root, ":1.0"), .int32(-1), .int32(1),
                strings(["org.a11y.atspi.Accessible", "org.a11y.atspi.Application"]), .string("sample"), .uint32(75),
                .string(""), states(0),
            ]),
            // ATSPI_STATE_ACTIVE (1), SHOWING (25).
            .tuple([
                reference("/org/a11y/atspi/accessible/1"), reference(root), reference(root), .int32(0), .int32(2),
                strings(["org.a11y.atspi.Accessible", "org.a11y.atspi.Component"]), .string("Window"), .uint32(23),
                .string(""), states(1 << 1 | 1 << 25),
            ]),
            // ENABLED (8), FOCUSABLE (11).
            .tuple([
                reference("/org/a11y/atspi/accessible/2"), reference(root), reference("/org/a11y/atspi/accessible/1"), .int32(0),
                .int32(0), strings(["org.a11y.atspi.Accessible", "org.a11y.atspi.Component", "org.a11y.atspi.Action"]),
                .string("OK"), .uint32(43), .string("Closes"), states(1 << 8 | 1 << 11),
            ]),
            // SHOWING (25) and READ_ONLY (43: bit 11 of the second word).
            .tuple([
                reference("/org/a11y/atspi/accessible/3"), reference(root), reference("/org/a11y/atspi/accessible/1"), .int32(1),
                .int32(0), strings(["org.a11y.atspi.Accessible", "org.a11y.atspi.Component", "org.a11y.atspi.Text"]),
                .string("Héllo wörld\nsecond line"), .uint32(29), .string(""), states(1 << 25, 1 << 11),
            ]),
        ]
        var snapshot = sample()
        snapshot.nodes[3]?.states.insert(.readOnly)
        let reply = cache(snapshot).getItems()
        XCTAssertEqual(reply, .tuple([.array(elementType: "((so)(so)(so)iiassusau)", expected)]))
        let signature = reply.withGVariant { String(cString: g_variant_get_type_string($0)) }
        XCTAssertEqual(signature, "(a((so)(so)(so)iiassusau))", "the reply's D-Bus type, as Cache.xml declares GetItems")
    }

    func testTheSignalsCarryAnItemAndAReference() {
        let cache = cache(sample())
        XCTAssertEqual(
            cache.addAccessible(2, index: 0).withGVariant { String(cString: g_variant_get_type_string($0)) },
            "(((so)(so)(so)iiassusau))")
        XCTAssertEqual(cache.removeAccessible(3), .tuple([reference("/org/a11y/atspi/accessible/3")]))
    }

    func testNewAndChangedNodesAreAddedAndGoneOnesRemoved() {
        let old = sample()
        var new = old
        // The text goes; a group (4) holding a new label (5) comes; the button is renamed;
        // the window only moves (no item field changes).
        new.nodes[3] = nil
        new.nodes[1]?.children = [4, 2]
        new.nodes[1]?.frame.origin.x = 30
        new.nodes[4] = .init(id: 4, parent: 1, children: [5], role: .panel, name: "Group", states: [], frame: .zero, topLevel: 1)
        new.nodes[5] = .init(id: 5, parent: 4, role: .label, name: "New", states: [], frame: .zero, topLevel: 1)
        new.nodes[2]?.name = "Done"
        let changes = ATSPICache.changes(from: old, to: new)
        XCTAssertEqual(changes.removed, [3])
        XCTAssertEqual(changes.added.map(\.id), [4, 5, 2], "parents before their children, in reading order")
        XCTAssertEqual(changes.added.map(\.index), [0, 0, 1])
        XCTAssertEqual(ATSPICache.changes(from: old, to: old), ATSPICache.Changes(), "nothing changed, nothing sent")

        var refocused = old
        refocused.nodes[2]?.states.insert(.focused)
        XCTAssertEqual(ATSPICache.changes(from: old, to: refocused).added.map(\.id), [2], "a state changed")
        var reparented = new
        reparented.nodes[1]?.children = [4]
        reparented.nodes[4]?.children = [5, 2]
        reparented.nodes[2]?.parent = 4
        XCTAssertEqual(ATSPICache.changes(from: new, to: reparented).added.map(\.id), [2], "a new parent")
    }

    func testChildrenThatChangedPlacesAreRemovedAndAddedAgain() {
        let old = sample()
        var swapped = old
        swapped.nodes[1]?.children = [3, 2]
        XCTAssertEqual(
            ATSPIEvent.changes(from: old, to: swapped),
            [
                ATSPIEvent(source: 1, member: "ChildrenChanged", detail: "remove", detail1: 1, data: .node(3)),
                ATSPIEvent(source: 1, member: "ChildrenChanged", detail: "remove", detail1: 0, data: .node(2)),
                ATSPIEvent(source: 1, member: "ChildrenChanged", detail: "add", detail1: 0, data: .node(3)),
                ATSPIEvent(source: 1, member: "ChildrenChanged", detail: "add", detail1: 1, data: .node(2)),
            ])
    }
}
