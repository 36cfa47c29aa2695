/// A colour transition given by a function (Core Graphics' `CGShading`): along an axis
/// (axial) or between two circles (radial), the colour at parameter `t` — 0 at the start, 1 at
/// the end — is the function's output for `t` mapped onto its domain: the components of the
/// shading's colour space followed by alpha (1 when the function gives no alpha). Draw with
/// ``CGContext/drawShading(_:)``, which fills the clip.
///
/// Lamina evaluates the function at 256 evenly spaced parameters and draws the gradient
/// through those colours (mixed in the shading's colour space), which a smooth function cannot
/// be told from; Core Graphics evaluates it as finely as the device needs.
public final class CGShading: Sendable {
    enum Geometry {
        case axial(start: CGPoint, end: CGPoint)
        case radial(start: CGPoint, startRadius: CGFloat, end: CGPoint, endRadius: CGFloat)
    }
    let geometry: Geometry
    let gradient: CGGradient
    let extendStart: Bool
    let extendEnd: Bool

    /// The number of parameters the function is evaluated at.
    static let samples = 256

    private init?(space: CGColorSpace, geometry: Geometry, function: CGFunction, extendStart: Bool, extendEnd: Bool) {
        let components = space.numberOfComponents
        guard space.model == .rgb || space.model == .monochrome, function.rangeDimension >= components else { return nil }
        let (low, high) = function.domain.first.map { ($0.0.isFinite ? $0.0 : 0, $0.1.isFinite ? $0.1 : 1) } ?? (0, 1)
        var values: [CGFloat] = []
        var locations: [CGFloat] = []
        for index in 0..<Self.samples {
            let t = CGFloat(index) / CGFloat(Self.samples - 1)
            let output = function.evaluate([low + (high - low) * t])
            values += output.prefix(components)
            values.append(output.count > components ? output[components] : 1)
            locations.append(t)
        }
        guard let gradient = CGGradient(colorSpace: space, colorComponents: values, locations: locations, count: Self.samples)
        else { return nil }
        self.geometry = geometry
        self.gradient = gradient
        self.extendStart = extendStart
        self.extendEnd = extendEnd
    }

    /// An axial shading from `start` (parameter 0) to `end` (1), or nil for a colour space
    /// that is neither RGB nor gray or a function with fewer outputs than the space has
    /// components.
    ///
    /// - Parameters:
    ///   - space: The colour space of the function's outputs (an RGB or gray space).
    ///   - start: Where the parameter is 0, in user space.
    ///   - end: Where the parameter is 1, in user space.
    ///   - function: The colour at each parameter: the space's components, then alpha.
    ///   - extendStart: Whether the start colour also fills the area before the start.
    ///   - extendEnd: Whether the end colour also fills the area after the end.
    public convenience init?(
        axialSpace space: CGColorSpace, start: CGPoint, end: CGPoint, function: CGFunction, extendStart: Bool, extendEnd: Bool
    ) {
        self.init(space: space, geometry: .axial(start: start, end: end), function: function, extendStart: extendStart, extendEnd: extendEnd)
    }

    /// A radial shading from the circle (`start`, `startRadius`) at parameter 0 to (`end`,
    /// `endRadius`) at 1, or nil as the axial initializer.
    ///
    /// - Parameters:
    ///   - space: The colour space of the function's outputs (an RGB or gray space).
    ///   - start: The centre of the circle where the parameter is 0, in user space.
    ///   - startRadius: That circle's radius.
    ///   - end: The centre of the circle where the parameter is 1.
    ///   - endRadius: That circle's radius.
    ///   - function: The colour at each parameter: the space's components, then alpha.
    ///   - extendStart: Whether the start colour also fills the area inside (before) the start circle.
    ///   - extendEnd: Whether the end colour also fills the area beyond the end circle.
    public convenience init?(
        radialSpace space: CGColorSpace, start: CGPoint, startRadius: CGFloat, end: CGPoint, endRadius: CGFloat,
        function: CGFunction, extendStart: Bool, extendEnd: Bool
    ) {
        self.init(
            space: space, geometry: .radial(start: start, startRadius: startRadius, end: end, endRadius: endRadius),
            function: function, extendStart: extendStart, extendEnd: extendEnd)
    }
}

extension CGContext {
    /// Fills the clip with `shading`, in user space (Core Graphics' `CGContextDrawShading`).
    public func drawShading(_ shading: CGShading) {
        var options: CGGradientDrawingOptions = []
        if shading.extendStart { options.insert(.drawsBeforeStartLocation) }
        if shading.extendEnd { options.insert(.drawsAfterEndLocation) }
        switch shading.geometry {
        case .axial(let start, let end):
            drawLinearGradient(shading.gradient, start: start, end: end, options: options)
        case .radial(let start, let startRadius, let end, let endRadius):
            drawRadialGradient(
                shading.gradient, startCenter: start, startRadius: startRadius, endCenter: end, endRadius: endRadius, options: options)
        }
    }
}
