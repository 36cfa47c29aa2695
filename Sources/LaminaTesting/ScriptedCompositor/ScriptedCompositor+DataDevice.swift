import CWaylandServer
import Dispatch
import Glibc
import Wayland

extension ScriptedCompositor {
    /// One `set_selection` request (of `wl_data_device` or `zwp_primary_selection_device_v1`).
    public struct SelectionRecord: Equatable, Sendable {
        /// The MIME types the source offered (empty when the selection was cleared).
        public var mimeTypes: [String]
        /// The serial of the input event it answered.
        public var serial: UInt32

        /// A request's record.
        public init(mimeTypes: [String], serial: UInt32) {
            self.mimeTypes = mimeTypes
            self.serial = serial
        }
    }

    /// Which of the desktop's selections a script step acts on.
    public enum SelectionKind: Sendable {
        /// The clipboard (`wl_data_device`).
        case clipboard
        /// The primary selection (`zwp_primary_selection_device_v1`).
        case primary

        /// The protocol's device, offer and source interfaces.
        var interfaces: (device: String, offer: String, source: String) {
            switch self {
            case .clipboard: return ("wl_data_device", "wl_data_offer", "wl_data_source")
            case .primary:
                return ("zwp_primary_selection_device_v1", "zwp_primary_selection_offer_v1", "zwp_primary_selection_source_v1")
            }
        }

        /// The selection whose protocol has the interface `name`, if any.
        init?(interface name: String) {
            if name.hasPrefix("wl_data_") {
                self = .clipboard
            } else if name.hasPrefix("zwp_primary_selection_") {
                self = .primary
            } else {
                return nil
            }
        }
    }

    // MARK: - Script

    /// Another application puts `items` (data by MIME type, in the order given) on the
    /// clipboard (or the primary selection): each device gets a new offer with the types and a
    /// `selection` naming it. The client's `receive` requests are answered with the data —
    /// unless `answeringReads` is false: then the pipe is kept open, never written, until the
    /// compositor stops, as by an application that hangs while it owns the selection. A
    /// source of the client's that was the selection is sent `cancelled`.
    public func setSelection(
        _ items: [(mimeType: String, data: [UInt8])], in kind: SelectionKind = .clipboard, answeringReads: Bool = true
    ) {
        let names = kind.interfaces
        perform { [unowned self] in
            if let previous = currentSelectionSource(kind) { post(previous, "cancelled", []) }
            for device in alive(names.device) { device.offeredSource = nil }
            for device in alive(names.device) {
                guard let client = device.client,
                    let offer = makeResource(names.offer, client: client, version: device.version, id: 0)
                else { continue }
                offer.answersReads = answeringReads
                post(device, "data_offer", [.object(offer)])
                for item in items {
                    offer.mimeTypes.append(item.mimeType)
                    offer.offeredData[item.mimeType] = item.data
                    post(offer, "offer", [.string(item.mimeType)])
                }
                post(device, "selection", [.object(offer)])
            }
        }
    }

    /// The clipboard (or the primary selection) becomes empty (`selection` with no offer); a
    /// source of the client's that was the selection is sent `cancelled`.
    public func clearSelection(in kind: SelectionKind = .clipboard) {
        let names = kind.interfaces
        perform { [unowned self] in
            if let previous = currentSelectionSource(kind) { post(previous, "cancelled", []) }
            for device in alive(names.device) { device.offeredSource = nil }
            for device in alive(names.device) { post(device, "selection", [.object(nil)]) }
        }
    }

    /// Reads what the client put on the clipboard (or the primary selection), as `mimeType`, as
    /// a pasting application would: its source is sent `send` with a pipe, read (on a thread of
    /// its own) until the client closes it. Nil when the client's selection does not offer the
    /// type, or the client did not close the pipe within `timeout` seconds.
    public func selectionData(mimeType: String, in kind: SelectionKind = .clipboard, timeout: Double = 10) async -> [UInt8]? {
        await readSourceData(mimeType, timeout: timeout) { [unowned self] in currentSelectionSource(kind) }
    }

    /// Asks the client's source that `source` finds (on the server thread) for its data as
    /// `mimeType`, as a receiving application would: `send` with a pipe, read on a thread of
    /// its own until the client closes it. Nil when there is no such source or type, or on
    /// timeout.
    func readSourceData(_ mimeType: String, timeout: Double, from source: @escaping () -> ServerResource?) async -> [UInt8]? {
        let descriptor: Int32? = perform { [unowned self] in
            guard let source = source(), source.isAlive, source.mimeTypes.contains(mimeType) else { return nil }
            guard let pipe = try? NonBlockingPipe() else { return nil }
            post(source, "send", [.string(mimeType), .fd(pipe.writeEnd.rawValue)])
            return pipe.takeReadEnd().release()
        }
        guard let descriptor else { return nil }
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: Self.readToEnd(descriptor, timeout: timeout)) }
        }
    }

    /// Reads a blocking descriptor until its end (nil on failure or timeout) and closes it.
    private static func readToEnd(_ descriptor: Int32, timeout: Double) -> [UInt8]? {
        defer { Glibc.close(descriptor) }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout * 1e9)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return nil }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            do {
                let ready = try SystemCall.run("poll") { poll(&poller, 1, Int32(min((deadline - now) / 1_000_000, 1000))) }
                guard ready > 0 else { continue }
                let count = try SystemCall.run("read") { buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) } }
                if count == 0 { return bytes }
                bytes += buffer[0..<count]
            } catch let error where error.code == EAGAIN {
                continue
            } catch {
                return nil
            }
        }
    }

    // MARK: - Server side (server thread)

    /// The client's source the last `set_selection` of `kind` named (nil when cleared).
    private func currentSelectionSource(_ kind: SelectionKind) -> ServerResource? {
        alive(kind.interfaces.device).compactMap(\.offeredSource).last { $0.isAlive }
    }

    /// Handles the requests of the clipboard's and the primary selection's sources, devices
    /// and offers.
    func handleDataDeviceRequest(_ name: String, _ resource: ServerResource, arguments: UnsafeMutablePointer<wl_argument>?) {
        guard let kind = SelectionKind(interface: resource.interface) else { return }
        if kind == .clipboard, handleDragRequest(name, resource, arguments: arguments) { return }
        let names = kind.interfaces
        func argument(_ index: Int) -> wl_argument { arguments?[index] ?? wl_argument() }
        func object(_ index: Int) -> ServerResource? { argument(index).o.flatMap { resources[$0] } }
        switch name {
        case "\(names.source).offer":
            resource.mimeTypes.append(argument(0).s.map { String(cString: $0) } ?? "")
        case "\(names.device).set_selection":
            let source = object(0)
            let record = SelectionRecord(mimeTypes: source?.mimeTypes ?? [], serial: argument(1).u)
            update {
                switch kind {
                case .clipboard: $0.selections.append(record)
                case .primary: $0.primarySelections.append(record)
                }
            }
            // The previous source is told it was replaced, as real compositors do.
            if let previous = currentSelectionSource(kind), previous !== source { post(previous, "cancelled", []) }
            for device in alive(names.device) { device.offeredSource = nil }
            resource.offeredSource = source
            // The client hears of its own selection, as the focused client of a real
            // compositor does: an offer whose requests go to its source.
            for device in alive(names.device) {
                guard let source, let client = device.client,
                    let offer = makeResource(names.offer, client: client, version: device.version, id: 0)
                else {
                    post(device, "selection", [.object(nil)])
                    continue
                }
                offer.offeredSource = source
                offer.mimeTypes = source.mimeTypes
                post(device, "data_offer", [.object(offer)])
                for mimeType in source.mimeTypes { post(offer, "offer", [.string(mimeType)]) }
                post(device, "selection", [.object(offer)])
            }
        case "\(names.offer).receive":
            let mimeType = argument(0).s.map { String(cString: $0) } ?? ""
            let descriptor = argument(1).h
            update { $0.receivedTypes.append(mimeType) }
            if let source = resource.offeredSource, source.isAlive {
                post(source, "send", [.string(mimeType), .fd(descriptor)])
                Glibc.close(descriptor)
            } else if !resource.answersReads {
                unansweredReads.append(descriptor)
            } else {
                let data = resource.offeredData[mimeType] ?? []
                // The client reads on a queue of its own: the write may wait for it.
                DispatchQueue.global().async {
                    Self.writeAll(data, to: descriptor)
                    Glibc.close(descriptor)
                }
            }
        default:
            break
        }
    }

    /// Writes `data` to a descriptor that may be non-blocking, waiting for room as needed.
    private static func writeAll(_ data: [UInt8], to descriptor: Int32) {
        var offset = 0
        while offset < data.count {
            do {
                offset += try SystemCall.run("write") {
                    data.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress.map { $0 + offset }, data.count - offset) }
                }
            } catch let error where error.code == EAGAIN {
                var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                guard (try? SystemCall.run("poll") { poll(&poller, 1, 1000) }) != nil else { return }
            } catch {
                return
            }
        }
    }
}
