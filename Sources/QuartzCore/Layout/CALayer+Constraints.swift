import Foundation

extension CALayer {
    /// The constraints that place this layer in its superlayer when the superlayer's
    /// ``layoutManager`` is a ``CAConstraintLayoutManager`` (Apple's, from macOS). Default
    /// nil. Kept by key (`"constraints"`); setting it asks the superlayer for layout.
    public var constraints: [CAConstraint]? {
        get { value(forKey: "constraints") as? [CAConstraint] }
        set {
            setValue(newValue, forKey: "constraints")
            superlayer?.setNeedsLayout()
        }
    }

    /// Adds `c` to ``constraints``.
    public func addConstraint(_ c: CAConstraint) {
        constraints = (constraints ?? []) + [c]
    }
}
