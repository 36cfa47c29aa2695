extension CALayer {
    /// The default ``value(forKey:)``.
    func defaultValueForKey(_ key: String) -> Any? {
        if let descriptor = CALayerPropertyTable.descriptor(forKey: key) {
            return descriptor.get(self)
        }
        if let accessor = CALayer.derivedAccessors[key] {
            return accessor.get(self)
        }
        if let stored = storage.extras[key] {
            return stored is CAExplicitNil ? nil : stored
        }
        if let inherited = inheritedValue(forKey: key) {
            return inherited
        }
        return managedDeclaredDefault(forKey: key)
    }

    /// The default ``setValue(_:forKey:)``.
    func defaultSetValue(_ value: Any?, forKey key: String) {
        guard !key.isEmpty else {
            diagnose(.invalidKeyPath, "setValue(_:forKey:) with an empty key; ignored")
            return
        }
        if let descriptor = CALayerPropertyTable.descriptor(forKey: key) {
            if !descriptor.set(self, value) {
                refuse(value, forKey: descriptor.property.key, expected: descriptor.typeName)
            }
            return
        }
        if let accessor = CALayer.derivedAccessors[key] {
            if !accessor.set(self, value) {
                refuse(value, forKey: key, expected: accessor.typeName)
            }
            return
        }
        if let value, let declaration = managedDeclaration(forKey: key) {
            // A managed property stores values of its declared type.
            guard let typed = declaration.coerced(value) else {
                return refuse(value, forKey: key, expected: "the declared type of @CAManaged(\"\(key)\")")
            }
            return setProperty(key, typed)
        }
        setProperty(key, value)
    }

    private func refuse(_ value: Any?, forKey key: String, expected: String) {
        diagnose(.typeMismatch, CALayerDiagnostic.typeMismatchMessage(forKey: key, expected: expected, value: value))
    }

    /// Key-value coding of the properties that are not stored fields: `frame` (derived
    /// from bounds, position and transform) and the hierarchy.
    static let derivedAccessors: [String: CALayerPropertyAccessor] = [
        "frame": .value(\.frame),
        "mask": .optional(\.mask),
        "sublayers": .optional(\.sublayers),
        "superlayer": CALayerPropertyAccessor(get: { $0.superlayer }, set: { _, _ in false }, typeName: "read-only CALayer?"),
    ]

    /// The default ``value(forKeyPath:)``.
    func defaultValueForKeyPath(_ keyPath: String) -> Any? {
        guard let dot = keyPath.firstIndex(of: ".") else { return value(forKey: keyPath) }
        let head = String(keyPath[..<dot])
        let rest = String(keyPath[keyPath.index(after: dot)...])
        guard let headValue = value(forKey: head) else { return nil }
        return CALayer.value(in: headValue, atPath: rest)
    }

    /// The value at `path` inside `container` (a layer, a dictionary or a geometry struct).
    private static func value(in container: Any, atPath path: String) -> Any? {
        if let layer = container as? CALayer { return layer.value(forKeyPath: path) }
        if CAKeyPathSubkeys.isStruct(container) { return CAKeyPathSubkeys.get(container, path) }
        if let filter = container as? CIFilter { return filter.value(forKey: path) }
        if let filters = container as? [Any], let (index, key) = namedFilter(in: filters, path) {
            return (filters[index] as? CIFilter)?.value(forKey: key)
        }
        if let dictionary = container as? [String: Any] {
            guard let dot = path.firstIndex(of: ".") else { return dictionary[path] }
            guard let inner = dictionary[String(path[..<dot])] else { return nil }
            return value(in: inner, atPath: String(path[path.index(after: dot)...]))
        }
        return nil
    }

    /// The default ``setValue(_:forKeyPath:)``.
    func defaultSetValue(_ value: Any?, forKeyPath keyPath: String) {
        guard let dot = keyPath.firstIndex(of: ".") else {
            setValue(value, forKey: keyPath)
            return
        }
        let head = String(keyPath[..<dot])
        let rest = String(keyPath[keyPath.index(after: dot)...])
        let headValue = self.value(forKey: head)
        if let layer = headValue as? CALayer {
            layer.setValue(value, forKeyPath: rest)
            return
        }
        if let headValue, let updated = CALayer.setting(value, in: headValue, atPath: rest) {
            setValue(updated, forKey: head)
            return
        }
        let given = CALayerDiagnostic.typeName(of: value)
        diagnose(.invalidKeyPath, "setValue(_:forKeyPath: \"\(keyPath)\"): \"\(rest)\" does not apply to the value of \"\(head)\" (\(CALayerDiagnostic.typeName(of: headValue))) with a \(given); ignored")
    }

    /// In an array of filters, the index of the filter named by `path`'s first component
    /// (`"blur.inputRadius"` names the filter whose `CIFilter.name` is `"blur"`) and the
    /// input key that follows it.
    private static func namedFilter(in filters: [Any], _ path: String) -> (index: Int, key: String)? {
        guard let dot = path.firstIndex(of: ".") else { return nil }
        let name = String(path[..<dot])
        let key = String(path[path.index(after: dot)...])
        guard !key.contains("."),
            let index = filters.firstIndex(where: { ($0 as? CIFilter)?.name == name })
        else { return nil }
        return (index, key)
    }

    /// `container` with the value at `path` replaced, or `nil` if the path does not apply.
    private static func setting(_ value: Any?, in container: Any, atPath path: String) -> Any? {
        if CAKeyPathSubkeys.isStruct(container) { return CAKeyPathSubkeys.set(container, path, to: value) }
        // A filter is changed in a copy: the layer's filters are set anew, never changed in
        // place (a presentation copy or a snapshot may share them).
        if let filter = container as? CIFilter, !path.contains("."), let copy = filter.copy() as? CIFilter {
            copy.setValue(value, forKey: path)
            return copy
        }
        if var filters = container as? [Any], let (index, key) = namedFilter(in: filters, path),
            let copy = (filters[index] as? CIFilter)?.copy() as? CIFilter
        {
            copy.setValue(value, forKey: key)
            filters[index] = copy
            return filters
        }
        if var dictionary = container as? [String: Any] {
            guard let dot = path.firstIndex(of: ".") else {
                dictionary[path] = value
                return dictionary
            }
            let key = String(path[..<dot])
            guard let inner = dictionary[key],
                let updated = setting(value, in: inner, atPath: String(path[path.index(after: dot)...]))
            else { return nil }
            dictionary[key] = updated
            return dictionary
        }
        return nil
    }
}
