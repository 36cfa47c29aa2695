extension CAAnimation {
    /// `value` converted to `T` for the property `key` (numbers to `Double`, `Float` or
    /// `CGFloat`, flags to `Bool`, strings to Apple's string constants, arrays of numbers to
    /// `[NSNumber]`, …), or nil — the call is then refused with a `.typeMismatch` diagnostic —
    /// if it cannot be: nil for a non-optional property included, which Apple's key-value
    /// coding raises for.
    final func coerced<T>(_ value: Any?, to type: T.Type, forKey key: String) -> T? {
        if let value, let typed = CAValueCoercion.coerce(value, to: type) { return typed }
        refuse(value, forKey: key, expected: String(describing: type))
        return nil
    }

    /// `value` converted to `T` for the optional property `key`: `.some(nil)` for nil (the
    /// property is cleared), nil after a `.typeMismatch` diagnostic if it cannot be converted.
    final func coercedOptional<T>(_ value: Any?, to type: T.Type, forKey key: String) -> T?? {
        guard let value else { return .some(nil) }
        return coerced(value, to: type, forKey: key).map { .some($0) }
    }

    /// Refuses a key-value coding call: a `.typeMismatch` diagnostic names the class, the key,
    /// the type expected and the type given; the property is left unchanged.
    final func refuse(_ value: Any?, forKey key: String, expected: String) {
        CALayer.diagnoseGlobally(
            .typeMismatch,
            "\(Swift.type(of: self))." + CALayerDiagnostic.typeMismatchMessage(forKey: key, expected: expected, value: value))
    }
}
