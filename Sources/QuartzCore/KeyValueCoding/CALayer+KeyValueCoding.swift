extension CALayer {
    /// The default ``value(forKey:)``.
    func defaultValueForKey(_ key: String) -> Any? {
        let key = CALayerKeyValueTable.canonical(key)
        if let accessor = CALayerKeyValueTable.accessors[key] {
            return accessor.get(self)
        }
        if let stored = values[key] {
            return stored is CAExplicitNil ? nil : stored
        }
        if let inherited = inheritedValue(forKey: key) {
            return inherited
        }
        return managedDeclaredDefault(forKey: key)
    }

    /// The default ``setValue(_:forKey:)``.
    func defaultSetValue(_ value: Any?, forKey key: String) {
        let key = CALayerKeyValueTable.canonical(key)
        guard !key.isEmpty else {
            diagnose(.invalidKeyPath, "setValue(_:forKey:) with an empty key; ignored")
            return
        }
        if let accessor = CALayerKeyValueTable.accessors[key] {
            if !accessor.set(self, value) {
                let given = value.map { String(describing: Swift.type(of: $0)) } ?? "nil"
                diagnose(.typeMismatch, "setValue(_:forKey: \"\(key)\"): expected \(accessor.typeName), got \(given); ignored")
            }
            return
        }
        setProperty(key, value)
    }

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
        let given = value.map { String(describing: Swift.type(of: $0)) } ?? "nil"
        diagnose(.invalidKeyPath, "setValue(_:forKeyPath: \"\(keyPath)\"): \"\(rest)\" does not apply to the value of \"\(head)\" (\(headValue.map { String(describing: Swift.type(of: $0)) } ?? "nil")) with a \(given); ignored")
    }

    /// `container` with the value at `path` replaced, or `nil` if the path does not apply.
    private static func setting(_ value: Any?, in container: Any, atPath path: String) -> Any? {
        if CAKeyPathSubkeys.isStruct(container) { return CAKeyPathSubkeys.set(container, path, to: value) }
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
