import Foundation
import Wayland

/// The desktop's clipboard (`wl_data_device`), as AppKit's `NSPasteboard.general` is: data in
/// any number of types (MIME types here), set by one application and read by any.
///
/// Reading is asynchronous: the data comes from the application that set it, through a pipe
/// read on a background queue, so the main thread never waits for it. Writing answers other
/// applications' requests the same way. The compositor tells an application what the
/// clipboard holds while one of its windows has the keyboard focus; ``types`` is empty
/// otherwise.
///
/// ```swift
/// try app.pasteboard.setString(title.string)              // while handling a click or key
/// if let text = try await app.pasteboard.string() { … }
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
    /// Called when the clipboard's content changed (another application, or this one, set it).
    /// Default nil.
    public var onChange: (() -> Void)?
    /// How many times the clipboard's content changed since the application started.
    public private(set) var changeCount = 0

    private unowned let application: Application
    private let manager: WlDataDeviceManager?
    /// Each seat's data device, by the seat's registry name.
    private var devices: [(name: UInt32, seat: WlSeat, device: DataDevice)] = []
    /// The clipboard's content as the data device that announced it last offers it.
    private var selection: DataOffer?
    /// What this application put on the clipboard, while it is there.
    private var owned: (source: DataSource, items: [PasteboardType: Data])?

    init(application: Application, manager: WlDataDeviceManager?) {
        self.application = application
        self.manager = manager
    }

    /// Follows the clipboard as seen through `seat` (its registry name `name`).
    func addSeat(_ seat: WlSeat, name: UInt32) {
        guard let manager, !devices.contains(where: { $0.name == name }) else { return }
        do {
            let device = try DataDevice(manager: manager, seat: seat)
            device.onSelectionChanged = { [weak self] offer in
                MainActor.assumeIsolated { self?.selectionChanged(offer) }
            }
            devices.append((name, seat, device))
        } catch {
            application.fail(error)
        }
    }

    /// Forgets a seat that went away.
    func removeSeat(name: UInt32) {
        devices.removeAll { $0.name == name }
    }

    private func selectionChanged(_ offer: DataOffer?) {
        selection = offer
        changeCount += 1
        onChange?()
    }

    /// The types the clipboard holds, in the order its owner offered them; empty when it is
    /// empty or while no window of the application has the keyboard focus.
    public var types: [PasteboardType] {
        if let owned { return owned.source.mimeTypes.map(PasteboardType.init(rawValue:)) }
        return selection?.mimeTypes.map(PasteboardType.init(rawValue:)) ?? []
    }

    // MARK: - Writing

    /// Replaces the clipboard's content with `items`, one piece of data per type. Must be
    /// called while handling a user's input event (the compositor asks for its serial);
    /// throws ``PasteboardError/noInputEvent`` before any. An empty dictionary empties the
    /// clipboard.
    public func setData(_ items: [PasteboardType: Data]) throws(PasteboardError) {
        guard let manager, let first = devices.first else { throw .unavailable }
        guard let input = application.lastUserInput else { throw .noInputEvent }
        // The data device of the seat the input came from.
        let seatDevice = devices.first { $0.seat === input.seat }?.device ?? first.device
        do {
            guard !items.isEmpty else {
                try seatDevice.setSelection(nil, serial: input.serial)
                releaseOwned()
                application.scheduleFlush()
                return
            }
            // Deterministic order: the types as sorted by name, text first.
            let ordered = items.keys.sorted { ($0 == .string ? "" : $0.rawValue) < ($1 == .string ? "" : $1.rawValue) }
            var mimeTypes = ordered.map(\.rawValue)
            if items[.string] != nil {
                mimeTypes += PasteboardType.textAliases.filter { !mimeTypes.contains($0) }
            }
            let source = try DataSource(manager: manager, mimeTypes: mimeTypes)
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
            owned = (source, items)
            application.scheduleFlush()
        } catch {
            throw .connectionFailed(LaminaError(error))
        }
    }

    /// Replaces the clipboard's content with `string`, as UTF-8 text (offered under the names
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
        guard let items = owned?.items else {
            close(descriptor)
            return
        }
        let type = PasteboardType(rawValue: mimeType)
        let data = items[type] ?? (PasteboardType.textAliases.contains(mimeType) ? items[.string] : nil)
        guard let data else {
            close(descriptor)
            return
        }
        PipeTransfer.write(data, to: descriptor, timeout: timeout)
    }

    // MARK: - Reading

    /// The clipboard's data as `type`. Throws ``PasteboardError/typeNotAvailable(_:)`` when it
    /// holds no such type (or nothing).
    public func data(forType type: PasteboardType) async throws(PasteboardError) -> Data {
        if let owned, let data = owned.items[type] { return data }
        guard let selection, selection.mimeTypes.contains(type.rawValue) else { throw .typeNotAvailable(type.rawValue) }
        let descriptor: Int32
        do {
            descriptor = try selection.receive(type.rawValue)
            try application.connection.flush()
        } catch {
            throw .connectionFailed(LaminaError(error))
        }
        let limit = maximumTransferSize, timeout = timeout
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Data, PasteboardError>, Never>) in
            PipeTransfer.read(descriptor, limit: limit, timeout: timeout) { continuation.resume(returning: $0) }
        }
        return try result.get()
    }

    /// The clipboard's text, or nil when it holds none. Text offered under another toolkit's
    /// name (`UTF8_STRING`, `text/plain`, …) is read too; bytes that are not UTF-8 are
    /// repaired.
    public func string() async throws(PasteboardError) -> String? {
        if let owned, let data = owned.items[.string] { return String(decoding: data, as: UTF8.self) }
        guard let name = PasteboardType.textAliases.first(where: { types.map(\.rawValue).contains($0) }) else { return nil }
        let data = try await data(forType: PasteboardType(rawValue: name))
        return String(decoding: data, as: UTF8.self)
    }
}
