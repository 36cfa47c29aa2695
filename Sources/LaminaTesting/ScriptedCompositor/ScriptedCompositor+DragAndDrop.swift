import CWaylandServer

// Drag and drop through `wl_data_device`: another application's drag over the client's
// window (the destination side), and the events a compositor sends the client's own drag
// source. The client's drag requests are logged in `State.dragAndDrop`, in order.
extension ScriptedCompositor {
    // MARK: - Script: another application's drag over the client's window

    /// Another application's drag, offering `items` (data by MIME type, in the order given) and
    /// allowing `sourceActions` (copy 1, move 2, ask 4), enters the first toplevel's surface
    /// (or the newest popup's) at (x, y). Returns the `enter`'s serial. The client's reads of
    /// the data are answered unless `answeringReads` is false: then each read's pipe is kept
    /// open, never written, until the compositor stops, as by a source application that hangs.
    @discardableResult
    public func dragEnter(
        _ items: [(mimeType: String, data: [UInt8])], sourceActions: UInt32, x: Double, y: Double, onPopup: Bool = false,
        answeringReads: Bool = true
    ) -> UInt32 {
        perform { [unowned self] in
            let serial = nextSerial()
            let role = onPopup ? alive("xdg_popup").last : alive("xdg_toplevel").first
            guard let surface = role?.xdgSurface?.surface else { return serial }
            for device in alive("wl_data_device") where device.client == surface.client {
                guard let client = device.client,
                    let offer = makeResource("wl_data_offer", client: client, version: device.version, id: 0)
                else { continue }
                offer.isDragOffer = true
                offer.answersReads = answeringReads
                offer.dragActions = sourceActions
                device.dragOffer = offer
                post(device, "data_offer", [.object(offer)])
                for item in items {
                    offer.mimeTypes.append(item.mimeType)
                    offer.offeredData[item.mimeType] = item.data
                    post(offer, "offer", [.string(item.mimeType)])
                }
                if offer.version >= 3 { post(offer, "source_actions", [.uint(sourceActions)]) }
                post(device, "enter", [.uint(serial), .object(surface), .fixed(x), .fixed(y), .object(offer)])
            }
            return serial
        }
    }

    /// The drag moves to (x, y) on the surface it entered.
    public func dragMove(x: Double, y: Double) {
        perform { [unowned self] in
            for device in alive("wl_data_device") {
                post(device, "motion", [.uint(inputMilliseconds), .fixed(x), .fixed(y)])
            }
        }
    }

    /// The drag leaves the surface.
    public func dragLeave() {
        perform { [unowned self] in
            for device in alive("wl_data_device") { post(device, "leave", []) }
        }
    }

    /// The user drops.
    public func dragDrop() {
        perform { [unowned self] in
            for device in alive("wl_data_device") { post(device, "drop", []) }
        }
    }

    /// Sends a raw `wl_data_offer.action` for the current drag's offer (for a test of what a
    /// compositor must not send, e.g. a value outside copy, move and ask).
    public func dragOfferAction(_ action: UInt32) {
        perform { [unowned self] in
            for device in alive("wl_data_device") {
                if let offer = device.dragOffer, offer.isAlive { post(offer, "action", [.uint(action)]) }
            }
        }
    }

    /// Sends what a broken compositor might: `motion`, `leave` and `drop` although no drag
    /// entered, then an `enter` naming an offer that was announced as the clipboard's content
    /// (not as a drag's), and its `leave`.
    public func sendStrayDragEvents() {
        perform { [unowned self] in
            guard let surface = alive("xdg_toplevel").first?.xdgSurface?.surface else { return }
            for device in alive("wl_data_device") where device.client == surface.client {
                post(device, "motion", [.uint(inputMilliseconds), .fixed(1), .fixed(1)])
                post(device, "leave", [])
                post(device, "drop", [])
                guard let client = device.client,
                    let selection = makeResource("wl_data_offer", client: client, version: device.version, id: 0)
                else { continue }
                post(device, "data_offer", [.object(selection)])
                post(selection, "offer", [.string("text/plain")])
                post(device, "selection", [.object(selection)])
                post(device, "enter", [.uint(nextSerial()), .object(surface), .fixed(1), .fixed(1), .object(selection)])
                post(device, "leave", [])
            }
        }
    }

    // MARK: - Script: the client's own drag, as its source hears it

    /// The destination under the pointer takes `mimeType` (nil: none): `wl_data_source.target`.
    public func dragSourceTarget(_ mimeType: String?) {
        postToDragSource("target", [mimeType.map { .string($0) } ?? .nullString])
    }

    /// The compositor chose `action` (copy 1, move 2, ask 4, none 0): `wl_data_source.action`.
    public func dragSourceAction(_ action: UInt32) {
        postToDragSource("action", [.uint(action)])
    }

    /// The user dropped on a destination that takes the data: `dnd_drop_performed`.
    public func dragSourceDropPerformed() {
        postToDragSource("dnd_drop_performed", [])
    }

    /// The destination finished: `dnd_finished`.
    public func dragSourceFinished() {
        postToDragSource("dnd_finished", [])
    }

    /// The drag was cancelled: `cancelled`.
    public func dragSourceCancelled() {
        postToDragSource("cancelled", [])
    }

    /// Reads the client's drag data as `mimeType`, as a destination would (`send` with a pipe,
    /// read until the client closes it). Nil when its drag does not offer the type, or it did
    /// not close the pipe within `timeout` seconds.
    public func dragSourceData(mimeType: String, timeout: Double = 10) async -> [UInt8]? {
        await readSourceData(mimeType, timeout: timeout) { [unowned self] in currentDragSource }
    }

    private func postToDragSource(_ event: String, _ arguments: [EventArgument]) {
        perform { [unowned self] in
            if let source = currentDragSource { post(source, event, arguments) }
        }
    }

    /// The source of the client's last `start_drag`, while it exists.
    private var currentDragSource: ServerResource? {
        alive("wl_data_device").compactMap(\.dragSource).last { $0.isAlive }
    }

    // MARK: - Server side (server thread)

    /// Logs and answers the client's drag requests; false for a request that is not one.
    func handleDragRequest(_ name: String, _ resource: ServerResource, arguments: UnsafeMutablePointer<wl_argument>?) -> Bool {
        func argument(_ index: Int) -> wl_argument { arguments?[index] ?? wl_argument() }
        func object(_ index: Int) -> ServerResource? { argument(index).o.flatMap { resources[$0] } }
        func log(_ entry: String) { update { $0.dragAndDrop.append(entry) } }
        switch name {
        case "wl_data_source.set_actions":
            resource.dragActions = argument(0).u
        case "wl_data_device.start_drag":
            let source = object(0)
            resource.dragSource = source
            let icon = object(2).map { "icon \($0.id)" } ?? "no icon"
            log("start_drag \(source?.mimeTypes ?? []) actions \(source?.dragActions ?? 0) serial \(argument(3).u) origin \(object(1)?.id ?? 0) \(icon)")
        case "wl_data_offer.accept" where resource.isDragOffer:
            log("accept \(argument(0).u) \(argument(1).s.map { String(cString: $0) } ?? "nil")")
        case "wl_data_offer.set_actions" where resource.isDragOffer:
            let actions = argument(0).u, preferred = argument(1).u
            log("set_actions \(actions) preferred \(preferred)")
            // Chosen as compositors do: the preferred action if both sides allow it, else the
            // first both allow (copy, move, ask).
            let both = actions & resource.dragActions
            let chosen: UInt32 = both & preferred != 0 ? preferred : [1, 2, 4].first(where: { both & $0 != 0 }) ?? 0
            post(resource, "action", [.uint(chosen)])
        case "wl_data_offer.receive" where resource.isDragOffer:
            log("receive \(argument(0).s.map { String(cString: $0) } ?? "")")
            return false  // answered as any offer's
        case "wl_data_offer.finish":
            log("finish")
        case "wl_data_offer.destroy" where resource.isDragOffer:
            log("destroy offer")
        default:
            return false
        }
        return true
    }
}
