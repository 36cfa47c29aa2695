extension CALayer {

    /// The transform from `source`'s coordinates to `destination`'s (`nil`: root space).
    func conversion(from source: CALayer?, to destination: CALayer?) -> CAProjectiveTransform? {
        let toRoot = source?.transformToRootSpace ?? .identity
        guard let destination else { return toRoot }
        guard let fromRoot = destination.transformToRootSpace.inverted() else { return nil }
        return toRoot.concatenating(fromRoot)
    }
}
