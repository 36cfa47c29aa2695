import UIKit
import CoreText

/// A font shipped in the app bundle, registered from its bytes, then used by a text layer.
enum BundledFonts {
    /// Registers the bundled font file `name.ttf`; its PostScript name, or nil.
    @discardableResult
    static func register(_ name: String, bundle: Bundle = .main) -> String? {
        guard let url = bundle.url(forResource: name, withExtension: "ttf"),
            let data = try? Data(contentsOf: url),
            let provider = CGDataProvider(data: data as CFData),
            let font = CGFont(provider)
        else { return nil }
        var error: Unmanaged<CFError>?
        if !CTFontManagerRegisterGraphicsFont(font, &error), let error = error?.takeRetainedValue() {
            print("could not register \(name): \(error)")
        }
        return font.postScriptName.map { String($0) }
    }
}

func makeBundledFontLabel(_ text: String) -> CATextLayer {
    let label = CATextLayer()
    let name = BundledFonts.register("Pacifico-Regular") ?? "Helvetica"
    label.font = CTFontCreateWithName(name as CFString, 28, nil)
    label.fontSize = 28
    label.string = text
    label.foregroundColor = UIColor.systemIndigo.cgColor
    label.contentsScale = UIScreen.main.scale
    label.frame = CGRect(x: 0, y: 0, width: 320, height: 44)
    return label
}
