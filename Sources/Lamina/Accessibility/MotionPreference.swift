import CGio

/// The desktop's preference for less motion, where GNOME, GTK and the applications that follow
/// them keep it: the `enable-animations` key of the `org.gnome.desktop.interface` settings,
/// read through GSettings (from dconf on a GNOME desktop, or the backend `GSETTINGS_BACKEND`
/// names). Turning animations off in the desktop's settings asks for less motion.
enum MotionPreference {
    static let schemaID = "org.gnome.desktop.interface"
    static let key = "enable-animations"

    /// Whether the desktop asks for less motion (its animations are off), read now. False
    /// where the settings are not installed: no `org.gnome.desktop.interface` schema, or one
    /// without the key.
    ///
    /// - Parameter keyfile: a GLib key file to read instead of the default backend (its
    ///   group `[org/gnome/desktop/interface]`); nil for the desktop's own settings.
    static func reducesMotion(keyfile: String? = nil) -> Bool {
        guard let source = g_settings_schema_source_get_default(), let schema = g_settings_schema_source_lookup(source, schemaID, 1) else {
            return false
        }
        defer { g_settings_schema_unref(schema) }
        guard g_settings_schema_has_key(schema, key) != 0 else { return false }
        let backend = keyfile.flatMap { g_keyfile_settings_backend_new($0, "/", nil) }
        defer { if let backend { g_object_unref(UnsafeMutableRawPointer(backend)) } }
        guard let settings = g_settings_new_full(schema, backend, nil) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(settings)) }
        return g_settings_get_boolean(settings, key) == 0
    }
}
