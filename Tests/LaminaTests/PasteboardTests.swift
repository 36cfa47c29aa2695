import Foundation
import Lamina
import LaminaTesting
import XCTest

/// The clipboard through `wl_data_device`: copying offers the data in every type given (text
/// under the names other toolkits use too) with the serial of the user's input; pasting reads
/// another application's data through a pipe without blocking the main thread.
@MainActor
final class PasteboardTests: XCTestCase {
    private var scripted: ScriptedWindow!
    private var pasteboard: Pasteboard { scripted.application.pasteboard }
    private var compositor: ScriptedCompositor { scripted.compositor }

    override func setUp() async throws {
        scripted = try await ScriptedWindow(test: self)
        _ = pasteboard
        let bound = await compositor.waitUntil { $0.requests.contains("wl_data_device_manager.get_data_device") }
        XCTAssertTrue(bound, "the client made its data device")
    }


    func testCopyingTextOffersItUnderEveryTextNameWithTheSerialOfTheInput() async throws {
        XCTAssertThrowsError(try pasteboard.setString("too early")) { XCTAssertEqual($0 as? PasteboardError, .noInputEvent) }
        let serial = await scripted.press()
        try pasteboard.setString("Grüße, Lamina")
        let set = await compositor.waitUntil { $0.selections.count == 1 }
        XCTAssertTrue(set)
        XCTAssertEqual(compositor.state.selections, [
            ScriptedCompositor.SelectionRecord(
                mimeTypes: ["text/plain;charset=utf-8", "UTF8_STRING", "text/plain", "STRING", "TEXT"], serial: serial),
        ])
        let utf8 = await compositor.selectionData(mimeType: "text/plain;charset=utf-8")
        XCTAssertEqual(utf8, Array("Grüße, Lamina".utf8))
        let alias = await compositor.selectionData(mimeType: "UTF8_STRING")
        XCTAssertEqual(alias, Array("Grüße, Lamina".utf8))
        XCTAssertEqual(pasteboard.types.first, .string)
        let own = try await pasteboard.string()
        XCTAssertEqual(own, "Grüße, Lamina")
    }

    func testCopyingAnyTypeWritesDataLargerThanAPipeWithoutBlocking() async throws {
        _ = await scripted.press()
        let image = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let custom = Pasteboard.PasteboardType(rawValue: "application/x-lamina-layer")
        try pasteboard.setData([.png: Data(image), custom: Data([1, 2, 3])])
        let set = await compositor.waitUntil { $0.selections.count == 1 }
        XCTAssertTrue(set)
        XCTAssertEqual(compositor.state.selections.first?.mimeTypes, ["application/x-lamina-layer", "image/png"])
        let png = await compositor.selectionData(mimeType: "image/png")
        XCTAssertEqual(png?.count, image.count)
        XCTAssertEqual(png, image)
        let bytes = await compositor.selectionData(mimeType: "application/x-lamina-layer")
        XCTAssertEqual(bytes, [1, 2, 3])
        let missing = await compositor.selectionData(mimeType: "text/plain")
        XCTAssertNil(missing, "not offered")
    }

    func testAPasteBeingReadWhenTheConnectionClosesEndsWithTheConnectionsError() async throws {
        let log = ReconnectionLog(scripted.application)
        // Longer than the test waits: only the connection closing can end the read in time.
        pasteboard.timeout = 60
        var changes = 0
        pasteboard.onChange = { changes += 1 }
        compositor.setSelection([("text/plain", Array("never sent".utf8))], answeringReads: false)
        await waitUntil("the clipboard's content was announced") { changes == 1 }
        let paste = PasteOutcome()
        Task { @MainActor [pasteboard] in
            do throws(PasteboardError) { paste.result = .success(try await pasteboard.string()) } catch { paste.result = .failure(error) }
        }
        let reading = await compositor.waitUntil { $0.receivedTypes == ["text/plain"] }
        XCTAssertTrue(reading, "the paste is being read")
        compositor.disconnectClients()
        await waitUntil("the paste ended") { paste.result != nil }
        let breakError = try XCTUnwrap(log.breakError)
        XCTAssertEqual(paste.result, .failure(.connectionFailed(breakError)))
        await waitUntil("the application reconnected") { self.scripted.application.reconnectionCount == 1 }
        XCTAssertEqual(pasteboard.types, [], "the old connection's offer is gone")
        XCTAssertEqual(scripted.fatalErrors, [])
    }

    func testPastingReadsAnotherApplicationsDataInTheTypeAskedFor() async throws {
        var changes = 0
        pasteboard.onChange = { changes += 1 }
        let large = (0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 / 3) }
        compositor.setSelection([("text/plain", Array("Grüße".utf8)), ("image/png", large)])
        await waitUntil("the clipboard's content was announced") { changes == 1 }
        XCTAssertEqual(pasteboard.types, [Pasteboard.PasteboardType(rawValue: "text/plain"), .png])
        let text = try await pasteboard.string()
        XCTAssertEqual(text, "Grüße", "read through the `text/plain` alias")
        let png = try await pasteboard.data(forType: .png)
        XCTAssertEqual(png.count, large.count)
        XCTAssertEqual(Array(png), large)
        XCTAssertEqual(compositor.state.receivedTypes, ["text/plain", "image/png"])
        do {
            _ = try await pasteboard.data(forType: .html)
            XCTFail("text/html is not on the clipboard")
        } catch {
            XCTAssertEqual(error, .typeNotAvailable("text/html"))
        }
        pasteboard.maximumTransferSize = 1000
        do {
            _ = try await pasteboard.data(forType: .png)
            XCTFail("larger than allowed")
        } catch {
            XCTAssertEqual(error, .tooLarge)
        }
        compositor.clearSelection()
        await waitUntil("the clipboard was emptied") { changes == 2 }
        XCTAssertEqual(pasteboard.types, [])
        let nothing = try await pasteboard.string()
        XCTAssertNil(nothing)
    }

    func testAnotherApplicationsCopyReplacesOursAndOurSourceIsReleased() async throws {
        _ = await scripted.press()
        try pasteboard.setString("ours")
        let set = await compositor.waitUntil { $0.selections.count == 1 }
        XCTAssertTrue(set)
        compositor.setSelection([("text/plain;charset=utf-8", Array("theirs".utf8))])
        let released = await compositor.waitUntil { $0.count(of: "wl_data_source.destroy") == 1 }
        XCTAssertTrue(released, "our source was destroyed once it was cancelled")
        await waitUntil("their content is announced") { self.pasteboard.types == [.string] }
        let text = try await pasteboard.string()
        XCTAssertEqual(text, "theirs")
    }
}

/// How a paste ended, once it did.
@MainActor
private final class PasteOutcome {
    var result: Result<String?, PasteboardError>?
}
