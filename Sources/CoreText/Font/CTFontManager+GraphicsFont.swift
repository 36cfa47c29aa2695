import CoreGraphics
import Foundation

/// Registers the font `font` holds (a `CGFont` made from a font file's bytes) for this
/// process, so that fonts created by its PostScript, full or family name find it (Core Text's
/// `CTFontManagerRegisterGraphicsFont`).
///
/// fontconfig registers files: Lamina writes the bytes once to a file named by their content
/// in the temporary folder (`lamina-fonts-<user id>`) and registers that file.
///
/// - Returns: Whether the font was registered. On failure `error`, when given, receives a
///   retained error in ``kCTFontManagerErrorDomain``: ``CTFontManagerError/alreadyRegistered``
///   for a font registered before or made by name (an installed font),
///   ``CTFontManagerError/registrationFailed`` when the file cannot be written.
@discardableResult
public func CTFontManagerRegisterGraphicsFont(_ font: CGFont, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> Bool {
    let function = "CTFontManagerRegisterGraphicsFont"
    guard let file = GraphicsFontFile(font) else {
        return FontManagerCall(function: function, url: URL(fileURLWithPath: "/"), scope: .process, error: error)
            .fail(.alreadyRegistered, "\(font.postScriptName ?? "the font") was made by name: it is an installed font")
    }
    let call = FontManagerCall(function: function, url: file.url, scope: .process, error: error)
    guard file.write() else { return call.fail(.registrationFailed, "could not write the font's bytes to \(file.url.path)") }
    return call.run { FontRegistry.register(path: $0) }
}

/// Unregisters a font registered with ``CTFontManagerRegisterGraphicsFont(_:_:)`` (Core Text's
/// `CTFontManagerUnregisterGraphicsFont`).
///
/// - Returns: Whether it was unregistered; on failure `error`, when given, receives a retained
///   error (``CTFontManagerError/notRegistered`` for a font that was not registered).
@discardableResult
public func CTFontManagerUnregisterGraphicsFont(_ font: CGFont, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> Bool {
    let function = "CTFontManagerUnregisterGraphicsFont"
    guard let file = GraphicsFontFile(font) else {
        return FontManagerCall(function: function, url: URL(fileURLWithPath: "/"), scope: .process, error: error)
            .fail(.systemRequired, "\(font.postScriptName ?? "the font") was made by name: it is an installed font")
    }
    return FontManagerCall(function: function, url: file.url, scope: .process, error: error)
        .run { FontRegistry.unregister(path: $0) }
}

/// A Core Text font of `graphicsFont` at `size` points (0: 12) (Core Text's
/// `CTFontCreateWithGraphicsFont`). A font made from a file's bytes is registered for the
/// process first if it is not (so it is found by name afterwards too, unlike on Apple
/// platforms); one made by name is that name's font. `matrix` and `attributes` are accepted
/// for source compatibility and ignored.
@discardableResult
public func CTFontCreateWithGraphicsFont(
    _ graphicsFont: CGFont, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?, _ attributes: CTFontDescriptor?
) -> CTFont {
    registerIfNeeded(graphicsFont)
    return CTFontCreateWithName(graphicsFont.postScriptName ?? graphicsFont.fullName ?? "", size, matrix)
}

/// A descriptor of the font whose file's bytes are `data` (Core Text's
/// `CTFontManagerCreateFontDescriptorFromData`): its PostScript name. Nil when the bytes are
/// not a TrueType or OpenType font (of a collection, the first font). As with
/// ``CTFontCreateWithGraphicsFont(_:_:_:_:)``, the bytes are registered for the process, so
/// fonts made from the descriptor, or by the font's names, find them.
@discardableResult
public func CTFontManagerCreateFontDescriptorFromData(_ data: CFData) -> CTFontDescriptor? {
    guard let provider = CGDataProvider(data: data), let font = CGFont(provider),
        let name = font.postScriptName ?? font.fullName, !name.isEmpty
    else { return nil }
    registerIfNeeded(font)
    return CTFontDescriptor(name: name)
}

/// Descriptors of the fonts in the file at `fileURL` (Core Text's
/// `CTFontManagerCreateFontDescriptorsFromURL`): of a collection, its first font. Nil when the
/// URL is not a readable file of a TrueType or OpenType font. The font is registered for the
/// process as ``CTFontManagerCreateFontDescriptorFromData(_:)`` registers it.
@discardableResult
public func CTFontManagerCreateFontDescriptorsFromURL(_ fileURL: CFURL) -> CFArray? {
    guard fileURL.isFileURL, let data = try? Data(contentsOf: fileURL), let descriptor = CTFontManagerCreateFontDescriptorFromData(data)
    else { return nil }
    return [descriptor]
}

/// Registers a graphics font made from a file's bytes for the process unless it is already.
private func registerIfNeeded(_ graphicsFont: CGFont) {
    if let file = GraphicsFontFile(graphicsFont), !FontRegistry.isRegistered(path: file.url.path), file.write() {
        _ = FontRegistry.register(path: file.url.path)
    }
}

/// The graphics font of `font`: its PostScript name (Core Text's `CTFontCopyGraphicsFont`).
/// `attributes`, when given, receives nil.
@discardableResult
public func CTFontCopyGraphicsFont(_ font: CTFont, _ attributes: UnsafeMutablePointer<CTFontDescriptor?>?) -> CGFont {
    attributes?.pointee = nil
    return CGFont(CTFontCopyPostScriptName(font)) ?? CGFont(FontResolution.defaultFontName)!
}

/// The file a graphics font's bytes are registered from: named by the bytes' length and
/// FNV-1a hash, so the same bytes always go to the same file.
private struct GraphicsFontFile {
    let data: Data
    let url: URL

    init?(_ font: CGFont) {
        guard let data = font.fileData else { return nil }
        self.data = data
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        let safeName = String((font.postScriptName ?? "font").unicodeScalars.prefix(64).map {
            CharacterSet.alphanumerics.contains($0) || $0 == "-" ? Character($0) : "_"
        })
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("lamina-fonts-\(getuid())", isDirectory: true)
            .appendingPathComponent("\(safeName)-\(data.count)-\(String(hash, radix: 16)).\(Self.fileExtension(of: data))")
    }

    /// The extension of a font file starting with `data`'s first bytes.
    private static func fileExtension(of data: Data) -> String {
        switch Array(data.prefix(4)) {
        case Array("OTTO".utf8): "otf"
        case Array("ttcf".utf8): "ttc"
        default: "ttf"
        }
    }

    /// Writes the bytes unless the file holds them already; whether the file holds them.
    func write() -> Bool {
        if let existing = try? Data(contentsOf: url), existing == data { return true }
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try data.write(to: url, options: .atomic)
            return true
        } catch {
            return false
        }
    }
}
