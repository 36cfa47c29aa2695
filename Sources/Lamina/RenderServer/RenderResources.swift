import Foundation

extension Window {
    /// Lamina: what a window's render server holds: its shared-memory pools and buffers and
    /// the layer bitmaps it keeps between frames. For measuring memory over a long run.
    public struct RenderResources: Equatable, Sendable {
        /// Open `wl_shm_pool`s (one, unless a pool had to be replaced while the compositor held
        /// one of its buffers).
        public var shmPools = 0
        /// `wl_buffer`s: those of the current size and those of earlier sizes the compositor
        /// still holds.
        public var buffers = 0
        /// Bytes of shared memory the pools map.
        public var shmBytes = 0
        /// Bytes of layer bitmaps and group images cached between frames (the render server's
        /// `CARenderer.cachedBitmapBytes`); its layer bitmaps are kept within
        /// `CARenderer.cachedBitmapByteLimit`, by default four times the window's pixel bytes.
        public var cachedBitmapBytes = 0
        /// Frame callbacks asked for and not answered yet.
        public var pendingFrameCallbacks = 0

        /// No resources.
        public init() {}
    }

    /// Lamina: what the window's render server holds, as of its last frame or buffer release.
    public var renderResources: RenderResources { renderServer?.resources ?? RenderResources() }
}

/// The render thread's latest ``Window/RenderResources``, readable from any thread.
final class RenderResourcesMeter: @unchecked Sendable {
    // Read and written with `lock` held.
    private let lock = NSLock()
    private var latest = Window.RenderResources()

    /// The latest value.
    var value: Window.RenderResources {
        lock.lock()
        defer { lock.unlock() }
        return latest
    }

    /// Records a new value (render thread).
    func record(_ resources: Window.RenderResources) {
        lock.lock()
        latest = resources
        lock.unlock()
    }
}
