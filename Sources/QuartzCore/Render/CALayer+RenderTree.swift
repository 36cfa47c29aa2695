extension CALayer {
    /// Lamina: a `Sendable` snapshot of this layer's tree for the compositor.
    ///
    /// Uses the presentation values (as of the last commit) of this layer and its
    /// presentation sublayers; a layer never committed snapshots its model values and
    /// sublayers. Only `CGImage` contents are captured.
    public func makeRenderTree() -> CARenderLayer {
        let source = presentationCopy ?? self
        let values = source.state
        return CARenderLayer(
            layerID: ObjectIdentifier(source.model()),
            name: values.name,
            bounds: values.bounds,
            position: values.position,
            anchorPoint: values.anchorPoint,
            transform: values.transform,
            zPosition: values.zPosition,
            opacity: values.opacity,
            isHidden: values.isHidden,
            masksToBounds: values.masksToBounds,
            backgroundColor: values.backgroundColor,
            contents: values.contents.flatMap { $0 as? CGImage },
            sublayers: source.storedSublayers.map { $0.makeRenderTree() })
    }
}
