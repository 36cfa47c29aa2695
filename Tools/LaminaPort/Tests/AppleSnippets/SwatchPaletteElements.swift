import UIKit

/// Palette chips made from swatch structs, each coloured and iconed by its swatch, a border
/// from the first without an icon.
struct PaletteSwatch {
    var name: String
    var color: UIColor
    var icon: UIImage?
}

final class SwatchPaletteLayer: CALayer {
    var swatches: [PaletteSwatch] = [
        PaletteSwatch(name: "Sky", color: .systemBlue, icon: UIImage(named: "sky")),
        PaletteSwatch(name: "Leaf", color: .systemGreen, icon: nil),
    ]

    override func layoutSublayers() {
        super.layoutSublayers()
        sublayers = swatches.map { swatch in
            let chip = CALayer()
            chip.backgroundColor = swatch.color.cgColor
            chip.contents = swatch.icon?.cgImage
            return chip
        }
        for swatch in swatches where swatch.icon == nil {
            borderColor = swatch.color.cgColor
        }
    }
}
