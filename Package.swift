// swift-tools-version:6.1
// Lamina: Core Animation for Linux, presented in Wayland windows.

import PackageDescription

let package = Package(
    name: "Lamina",
    products: [
        .library(name: "QuartzCore", targets: ["QuartzCore"]),
        .library(name: "CoreGraphics", targets: ["CoreGraphics"]),
        .library(name: "CoreImage", targets: ["CoreImage"]),
        .library(name: "CoreText", targets: ["CoreText"]),
        .library(name: "ImageIO", targets: ["ImageIO"]),
        .library(name: "Wayland", targets: ["Wayland"]),
        .library(name: "Lamina", targets: ["Lamina"]),
        .library(name: "LaminaTesting", targets: ["LaminaTesting"]),
        .executable(name: "hit-testing", targets: ["HitTestingExample"]),
        .executable(name: "window-demo", targets: ["WindowDemoExample"]),
        .executable(name: "cg-benchmark", targets: ["CGBenchmark"]),
        .executable(name: "animation-benchmark", targets: ["AnimationBenchmark"]),
        .executable(name: "model-benchmark", targets: ["ModelBenchmark"]),
        .executable(name: "render-benchmark", targets: ["RenderBenchmark"]),
        .executable(name: "frame-timing", targets: ["FrameTimingExample"]),
        .executable(name: "accessibility-benchmark", targets: ["AccessibilityBenchmark"]),
        .executable(name: "ported-sample", targets: ["PortedSampleExample"]),
        .plugin(name: "WaylandScannerPlugin", targets: ["WaylandScannerPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        // `swift package generate-documentation` (scripts/docs.sh); not linked into anything.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // System libraries, found by pkg-config.
        .systemLibrary(
            name: "CWaylandClient", pkgConfig: "wayland-client",
            providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(
            name: "CWaylandCursor", pkgConfig: "wayland-cursor",
            providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(
            name: "CWaylandServer", pkgConfig: "wayland-server",
            providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(
            name: "CXKBCommon", pkgConfig: "xkbcommon",
            providers: [.apt(["libxkbcommon-dev"])]),
        .systemLibrary(
            name: "CCairo", pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(
            name: "CPixman", pkgConfig: "pixman-1",
            providers: [.apt(["libpixman-1-dev"])]),
        // Pango (HarfBuzz shaping, fontconfig fonts) for CATextLayer: declared in its
        // shim.h, linked by name (libpango1.0-dev); see there why not through pkg-config.
        .systemLibrary(name: "CPangoCairo"),
        // GLib's GDBus, which the accessibility bridge speaks AT-SPI over: declared in its
        // shim.h, linked by name (libglib2.0-dev), for the same reason as CPangoCairo.
        .systemLibrary(name: "CGio"),

        // Build-time Wayland protocol code generation.
        .executableTarget(name: "WaylandScanner"),
        .plugin(
            name: "WaylandScannerPlugin",
            capability: .buildTool(),
            dependencies: ["WaylandScanner"],
            path: "Sources/WaylandScannerPlugin"),
        // Build-time generation of CALayer's per-property code from QuartzCore's property table.
        .executableTarget(name: "LayerPropertyGenerator"),
        .plugin(
            name: "LayerPropertyPlugin",
            capability: .buildTool(),
            dependencies: ["LayerPropertyGenerator"],
            path: "Sources/LayerPropertyPlugin"),

        // Libraries.
        .target(
            name: "Wayland",
            dependencies: ["CWaylandClient", "CWaylandCursor", "CXKBCommon"],
            plugins: ["WaylandScannerPlugin"]),
        // Apple's 2D API on cairo; blend modes cairo lacks are drawn by CCompositor's loops.
        .target(name: "CoreGraphics", dependencies: ["CCairo", "CCompositor"]),
        // The filters layers apply (CIFilter with Apple's names); re-exported by QuartzCore.
        .target(name: "CoreImage", dependencies: ["CoreGraphics"]),
        // Text layout and fonts (CTFont, CTLine, CTFramesetter with Apple's names) on Pango,
        // HarfBuzz and fontconfig; re-exported by QuartzCore, whose text layers draw through it.
        .target(name: "CoreText", dependencies: ["CoreGraphics", "CCairo", "CPangoCairo"]),
        // Image sources and destinations (CGImageSource, CGImageDestination with Apple's names):
        // PNG read and written through cairo, other formats recognised and reported.
        .target(name: "ImageIO", dependencies: ["CoreGraphics"]),
        // The render server's own pixel loops: bilinear resampling through a turn composited
        // in the same pass, whole-pixel OVER eight pixels at a time, inked rectangles, and the
        // compositing formulas cairo and pixman lack (also used by CoreGraphics' contexts).
        .target(name: "CCompositor"),
        .target(
            name: "QuartzCore",
            dependencies: ["CoreGraphics", "CoreImage", "CoreText", "CCairo", "CPixman", "CPangoCairo", "CCompositor"],
            exclude: ["Properties/CALayerProperties.txt"],
            plugins: ["LayerPropertyPlugin"]),
        .target(
            name: "Lamina",
            dependencies: ["Wayland", "QuartzCore", "CGio", .product(name: "Histogram", package: "hdrhistogram-swift")]),
        // Real compositors without a display (sway, weston, kwin), their screenshots, and the
        // virtual pointer and keyboard that drive sway: re-exported by LaminaTesting, used by
        // the examples' support.
        .target(name: "HeadlessCompositors", dependencies: ["CoreGraphics", "Wayland", "CWaylandClient", "CXKBCommon"]),
        .target(
            name: "LaminaTesting",
            dependencies: ["Wayland", "CoreGraphics", "CWaylandServer", "CXKBCommon", "HeadlessCompositors"]),

        // Examples, and how they start and end (an embedded compositor without a display,
        // the exit status, waiting for the window to be shown).
        .target(name: "ExampleSupport", dependencies: ["Lamina", "HeadlessCompositors"], path: "examples/support"),
        .executableTarget(
            name: "HitTestingExample",
            dependencies: [
                "Lamina", "ExampleSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "examples/hit-testing"),
        .executableTarget(
            name: "PortedSampleExample", dependencies: ["Lamina", "ExampleSupport"], path: "examples/ported-sample"),
        .executableTarget(
            name: "WindowDemoExample",
            dependencies: [
                "Lamina", "ExampleSupport", "MallocStatistics",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "examples/window-demo"),
        // The bytes malloc has in use, for the demo's soak (glibc's mallinfo2 is not in Swift's
        // Glibc module).
        .target(name: "MallocStatistics", path: "examples/malloc-statistics"),
        .executableTarget(
            name: "FrameTimingExample",
            dependencies: [
                "Lamina", "ExampleSupport", "ExampleScenes",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "examples/frame-timing"),
        .executableTarget(name: "CGBenchmark", dependencies: ["CoreGraphics", "CCairo"], path: "examples/cg-benchmark"),
        .executableTarget(name: "AnimationBenchmark", dependencies: ["QuartzCore"], path: "examples/animation-benchmark"),
        .executableTarget(name: "ModelBenchmark", dependencies: ["QuartzCore"], path: "examples/model-benchmark"),
        .executableTarget(
            name: "AccessibilityBenchmark", dependencies: ["Lamina", "QuartzCore"], path: "examples/accessibility-benchmark"),
        .target(name: "ExampleScenes", dependencies: ["QuartzCore"], path: "examples/scenes"),
        .executableTarget(
            name: "RenderBenchmark", dependencies: ["QuartzCore", "RenderBaselines", "ExampleScenes"],
            path: "examples/render-benchmark/Benchmark"),
        .target(
            name: "RenderBaselines", dependencies: ["CCairo", "CPixman"], path: "examples/render-benchmark/Baselines",
            cSettings: [.unsafeFlags(["-O2"])]),

        // Tests.
        .testTarget(name: "WaylandScannerTests", dependencies: ["WaylandScanner"]),
        .testTarget(name: "LayerPropertyGeneratorTests", dependencies: ["LayerPropertyGenerator"]),
        .testTarget(name: "WaylandTests", dependencies: ["Wayland", "LaminaTesting"]),
        .target(name: "TestSupport", dependencies: ["CoreGraphics", "CoreText", "QuartzCore"], path: "Tests/TestSupport"),
        .testTarget(name: "CoreGraphicsTests", dependencies: ["CoreGraphics", "TestSupport"]),
        .testTarget(name: "CoreImageTests", dependencies: ["CoreImage"]),
        .testTarget(name: "QuartzCoreTests", dependencies: ["QuartzCore", "TestSupport", "CPixman", "CCompositor"]),
        .testTarget(name: "LaminaTests", dependencies: ["Lamina", "QuartzCore", "LaminaTesting", "TestSupport"]),
        // The documentation's samples, compiled (and where headless, run), and the check that
        // the articles show them verbatim.
        .testTarget(name: "DocumentationTests", dependencies: ["Lamina", "LaminaTesting"]),
        // Apple-style Core Animation code (nonisolated helpers, layer subclasses with statics,
        // delegates, transactions on other threads) compiled with only Apple's imports, in
        // both language modes, and run.
        .testTarget(
            name: "AppleStyleSwift5Tests", dependencies: ["QuartzCore", "CoreGraphics", "TestSupport"],
            swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(
            name: "AppleStyleSwift6Tests", dependencies: ["QuartzCore", "CoreGraphics", "CoreImage", "CoreText", "TestSupport"]),
        .testTarget(name: "ImageIOTests", dependencies: ["ImageIO"]),
        .testTarget(name: "CoreTextTests", dependencies: ["CoreText", "CoreGraphics", "TestSupport"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "LaminaTesting", "CoreGraphics", "TestSupport", "HitTestingExample", "WindowDemoExample",
                "FrameTimingExample", "Lamina",
            ]),
    ],
    swiftLanguageModes: [.v6]
)

// LAMINA_TEST_TARGETS=A,B declares only those test targets and the targets they need (their
// dependencies and the build plugins those use), with the products made of them: a build
// under a sanitizer (scripts/stress.sh) then compiles only what the tests it runs need. Unset,
// every target is declared.
if let only = Context.environment["LAMINA_TEST_TARGETS"] {
    let kept = Set(only.split(separator: ",").map { String($0.filter { $0 != " " }) })
    let unknown = kept.subtracting(package.targets.filter { $0.type == .test }.map(\.name))
    precondition(unknown.isEmpty, "LAMINA_TEST_TARGETS names no test target: \(unknown.sorted()) (see Package.swift)")
    let byName = Dictionary(uniqueKeysWithValues: package.targets.map { ($0.name, $0) })
    var reached = Set<String>(), pending = Array(kept)
    while let name = pending.popLast() {
        guard reached.insert(name).inserted, let target = byName[name] else { continue }
        for dependency in target.dependencies {
            switch dependency {
            case .targetItem(let name, _), .byNameItem(let name, _): pending.append(name)
            default: break
            }
        }
        for case .plugin(let name, nil) in target.plugins ?? [] { pending.append(name) }
    }
    package.targets.removeAll { !reached.contains($0.name) }
    package.products.removeAll { product in
        let targets = (product as? Product.Library)?.targets ?? (product as? Product.Executable)?.targets
            ?? (product as? Product.Plugin)?.targets ?? []
        return targets.contains { !reached.contains($0) }
    }
}
