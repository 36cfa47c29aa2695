import UIKit
import CoreText

/// The system's UI fonts and the installed families, from Core Text.
func systemFont(size: CGFloat) -> CTFont {
    return CTFontCreateUIFontForLanguage(.system, size, nil) ?? CTFontCreateWithName("Helvetica" as CFString, size, nil)
}

func emphasizedFont(size: CGFloat) -> CTFont? {
    CTFontCreateUIFontForLanguage(.emphasizedSystem, size, "en" as CFString)
}

func installedFamilies() -> [String] {
    let collection = CTFontCollectionCreateFromAvailableFonts(nil)
    guard let descriptors = CTFontCollectionCreateMatchingFontDescriptors(collection) as? [CTFontDescriptor] else {
        return []
    }
    var families = Set<String>()
    for descriptor in descriptors {
        if let family = CTFontDescriptorCopyAttribute(descriptor, kCTFontFamilyNameAttribute) as? String {
            families.insert(family)
        }
    }
    return families.sorted()
}

func labelLayer(_ text: String) -> CATextLayer {
    let layer = CATextLayer()
    let font = systemFont(size: 13)
    layer.font = font
    layer.fontSize = CTFontGetSize(font)
    layer.string = text
    return layer
}
