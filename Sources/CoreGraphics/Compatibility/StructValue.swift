import Foundation

/// Lets an `NSValue` initializer return a member of the class cluster (an initializer of a
/// protocol extension may assign `self`; a class's own initializer may not).
package protocol NSValueClusterMaking {
    init(valueClusterMember make: () -> NSValue)
}

extension NSValueClusterMaking {
    package init(valueClusterMember make: () -> NSValue) {
        // Only `NSValue` itself is a cluster: on a subclass of it, this fails as
        // swift-corelibs-foundation's own `NSValue` initializers do.
        self = make() as! Self
    }
}

extension NSValue: NSValueClusterMaking {}

/// The `NSValue` that boxes one struct Foundation on Linux cannot (its `NSValue(bytes:objCType:)`
/// stops the program for struct encodings): a transform, under Apple's Objective-C type
/// encoding for it.
package final class StructValue<Boxed: Hashable & Sendable>: NSValue, @unchecked Sendable {
    package let value: Boxed
    /// The type encoding, e.g. `{CGAffineTransform=dddddd}`, kept for the value's life.
    private let encoding: UnsafeMutablePointer<CChar>

    package init(_ value: Boxed, encoding: String) {
        self.value = value
        let storage = UnsafeMutablePointer<CChar>.allocate(capacity: encoding.utf8.count + 1)
        encoding.withCString { storage.initialize(from: $0, count: encoding.utf8.count + 1) }
        self.encoding = storage
        super.init()
    }

    deinit { encoding.deallocate() }

    /// Boxes the bytes as `Boxed`, with the encoding given.
    required convenience init(bytes value: UnsafeRawPointer, objCType type: UnsafePointer<Int8>) {
        self.init(value.loadUnaligned(as: Boxed.self), encoding: String(cString: type))
    }

    /// Archived structs cannot be decoded: nil.
    required init?(coder aDecoder: NSCoder) { return nil }

    override package var objCType: UnsafePointer<Int8> { UnsafePointer(encoding) }

    override package func getValue(_ value: UnsafeMutableRawPointer) {
        value.storeBytes(of: self.value, as: Boxed.self)
    }

    override package func encode(with aCoder: NSCoder) {}

    override package func isEqual(_ object: Any?) -> Bool {
        (object as? StructValue<Boxed>)?.value == value
    }

    override package var hash: Int { value.hashValue }

    override package var description: String { "\(Boxed.self) \(value)" }
}

extension NSValue {
    /// Creates a value object containing the specified affine transform (UIKit's
    /// `NSValue(cgAffineTransform:)`).
    public convenience init(cgAffineTransform transform: CGAffineTransform) {
        self.init(valueClusterMember: { StructValue(transform, encoding: "{CGAffineTransform=dddddd}") })
    }

    /// The affine transform the value contains; `.identity` if it contains something else.
    ///
    /// Apple leaves reading another type undefined; Lamina answers the identity rather than
    /// trap.
    public var cgAffineTransformValue: CGAffineTransform {
        (self as? StructValue<CGAffineTransform>)?.value ?? .identity
    }
}
