extension CALayer {
    /// Lamina: a `Sendable` snapshot of this layer's tree for the compositor.
    ///
    /// Uses the presentation values (as of the last commit) of this layer and its
    /// presentation sublayers; a layer never committed snapshots its model values and
    /// sublayers. Only `CGImage` contents are captured.
    public func makeRenderTree() -> CARenderLayer {
        let source = presentationCopy ?? self
        return CARenderLayer(
            layerID: ObjectIdentifier(source.model()),
            name: source.name,
            bounds: source.bounds,
            position: source.position,
            anchorPoint: source.anchorPoint,
            transform: source.transform,
            zPosition: source.zPosition,
            opacity: source.opacity,
            isHidden: source.isHidden,
            masksToBounds: source.masksToBounds,
            backgroundColor: source.backgroundColor,
            contents: source.contents.flatMap { $0 as? CGImage },
            sublayers: source.storedSublayers.map { $0.makeRenderTree() })
    }
}
