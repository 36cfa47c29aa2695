/// The copies a layer keeps of the filters it is given (``CALayer/filters``,
/// ``CALayer/backgroundFilters``, ``CALayer/compositingFilter``), and what its snapshot for
/// the renderer makes of them.
extension CALayer {
    /// `filters` with each `CIFilter` copied (other elements kept as they are).
    static func copyingFilters(_ filters: [Any]) -> [Any] {
        filters.map(copyingFilter)
    }

    /// A copy of `value` if it is a `CIFilter`, else `value`.
    static func copyingFilter(_ value: Any?) -> Any? {
        guard let filter = value as? CIFilter else { return value }
        return filter.copy()
    }

    /// The effects of the `CIFilter`s among `filters` that change pixels (compositing
    /// filters there are ignored).
    static func renderEffects(of filters: [Any]?) -> [CIFilterEffect] {
        guard let filters, !filters.isEmpty else { return [] }
        return filters.compactMap { element in
            guard let filter = element as? CIFilter else { return nil }
            let effect = filter.effect
            if case .blend = effect { return nil }
            return effect
        }
    }

    /// How a compositing filter combines the layer with what is behind it; nil for none or
    /// source over. A string is one of Core Animation's compositing filter names
    /// (``compositingFilterNames``), or names a Core Image compositing filter without its `CI`
    /// prefix (`"multiplyBlendMode"`, `"linearBurnBlendMode"`, `"maximumCompositing"`) — but
    /// not one of the four non-separable blend modes (``unrenderedCompositingFilterNames``).
    static func renderBlendMode(of compositingFilter: Any?) -> CompositingOperator? {
        var filter = compositingFilter as? CIFilter
        if filter == nil, let name = compositingFilter as? String {
            if let mode = compositingFilterNames[name] { return mode.isSourceOver ? nil : mode }
            if unrenderedCompositingFilterNames.contains(name) { return nil }
            if let first = name.first { filter = CIFilter(name: "CI" + first.uppercased() + name.dropFirst()) }
        }
        guard case .blend(let mode)? = filter?.effect, !mode.isSourceOver else { return nil }
        return mode
    }

    /// The compositing filter names Core Animation accepts as strings on Apple platforms (the
    /// names of its own filters), and the blend mode each draws with: the Porter-Duff
    /// operators (`"sourceOver"`, `"sourceIn"`, `"sourceOut"`, `"sourceAtop"`, `"dest"`,
    /// `"destOver"`, `"destIn"`, `"destOut"`, `"destAtop"`, `"xor"`, `"clear"`, `"copy"`,
    /// `"plusL"`, `"plusD"`) and the blend modes (`"multiply"`, and `"normalBlendMode"`,
    /// `"multiplyBlendMode"`, `"screenBlendMode"` … `"exclusionBlendMode"`). An inverted
    /// matte, for example, is a black layer with the matte drawn over it with `"xor"`.
    /// (Core Image's other compositing filters are found by their names.)
    static let compositingFilterNames: [String: CompositingOperator] = {
        var modes: [String: CGBlendMode] = [
            "sourceOver": .normal, "sourceIn": .sourceIn, "sourceOut": .sourceOut, "sourceAtop": .sourceAtop,
            "destOver": .destinationOver, "destIn": .destinationIn, "destOut": .destinationOut,
            "destAtop": .destinationAtop, "xor": .xor, "clear": .clear, "copy": .copy,
            "plusL": .plusLighter, "plusD": .plusDarker, "multiply": .multiply, "normalBlendMode": .normal,
        ]
        let blendModes: [(String, CGBlendMode)] = [
            ("multiply", .multiply), ("screen", .screen), ("overlay", .overlay), ("darken", .darken),
            ("lighten", .lighten), ("colorDodge", .colorDodge), ("colorBurn", .colorBurn), ("softLight", .softLight),
            ("hardLight", .hardLight), ("difference", .difference), ("exclusion", .exclusion),
        ]
        for (name, mode) in blendModes { modes[name + "BlendMode"] = mode }
        var names = modes.mapValues(CompositingOperator.init)
        names["dest"] = .formula(.destination)
        return names
    }()

    /// The names of the non-separable blend modes as strings — `"hueBlendMode"`,
    /// `"saturationBlendMode"`, `"colorBlendMode"` and `"luminosityBlendMode"` — which Core
    /// Animation does not draw: a layer given one is composited source over, as Apple's renders
    /// show (a layer with `"luminosityBlendMode"` draws as with no filter). The same modes given
    /// as `CIFilter` objects (`CILuminosityBlendMode`) are drawn, as Core Image's filters.
    static let unrenderedCompositingFilterNames: Set<String> = [
        "hueBlendMode", "saturationBlendMode", "colorBlendMode", "luminosityBlendMode",
    ]
}
