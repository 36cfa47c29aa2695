/// The per-layer property store. Declared properties are typed fields of ``CALayerStorage``
/// (``read(_:_:)`` and ``write(_:_:_:)``); keys outside the table — ``CAManaged`` properties
/// and undeclared keys — live in its `extras` by key.
extension CALayer {
    // MARK: - Declared properties

    /// A declared property's value: its field, unless the layer has a ``style`` and the
    /// property was never set, in which case the style chain may answer first.
    @inline(__always)
    func read<T>(_ property: CALayerProperty, _ value: T) -> T {
        guard storage.style != nil, !storage.isSet(property) else { return value }
        return styled(property, value)
    }

    /// The style chain's value for an unset `property`, else `value` (the class default).
    func styled<T>(_ property: CALayerProperty, _ value: T) -> T {
        guard property.consultsStyle, let found = styleValue(forKey: property.key) else { return value }
        return CAValueCoercion.coerce(found, to: T.self) ?? value
    }

    /// Stores a declared property and reacts to the change: the key's action (looked up
    /// before the value is stored, as Apple does) when the layer is displayed and the value
    /// really changes, redisplay if ``needsDisplay(forKey:)`` says so, and the transaction.
    @inline(__always)
    func write<T>(_ property: CALayerProperty, _ field: WritableKeyPath<CALayerStorage, T>, _ value: T) {
        let pending = isPresentationCopy ? nil : actionForChange(of: property, to: value)
        if isPresentationCopy {
            storage.set(field, value, bit: property.bit)
            propertyDidChange(property)
        } else {
            // One turn of the tree lock for the value and its record.
            CALayer.treeLock.withLock {
                storage.set(field, value, bit: property.bit)
                changedProperties |= property.bit
                CATransaction.layerDidChangeHoldingTreeLock(self)
            }
            if CALayer.classNeedsDisplay(Swift.type(of: self), for: property) {
                setNeedsDisplay()
            }
        }
        if let pending {
            runAction(pending.action, forKey: property.key, previous: pending.previous)
        }
    }

    /// Reactions common to every change of a declared property. A presentation layer's
    /// values are written only by the thread that shows it, holding the tree lock when it
    /// is displayed (evaluation, commit): its record needs no lock of its own.
    func propertyDidChange(_ property: CALayerProperty) {
        if isPresentationCopy {
            changedProperties |= property.bit
            invalidateRenderSnapshot(changing: property.bit)
        } else {
            CALayer.treeLock.withLock { changedProperties |= property.bit }
        }
        if CALayer.classNeedsDisplay(Swift.type(of: self), for: property) {
            setNeedsDisplay()
        }
        didChange()
    }

    // MARK: - Keys outside the table

    /// The value for a key that was never set: the shallowest entry of the ``style``
    /// chain, else the class's ``defaultValue(forKey:)``.
    func inheritedValue(forKey key: String) -> Any? {
        if key != "frame", let styled = styleValue(forKey: key) {
            return styled
        }
        return Swift.type(of: self).defaultValue(forKey: key)
    }

    /// The shallowest value for `key` in the style chain (`style`, `style["style"]`, …).
    func styleValue(forKey key: String) -> Any? {
        var dictionary = storage.style
        var depth = 0
        while let current = dictionary, depth < 64 {
            if let value = current[key] { return value is CAExplicitNil ? nil : value }
            dictionary = current["style"] as? [String: Any]
            depth += 1
        }
        return nil
    }

    /// The raw stored-or-inherited value of a key outside the table (`nil` when
    /// explicitly set to nil).
    func storedOrInheritedValue(forKey key: String) -> Any? {
        if let stored = storage.extras[key] {
            return stored is CAExplicitNil ? nil : stored
        }
        return inheritedValue(forKey: key)
    }

    /// Stores `value` for a key outside the table (an explicit nil for `nil`) and reacts
    /// to the change like ``write(_:_:_:)``.
    func setProperty(_ key: String, _ value: Any?) {
        let pending = isPresentationCopy ? nil : actionForChange(ofKey: key, to: value)
        CALayer.treeLock.withLock {
            storage.setExtra(key, value ?? CAExplicitNil())
            changedProperties |= CALayer.extrasChangedBit
            if isPresentationCopy { invalidateRenderSnapshot() }
        }
        if CALayer.classNeedsDisplay(Swift.type(of: self), forKey: key) {
            setNeedsDisplay()
        }
        didChange()
        if let pending {
            runAction(pending.action, forKey: key, previous: pending.previous)
        }
    }

    /// The bit of ``changedProperties`` that stands for any key outside the table.
    static let extrasChangedBit: UInt64 = 1 << 63

    /// Refuses a non-finite value for `key` with a diagnostic; returns whether it is finite.
    func checkFinite(_ key: String, _ description: @autoclosure () -> String, _ components: CGFloat...) -> Bool {
        if components.allSatisfy(\.isFinite) { return true }
        diagnose(.nonFiniteValue, "\(key) \(description()) is not finite; the change is ignored")
        return false
    }
}
