import Foundation

extension NSValue {
    /// Creates a value object containing the specified transform.
    public convenience init(caTransform3D t: CATransform3D) {
        // NSValue is a class cluster: the object made is the private subclass that keeps
        // transforms (swift-corelibs-foundation has no encoding for structs).
        self.init(valueClusterMember: { CATransform3DValue(t) })
    }

    /// The transform the value contains; ``CATransform3DIdentity`` if it contains
    /// something else.
    ///
    /// Apple leaves reading another type undefined; Lamina answers the identity rather than
    /// trap.
    public var caTransform3DValue: CATransform3D {
        (self as? CATransform3DValue)?.transform ?? CATransform3DIdentity
    }
}

/// Lets an `NSValue` initializer return a member of the class cluster (an initializer of a
/// protocol extension may assign `self`; a class's own initializer may not).
protocol NSValueClusterMaking {
    init(valueClusterMember make: () -> NSValue)
}

extension NSValueClusterMaking {
    init(valueClusterMember make: () -> NSValue) {
        // Only `NSValue` itself is a cluster: on a subclass of it, this fails as
        // swift-corelibs-foundation's own `NSValue` initializers do.
        self = make() as! Self
    }
}

extension NSValue: NSValueClusterMaking {}

/// The `NSValue` that boxes a ``CATransform3D`` (Objective-C type
/// `{CATransform3D=dddddddddddddddd}`).
final class CATransform3DValue: NSValue, @unchecked Sendable {
    let transform: CATransform3D

    /// The type encoding, made once and never freed.
    private nonisolated(unsafe) static let encoding: UnsafePointer<CChar> = {
        let text = "{CATransform3D=dddddddddddddddd}"
        let storage = UnsafeMutablePointer<CChar>.allocate(capacity: text.utf8.count + 1)
        text.withCString { storage.initialize(from: $0, count: text.utf8.count + 1) }
        return UnsafePointer(storage)
    }()

    init(_ transform: CATransform3D) {
        self.transform = transform
        super.init()
    }

    /// Not supported: Lamina boxes transforms only through ``NSValue/init(caTransform3D:)``.
    required convenience init(bytes value: UnsafeRawPointer, objCType type: UnsafePointer<Int8>) {
        self.init(value.loadUnaligned(as: CATransform3D.self))
    }

    /// Lamina cannot decode archived transforms: nil.
    required init?(coder aDecoder: NSCoder) { return nil }

    override var objCType: UnsafePointer<Int8> { Self.encoding }

    override func getValue(_ value: UnsafeMutableRawPointer) {
        value.storeBytes(of: transform, as: CATransform3D.self)
    }

    override func encode(with aCoder: NSCoder) {}

    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CATransform3DValue else { return false }
        return CATransform3DEqualToTransform(transform, other.transform)
    }

    override var hash: Int {
        transform.hashValue
    }

    override var description: String { "CATransform3D \(transform)" }
}
