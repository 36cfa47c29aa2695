// The fidelity harness's runner: how lottie-ios's snapshot tests set up each sample, restated
// for the Core Animation engine (which frame each reference image shows, and the few samples
// the tests give value providers, image, text or font providers, or a viewport).

import CoreText
import Foundation
import ImageIO
import QuartzCore

/// The frame a reference image shows, as lottie's snapshot tests pause the view.
enum PausedState {
    /// `.paused(at: .progress(p))`: the image's name ends in `-<p × 100>`.
    case progress(Double)
    /// `.paused(at: .frame(f))`: the image's name ends in `-Frame-<Int(f)>`.
    case frame(Double)

    /// The state a reference image's name ends in, or nil for a name the tests do not make.
    /// `exactFrames` are the sample's frames as the tests list them (the name keeps only
    /// their integer part).
    init?(snapshotSuffix suffix: String, exactFrames: [Double]) {
        if suffix.hasPrefix("Frame-") {
            guard let whole = Int(suffix.dropFirst("Frame-".count)) else { return nil }
            self = .frame(exactFrames.first { Int($0) == whole } ?? Double(whole))
        } else if let percent = Int(suffix) {
            self = .progress(Double(percent) / 100)
        } else {
            return nil
        }
    }

    /// The frame the root layer is set to.
    func frame(in animation: LottieAnimation) -> AnimationFrameTime {
        switch self {
        case .progress(let progress): animation.frameTime(forProgress: progress)
        case .frame(let frame): frame
        }
    }
}

/// What the snapshot tests set on one sample's view besides its animation.
struct SampleSetup {
    var valueProviders: [(AnimationKeypath, AnyValueProvider)] = []
    var imageProvider: AnimationImageProvider?
    var textProvider: AnimationKeypathTextProvider?
    var fontProvider: AnimationFontProvider?
    var viewportFrame: CGRect?
    /// Frames listed with a fraction (the reference image's name keeps the integer part).
    var exactFrames: [Double] = []
    /// The largest side of the view, in points.
    var maxDimension: CGFloat = 500

    /// The setup of the sample named `name` (its path under `Tests/Samples`, no extension).
    /// `samples` is lottie's `Tests/Samples` folder (for the images some samples are given).
    static func forSample(named name: String, samples: URL) -> SampleSetup {
        var setup = SampleSetup()
        let black = LottieColor(r: 0, g: 0, b: 0, a: 1)
        let red = LottieColor(r: 1, g: 0, b: 0, a: 1)
        func colors(_ pairs: [(String, LottieColor)]) -> [(AnimationKeypath, AnyValueProvider)] {
            pairs.map { (AnimationKeypath(keypath: $0.0), ColorValueProvider($0.1)) }
        }
        switch name {
        case "Nonanimating/Text_Color":
            setup.valueProviders = colors([("**.TEXT.Color", red)])
        case "Nonanimating/keypathTest":
            setup.valueProviders = colors([("**.Stroke 1.Color", black), ("**.Fill 1.Color", red)])
        case "Switch", "DotLotExtension/Switch":
            setup.valueProviders = colors([
                ("Checkmark Outlines.Group 1.Stroke 1.Color", black),
                ("Checkmark Outlines 2.Group 1.Stroke 1.Color", black),
                ("X Outlines.Group 1.Stroke 1.Color", black),
            ])
            setup.valueProviders.append((
                AnimationKeypath(keypath: "Switch Outline Outlines.Fill 1.Color"),
                ColorValueProvider([
                    Keyframe(value: black, time: 0),
                    Keyframe(value: LottieColor(r: 0.76, g: 0.76, b: 0.76, a: 1), time: 75),
                    Keyframe(value: black, time: 150),
                ])))
        case "Issues/issue_1837_opacity":
            setup.valueProviders = [(AnimationKeypath(keypath: "Dark Gray Solid 1.Transform.Opacity"), FloatValueProvider(10))]
        case "Issues/issue_1837_scale_rotation":
            setup.valueProviders = [
                (AnimationKeypath(keypath: "H2.Transform.Scale"), PointValueProvider(CGPoint(x: 200, y: 150))),
                (AnimationKeypath(keypath: "H2.Transform.Rotation"), FloatValueProvider(90)),
            ]
        case "Issues/issue_2042":
            setup.valueProviders = [(AnimationKeypath(keypath: "MASTER.Transform.Position"), PointValueProvider(CGPoint(x: 214, y: 120)))]
        case "Issues/issue_1664":
            setup.valueProviders = colors([("**.base_color.**.Color", black)])
        case "Issues/issue_1854":
            setup.valueProviders = [(
                AnimationKeypath(keypath: "**.Colors"),
                GradientValueProvider(
                    [LottieColor(r: 0, g: 0, b: 0, a: 0), LottieColor(r: 1, g: 1, b: 1, a: 0.5), LottieColor(r: 1, g: 1, b: 1, a: 1)],
                    locations: [0, 0.3, 1.0])
            )]
        case "Issues/issue_2677":
            setup.valueProviders = [(
                AnimationKeypath(keypath: "**.**.**.Colors"),
                GradientValueProvider(
                    [LottieColor(r: 0.5, g: 0.5, b: 1, a: 1), LottieColor(r: 0.2, g: 0.6, b: 0.7, a: 1)],
                    locations: [0.1, 0.5])
            )]
        case "Issues/issue_1847":
            setup.valueProviders = colors([("**.Stroke 1.**.Color", red)])
        case "Issues/issue_2150":
            setup.valueProviders = colors([("**.Color", red)])
        case "Issues/issue_2094":
            setup.valueProviders = [(AnimationKeypath(keypath: "**.Stroke Width"), FloatValueProvider(2))]
        case "Issues/issue_2262":
            setup.valueProviders = colors([("**.Accent.**.Color", black)])
        case "Nonanimating/dog":
            setup.imageProvider = FileImageProvider(url: samples.appendingPathComponent("Images/dog.png"))
        case "Nonanimating/dog_landscape":
            setup.imageProvider = FileImageProvider(url: samples.appendingPathComponent("Images/dog-landscape.jpeg"))
        case "Issues/issue_1722":
            setup.textProvider = FixedTextProvider(text: "Bounce-bounce")
        case "Issues/issue_1949_full_paths":
            setup.textProvider = DictionaryTextProvider([
                "ENVELOPE-FRONT.sender_username": "Lottie",
                "ENVELOPE-FRONT.From": "Airbnb (front)",
                "ENVELOPE-BACK-TEXTBOX.LETTER-TEXTBOX.sender_username": "Airbnb (back)",
                "ENVELOPE-BACK-TEXTBOX.LETTER-TEXTBOX.custom_text": "Text providers are cool!",
            ])
        case "Issues/issue_1949_short_paths":
            setup.textProvider = DictionaryTextProvider([
                "sender_username": "Lottie",
                "From": "Airbnb",
                "custom_text": "Text providers are cool!",
            ])
        case "Issues/issue_2209":
            setup.exactFrames = [4.999, 5.0, 9.9999999, 10]
        case "Issues/issue_2226":
            setup.exactFrames = [19.25, 113]
        case "Nonanimating/Text_Glyph":
            setup.fontProvider = FixedFontProvider(font: CTFontCreateWithName("Chalkduster" as CFString, 36, nil))
        case "TypeFace/G":
            setup.valueProviders = colors([
                ("G 2.Ellipse 1.Stroke 1.Color", red),
                ("G Outlines 3.G.Fill 1.Color", red),
                ("Shape Layer 18.Shape 1.Stroke 2.Color", red),
            ])
        case "Issues/issue_2310":
            setup.viewportFrame = CGRect(x: 0, y: 0, width: 85, height: 85).insetBy(dx: 10, dy: 10)
        default:
            break
        }
        return setup
    }
}

/// Images from the animation file itself (base64 data URLs), as the tests' default bundle
/// provider finds them: the test bundle has no image files of its own.
struct EmbeddedImageProvider: AnimationImageProvider {
    func imageForAsset(asset: ImageAsset) -> CGImage? {
        asset.base64Image
    }
}

/// One image file for every asset (PNG or JPEG, decoded by Image I/O as UIKit decodes the
/// tests' bundle image), drawn to fill the layer keeping its aspect ratio.
struct FileImageProvider: AnimationImageProvider {
    let url: URL

    func imageForAsset(asset _: ImageAsset) -> CGImage? {
        guard let source = CGImageSourceCreateWithURL(url as CFURL, nil) else { return nil }
        return CGImageSourceCreateImageAtIndex(source, 0, nil)
    }

    func contentsGravity(for _: ImageAsset) -> CALayerContentsGravity {
        .resizeAspectFill
    }
}

/// The same text for every text layer.
final class FixedTextProvider: AnimationKeypathTextProvider {
    let text: String

    init(text: String) {
        self.text = text
    }

    func text(for _: AnimationKeypath, sourceText _: String) -> String? {
        text
    }
}

/// The same font for every text layer.
struct FixedFontProvider: AnimationFontProvider {
    let font: CTFont

    func fontFor(family _: String, size _: CGFloat) -> CTFont? {
        font
    }
}
