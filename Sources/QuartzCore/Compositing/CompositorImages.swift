import CCompositor
import CPixman

/// The images Lamina's own compositing loops (`CCompositor`) read and write, made from what
/// the render server holds: pixman images and destination pixels.
extension lamina_source_image {
    /// The pixels of `image`; nil unless it is premultiplied ARGB32 with pixels in memory.
    init?(pixmanImage image: OpaquePointer) {
        guard pixman_image_get_format(image) == PIXMAN_a8r8g8b8, let bits = pixman_image_get_data(image) else { return nil }
        self.init(
            pixels: bits, width: pixman_image_get_width(image), height: pixman_image_get_height(image),
            bytes_per_row: pixman_image_get_stride(image))
    }
}

extension lamina_target_image {
    /// Premultiplied ARGB32 `pixels`, `width` × `height`, rows `bytesPerRow` apart.
    init(_ pixels: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int) {
        self.init(
            pixels: pixels.assumingMemoryBound(to: UInt32.self), width: Int32(width), height: Int32(height),
            bytes_per_row: Int32(bytesPerRow))
    }
}
