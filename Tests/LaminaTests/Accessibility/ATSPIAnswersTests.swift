import Foundation
import XCTest

@testable import Lamina

/// The bridge's replies and events, computed from snapshots: what AT-SPI's interfaces
/// (at-spi2-core's `xml/*.xml`) say each call returns, and the events a screen reader needs
/// to follow a change.
final class ATSPIAnswersTests: XCTestCase {
    private func sample() -> AccessibilitySnapshot { .sample() }

    private func answers(_ snapshot: AccessibilitySnapshot? = nil) -> ATSPIAnswers {
        ATSPIAnswers(snapshot: snapshot ?? sample(), uniqueName: ":1.7", registryRoot: (":1.0", "/org/a11y/atspi/accessible/root"))
    }

    private func reference(_ path: String) -> GVariantValue {
        .tuple([.string(":1.7"), .objectPath(path)])
    }

    /// Runs a call with arguments built as a real GVariant tuple.
    private func call(_ method: String, _ interface: ATSPIInterface, _ id: UInt64, _ arguments: [GVariantValue] = [])
        -> Result<GVariantValue, ATSPIServer.CallError>
    {
        GVariantValue.tuple(arguments).withGVariant { answers().call(method, of: interface, on: id, $0) }
    }

    func testTheTreeIsReachedThroughChildrenAndParents() {
        XCTAssertEqual(try call("GetChildren", .accessible, 0).get(), .tuple([.array(elementType: "(so)", [reference("/org/a11y/atspi/accessible/1")])]))
        XCTAssertEqual(try call("GetChildAtIndex", .accessible, 1, [.int32(1)]).get(), .tuple([reference("/org/a11y/atspi/accessible/3")]))
        XCTAssertEqual(try call("GetIndexInParent", .accessible, 3).get(), .tuple([.int32(1)]))
        XCTAssertEqual(answers().property("Parent", of: .accessible, on: 2), reference("/org/a11y/atspi/accessible/1"))
        XCTAssertEqual(
            answers().property("Parent", of: .accessible, on: 0), .tuple([.string(":1.0"), .objectPath("/org/a11y/atspi/accessible/root")]),
            "the application's parent is the registry's root")
        XCTAssertEqual(answers().property("ChildCount", of: .accessible, on: 1), .int32(2))
        XCTAssertEqual(answers().property("Name", of: .accessible, on: 0), .string("sample"))
        XCTAssertEqual(try call("GetRole", .accessible, 0).get(), .tuple([.uint32(75)]), "ATSPI_ROLE_APPLICATION")
        XCTAssertEqual(try call("GetRoleName", .accessible, 2).get(), .tuple([.string("push button")]))
        XCTAssertEqual(answers().property("AccessibleId", of: .accessible, on: 2), .string("ok"))
    }

    func testTheRelationSetIsEmptyOrListsEachRelationWithItsTargets() {
        // a(ua(so)): no relation is an empty array, not an error.
        XCTAssertEqual(try call("GetRelationSet", .accessible, 2).get(), .tuple([.array(elementType: "(ua(so))", [])]))
        XCTAssertEqual(try call("GetRelationSet", .accessible, 0).get(), .tuple([.array(elementType: "(ua(so))", [])]))
        var snapshot = sample()
        snapshot.nodes[3]?.relations = [ATSPIRelation(kind: .popupFor, targets: [2])]
        let reply = GVariantValue.tuple([]).withGVariant { answers(snapshot).call("GetRelationSet", of: .accessible, on: 3, $0) }
        XCTAssertEqual(
            try reply.get(),
            .tuple([
                .array(elementType: "(ua(so))", [.tuple([.uint32(15), .array(elementType: "(so)", [reference("/org/a11y/atspi/accessible/2")])])])
            ]),
            "ATSPI_RELATION_POPUP_FOR, to node 2")
    }

    func testBadArgumentsAreErrorsNotCrashes() {
        for index: Int32 in [-1, 2, .max, .min] {
            guard case .failure(let error) = call("GetChildAtIndex", .accessible, 1, [.int32(index)]) else {
                return XCTFail("child \(index) should be an error")
            }
            XCTAssertEqual(error.name, "org.freedesktop.DBus.Error.InvalidArgs")
        }
        guard case .failure = call("GetChildAtIndex", .accessible, 1, [.string("x")]) else { return XCTFail("a string index") }
        guard case .failure = call("GetExtents", .component, 2, [.uint32(9)]) else { return XCTFail("an unknown coordinate type") }
        guard case .failure = call("DoAction", .action, 2, [.int32(1)]) else { return XCTFail("no second action") }
        guard case .failure = call("GetExtents", .component, 0, [.uint32(1)]) else { return XCTFail("the application has no extents") }
        XCTAssertNil(answers().request(for: "DoAction", of: .action, on: 2, nil), "no arguments, no action")
    }

    func testExtentsCoverTheFrameInWindowAndParentCoordinates() {
        // 10.25…90.75 across: 10 to 91 in whole points.
        XCTAssertEqual(try call("GetExtents", .component, 2, [.uint32(1)]).get(), .tuple([.tuple([.int32(10), .int32(20), .int32(81), .int32(30)])]))
        XCTAssertEqual(try call("GetExtents", .component, 2, [.uint32(0)]).get(), .tuple([.tuple([.int32(10), .int32(20), .int32(81), .int32(30)])]))
        XCTAssertEqual(try call("GetPosition", .component, 3, [.uint32(2)]).get(), .tuple([.int32(100), .int32(100)]))
        XCTAssertEqual(try call("Contains", .component, 2, [.int32(15), .int32(25), .uint32(1)]).get(), .tuple([.boolean(true)]))
        XCTAssertEqual(
            try call("GetAccessibleAtPoint", .component, 1, [.int32(150), .int32(110), .uint32(1)]).get(),
            .tuple([reference("/org/a11y/atspi/accessible/3")]))
        XCTAssertEqual(
            try call("GetAccessibleAtPoint", .component, 1, [.int32(390), .int32(290), .uint32(1)]).get(),
            .tuple([reference("/org/a11y/atspi/null")]), "nothing there but the window itself")
    }

    func testActionsAreNamedAndAskTheMainThread() throws {
        XCTAssertEqual(answers().property("NActions", of: .action, on: 2), .int32(1))
        XCTAssertEqual(try call("GetName", .action, 2, [.int32(0)]).get(), .tuple([.string("activate")]))
        XCTAssertEqual(try call("DoAction", .action, 2, [.int32(0)]).get(), .tuple([.boolean(true)]))
        let request = GVariantValue.tuple([.int32(0)]).withGVariant { answers().request(for: "DoAction", of: .action, on: 2, $0) }
        XCTAssertEqual(request, .perform(.activate))
        XCTAssertEqual(answers().request(for: "GrabFocus", of: .component, on: 2, nil), .focus)
    }

    func testTextIsCountedInCharacters() throws {
        XCTAssertEqual(answers().property("CharacterCount", of: .text, on: 3), .int32(23))
        XCTAssertEqual(try call("GetText", .text, 3, [.int32(0), .int32(-1)]).get(), .tuple([.string("Héllo wörld\nsecond line")]))
        XCTAssertEqual(try call("GetText", .text, 3, [.int32(6), .int32(11)]).get(), .tuple([.string("wörld")]))
        XCTAssertEqual(try call("GetText", .text, 3, [.int32(-5), .int32(1000)]).get(), .tuple([.string("Héllo wörld\nsecond line")]))
        XCTAssertEqual(try call("GetCharacterAtOffset", .text, 3, [.int32(1)]).get(), .tuple([.int32(0xE9)]), "é")
        // ATSPI_TEXT_GRANULARITY_WORD (1) and LINE (3).
        XCTAssertEqual(try call("GetStringAtOffset", .text, 3, [.int32(8), .uint32(1)]).get(), .tuple([.string("wörld"), .int32(6), .int32(11)]))
        XCTAssertEqual(
            try call("GetStringAtOffset", .text, 3, [.int32(14), .uint32(3)]).get(), .tuple([.string("second line"), .int32(12), .int32(23)]))
    }

    func testEventsLeadFromOneSnapshotToTheNext() {
        let old = sample()
        var new = old
        new.nodes[2]?.name = "Done"
        new.nodes[2]?.states.insert(.focused)
        new.nodes[3] = nil
        new.nodes[1]?.children = [2, 4]
        new.nodes[4] = .init(id: 4, parent: 1, role: .label, name: "New", states: [], frame: .zero, topLevel: 1)
        let events = ATSPIEvent.changes(from: old, to: new)
        XCTAssertEqual(
            events,
            [
                ATSPIEvent(source: 1, member: "ChildrenChanged", detail: "remove", detail1: 1, data: .node(3)),
                ATSPIEvent(source: 1, member: "ChildrenChanged", detail: "add", detail1: 1, data: .node(4)),
                ATSPIEvent(source: 2, member: "PropertyChange", detail: "accessible-name", data: .string("Done")),
                ATSPIEvent(source: 2, member: "StateChanged", detail: "focused", detail1: 1, data: .int(0)),
            ])
        XCTAssertEqual(ATSPIEvent.changes(from: old, to: old), [], "nothing changed, nothing sent")
        var closed = old
        closed.topLevels = []
        XCTAssertEqual(
            ATSPIEvent.changes(from: old, to: closed).first,
            ATSPIEvent(source: 0, member: "ChildrenChanged", detail: "remove", detail1: 0, data: .node(1)), "a window closed")
    }

    func testTheInterfacesFollowWhatANodeIs() {
        let snapshot = sample()
        XCTAssertEqual(ATSPIInterface.implemented(by: nil), [.accessible, .application])
        XCTAssertEqual(ATSPIInterface.implemented(by: snapshot.nodes[1]), [.accessible, .component])
        XCTAssertEqual(ATSPIInterface.implemented(by: snapshot.nodes[2]), [.accessible, .component, .action])
        XCTAssertEqual(ATSPIInterface.implemented(by: snapshot.nodes[3]), [.accessible, .component, .text])
    }
}
