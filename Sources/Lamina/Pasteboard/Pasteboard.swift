import Foundation
internal import Wayland

/// One of the desktop's selections, as AppKit's `NSPasteboard.general` is the clipboard: data
/// in any number of types (MIME types here), set by one application and read by any.
///
/// ``Application/pasteboard`` is the clipboard (`wl_data_device`): copy and paste.
/// ``Application/primarySelection`` is the primary selection
/// (`zwp_primary_selection_device_v1`, where the compositor offers it): the text a user
/// selected last, in any application, which X11 and Wayland desktops paste with the middle
/// button. AppKit has no primary selection; its API is the clipboard's.
///
/// Reading is asynchronous: the data comes from the application that set it, through a pipe
/// read on a background queue, so the main thread never waits for it. Writing answers other
/// applications' requests the same way. The compositor tells an application what a selection
/// holds while one of its windows has the keyboard focus; ``types`` is empty otherwise.
///
/// ```swift
/// try app.pasteboard.setString(title.string)              // while handling a click or key
/// if let text = try await app.pasteboard.string() { … }
/// try app.primarySelection.setString(selectedText)        // when the user selected text
/// if let text = try await app.primarySelection.string() { … }   // on a middle-button press
/// ```
@MainActor
public final class Pasteboard {
    /// A kind of data on the pasteboard: a MIME type.
    public struct PasteboardType: RawRepresentable, Hashable, Sendable {
        /// The MIME type, e.g. `text/plain;charset=utf-8`.
        public let rawValue: String

        /// A type from its MIME type.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// UTF-8 text: `text/plain;charset=utf-8`.
        public static let string = PasteboardType(rawValue: "text/plain;charset=utf-8")
        /// PNG images.
        public static let png = PasteboardType(rawValue: "image/png")
        /// A list of URLs, one per line: `text/uri-list`.
        public static let fileURL = PasteboardType(rawValue: "text/uri-list")
        /// HTML.
        public static let html = PasteboardType(rawValue: "text/html")

        /// The names other toolkits give text, offered with ``string`` and read in this order
        /// when it is missing.
        static let textAliases = ["text/plain;charset=utf-8", "UTF8_STRING", "text/plain", "STRING", "TEXT"]
    }

    /// The largest piece of data read from the pasteboard. Default 64 MiB.
    public var maximumTransferSize = 64 << 20
    /// How long a read waits for the other application, in seconds. Default 10.
    public var timeout: Double = 10
    /// Called when the selection's content changed (another application, or this one, set
    /// it). Default nil.
    public var onChange: (() -> Void)?
    /// How many times the selection's content changed since the pasteboard was first used.
    public private(set) var changeCount = 0

    private unowned let application: Application
    /// The selection followed; nil when the compositor does not offer it.
    private var kind: PasteboardKind?
    /// Each seat's device, by the seat's registry name.
    private var devices: [(name: UInt32, seat: WlSeat, device: any SelectionDevice)] = []
    /// The selection's content as the device that announced it last offers it.
    private var selection: DataOffer?
    /// What this application put on the selection, while it is there.
    private var owned: (source: DataSource, items: OfferedItems)?
    /// What this application owned when its connection closed, until it is offered on the
    /// new one.
    private var ownedBeforeReconnecting: [PasteboardType: Data]?
    /// Called with each seat's device as it is made (drag and drop follows the clipboard's).
    private let deviceAdded: ((any SelectionDevice) -> Void)?
    /// Called with each device as it goes (its seat went away, or the connection closed).
    private let deviceRemoved: ((any SelectionDevice) -> Void)?

    init(
        application: Application, kind: PasteboardKind?, deviceAdded: ((any SelectionDevice) -> Void)? = nil,
        deviceRemoved: ((any SelectionDevice) -> Void)? = nil
    ) {
        self.application = application
        self.kind = kind
        self.deviceAdded = deviceAdded
        self.deviceRemoved = deviceRemoved
    }

    /// The clipboard's data device of `seat` (the first seat's when `seat` has none).
    func dataDevice(for seat: WlSeat) -> DataDevice? {
        (devices.first { $0.seat === seat } ?? devices.first)?.device as? DataDevice
    }

    /// Follows the selection as seen through `seat` (its registry name `name`).
    func addSeat(_ seat: WlSeat, name: UInt32) {
        guard let kind, !devices.contains(where: { $0.name == name }) else { return }
        do {
            let device = try kind.makeDevice(seat: seat)
            device.onSelectionChanged = { [weak self] offer in
                MainActor.assumeIsolated { self?.selectionChanged(offer) }
            }
            devices.append((name, seat, device))
            deviceAdded?(device)
        } catch {
            application.fail(error)
        }
    }

    /// The application reconnected: devices and offers of the old connection are gone, and
    /// what the app owned waits for the next input event to be offered again.
    func connectionChanged(to kind: PasteboardKind?) {
        self.kind = kind
        for entry in devices { deviceRemoved?(entry.device) }
        devices.removeAll()
        if selection != nil {
            selection = nil
            changeCount += 1
            onChange?()
        }
        if let owned { ownedBeforeReconnecting = owned.items.items }
        owned = nil
    }

    /// Offers again what the app owned before reconnecting (the first input event on the new
    /// connection gives the serial this needs).
    func offerAgainAfterReconnecting() {
        guard let items = ownedBeforeReconnecting else { return }
        ownedBeforeReconnecting = nil
        try? setData(items)
    }

    /// Forgets a seat that went away.
    func removeSeat(name: UInt32) {
        for entry in devices where entry.name == name { deviceRemoved?(entry.device) }
        devices.removeAll { $0.name == name }
    }

    private func selectionChanged(_ offer: DataOffer?) {
        selection = offer
        changeCount += 1
        onChange?()
    }

    /// The types the selection holds, in the order its owner offered them; empty when it is
    /// empty or while no window of the application has the keyboard focus.
    public var types: [PasteboardType] {
        if let owned { return owned.source.mimeTypes.map(PasteboardType.init(rawValue:)) }
        return selection?.mimeTypes.map(PasteboardType.init(rawValue:)) ?? []
    }

    // MARK: - Writing

    /// Replaces the selection's content with `items`, one piece of data per type. Must be
    /// called while handling a user's input event (the compositor asks for its serial);
    /// throws ``PasteboardError/noInputEvent`` before any. An empty dictionary empties the
    /// selection.
    public func setData(_ items: [PasteboardType: Data]) throws(PasteboardError) {
        if let error = application.errorWhileReconnecting { throw .connectionFailed(error) }
        guard let kind, let first = devices.first else { throw .unavailable }
        guard let input = application.lastUserInput else { throw .noInputEvent }
        ownedBeforeReconnecting = nil
        // The data device of the seat the input came from.
        let seatDevice = devices.first { $0.seat === input.seat }?.device ?? first.device
        do {
            guard !items.isEmpty else {
                try seatDevice.setSelection(nil, serial: input.serial)
                releaseOwned()
                application.scheduleFlush()
                return
            }
            let offered = OfferedItems(items)
            let source = try kind.makeSource(mimeTypes: offered.mimeTypes)
            source.onSend = { [weak self] mimeType, descriptor in
                MainActor.assumeIsolated { self?.send(mimeType, to: descriptor) }
            }
            source.onCancelled = { [weak self, weak source] in
                MainActor.assumeIsolated {
                    guard let self, let source, self.owned?.source === source else {
                        source?.destroy()
                        return
                    }
                    self.releaseOwned()
                }
            }
            try seatDevice.setSelection(source, serial: input.serial)
            releaseOwned()
            owned = (source, offered)
            application.scheduleFlush()
        } catch {
            throw .connectionFailed(LaminaError(error))
        }
    }

    /// Replaces the selection's content with `string`, as UTF-8 text (offered under the names
    /// other toolkits use for text too).
    public func setString(_ string: String) throws(PasteboardError) {
        try setData([.string: Data(string.utf8)])
    }

    private func releaseOwned() {
        owned?.source.destroy()
        owned = nil
    }

    /// Another application asked for our data as `mimeType`.
    private func send(_ mimeType: String, to descriptor: Int32) {
        guard let owned else {
            _ = OwnedFileDescriptor(adopting: descriptor)  // closing the pipe tells the reader
            return
        }
        owned.items.send(mimeType, to: descriptor, timeout: timeout)
    }

    // MARK: - Reading

    /// The selection's data as `type`. Throws ``PasteboardError/typeNotAvailable(_:)`` when it
    /// holds no such type (or nothing).
    public func data(forType type: PasteboardType) async throws(PasteboardError) -> Data {
        if let owned, let data = owned.items.items[type] { return data }
        guard let selection else { throw .typeNotAvailable(type.rawValue) }
        return try await selection.read(type, application: application, limit: maximumTransferSize, timeout: timeout)
    }

    /// The selection's text, or nil when it holds none. Text offered under another toolkit's
    /// name (`UTF8_STRING`, `text/plain`, …) is read too; bytes that are not UTF-8 are
    /// repaired.
    public func string() async throws(PasteboardError) -> String? {
        if let owned, let data = owned.items.items[.string] { return String(decoding: data, as: UTF8.self) }
        guard let type = selection?.textType else { return nil }
        let data = try await data(forType: type)
        return String(decoding: data, as: UTF8.self)
    }
}
