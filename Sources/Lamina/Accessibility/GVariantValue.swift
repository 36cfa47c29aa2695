import CGio

/// A D-Bus value built in Swift and turned into a floating `GVariant` where GDBus takes it
/// (GLib's variadic `g_variant_new` is out of Swift's reach, so values are built from the
/// typed constructors).
indirect enum GVariantValue: Equatable {
    case boolean(Bool)
    case int32(Int32)
    case uint32(UInt32)
    case double(Double)
    case string(String)
    case objectPath(String)
    case variant(GVariantValue)
    case tuple([GVariantValue])
    /// An array whose elements have the D-Bus type `elementType` (needed when it is empty).
    case array(elementType: String, [GVariantValue])
    case dictEntry(GVariantValue, GVariantValue)

    /// A new floating `GVariant` (GDBus sinks it when it takes it as a reply or a signal).
    func make() -> OpaquePointer {
        switch self {
        case .boolean(let value): return g_variant_new_boolean(value ? 1 : 0)
        case .int32(let value): return g_variant_new_int32(value)
        case .uint32(let value): return g_variant_new_uint32(value)
        case .double(let value): return g_variant_new_double(value)
        case .string(let value): return g_variant_new_string(Self.valid(value))
        case .objectPath(let value): return g_variant_new_object_path(value)
        case .variant(let value): return g_variant_new_variant(value.make())
        case .tuple(let elements):
            let children: [OpaquePointer?] = elements.map { $0.make() }
            return children.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, $0.count) }
        case .array(let elementType, let elements):
            let type = g_variant_type_new(elementType)
            defer { g_variant_type_free(type) }
            let children: [OpaquePointer?] = elements.map { $0.make() }
            return children.withUnsafeBufferPointer { g_variant_new_array(type, $0.baseAddress, $0.count) }
        case .dictEntry(let key, let value):
            return g_variant_new_dict_entry(key.make(), value.make())
        }
    }

    /// Runs `body` with the value as a `GVariant` it does not own (released afterwards).
    func withGVariant<Result>(_ body: (OpaquePointer) throws -> Result) rethrows -> Result {
        let variant = g_variant_ref_sink(make())
        defer { g_variant_unref(variant) }
        // g_variant_ref_sink returns its argument, never nil.
        return try body(variant ?? make())
    }

    /// A string GVariant accepts: UTF-8 without NUL (Swift strings are UTF-8; a NUL would
    /// end the C string early, so it is dropped).
    private static func valid(_ string: String) -> String {
        string.contains("\0") ? string.replacingOccurrences(of: "\0", with: "") : string
    }
}

/// Reading the arguments of a D-Bus call (GDBus checked them against the introspection
/// data, so their types are those declared).
enum GVariantArguments {
    /// The `index`th argument of `tuple` as an `Int32`, or nil if it is not an `i`.
    static func int32(_ tuple: OpaquePointer?, _ index: Int) -> Int32? {
        guard let value = child(tuple, index, "i") else { return nil }
        defer { g_variant_unref(value) }
        return g_variant_get_int32(value)
    }

    /// The `index`th argument of `tuple` as a `UInt32`, or nil if it is not a `u`.
    static func uint32(_ tuple: OpaquePointer?, _ index: Int) -> UInt32? {
        guard let value = child(tuple, index, "u") else { return nil }
        defer { g_variant_unref(value) }
        return g_variant_get_uint32(value)
    }

    /// The `index`th child of `tuple` if it has the type `type` (a new reference).
    private static func child(_ tuple: OpaquePointer?, _ index: Int, _ type: String) -> OpaquePointer? {
        guard let tuple, index < g_variant_n_children(tuple) else { return nil }
        guard let child = g_variant_get_child_value(tuple, index) else { return nil }
        guard let signature = g_variant_get_type_string(child), String(cString: signature) == type else {
            g_variant_unref(child)
            return nil
        }
        return child
    }

    /// `value` unwrapped from its variant box when it is one, if it has the type `type`.
    static func boolean(_ value: OpaquePointer?) -> Bool? {
        guard let value = unboxed(value, "b") else { return nil }
        defer { g_variant_unref(value) }
        return g_variant_get_boolean(value) != 0
    }

    static func string(_ value: OpaquePointer?) -> String? {
        guard let value = unboxed(value, "s") else { return nil }
        defer { g_variant_unref(value) }
        return g_variant_get_string(value, nil).map { String(cString: $0) }
    }

    static func int32(_ value: OpaquePointer?) -> Int32? {
        guard let value = unboxed(value, "i") else { return nil }
        defer { g_variant_unref(value) }
        return g_variant_get_int32(value)
    }

    static func double(_ value: OpaquePointer?) -> Double? {
        guard let value = unboxed(value, "d") else { return nil }
        defer { g_variant_unref(value) }
        return g_variant_get_double(value)
    }

    /// A new reference to `value`, or to what its variant boxes (repeatedly), if of `type`.
    private static func unboxed(_ value: OpaquePointer?, _ type: String) -> OpaquePointer? {
        guard var current = value.flatMap({ g_variant_ref_sink($0) }) else { return nil }
        while let signature = g_variant_get_type_string(current), String(cString: signature) == "v" {
            guard let inner = g_variant_get_variant(current) else { break }
            g_variant_unref(current)
            current = inner
        }
        guard let signature = g_variant_get_type_string(current), String(cString: signature) == type else {
            g_variant_unref(current)
            return nil
        }
        return current
    }
}
