import Foundation

extension NSValue {
    /// Creates a value object containing the specified transform.
    public convenience init(caTransform3D t: CATransform3D) {
        // NSValue is a class cluster: the object made is the private subclass that keeps
        // structs (swift-corelibs-foundation has no encoding for them).
        self.init(valueClusterMember: { CATransform3DValue(t, encoding: "{CATransform3D=dddddddddddddddd}") })
    }

    /// The transform the value contains; ``CATransform3DIdentity`` if it contains
    /// something else.
    ///
    /// Apple leaves reading another type undefined; Lamina answers the identity rather than
    /// trap.
    public var caTransform3DValue: CATransform3D {
        (self as? CATransform3DValue)?.value ?? CATransform3DIdentity
    }
}

/// The `NSValue` that boxes a ``CATransform3D`` (Objective-C type
/// `{CATransform3D=dddddddddddddddd}`).
typealias CATransform3DValue = StructValue<CATransform3D>
