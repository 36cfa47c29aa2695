import Foundation

/// The copies an image keeps of itself converted into other colour spaces (see
/// `CGImage.converted(to:)`), one per space definition, behind a lock: images are shared
/// between threads.
final class ImageConversions: @unchecked Sendable {
    private let lock = NSLock()
    private var images: [ColorSpaceDefinition: CGImage] = [:]

    /// The copy for `space`, made by `make` the first time.
    func image(for space: CGColorSpace, _ make: () -> CGImage?) -> CGImage? {
        lock.lock()
        if let image = images[space.definition] {
            lock.unlock()
            return image
        }
        lock.unlock()
        // Made outside the lock (a large image takes a while); the first one stored wins.
        guard let image = make() else { return nil }
        lock.lock()
        defer { lock.unlock() }
        if let stored = images[space.definition] { return stored }
        images[space.definition] = image
        return image
    }
}
