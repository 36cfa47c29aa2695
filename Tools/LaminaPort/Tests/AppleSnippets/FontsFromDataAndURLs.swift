import UIKit
import CoreText

/// Bundled fonts used the iOS 13 ways: a descriptor made from a font file's bytes, and a
/// folder of font files registered at once with a completion handler.
func makeFontFromData(named name: String, size: CGFloat) -> CTFont {
    guard let url = Bundle.main.url(forResource: name, withExtension: "otf"),
        let data = try? Data(contentsOf: url),
        let descriptor = CTFontManagerCreateFontDescriptorFromData(data as CFData)
    else { return CTFontCreateWithName("Helvetica" as CFString, size, nil) }
    return CTFontCreateWithFontDescriptor(descriptor, size, nil)
}

func registerBundledFonts(completion: @escaping (Bool) -> Void) {
    let urls = Bundle.main.urls(forResourcesWithExtension: "ttf", subdirectory: "Fonts") ?? []
    CTFontManagerRegisterFontURLs(urls as CFArray, .process, true) { errors, done in
        if let errors = errors as? [CFError], !errors.isEmpty {
            print("font registration failed: \(errors)")
        }
        if done { completion(true) }
        return true
    }
}

func titleLayer(_ text: String) -> CATextLayer {
    let layer = CATextLayer()
    let font = makeFontFromData(named: "Brand-Bold", size: 22)
    layer.font = font
    layer.fontSize = CTFontGetSize(font)
    layer.string = text
    layer.contentsScale = UIScreen.main.scale
    return layer
}
