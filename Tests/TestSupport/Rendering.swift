import QuartzCore

/// What one frame of a ``CARenderer`` redrew.
public struct RenderedFrame {
    /// The frame's damage, as ``CARenderer/updateRegion`` reports it.
    public let region: [CGRect]
    /// The pixels it drew, as ``CARenderer/renderedPixelCount`` reports them.
    public let drawn: Int
}

extension CARenderer {
    /// Draws `tree` as one whole frame into `buffer` (32-bit pixels, `width` × `height`,
    /// showing the frame before: buffer age 1 unless told), at media time `time`.
    @MainActor @discardableResult
    public func drawFrame(
        _ tree: CARenderLayer, into buffer: inout [UInt8], width: Int, height: Int, bufferAge: Int = 1,
        atTime time: CFTimeInterval = 0
    ) throws -> RenderedFrame {
        precondition(buffer.count >= width * height * 4, "the buffer is smaller than width × height pixels")
        layer = tree
        return try buffer.withUnsafeMutableBytes { bytes in
            try setDestination(bytes.baseAddress!, width: width, height: height, bytesPerRow: width * 4, bufferAge: bufferAge)
            beginFrame(atTime: time)
            defer { endFrame() }
            try render()
            return RenderedFrame(region: updateRegion, drawn: renderedPixelCount)
        }
    }

    /// Draws the frame of ``update`` at media time `time` into `buffer` (32-bit pixels,
    /// `width` × `height`, showing the frame before: buffer age 1 unless told).
    @MainActor
    public func drawUpdateFrame(
        into buffer: inout [UInt8], width: Int, height: Int, atTime time: CFTimeInterval, bufferAge: Int = 1
    ) throws {
        precondition(buffer.count >= width * height * 4, "the buffer is smaller than width × height pixels")
        try buffer.withUnsafeMutableBytes { bytes in
            try setDestination(bytes.baseAddress!, width: width, height: height, bytesPerRow: width * 4, bufferAge: bufferAge)
            beginFrame(atTime: time)
            defer { endFrame() }
            try render()
        }
    }
}

/// `tree` drawn whole by a new renderer on `threads` threads into a `width × height`
/// buffer: its bytes, and the renderer for its counts.
@MainActor
public func drawnByANewRenderer(_ tree: CARenderLayer, width: Int, height: Int, threads: Int) throws
    -> (pixels: [UInt8], renderer: CARenderer)
{
    let renderer = CARenderer()
    renderer.renderingThreads = threads
    var buffer = [UInt8](repeating: 0, count: width * height * 4)
    try renderer.drawFrame(tree, into: &buffer, width: width, height: height, bufferAge: 0)
    return (buffer, renderer)
}
