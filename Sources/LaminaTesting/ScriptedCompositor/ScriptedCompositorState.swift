import CoreGraphics

extension ScriptedCompositor {
    /// How the scripted compositor behaves where a test does not drive it step by step.
    public struct Configuration: Sendable {
        /// The output's size in pixels (advertised by `wl_output`). Default: 1280×720.
        public var outputWidth: Int32 = 1280
        /// The output's height in pixels.
        public var outputHeight: Int32 = 720
        /// The output's integer scale (`wl_output.scale`), sent as given — 0 and huge values
        /// included, to test clients against them. Default: 1.
        public var outputScale: Int32 = 1
        /// The size sent in the first configure, in answer to a toplevel's initial commit; nil
        /// sends none until the test calls `configure`. Default: 0×0 (the client chooses).
        public var firstConfigure: (width: Int32, height: Int32)? = (0, 0)
        /// Whether a committed buffer releases the one it replaces, as real compositors do.
        /// false keeps every buffer held until `releaseBuffers()`. Default: true.
        public var releasesReplacedBuffers = true
        /// When frame callbacks are answered. Default: `.manual`.
        public var framePacing: FramePacing = .manual
        /// Whether, when several commits' frame callbacks are pending, the newest commit's are
        /// answered first — as wlroots compositors (sway) do, adding a commit's callbacks at
        /// the front of the list they answer. Default: false (oldest first).
        public var answersNewestFrameCallbacksFirst = false
        /// What presentation feedback says when a frame completes. Default: `.presented`.
        public var presentationResult: PresentationOutcome = .presented
        /// The refresh interval reported in presentation feedback. Default: 16,666,667 ns.
        public var refreshNanoseconds: UInt32 = 16_666_667
        /// Whether `wl_seat` (with a pointer) is offered. Default: true.
        public var offersSeat = true
        /// The `wl_seat` version offered (its pointer's version is the one the client binds):
        /// 5 to 7 carry wheel steps as `axis_discrete` (sway 1.7 offers 7), 8 as
        /// `axis_value120`, 9 adds `axis_relative_direction`. Default: 7.
        public var seatVersion: UInt32 = 7
        /// Whether the seat has a keyboard too. Default: false.
        public var offersKeyboard = false
        /// Whether `wl_data_device_manager` (the clipboard) is offered. Default: true.
        public var offersDataDevice = true
        /// Whether `zwp_primary_selection_device_manager_v1` (the primary selection) is
        /// offered. Default: true.
        public var offersPrimarySelection = true
        /// Whether the seat has a touchscreen too. Default: false.
        public var offersTouch = false
        /// Whether `zwp_pointer_gestures_v1` (version 3: swipe, pinch, hold) is offered.
        /// Default: false.
        public var offersPointerGestures = false
        /// The keymap sent when the client creates its keyboard. Default: the US layout.
        public var keymap: Keymap = .layout("us")
        /// The repeat settings sent then (`wl_keyboard` version 4 and later); nil sends none.
        /// Default: 25 per second after 600 ms.
        public var keyRepeat: (rate: Int32, delay: Int32)? = (25, 600)
        /// How many of the newest entries ``State`` keeps at least in each list of what
        /// happened (``State/commits``, ``State/requests``, ``State/pongs``,
        /// ``State/acknowledgedConfigures``, ``State/cursors``, …; at most twice as many, the
        /// oldest dropped first), so a run of millions of steps (fuzzing) keeps its memory and
        /// the cost of each step flat; counts such as ``State/count(of:)`` then cover only what
        /// is kept. nil keeps every one. Default: nil.
        public var historyLimit: Int? = nil
        /// Whether `wp_presentation` is offered. Default: true.
        public var offersPresentation = true
        /// Whether `wl_output` is offered. Default: true.
        public var offersOutput = true
        /// The scales of further outputs (`SCRIPTED-2`, `SCRIPTED-3`, …), each a `wl_output`
        /// global of its own; a surface enters only the first output by itself, the others when
        /// the test calls `enterOutput(_:)`. Default: none.
        public var additionalOutputScales: [Int32] = []
        /// Whether `wp_viewporter` is offered. Default: false (as on weston 10 and sway 1.7,
        /// which do offer it, but most tests need not see it).
        public var offersViewporter = false
        /// Whether `wp_fractional_scale_manager_v1` is offered (neither sway 1.7 nor weston 10
        /// does). Default: false.
        public var offersFractionalScale = false
        /// Whether `zxdg_decoration_manager_v1` is offered and how it answers. Default:
        /// `.honoursRequests` (as sway does; the window then draws no decorations).
        public var decorationManager: DecorationManager = .honoursRequests
        /// Whether committed buffers are copied into `Commit.image`. Default: true.
        public var capturesFrames = true
        /// Which desktop-integration protocols (cursor shapes, activation, text input) are
        /// offered. Default: none.
        public var desktopProtocols = DesktopProtocols()

        /// The defaults.
        public init() {}
    }

    /// Whether the compositor offers `xdg-decoration`, and the mode it answers a request with.
    public enum DecorationManager: Equatable, Sendable {
        /// Not offered (as on weston and GNOME): windows draw their own decorations.
        case notOffered
        /// Offered; answers each `set_mode` with the mode asked for (`unset_mode`: server side).
        case honoursRequests
        /// Offered; answers every request with this mode (1 client side, 2 server side, or any
        /// other value, to test clients against it).
        case answers(UInt32)
    }

    /// One `xdg_toplevel.resize` request.
    public struct ResizeRequest: Equatable, Sendable {
        /// The serial of the button press it answers.
        public var serial: UInt32
        /// The `xdg_toplevel.resize_edge` value.
        public var edges: UInt32

        /// A request's record.
        public init(serial: UInt32, edges: UInt32) {
            self.serial = serial
            self.edges = edges
        }
    }

    /// One `xdg_toplevel.show_window_menu` request.
    public struct WindowMenuRequest: Equatable, Sendable {
        /// The serial of the button press it answers.
        public var serial: UInt32
        /// Where to show the menu, in surface coordinates.
        public var x: Int32
        /// The vertical position.
        public var y: Int32

        /// A request's record.
        public init(serial: UInt32, x: Int32, y: Int32) {
            self.serial = serial
            self.x = x
            self.y = y
        }
    }

    /// When the scripted compositor answers frame callbacks.
    public enum FramePacing: Sendable {
        /// Only when the test calls `completeFrame()`.
        case manual
        /// Right after each commit that asked for one.
        case afterEachCommit
    }

    /// What presentation feedback reports for a completed frame.
    public enum PresentationOutcome: Sendable {
        /// `presented`, with the time the frame completed.
        case presented
        /// `discarded`.
        case discarded
        /// No answer at all, as sway 1.7 headless leaves most feedback (the feedback objects
        /// stay unanswered; later frames do not answer them either).
        case unanswered
    }

    /// A rectangle from a damage request.
    public struct Rect: Equatable, Sendable, CustomStringConvertible {
        /// Left edge.
        public var x: Int32
        /// Top edge.
        public var y: Int32
        /// Width.
        public var width: Int32
        /// Height.
        public var height: Int32

        /// A rectangle.
        public init(x: Int32, y: Int32, width: Int32, height: Int32) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }

        /// `x,y width×height`.
        public var description: String { "\(x),\(y) \(width)×\(height)" }
    }

    /// One `wl_surface.commit` the compositor received.
    public struct Commit: Sendable {
        /// The surface's protocol ID.
        public var surfaceID: UInt32
        /// Whether a buffer was attached in this commit.
        public var attachedBuffer: Bool
        /// The size of the surface's current buffer after the commit, if it has one.
        public var bufferSize: (width: Int, height: Int)?
        /// `wl_surface.damage` rectangles (surface coordinates).
        public var damage: [Rect]
        /// `wl_surface.damage_buffer` rectangles (buffer pixels).
        public var bufferDamage: [Rect]
        /// Whether the commit asked for a frame callback.
        public var requestedFrame: Bool
        /// Whether the commit asked for presentation feedback.
        public var requestedFeedback: Bool
        /// The buffer scale in effect after the commit.
        public var bufferScale: Int32
        /// The `wp_viewport` destination size in effect after the commit, if one was set.
        public var viewportDestination: (width: Int32, height: Int32)?
        /// A copy of the attached buffer's pixels, when frames are captured.
        public var image: CGImage?
    }

    /// One `wl_pointer.set_cursor` request.
    public struct CursorRequest: Equatable, Sendable {
        /// The serial of the `wl_pointer.enter` it answers.
        public var serial: UInt32
        /// The cursor surface's protocol ID, or nil to hide the pointer.
        public var surfaceID: UInt32?
        /// The hotspot, in surface coordinates.
        public var hotspotX: Int32
        /// The hotspot's vertical position.
        public var hotspotY: Int32
    }

    /// A keymap the compositor sends in `wl_keyboard.keymap`.
    public enum Keymap: Sendable {
        /// The keymap xkbcommon compiles for this layout (and variant) with the evdev rules.
        case layout(String, variant: String? = nil)
        /// These bytes in a memory file, announced with `size` (default: their count) and
        /// `format` (default 1, `xkb_v1`) — for hostile keymaps.
        case bytes([UInt8], size: UInt32? = nil, format: UInt32 = 1)
        /// No keymap event at all.
        case none
    }

    /// Everything the compositor has seen so far; read it with `state` or wait on it.
    public struct State: Sendable {
        /// What the client asked of the desktop-integration protocols.
        public var desktop = DesktopIntegrationState()
        /// Every commit, in order.
        public var commits: [Commit] = []
        /// Commits that attached a buffer.
        public var frames: [Commit] { commits.filter(\.attachedBuffer) }
        /// Every request received, as `interface.request`, in order.
        public var requests: [String] = []
        /// Serials of configures sent and not acknowledged yet.
        public var unacknowledgedConfigures: [UInt32] = []
        /// Serials the client acknowledged with `xdg_surface.ack_configure`.
        public var acknowledgedConfigures: [UInt32] = []
        /// Serials the client answered with `xdg_wm_base.pong`.
        public var pongs: [UInt32] = []
        /// Buffers attached and committed that the compositor has not released.
        public var heldBuffers = 0
        /// `wl_buffer.release` events sent.
        public var releasedBuffers = 0
        /// Frame callbacks requested and not answered yet.
        public var pendingFrameCallbacks = 0
        /// Frame callbacks answered.
        public var completedFrameCallbacks = 0
        /// Titles set with `xdg_toplevel.set_title`, in order.
        public var titles: [String] = []
        /// Sizes set with `xdg_toplevel.set_min_size`, in order.
        public var minimumSizes: [(width: Int32, height: Int32)] = []
        /// Sizes set with `xdg_toplevel.set_max_size`, in order.
        public var maximumSizes: [(width: Int32, height: Int32)] = []
        /// App IDs set with `xdg_toplevel.set_app_id`, in order.
        public var appIDs: [String] = []
        /// Globals bound, as interface names, in order.
        public var boundGlobals: [String] = []
        /// Clients currently connected.
        public var connectedClients = 0
        /// Clients that connected at some point.
        public var clientsSeen = 0
        /// `wl_pointer.set_cursor` requests, with whether a cursor surface was given.
        public var cursorRequests: [Bool] = []
        /// `wl_pointer.set_cursor` requests in full.
        public var cursors: [CursorRequest] = []
        /// Commits of cursor surfaces (not in `commits`).
        public var cursorCommits: [Commit] = []
        /// Modes asked for with `zxdg_toplevel_decoration_v1.set_mode` (1 client side, 2 server
        /// side; 0 for `unset_mode`), in order.
        public var decorationModeRequests: [UInt32] = []
        /// Modes sent in `zxdg_toplevel_decoration_v1.configure`, in order.
        public var decorationModesSent: [UInt32] = []
        /// Serials of `xdg_toplevel.move` requests, in order.
        public var moves: [UInt32] = []
        /// `xdg_toplevel.resize` requests, in order.
        public var resizes: [ResizeRequest] = []
        /// `xdg_toplevel.show_window_menu` requests, in order.
        public var windowMenus: [WindowMenuRequest] = []
        /// `wl_data_device.set_selection` requests, in order.
        public var selections: [SelectionRecord] = []
        /// The client's drag-and-drop requests, in order, as text: `start_drag [types] actions A
        /// serial S origin ID icon ID` (or `no icon`), and for drags over its window `accept
        /// SERIAL TYPE` (`nil` refuses), `set_actions A preferred P`, `receive TYPE`, `finish`,
        /// `destroy offer`.
        public var dragAndDrop: [String] = []
        /// `zwp_primary_selection_device_v1.set_selection` requests, in order.
        public var primarySelections: [SelectionRecord] = []
        /// MIME types the client asked a selection's data in (`wl_data_offer.receive`,
        /// `zwp_primary_selection_offer_v1.receive`), in order.
        public var receivedTypes: [String] = []
        /// `xdg_popup`s the clients created, in order.
        public var popups: [PopupRecord] = []
        /// Keymaps sent to clients.
        public var keymapsSent = 0
        /// What the compositor found wrong in the client's requests (for example a buffer
        /// attached before the first configure was acknowledged).
        public var violations: [String] = []

        /// Drops the oldest entries of every list that records what happened (commits,
        /// requests, acknowledged configures, pongs, titles, cursors, …) once it holds more
        /// than twice `limit`, keeping the newest `limit` (see ``Configuration/historyLimit``).
        /// Lists of what is current (`unacknowledgedConfigures`, `popups`) and `violations`
        /// are kept whole.
        mutating func trimHistory(keeping limit: Int) {
            let limit = max(limit, 0)
            func trim<Element>(_ list: inout [Element]) {
                if list.count > 2 * limit { list.removeFirst(list.count - limit) }
            }
            trim(&commits)
            trim(&cursorCommits)
            trim(&requests)
            trim(&acknowledgedConfigures)
            trim(&pongs)
            trim(&titles)
            trim(&minimumSizes)
            trim(&maximumSizes)
            trim(&appIDs)
            trim(&boundGlobals)
            trim(&cursorRequests)
            trim(&cursors)
            trim(&decorationModeRequests)
            trim(&decorationModesSent)
            trim(&moves)
            trim(&resizes)
            trim(&windowMenus)
            trim(&selections)
            trim(&dragAndDrop)
            trim(&primarySelections)
            trim(&receivedTypes)
        }

        /// How many requests named `name` (`interface.request`) arrived.
        public func count(of name: String) -> Int { requests.filter { $0 == name }.count }
    }
}
