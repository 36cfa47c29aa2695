import CXKBCommon
import Glibc

/// An xkbcommon context: where keymaps and compose tables are compiled.
final class XKBContext {
    let raw: OpaquePointer

    /// A context that logs only critical problems (a failed keymap is reported as a
    /// `KeymapError` instead of xkbcommon's own messages); nil when out of memory.
    init?() {
        guard let raw = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        xkb_context_set_log_level(raw, XKB_LOG_LEVEL_CRITICAL)
        self.raw = raw
    }

    deinit { xkb_context_unref(raw) }
}

/// A compiled XKB keymap.
final class XKBKeymap {
    /// The largest keymap accepted from a compositor, in bytes (real ones are 50–100 KiB).
    static let maximumSize = 1 << 20

    let raw: OpaquePointer

    /// Compiles keymap text (trailing NUL bytes are ignored).
    init(text: UnsafeRawBufferPointer, context: XKBContext) throws(KeymapError) {
        var length = text.count
        while length > 0, text[length - 1] == 0 { length -= 1 }
        let compiled = text.baseAddress.flatMap { base in
            xkb_keymap_new_from_buffer(
                context.raw, base.assumingMemoryBound(to: CChar.self), length, XKB_KEYMAP_FORMAT_TEXT_V1,
                XKB_KEYMAP_COMPILE_NO_FLAGS)
        }
        guard length > 0, let compiled else {
            let printable = text.prefix(24).map { (0x20..<0x7f).contains($0) ? Character(UnicodeScalar($0)) : "?" }
            throw .notAKeymap(size: text.count, prefix: String(printable))
        }
        raw = compiled
    }

    /// Reads the keymap a compositor sent in `wl_keyboard.keymap`: checks the format and
    /// size, maps the file read-only and private, and compiles it. The descriptor is closed
    /// whatever happens.
    static func load(
        format: UInt32, descriptor: consuming OwnedFileDescriptor, size: UInt32, context: XKBContext
    ) throws(KeymapError) -> XKBKeymap {
        guard format == 1 else { throw .unsupportedFormat(format) }
        guard size > 0 else { throw .emptySize }
        guard size <= maximumSize else { throw .tooLarge(size: size, limit: maximumSize) }
        let length = Int(size)
        let status: stat
        do {
            status = try descriptor.status()
        } catch {
            throw KeymapError(error)
        }
        // A pipe, socket or device has no size to check against, and may not be mappable.
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notARegularFile }
        let fd = descriptor.rawValue
        // Mapping past the end of a file succeeds, but touching those pages raises SIGBUS.
        let fileSize = Int(status.st_size)
        guard length <= fileSize else { throw .sizeExceedsFile(size: size, fileSize: fileSize) }
        let mapped: UnsafeMutableRawPointer
        do {
            mapped = try SystemCall.map("mmap of \(length) bytes") { mmap(nil, length, PROT_READ, MAP_PRIVATE, fd, 0) }
        } catch {
            throw KeymapError(error)
        }
        defer { SystemCall.unmap(mapped, size: length) }
        return try XKBKeymap(text: UnsafeRawBufferPointer(start: mapped, count: length), context: context)
    }

    deinit { xkb_keymap_unref(raw) }

    /// Whether the key repeats while held (per the keymap).
    func repeats(_ keycode: UInt32) -> Bool {
        xkb_keymap_key_repeats(raw, keycode) != 0
    }
}
