// The fidelity harness's runner: renders one lottie-ios sample's snapshot frames with lottie's
// Core Animation engine on Lamina and compares each with Apple's reference image.
//
//   lottie-fidelity --samples DIR --sample NAME [--diffs DIR] [--color-space NAME] REFERENCE.png …
//
// NAME is the sample's path under DIR (lottie's Tests/Samples) without ".json"; each
// REFERENCE is one of its snapshot images (…/testCoreAnimationRenderingEngine.<NAME with '-'
// for '/'>-<25 | Frame-4>.png). Prints one JSON object per line for each reference (its
// result, or an error), and with --diffs writes each frame that differs next to Apple's.
// --color-space names the space of the context the frames are drawn in (extendedSRGB, displayP3,
// sRGB, … or Apple's kCGColorSpace… constant; default extended-range sRGB, as the image renderer
// of the wide-colour device behind the references).

import CoreGraphics
import Foundation
import QuartzCore

struct Options {
    var samples = URL(fileURLWithPath: ".")
    var sample = ""
    var diffs: URL?
    var colorSpace = CGColorSpace.extendedSRGB
    var references: [URL] = []

    init(_ arguments: [String]) throws {
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            switch argument {
            case "--samples", "--sample", "--diffs", "--color-space":
                guard let value = rest.popFirst() else { throw UsageError("\(argument) needs a value") }
                switch argument {
                case "--samples": samples = URL(fileURLWithPath: value)
                case "--sample": sample = value
                case "--color-space":
                    // Apple's constant's value, or its name in Swift (displayP3, sRGB, …).
                    colorSpace = value.hasPrefix("kCGColorSpace") ? value : "kCGColorSpace" + value.prefix(1).uppercased() + value.dropFirst()
                default: diffs = URL(fileURLWithPath: value)
                }
            default:
                references.append(URL(fileURLWithPath: argument))
            }
        }
        if sample.isEmpty { throw UsageError("--sample NAME is required") }
        if CGColorSpace(name: colorSpace) == nil { throw UsageError("no colour space named \(colorSpace)") }
    }
}

struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Writes one result line (JSON) to standard output at once, so a parent reading lines sees
/// whole results even if the process is killed later.
func report(_ fields: [String: Any]) {
    guard
        let data = try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]),
        let line = String(data: data, encoding: .utf8)
    else { return }
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func warn(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Lottie's messages go to standard error; its assertions are reported, not trapped.
let logger = LottieLogger(
    assert: { condition, message, _, _ in
        if !condition() { warn("lottie assertion: \(message())") }
    },
    assertionFailure: { message, _, _ in warn("lottie assertion: \(message())") },
    warn: { message, _, _ in warn("lottie: \(message())") },
    info: { _ in })

func run() -> Int32 {
    let options: Options
    do {
        options = try Options(CommandLine.arguments)
    } catch {
        warn("lottie-fidelity: \(error)")
        return 2
    }
    // As lottie's snapshot tests' setUp: the fonts in Samples/Fonts registered for the process.
    let fonts = options.samples.appendingPathComponent("Fonts")
    for font in (try? FileManager.default.contentsOfDirectory(at: fonts, includingPropertiesForKeys: nil)) ?? []
    where font.pathExtension == "ttf" {
        CTFontManagerRegisterFontsForURL(font as CFURL, .process, nil)
    }
    LottieLogger.shared = logger
    TestHelpers.snapshotTestsAreRunning = true
    let setup = SampleSetup.forSample(named: options.sample, samples: options.samples)
    let prefix = "testCoreAnimationRenderingEngine." + options.sample.replacingOccurrences(of: "/", with: "-") + "-"

    let scene: SnapshotScene
    do {
        let json = options.samples.appendingPathComponent(options.sample + ".json")
        let animation = try LottieAnimation.from(data: Data(contentsOf: json), strategy: .legacyCodable)
        scene = try SnapshotScene(animation: animation, setup: setup, logger: logger)
    } catch {
        for reference in options.references {
            report(["sample": options.sample, "reference": reference.lastPathComponent, "error": "loading: \(error)"])
        }
        return 1
    }

    var features: Set<LayerFeature>?
    for reference in options.references {
        let name = reference.lastPathComponent
        var fields: [String: Any] = ["sample": options.sample, "reference": name]
        do {
            guard name.hasPrefix(prefix), name.hasSuffix(".png") else {
                throw UsageError("\(name) is not a snapshot of \(options.sample)")
            }
            let suffix = String(name.dropFirst(prefix.count).dropLast(".png".count))
            guard let state = PausedState(snapshotSuffix: suffix, exactFrames: setup.exactFrames) else {
                throw UsageError("\(name): no paused state in its name")
            }
            let apple = try CGImage(contentsOfPNGFile: reference)
            let ours = try scene.render(
                at: state, width: apple.width, height: apple.height, space: options.colorSpace)
            // LOTTIE_FIDELITY_TREE=1: the presentation tree drawn; =model: the model tree.
            if let tree = ProcessInfo.processInfo.environment["LOTTIE_FIDELITY_TREE"],
                let layer = tree == "model" ? scene.view : scene.view.presentation()
            {
                warn("\(name):\n" + LayerTreeDump.describe(layer))
            }
            // LOTTIE_FIDELITY_FRAMES=DIR: Lamina's frame itself as a PNG (sRGB), for comparing
            // pixel by pixel with Apple's.
            if let frames = ProcessInfo.processInfo.environment["LOTTIE_FIDELITY_FRAMES"] {
                try ours.writePNG(to: URL(fileURLWithPath: frames).appendingPathComponent(
                    String(name.dropFirst("testCoreAnimationRenderingEngine.".count))))
            }
            let usedFeatures = features ?? LayerFeature.used(under: scene.root)
            features = usedFeatures
            let comparison = FrameComparison(ours: ours, apple: apple)
            fields["share"] = comparison.shareWithin
            fields["match"] = comparison.matches
            fields["oursBlank"] = comparison.ourFrameIsBlank
            fields["appleBlank"] = comparison.appleFrameIsBlank
            fields["features"] = usedFeatures.map(\.rawValue).sorted()
            if !comparison.matches, let diffs = options.diffs {
                try FrameComparison.writeSideBySide(
                    ours: ours, apple: apple, to: diffs.appendingPathComponent(String(name.dropFirst("testCoreAnimationRenderingEngine.".count))))
            }
        } catch {
            fields["error"] = "\(error)"
        }
        report(fields)
    }
    return 0
}

exit(run())
