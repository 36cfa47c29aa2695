import CPangoCairo
import CoreGraphics

/// A set of font descriptors (Core Text's `CTFontCollection`): every installed face with
/// ``CTFontCollectionCreateFromAvailableFonts(_:)-([String:Any]?)``, or the descriptors given to
/// ``CTFontCollectionCreateWithFontDescriptors(_:_:)-(_,[String:Any]?)``.
public final class CTFontCollection: Sendable {
    /// The descriptors, in the order they are returned.
    let descriptors: [CTFontDescriptor]

    init(_ descriptors: [CTFontDescriptor]) {
        self.descriptors = descriptors
    }

    /// A descriptor (family and style name) for each face of each family fontconfig has
    /// installed, families and faces sorted by name.
    static func installedFaces() -> [CTFontDescriptor] {
        guard let map = pango_cairo_font_map_get_default() else { return [] }
        var families: UnsafeMutablePointer<OpaquePointer?>?
        var familyCount: Int32 = 0
        pango_font_map_list_families(map, &families, &familyCount)
        guard let families else { return [] }
        defer { g_free(families) }
        var result: [(family: String, style: String)] = []
        for family in UnsafeBufferPointer(start: families, count: Int(max(familyCount, 0))) {
            guard let family, let name = pango_font_family_get_name(family).map({ String(cString: $0) }) else { continue }
            var faces: UnsafeMutablePointer<OpaquePointer?>?
            var faceCount: Int32 = 0
            pango_font_family_list_faces(family, &faces, &faceCount)
            guard let faces else { continue }
            defer { g_free(faces) }
            for face in UnsafeBufferPointer(start: faces, count: Int(max(faceCount, 0))) {
                guard let face, let style = pango_font_face_get_face_name(face).map({ String(cString: $0) }) else { continue }
                result.append((name, style))
            }
        }
        return result.sorted { ($0.family, $0.style) < ($1.family, $1.style) }
            .map { CTFontDescriptor(family: $0.family, style: $0.style) }
    }
}

/// A collection of every face of every installed font family, as fontconfig lists them
/// (Core Text's `CTFontCollectionCreateFromAvailableFonts`). The options are accepted and
/// ignored.
@discardableResult
public func CTFontCollectionCreateFromAvailableFonts(_ options: [String: Any]?) -> CTFontCollection {
    CTFontCollection(CTFontCollection.installedFaces())
}

/// A collection of `queryDescriptors` (Core Text's `CTFontCollectionCreateWithFontDescriptors`);
/// nil gives an empty collection. The options are accepted and ignored.
@discardableResult
public func CTFontCollectionCreateWithFontDescriptors(
    _ queryDescriptors: [CTFontDescriptor]?, _ options: [String: Any]?
) -> CTFontCollection {
    CTFontCollection(queryDescriptors ?? [])
}

/// The collection's descriptors (Core Text's `CTFontCollectionCreateMatchingFontDescriptors`),
/// each with a family name (``kCTFontFamilyNameAttribute``) and, for installed faces, a style
/// name (``kCTFontStyleNameAttribute``); nil when there are none.
@discardableResult
public func CTFontCollectionCreateMatchingFontDescriptors(_ collection: CTFontCollection) -> CFArray? {
    collection.descriptors.isEmpty ? nil : collection.descriptors
}
