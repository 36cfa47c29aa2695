import CoreText
import Foundation

/// The tests' variable font: Inter's upright variable font (`fonts-inter-variable`, installed
/// by the setup script) renamed "Lamvf" in its name table, written to a file of its own and
/// registered for the process, so that no installed font shares its name (Inter's static
/// fonts are the family "Inter" too).
///
/// Its figures, read with fontTools (`TTFont(...)['fvar']`, and
/// `varLib.instancer.instantiateVariableFont` for an instance's advances and outlines): 2816
/// units per em; one axis, `wght` (identifier 0x7767_6874), from 100 to 900, default 400,
/// named "Weight" (name 271), not hidden. "H" (glyph 161) is 2072 units wide at 100, 2084 at
/// 400, 2101 at 700 and 2112 at 900; its outline spans x 320…1752 at 100 (stems 64 units
/// wide), 248…1836 at 400, 178…1922 at 700 and 132…1980 at 900 (stems 556 units wide), y
/// 0…2048 at each.
public final class VariableTestFont {
    /// The font's PostScript and family name.
    public static let name = "Lamvf"
    /// The identifier of its weight axis, `'wght'`.
    public static let weightAxis = 0x7767_6874
    /// The file installed, which the figures above are read from.
    public static let installedFile = "/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf"

    private let folder: URL
    private let file: URL

    /// Writes and registers the font; fails when the installed file is not the one above.
    public init() throws {
        let matched = try fcMatch("Inter:variable=True", format: "%{file}")
        guard matched == Self.installedFile else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: Self.installedFile, "matched": matched])
        }
        let bytes = try renamedFontBytes(of: "Inter:variable=True", [("Inter", Self.name)])
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("variable-font-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        file = folder.appendingPathComponent("\(Self.name).ttf")
        try bytes.write(to: file)
        var error: Unmanaged<CFError>?
        guard CTFontManagerRegisterFontsForURL(file as CFURL, .process, &error) else {
            try? FileManager.default.removeItem(at: folder)
            throw error?.takeRetainedValue() ?? CocoaError(.fileReadCorruptFile)
        }
    }

    /// Unregisters and removes the font.
    public func remove() {
        CTFontManagerUnregisterFontsForURL(file as CFURL, .process, nil)
        try? FileManager.default.removeItem(at: folder)
    }

    /// The font at `size` points, at `variation` (a ``kCTFontVariationAttribute`` value) when given.
    public static func font(_ size: CGFloat = 28.16, _ variation: [AnyHashable: Any]? = nil) -> CTFont {
        var attributes: [CFString: Any] = [kCTFontNameAttribute: name]
        if let variation { attributes[kCTFontVariationAttribute] = variation }
        return CTFontCreateWithFontDescriptor(CTFontDescriptorCreateWithAttributes(attributes), size, nil)
    }
}
