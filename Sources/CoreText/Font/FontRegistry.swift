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
        Set(listedFonts(properties: [object]) { string($0, object) }).sorted()
    }

    /// The languages fontconfig finds the faces of the family `family` cover (their
    /// langsets: ISO 639 codes, some with a territory, `"zh-tw"`), each once, sorted.
    static func languages(ofFamily family: String) -> [String] {
        let lists = listedFonts(matching: ("family", family), properties: ["lang"]) { font -> [String]? in
            var langSet: OpaquePointer?
            guard FcPatternGetLangSet(font, "lang", 0, &langSet) == FcResultMatch, let langSet,
                let strings = FcLangSetGetLangs(langSet)
            else { return nil }
            defer { FcStrSetDestroy(strings) }
            guard let list = FcStrListCreate(strings) else { return nil }
            defer { FcStrListDone(list) }
            var languages: [String] = []
            while let next = FcStrListNext(list), languages.count < 10_000 {
                languages.append(String(cString: UnsafeRawPointer(next).assumingMemoryBound(to: CChar.self)))
            }
            return languages
        }
        return Set(lists.joined()).sorted()
    }

    /// The faces fontconfig lists whose `object` (a fontconfig property name) is `value`.
    private static func faces(matching object: String, _ value: String) -> [Face] {
        listedFonts(matching: (object, value), properties: ["family", "weight", "slant"]) { font -> Face? in
            guard let family = string(font, "family") else { return nil }
            var weight: Int32 = 80  // fontconfig's regular
            _ = FcPatternGetInteger(font, "weight", 0, &weight)
            var slant: Int32 = 0
            _ = FcPatternGetInteger(font, "slant", 0, &slant)
            return Face(family: family, weight: FcWeightToOpenType(weight), italic: slant != 0)
        }
    }

    /// Whether fontconfig knows the language `language` (its spelling: `"ja"`, `"zh-tw"`).
    static func knowsLanguage(_ language: String) -> Bool {
        withFontconfigString(language) { FcLangGetCharSet($0) } != nil
    }

    /// A face fontconfig falls back to.
    struct FallbackFace: Equatable {
        var family: String
        var postScriptName: String
    }

    /// The faces fontconfig sorts for `family` in `language` (fontconfig's spelling, `"ja"`),
    /// best first, trimmed to those that add characters the ones before do not have: the first
    /// of each family, at most 256.
    static func fallbackFaces(forFamily family: String, language: String?) -> [FallbackFace] {
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        add(family, as: "family", to: pattern)
        if let language { add(language, as: "lang", to: pattern) }
        let config = FcConfigGetCurrent()
        _ = FcConfigSubstitute(config, pattern, 0)
        FcDefaultSubstitute(pattern)
        var result = FcResultMatch
        guard let set = FcFontSort(config, pattern, 1, nil, &result) else { return [] }
        defer { FcFontSetDestroy(set) }
        var faces: [FallbackFace] = []
        var seen: Set<String> = []
        for index in 0..<Int(max(set.pointee.nfont, 0)) where faces.count < 256 {
            guard let font = set.pointee.fonts[index], let family = string(font, "family"),
                let postScriptName = string(font, "postscriptname"), seen.insert(family).inserted
            else { continue }
            faces.append(FallbackFace(family: family, postScriptName: postScriptName))
        }
        return faces
    }

    /// What `read` gives for each face fontconfig lists (whose property `match.object` is
    /// `match.value`, when given) with `properties` filled in.
    private static func listedFonts<T>(
        matching match: (object: String, value: String)? = nil, properties: [String], _ read: (OpaquePointer) -> T?
    ) -> [T] {
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        if let match { add(match.value, as: match.object, to: pattern) }
        guard let objects = FcObjectSetCreate() else { return [] }
        defer { FcObjectSetDestroy(objects) }
        for property in properties { _ = FcObjectSetAdd(objects, property) }
        guard let set = FcFontList(FcConfigGetCurrent(), pattern, objects) else { return [] }
        defer { FcFontSetDestroy(set) }
        return (0..<Int(max(set.pointee.nfont, 0))).compactMap { index in set.pointee.fonts[index].flatMap(read) }
    }

    /// Adds `value` to `pattern` as its string property `object`.
    private static func add(_ value: String, as object: String, to pattern: OpaquePointer) {
        _ = withFontconfigString(value) { FcPatternAddString(pattern, object, $0) }
    }

    /// Calls `body` with `string` as fontconfig's string type.
    private static func withFontconfigString<R>(_ string: String, _ body: (UnsafePointer<FcChar8>) -> R) -> R {
        string.withCString { body(UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
    }

    /// The string property `object` of the listed face `font`.
    private static func string(_ font: OpaquePointer, _ object: String) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font, object, 0, &value) == FcResultMatch, let value else { return nil }
        return String(cString: UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self))
    }
}
