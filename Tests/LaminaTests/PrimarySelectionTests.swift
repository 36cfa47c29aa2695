import Foundation
import Lamina
import LaminaTesting
import XCTest

/// The primary selection through `zwp_primary_selection_device_v1`: selected text is offered
/// with the serial of the user's input, separately from the clipboard; a middle-button press
/// reads another application's selection through a pipe without blocking the main thread.
@MainActor
final class PrimarySelectionTests: XCTestCase {
    private static let middleButton: UInt32 = 0x112
    private var scripted: ScriptedWindow!
    private var compositor: ScriptedCompositor { scripted.compositor }
    private var primary: Pasteboard { scripted.application.primarySelection }

    override func setUp() async throws {
        scripted = try await ScriptedWindow(test: self)
        _ = primary
        let bound = await compositor.waitUntil { $0.requests.contains("zwp_primary_selection_device_manager_v1.get_device") }
        XCTAssertTrue(bound, "the client made its primary selection device")
    }


    func testSelectingTextOffersItAsThePrimarySelectionAndLeavesTheClipboardAlone() async throws {
        XCTAssertThrowsError(try primary.setString("too early")) { XCTAssertEqual($0 as? PasteboardError, .noInputEvent) }
        let serial = await scripted.press()
        try primary.setString("sélection")
        let set = await compositor.waitUntil { $0.primarySelections.count == 1 }
        XCTAssertTrue(set)
        XCTAssertEqual(compositor.state.primarySelections, [
            ScriptedCompositor.SelectionRecord(
                mimeTypes: ["text/plain;charset=utf-8", "UTF8_STRING", "text/plain", "STRING", "TEXT"], serial: serial),
        ])
        XCTAssertEqual(compositor.state.selections, [], "the clipboard is not touched")
        XCTAssertEqual(compositor.state.count(of: "wl_data_device_manager.create_data_source"), 0)
        let text = await compositor.selectionData(mimeType: "UTF8_STRING", in: .primary)
        XCTAssertEqual(text, Array("sélection".utf8))
        let fromClipboard = await compositor.selectionData(mimeType: "UTF8_STRING", in: .clipboard)
        XCTAssertNil(fromClipboard, "nothing was copied")
        XCTAssertEqual(scripted.application.pasteboard.types, [])
    }

    func testAMiddleClickReadsAnotherApplicationsSelectedText() async throws {
        var changes = 0
        primary.onChange = { changes += 1 }
        compositor.setSelection([("text/plain", Array("selected elsewhere".utf8))], in: .primary)
        await waitUntil("the primary selection was announced") { changes == 1 }
        XCTAssertEqual(primary.types, [Pasteboard.PasteboardType(rawValue: "text/plain")])
        XCTAssertEqual(scripted.application.pasteboard.types, [], "the clipboard stays empty")

        var pasted: [String] = []
        scripted.window.onPointerEvent = { [primary] event in
            guard case .pressed(let button) = event.kind, button == Self.middleButton else { return }
            Task { @MainActor in
                if let text = try await primary.string() { pasted.append(text) }
            }
        }
        compositor.pointerEnter(x: 10, y: 10)
        compositor.pointerButton(Self.middleButton, pressed: true)
        await waitUntil("the middle click pasted") { pasted.count == 1 }
        XCTAssertEqual(pasted, ["selected elsewhere"])
        XCTAssertEqual(compositor.state.receivedTypes, ["text/plain"])
        XCTAssertEqual(compositor.state.count(of: "zwp_primary_selection_offer_v1.receive"), 1)
        XCTAssertEqual(compositor.state.count(of: "wl_data_offer.receive"), 0)

        compositor.clearSelection(in: .primary)
        await waitUntil("the primary selection was emptied") { changes == 2 }
        let nothing = try await primary.string()
        XCTAssertNil(nothing)
    }

    func testAnotherSelectionReplacesOursAndOurSourceIsReleased() async throws {
        _ = await scripted.press()
        try primary.setString("ours")
        let set = await compositor.waitUntil { $0.primarySelections.count == 1 }
        XCTAssertTrue(set)
        compositor.setSelection([("text/plain;charset=utf-8", Array("theirs".utf8))], in: .primary)
        let released = await compositor.waitUntil { $0.count(of: "zwp_primary_selection_source_v1.destroy") == 1 }
        XCTAssertTrue(released, "our source was destroyed once it was cancelled")
        await waitUntil("their text is announced") { self.primary.types == [.string] }
        let text = try await primary.string()
        XCTAssertEqual(text, "theirs")
    }

    func testWithoutThePrimarySelectionSettingItIsAClearError() async throws {
        var configuration = ScriptedCompositor.Configuration()
        configuration.offersPrimarySelection = false
        let other = try await ScriptedWindow(test: self, configuration: configuration)
        await other.press()
        XCTAssertThrowsError(try other.application.primarySelection.setString("x")) {
            XCTAssertEqual($0 as? PasteboardError, .unavailable)
        }
        XCTAssertEqual(other.application.primarySelection.types, [])
        let nothing = try await other.application.primarySelection.string()
        XCTAssertNil(nothing)
        XCTAssertEqual(other.fatalErrors, [])
    }
}
