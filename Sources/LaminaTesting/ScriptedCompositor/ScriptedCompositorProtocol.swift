import CWaylandServer
import CoreGraphics
import Foundation
import Glibc
@_spi(WaylandServer) import Wayland

/// What a global's bind callback needs: the compositor and which interface was bound.
final class GlobalContext {
    unowned let compositor: ScriptedCompositor
    let interface: String
    /// For `wl_output`: which output (0 for the first).
    let outputIndex: Int?

    init(compositor: ScriptedCompositor, interface: String, outputIndex: Int? = nil) {
        self.compositor = compositor
        self.interface = interface
        self.outputIndex = outputIndex
    }
}

/// The one C dispatcher for every resource the scripted compositor creates.
private let requestDispatcher: wl_dispatcher_func_t = { implementation, target, opcode, _, arguments in
    guard let implementation, let target else { return 0 }
    let compositor = Unmanaged<ScriptedCompositor>.fromOpaque(implementation).takeUnretainedValue()
    compositor.handleRequest(OpaquePointer(target), opcode: opcode, arguments: arguments)
    return 0
}

/// Called by libwayland when one of the compositor's resources is destroyed.
private let resourceDestroyed: wl_resource_destroy_func_t = { resource in
    guard let resource, let data = wl_resource_get_user_data(resource) else { return }
    Unmanaged<ScriptedCompositor>.fromOpaque(data).takeUnretainedValue().forget(resource)
}

extension ScriptedCompositor {
    // MARK: - Globals

    func installGlobals() {
        addGlobal("wl_compositor", version: configuration.desktopProtocols.compositorVersion)
        addGlobal("wl_shm", version: 1)
        addGlobal("xdg_wm_base", version: 5)
        if configuration.offersSeat { addGlobal("wl_seat", version: configuration.seatVersion) }
        if configuration.offersOutput {
            for index in 0...configuration.additionalOutputScales.count {
                addGlobal("wl_output", version: 4, outputIndex: index)
            }
        }
        if configuration.offersPresentation { addGlobal("wp_presentation", version: 1) }
        if configuration.offersViewporter { addGlobal("wp_viewporter", version: 1) }
        if configuration.offersFractionalScale { addGlobal("wp_fractional_scale_manager_v1", version: 1) }
        if configuration.offersDataDevice { addGlobal("wl_data_device_manager", version: 3) }
        if configuration.offersPrimarySelection { addGlobal("zwp_primary_selection_device_manager_v1", version: 1) }
        if configuration.offersPointerGestures { addGlobal("zwp_pointer_gestures_v1", version: 3) }
        if configuration.decorationManager != .notOffered { addGlobal("zxdg_decoration_manager_v1", version: 1) }
        installDesktopGlobals { name, version in addGlobal(name, version: version) }
    }

    /// The scale output `index` starts with.
    func initialScale(ofOutput index: Int) -> Int32 {
        if let added = addedOutputScales[index] { return added }
        return index == 0 ? configuration.outputScale : configuration.additionalOutputScales[index - 1]
    }

    func addGlobal(_ name: String, version: UInt32, outputIndex: Int? = nil) {
        guard let interface = WaylandProtocolTables.interface(named: name) else { return }
        let known = WaylandProtocolTables.version(of: name) ?? 1
        let context = Unmanaged.passRetained(GlobalContext(compositor: self, interface: name, outputIndex: outputIndex))
        globalContexts.append(context)
        let global = wl_global_create(
            display, interface.assumingMemoryBound(to: wl_interface.self), Int32(min(version, known)), context.toOpaque()
        ) { client, data, version, id in
            guard let client, let data else { return }
            let context = Unmanaged<GlobalContext>.fromOpaque(data).takeUnretainedValue()
            context.compositor.bind(context.interface, client: client, version: version, id: id, outputIndex: context.outputIndex)
        }
        if let outputIndex, let global { outputGlobals[outputIndex] = global }
    }

    private func bind(_ interface: String, client: OpaquePointer, version: UInt32, id: UInt32, outputIndex: Int?) {
        noteClient(client)
        guard let resource = makeResource(interface, client: client, version: Int32(version), id: id) else { return }
        resource.outputIndex = outputIndex
        update { $0.boundGlobals.append(interface) }
        switch interface {
        case "wl_seat":
            // pointer (1), keyboard (2), touch (4); a test may set them itself
            let offered: UInt32 = 1 | (configuration.offersKeyboard ? 2 : 0) | (configuration.offersTouch ? 4 : 0)
            post(resource, "capabilities", [.uint(seatCapabilities ?? offered)])
            if resource.version >= 2 { post(resource, "name", [.string("seat0")]) }
        case "wl_output":
            post(resource, "geometry", [
                .int(0), .int(0), .int(300), .int(170), .int(0), .string("Lamina"), .string("Scripted"), .int(0),
            ])
            post(resource, "mode", [.uint(3), .int(configuration.outputWidth), .int(configuration.outputHeight), .int(60_000)])
            if resource.version >= 2 { post(resource, "scale", [.int(initialScale(ofOutput: outputIndex ?? 0))]) }
            if resource.version >= 4 {
                post(resource, "name", [.string("SCRIPTED-\((outputIndex ?? 0) + 1)")])
                post(resource, "description", [.string("Lamina's scripted test output")])
            }
            if resource.version >= 2 { post(resource, "done", []) }
        case "wl_shm":
            post(resource, "format", [.uint(0)])  // argb8888
            post(resource, "format", [.uint(1)])  // xrgb8888
        case "wp_presentation":
            post(resource, "clock_id", [.uint(UInt32(CLOCK_MONOTONIC))])
        default:
            break
        }
    }

    private func noteClient(_ client: OpaquePointer) {
        guard !clients.contains(client) else { return }
        clients.insert(client)
        let listener = ServerDestroyListener { [unowned self] _ in
            clients.remove(client)
            update { $0.connectedClients -= 1 }
        }
        listeners.append(listener)
        wl_client_add_destroy_listener(client, listener.listener)
        update {
            $0.connectedClients += 1
            $0.clientsSeen += 1
        }
    }

    // MARK: - Resources

    func makeResource(_ interface: String, client: OpaquePointer, version: Int32, id: UInt32) -> ServerResource? {
        guard let table = WaylandProtocolTables.interface(named: interface),
            let raw = wl_resource_create(client, table.assumingMemoryBound(to: wl_interface.self), version, id)
        else {
            wl_client_post_no_memory(client)
            return nil
        }
        let resource = ServerResource(raw: raw, interface: interface)
        resources[raw] = resource
        resourcesByInterface[interface, default: [:]][raw] = resource
        let context = Unmanaged.passUnretained(self).toOpaque()
        wl_resource_set_dispatcher(raw, requestDispatcher, context, context, resourceDestroyed)
        return resource
    }

    func forget(_ raw: OpaquePointer) {
        guard let resource = resources.removeValue(forKey: raw) else { return }
        resourcesByInterface[resource.interface]?.removeValue(forKey: raw)
        resource.isAlive = false
        if resource.interface == "wl_callback" {
            frameCallbacks.removeAll { $0 === resource }
            update { $0.pendingFrameCallbacks = frameCallbacks.count }
        }
        feedbacks.removeAll { $0 === resource }
        if resource.shmBuffer != nil {
            heldBuffers.removeAll { $0 === resource }
            for surface in (resourcesByInterface["wl_surface"] ?? [:]).values where surface.currentBuffer === resource {
                surface.currentBuffer = nil
            }
            update { $0.heldBuffers = heldBuffers.count }
        }
    }

    /// The live resources of `interface`, oldest first (looked up by interface: resources a
    /// compositor never destroys, such as feedback it leaves unanswered, cost nothing here).
    func alive(_ interface: String) -> [ServerResource] {
        (resourcesByInterface[interface] ?? [:]).values.filter(\.isAlive).sorted { $0.id < $1.id }
    }

    /// An argument of an event.
    enum EventArgument {
        case int(Int32)
        case uint(UInt32)
        case fixed(Double)
        case string(String)
        /// A null string (where the protocol allows one).
        case nullString
        case object(ServerResource?)
        case array([UInt8])
        /// A file descriptor; libwayland sends a duplicate, the caller keeps (and closes) this one.
        case fd(Int32)
    }

    /// Sends the event `name` of the resource's interface with these arguments.
    func post(_ resource: ServerResource, _ name: String, _ arguments: [EventArgument]) {
        guard resource.isAlive,
            let opcode = WaylandProtocolTables.events(of: resource.interface).firstIndex(where: { $0.name == name })
        else { return }
        var strings: [UnsafeMutablePointer<CChar>] = []
        var arrays: [UnsafeMutablePointer<wl_array>] = []
        defer {
            strings.forEach { free($0) }
            for array in arrays {
                wl_array_release(array)
                array.deallocate()
            }
        }
        var values = arguments.map { argument -> wl_argument in
            var value = wl_argument()
            switch argument {
            case .int(let number): value.i = number
            case .uint(let number): value.u = number
            case .fixed(let number): value.f = lamina_server_fixed_from_double(number)
            case .string(let text):
                let copy = strdup(text)
                if let copy { strings.append(copy) }
                value.s = UnsafePointer(copy)
            case .nullString: value.s = nil
            case .object(let object): value.o = object?.raw
            case .fd(let descriptor): value.h = descriptor
            case .array(let bytes):
                let array = UnsafeMutablePointer<wl_array>.allocate(capacity: 1)
                wl_array_init(array)
                if let target = wl_array_add(array, bytes.count) {
                    bytes.withUnsafeBytes { target.copyMemory(from: $0.baseAddress ?? UnsafeRawPointer(array), byteCount: bytes.count) }
                }
                arrays.append(array)
                value.a = array
            }
            return value
        }
        values.withUnsafeMutableBufferPointer { buffer in
            wl_resource_post_event_array(resource.raw, UInt32(opcode), buffer.baseAddress)
        }
    }

    // MARK: - Requests

    func handleRequest(_ raw: OpaquePointer, opcode: UInt32, arguments: UnsafeMutablePointer<wl_argument>?) {
        guard let resource = resources[raw], let client = resource.client else { return }
        let requests = WaylandProtocolTables.requests(of: resource.interface)
        guard Int(opcode) < requests.count else { return }
        let message = requests[Int(opcode)]
        let name = "\(resource.interface).\(message.name)"
        update { $0.requests.append(name) }
        func argument(_ index: Int) -> wl_argument { arguments?[index] ?? wl_argument() }
        func object(_ index: Int) -> ServerResource? { argument(index).o.flatMap { resources[$0] } }

        // Objects the request creates get a resource of ours at the parent's version.
        var created: [ServerResource] = []
        var index = 0
        for character in message.signature where !character.isNumber && character != "?" {
            if character == "n", index < message.types.count, let type = message.types[index],
                let made = makeResource(type, client: client, version: resource.version, id: argument(index).n)
            {
                created.append(made)
            }
            index += 1
        }

        switch name {
        case "wl_surface.attach":
            resource.pendingBuffer = .some(object(0))
        case "wl_surface.damage":
            resource.pendingDamage.append(rect(arguments))
        case "wl_surface.damage_buffer":
            resource.pendingBufferDamage.append(rect(arguments))
        case "wl_surface.frame":
            resource.pendingFrameCallbacks += created
        case "wl_surface.set_buffer_scale":
            resource.pendingBufferScale = argument(0).i
        case "wl_surface.commit":
            commit(resource)
        case "xdg_wm_base.get_xdg_surface":
            created.first?.surface = object(1)
        case "xdg_wm_base.pong":
            let serial = argument(0).u
            update { $0.pongs.append(serial) }
        case "xdg_surface.get_toplevel":
            if let toplevel = created.first {
                toplevel.xdgSurface = resource
                resource.toplevel = toplevel
                resource.surface?.role = resource
            }
        case "xdg_surface.ack_configure":
            let serial = argument(0).u
            resource.acknowledgedConfigure = true
            update {
                $0.acknowledgedConfigures.append(serial)
                $0.unacknowledgedConfigures.removeAll { $0 <= serial }
            }
        case "xdg_toplevel.set_title":
            let title = argument(0).s.map { String(cString: $0) } ?? ""
            update { $0.titles.append(title) }
        case "xdg_toplevel.set_app_id":
            let appID = argument(0).s.map { String(cString: $0) } ?? ""
            update { $0.appIDs.append(appID) }
        case "xdg_toplevel.set_min_size":
            let size = (width: argument(0).i, height: argument(1).i)
            update { $0.minimumSizes.append(size) }
        case "xdg_toplevel.set_max_size":
            let size = (width: argument(0).i, height: argument(1).i)
            update { $0.maximumSizes.append(size) }
        case "xdg_toplevel.move":
            let serial = argument(1).u
            update { $0.moves.append(serial) }
        case "xdg_toplevel.resize":
            let request = ResizeRequest(serial: argument(1).u, edges: argument(2).u)
            update { $0.resizes.append(request) }
        case "xdg_toplevel.show_window_menu":
            let request = WindowMenuRequest(serial: argument(1).u, x: argument(2).i, y: argument(3).i)
            update { $0.windowMenus.append(request) }
        case "xdg_toplevel.destroy":
            if alive("zxdg_toplevel_decoration_v1").contains(where: { $0.toplevel === resource }) {
                return postError(resource, code: 2, "the toplevel was destroyed before its decoration object")  // orphaned
            }
        case "zxdg_decoration_manager_v1.get_toplevel_decoration":
            created.first?.toplevel = object(1)
        case "zxdg_toplevel_decoration_v1.set_mode":
            let mode = argument(0).u
            update { $0.decorationModeRequests.append(mode) }
            answerDecorationMode(resource, requested: mode)
        case "zxdg_toplevel_decoration_v1.unset_mode":
            update { $0.decorationModeRequests.append(0) }
            answerDecorationMode(resource, requested: 2)
        case "wl_pointer.set_cursor":
            let hasSurface = argument(1).o != nil
            object(1)?.isCursor = true
            let request = CursorRequest(
                serial: argument(0).u, surfaceID: object(1)?.id, hotspotX: argument(2).i, hotspotY: argument(3).i)
            update {
                $0.cursorRequests.append(hasSurface)
                $0.cursors.append(request)
            }
        case "wl_seat.get_keyboard":
            if let keyboard = created.first { keyboardCreated(keyboard) }
        case "wl_shm.create_pool":
            let size = Int(argument(2).i)
            guard let mapping = ServerShmMapping(descriptor: argument(1).h, size: size) else {
                return postError(resource, code: 2, "cannot map a pool of \(size) bytes")  // invalid_fd
            }
            created.first?.shmMapping = mapping
        case "wl_shm_pool.resize":
            let size = Int(argument(0).i)
            guard let mapping = resource.shmMapping, size >= mapping.size, mapping.grow(to: size) else {
                return postError(resource, code: 1, "a pool cannot shrink or be remapped to \(size) bytes")
            }
        case "wl_shm_pool.create_buffer":
            let offset = Int(argument(1).i), width = Int(argument(2).i), height = Int(argument(3).i)
            let stride = Int(argument(4).i), format = argument(5).u
            guard let mapping = resource.shmMapping, format == 0 || format == 1 else {
                return postError(resource, code: 0, "format \(format) is not offered")  // invalid_format
            }
            guard width > 0, height > 0, stride >= width * 4, offset >= 0, offset + stride * height <= mapping.size else {
                return postError(resource, code: 1, "a \(width)×\(height) buffer with stride \(stride) at offset \(offset) does not fit a pool of \(mapping.size) bytes")
            }
            created.first?.shmBuffer = ServerShmBuffer(mapping: mapping, offset: offset, width: width, height: height, stride: stride)
        case "wp_presentation.feedback":
            object(0)?.pendingFeedbacks += created
        case "wp_viewporter.get_viewport", "wp_fractional_scale_manager_v1.get_fractional_scale":
            created.first?.surface = object(1)
        case "wp_viewport.set_destination":
            let size = (width: argument(0).i, height: argument(1).i)
            resource.surface?.pendingViewportDestination = .some(size.width == -1 && size.height == -1 ? nil : size)
        case _ where ScriptedCompositor.desktopInterfaces.contains(resource.interface):
            handleDesktopRequest(name, resource: resource, created: created, arguments: arguments)
        default:
            if handlePopupRequest(name, resource, created: created, arguments: arguments) { return }
            handleDataDeviceRequest(name, resource, arguments: arguments)
        }
        if message.name == "destroy" || message.name == "release" {
            wl_resource_destroy(raw)
        }
    }

    /// Answers a decoration mode request as configured, then (once the toplevel was
    /// configured) repeats its last configure so the new mode takes effect.
    private func answerDecorationMode(_ decoration: ServerResource, requested: UInt32) {
        let mode: UInt32
        switch configuration.decorationManager {
        case .notOffered: return
        case .honoursRequests: mode = requested == 1 ? 1 : 2
        case .answers(let answer): mode = answer
        }
        post(decoration, "configure", [.uint(mode)])
        update { $0.decorationModesSent.append(mode) }
        if let xdgSurface = decoration.toplevel?.xdgSurface, xdgSurface.sentConfigure {
            let last = xdgSurface.lastConfigure ?? (0, 0, [])
            sendConfigure(to: xdgSurface, width: last.width, height: last.height, states: last.states)
        }
    }

    func postError(_ resource: ServerResource, code: UInt32, _ message: String) {
        update { $0.violations.append("\(resource.interface)@\(resource.id): \(message)") }
        lamina_server_post_error(resource.raw, code, message)
    }

    private func rect(_ arguments: UnsafeMutablePointer<wl_argument>?) -> Rect {
        guard let arguments else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        return Rect(x: arguments[0].i, y: arguments[1].i, width: arguments[2].i, height: arguments[3].i)
    }

    // MARK: - Commits

    private func commit(_ surface: ServerResource) {
        if surface.isCursor { return commitCursor(surface) }
        let xdgSurface = surface.role
        // A toplevel's first commit (without a buffer) asks for the first configure.
        if let xdgSurface, !xdgSurface.sentConfigure, let size = configuration.firstConfigure {
            sendConfigure(to: xdgSurface, width: size.width, height: size.height, states: [4])
        }
        var attached = false
        var image: CGImage?
        if case .some(let buffer) = surface.pendingBuffer {
            attached = true
            if let xdgSurface, !xdgSurface.acknowledgedConfigure {
                update { $0.violations.append("a buffer was attached before the first configure was acknowledged") }
            }
            let previous = surface.currentBuffer
            surface.currentBuffer = buffer
            if let buffer {
                hold(buffer)
                if configuration.capturesFrames { image = capture(buffer) }
            }
            if let previous, previous !== buffer, configuration.releasesReplacedBuffers { release(previous) }
        }
        if let scale = surface.pendingBufferScale { surface.bufferScale = scale }
        var size: (width: Int, height: Int)?
        if let buffer = surface.currentBuffer?.shmBuffer { size = (buffer.width, buffer.height) }
        if case .some(let destination) = surface.pendingViewportDestination { surface.viewportDestination = destination }
        surface.pendingViewportDestination = .none
        if attached, surface.currentBuffer != nil, !surface.enteredOutputs {
            surface.enteredOutputs = true
            for output in alive("wl_output") where output.client == surface.client && (output.outputIndex ?? 0) == 0 {
                post(surface, "enter", [.object(output)])
            }
        }
        let record = Commit(
            surfaceID: surface.id, attachedBuffer: attached, bufferSize: size, damage: surface.pendingDamage,
            bufferDamage: surface.pendingBufferDamage, requestedFrame: !surface.pendingFrameCallbacks.isEmpty,
            requestedFeedback: !surface.pendingFeedbacks.isEmpty, bufferScale: surface.bufferScale,
            viewportDestination: surface.viewportDestination, image: image)
        frameCallbacks += surface.pendingFrameCallbacks
        feedbacks += surface.pendingFeedbacks
        surface.pendingBuffer = .none
        surface.pendingDamage = []
        surface.pendingBufferDamage = []
        surface.pendingFrameCallbacks = []
        surface.pendingFeedbacks = []
        surface.pendingBufferScale = nil
        update {
            $0.commits.append(record)
            $0.pendingFrameCallbacks = frameCallbacks.count
        }
        popupCommitted(surface, attachedBuffer: attached && surface.currentBuffer != nil)
        if configuration.framePacing == .afterEachCommit, record.requestedFrame || record.requestedFeedback {
            finishFrame(configuration.presentationResult)
        }
    }

    private func capture(_ buffer: ServerResource) -> CGImage? {
        guard let shm = buffer.shmBuffer, let base = shm.mapping.base else {
            update { $0.violations.append("an attached buffer is not a wl_shm buffer") }
            return nil
        }
        let bytes = Array(UnsafeRawBufferPointer(start: base + shm.offset, count: shm.stride * shm.height))
        return try? CGImage(width: shm.width, height: shm.height, bytesPerRow: shm.stride, premultipliedBGRA: bytes)
    }

    private func hold(_ buffer: ServerResource) {
        guard !heldBuffers.contains(where: { $0 === buffer }) else { return }
        heldBuffers.append(buffer)
        update { $0.heldBuffers = heldBuffers.count }
    }

    func release(_ buffer: ServerResource) {
        guard let index = heldBuffers.firstIndex(where: { $0 === buffer }) else { return }
        heldBuffers.remove(at: index)
        post(buffer, "release", [])
        update {
            $0.heldBuffers = heldBuffers.count
            $0.releasedBuffers += 1
        }
    }

    func sendConfigure(to xdgSurface: ServerResource, width: Int32, height: Int32, states: [UInt32]) {
        guard let toplevel = xdgSurface.toplevel else { return }
        xdgSurface.sentConfigure = true
        xdgSurface.lastConfigure = (width, height, states)
        var bytes: [UInt8] = []
        for state in states { withUnsafeBytes(of: state.littleEndian) { bytes += $0 } }
        post(toplevel, "configure", [.int(width), .int(height), .array(bytes)])
        let serial = nextSerial()
        post(xdgSurface, "configure", [.uint(serial)])
        update { $0.unacknowledgedConfigures.append(serial) }
    }

    func finishFrame(_ outcome: PresentationOutcome, presentedAt: Double? = nil) {
        let callbacks = configuration.answersNewestFrameCallbacksFirst ? frameCallbacks.reversed() : frameCallbacks
        frameCallbacks = []
        let time = milliseconds
        for callback in callbacks where callback.isAlive {
            post(callback, "done", [.uint(time)])
            wl_resource_destroy(callback.raw)
        }
        let pending = feedbacks
        feedbacks = []
        sequence += 1
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        if let presentedAt {
            let time = presentedAt.isFinite && presentedAt > 0 ? min(presentedAt, 1e15) : 0
            let whole = time.rounded(.down)
            now.tv_sec = Int(whole)
            now.tv_nsec = min(Int(((time - whole) * 1e9).rounded()), 999_999_999)
        }
        let seconds = UInt64(now.tv_sec)
        for feedback in pending where feedback.isAlive {
            switch outcome {
            case .presented:
                post(feedback, "presented", [
                    .uint(UInt32(seconds >> 32)), .uint(UInt32(truncatingIfNeeded: seconds)), .uint(UInt32(now.tv_nsec)),
                    .uint(configuration.refreshNanoseconds), .uint(UInt32(sequence >> 32)),
                    .uint(UInt32(truncatingIfNeeded: sequence)), .uint(0),
                ])
            case .discarded:
                post(feedback, "discarded", [])
            case .unanswered:
                continue
            }
            wl_resource_destroy(feedback.raw)
        }
        update {
            $0.pendingFrameCallbacks = 0
            $0.completedFrameCallbacks += callbacks.count
        }
    }
}
