import CWaylandServer

/// One protocol object a client created on the scripted compositor, with the state the
/// compositor keeps for it. Lives on the server thread.
final class ServerResource {
    /// The `wl_resource`.
    let raw: OpaquePointer
    /// The interface name, e.g. `wl_surface`.
    let interface: String
    /// Whether the object still exists (a destroyed resource must not be used).
    var isAlive = true

    // wl_shm_pool / wl_buffer
    var shmMapping: ServerShmMapping?
    var shmBuffer: ServerShmBuffer?

    // wl_surface
    var pendingBuffer: ServerResource??  // .none: nothing attached; .some(nil): a null attach
    var pendingDamage: [ScriptedCompositor.Rect] = []
    var pendingBufferDamage: [ScriptedCompositor.Rect] = []
    var pendingFrameCallbacks: [ServerResource] = []
    var pendingFeedbacks: [ServerResource] = []
    var pendingBufferScale: Int32?
    var bufferScale: Int32 = 1
    var currentBuffer: ServerResource?
    /// wl_surface: the viewport destination set since the last commit (`.some(nil)`: unset),
    /// and the one in effect.
    var pendingViewportDestination: (width: Int32, height: Int32)??
    var viewportDestination: (width: Int32, height: Int32)?
    /// wl_output: which of the compositor's outputs this is (0 for the first).
    var outputIndex: Int?
    weak var role: ServerResource?

    // xdg_surface / xdg_toplevel
    weak var surface: ServerResource?
    weak var xdgSurface: ServerResource?
    weak var toplevel: ServerResource?
    /// xdg_surface: a configure was sent / the client acknowledged one.
    var sentConfigure = false
    /// xdg_surface: the last configure's size and states, repeated when the decoration mode
    /// changes.
    var lastConfigure: (width: Int32, height: Int32, states: [UInt32])?
    var acknowledgedConfigure = false
    /// wl_surface: `wl_surface.enter` was sent for the client's outputs.
    var enteredOutputs = false
    /// xdg_positioner: what it was set to. xdg_surface: the popup role object; xdg_popup: the
    /// parent's `xdg_surface`, its index in `State.popups`, and whether it was mapped.
    var positioner = ScriptedCompositor.Positioner()
    weak var popup: ServerResource?
    weak var popupParent: ServerResource?
    var popupIndex: Int?
    var isMapped = false
    /// wl_data_source: the MIME types offered. wl_data_offer: the data of another client it
    /// offers, or the client's own source it forwards requests to.
    var mimeTypes: [String] = []
    var offeredData: [String: [UInt8]] = [:]
    /// wl_data_offer of another client: whether its data is sent when the client asks
    /// (false: the pipe is kept open and never written, as by an application that hangs).
    var answersReads = true
    weak var offeredSource: ServerResource?
    /// wl_data_offer: made for a drag (not a selection). wl_data_source: the actions of
    /// `set_actions`; a drag's wl_data_offer: the source's actions. wl_data_device: the offer
    /// of the drag over the client's window, and the source of the client's own drag.
    var isDragOffer = false
    var dragActions: UInt32 = 0
    weak var dragOffer: ServerResource?
    weak var dragSource: ServerResource?
    /// wl_surface: the surface has the cursor role (it was given to `wl_pointer.set_cursor`).
    var isCursor = false
    /// An `xdg_activation_token_v1`'s serial and app ID, until it is committed.
    var activationSerial: UInt32?
    var activationAppID: String?
    /// A `zwp_text_input_v3`'s commits so far (the serial of a current `done`).
    var textInputCommits: UInt32 = 0

    init(raw: OpaquePointer, interface: String) {
        self.raw = raw
        self.interface = interface
    }

    /// The object's protocol version.
    var version: Int32 { wl_resource_get_version(raw) }

    /// The client that owns the object.
    var client: OpaquePointer? { wl_resource_get_client(raw) }

    /// The object's protocol ID.
    var id: UInt32 { wl_resource_get_id(raw) }
}

/// A `wl_listener` whose notification runs a Swift closure, for destroy signals of objects
/// the compositor did not create itself (shm buffers, clients).
final class ServerDestroyListener {
    private let memory: UnsafeMutableRawPointer
    private let action: (UnsafeMutableRawPointer?) -> Void

    /// The listener to pass to `wl_resource_add_destroy_listener` / `wl_client_add_destroy_listener`.
    var listener: UnsafeMutablePointer<wl_listener> { memory.assumingMemoryBound(to: wl_listener.self) }

    init(_ action: @escaping (UnsafeMutableRawPointer?) -> Void) {
        self.action = action
        let contextOffset = MemoryLayout<wl_listener>.stride
        memory = UnsafeMutableRawPointer.allocate(
            byteCount: contextOffset + MemoryLayout<UnsafeRawPointer>.stride, alignment: 16)
        memory.initializeMemory(as: wl_listener.self, repeating: wl_listener(), count: 1)
        // The C callback cannot capture: it finds this object in the word after the listener.
        listener.pointee.notify = { listener, data in
            guard let listener else { return }
            let context = (UnsafeMutableRawPointer(listener) + MemoryLayout<wl_listener>.stride).load(as: UnsafeRawPointer.self)
            Unmanaged<ServerDestroyListener>.fromOpaque(context).takeUnretainedValue().action(data)
        }
        (memory + contextOffset).storeBytes(of: UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()), as: UnsafeRawPointer.self)
    }

    deinit { memory.deallocate() }
}
