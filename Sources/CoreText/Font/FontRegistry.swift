import CPangoCairo
import Foundation
import Synchronization

/// The font files an application registers with fontconfig, and the faces fontconfig knows by
/// PostScript or full name (Core Text finds a font by either; Pango only by family and style).
///
/// fontconfig keeps the registered files in its current configuration; Pango's font maps (one
/// for each thread) cache what it lists, so each map is told once after the files change,
/// the next time its thread resolves a font.
package enum FontRegistry {
    private struct State {
        /// The registered files, in registration order.
        var files: [String] = []
        /// Bumped when `files` changes.
        var generation = 0
        /// The generation each thread's font map has seen.
        var seenByFontMap: [UInt: Int] = [:]
        /// Names looked up before (nil: no face has the name).
        var faces: [String: Face?] = [:]
        /// Family names looked up before, and whether fontconfig lists a face of each.
        var families: [String: Bool] = [:]
    }

    /// What Pango needs to load a face fontconfig found by name.
    package struct Face: Equatable, Sendable {
        var family: String
        var weight: Int32
        var italic: Bool
    }

    private static let state = Mutex(State())

    /// Why a file could not be registered or unregistered.
    enum Failure: Error, Equatable {
        case notFound, unrecognizedFormat, alreadyRegistered, notRegistered
    }

    /// Registers the fonts of the file at `path` for this process.
    static func register(path: String) -> Result<Void, Failure> {
        guard FileManager.default.isReadableFile(atPath: path) else { return .failure(.notFound) }
        return state.withLock { state in
            guard !state.files.contains(path) else { return .failure(.alreadyRegistered) }
            guard let config = FcConfigGetCurrent(), path.withCString({ FcConfigAppFontAddFile(config, $0) }) != 0,
                !faces(matching: "file", path).isEmpty
            else { return .failure(.unrecognizedFormat) }
            state.files.append(path)
            state.generation += 1
            state.faces = [:]
            state.families = [:]
            return .success(())
        }
    }

    /// Whether the file at `path` is registered.
    static func isRegistered(path: String) -> Bool {
        state.withLock { $0.files.contains(path) }
    }

    /// Unregisters the fonts of a file registered before (fontconfig forgets an application's
    /// files all at once; the others are registered again).
    static func unregister(path: String) -> Result<Void, Failure> {
        state.withLock { state in
            guard let index = state.files.firstIndex(of: path) else { return .failure(.notRegistered) }
            state.files.remove(at: index)
            if let config = FcConfigGetCurrent() {
                FcConfigAppFontClear(config)
                for file in state.files { _ = file.withCString { FcConfigAppFontAddFile(config, $0) } }
            }
            state.generation += 1
            state.faces = [:]
            state.families = [:]
            return .success(())
        }
    }

    /// Tells `map` (the calling thread's font map) that the registered files changed, if
    /// they did since it last heard.
    static func refresh(_ map: OpaquePointer) {
        let key = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(map)))
        let stale = state.withLock { state -> Bool in
            guard state.generation > 0, state.seenByFontMap[key] != state.generation else { return false }
            state.seenByFontMap[key] = state.generation
            return true
        }
        if stale { pango_fc_font_map_config_changed(map) }
    }

    /// The face whose PostScript name or full name is `name`, if fontconfig knows one.
    static func face(named name: String) -> Face? {
        if let known = state.withLock({ $0.faces[name] }) { return known }
        let found = faces(matching: "postscriptname", name).first ?? faces(matching: "fullname", name).first
        state.withLock { $0.faces[name] = .some(found) }
        return found
    }

    /// Whether fontconfig lists a face of the family `name` (installed or registered; case and
    /// spaces ignored, as fontconfig compares families).
    static func hasFamily(named name: String) -> Bool {
        if let known = state.withLock({ $0.families[name] }) { return known }
        let found = !faces(matching: "family", name).isEmpty
        state.withLock { $0.families[name] = found }
        return found
    }

    /// Every value of the string property `object` (`"family"`, `"postscriptname"`) of the
    /// faces fontconfig lists, installed and registered: each once, sorted.
    static func allValues(of object: String) -> [String] {
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        guard let objects = FcObjectSetCreate() else { return [] }
        defer { FcObjectSetDestroy(objects) }
        _ = FcObjectSetAdd(objects, object)
        guard let set = FcFontList(FcConfigGetCurrent(), pattern, objects) else { return [] }
        defer { FcFontSetDestroy(set) }
        var values = Set<String>()
        for index in 0..<Int(max(set.pointee.nfont, 0)) {
            guard let font = set.pointee.fonts[index] else { continue }
            var value: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(font, object, 0, &value) == FcResultMatch, let value else { continue }
            values.insert(String(cString: UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self)))
        }
        return values.sorted()
    }

    /// The faces fontconfig lists whose `object` (a fontconfig property name) is `value`.
    private static func faces(matching object: String, _ value: String) -> [Face] {
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        _ = value.withCString { FcPatternAddString(pattern, object, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        guard let objects = FcObjectSetCreate() else { return [] }
        defer { FcObjectSetDestroy(objects) }
        for property in ["family", "weight", "slant"] { _ = FcObjectSetAdd(objects, property) }
        guard let set = FcFontList(FcConfigGetCurrent(), pattern, objects) else { return [] }
        defer { FcFontSetDestroy(set) }
        var found: [Face] = []
        for index in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[index] else { continue }
            var family: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(font, "family", 0, &family) == FcResultMatch, let family else { continue }
            var weight: Int32 = 80  // fontconfig's regular
            _ = FcPatternGetInteger(font, "weight", 0, &weight)
            var slant: Int32 = 0
            _ = FcPatternGetInteger(font, "slant", 0, &slant)
            found.append(
                Face(
                    family: String(cString: UnsafeRawPointer(family).assumingMemoryBound(to: CChar.self)),
                    weight: FcWeightToOpenType(weight), italic: slant != 0))
        }
        return found
    }
}
