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

    /// The blend mode a compositing filter asks for; nil for none or source over. A string
    /// names a blend mode filter without its `CI` prefix (`"multiplyBlendMode"`).
    static func renderBlendMode(of compositingFilter: Any?) -> CGBlendMode? {
        var filter = compositingFilter as? CIFilter
        if filter == nil, let name = compositingFilter as? String, let first = name.first {
            filter = CIFilter(name: "CI" + first.uppercased() + name.dropFirst())
        }
        guard case .blend(let mode)? = filter?.effect, mode != .normal else { return nil }
        return mode
    }
}
