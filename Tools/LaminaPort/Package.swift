// swift-tools-version:6.1
// lamina-port: the porting guide's mechanical edits to Apple Core Animation code, made in place.
// A package of its own so that Lamina's build and tests do not compile swift-syntax.

import PackageDescription

let package = Package(
    name: "LaminaPort",
    products: [
        // `swift run --package-path Tools/LaminaPort lamina-port [--dry-run] PATH…`
        .executable(name: "lamina-port", targets: ["lamina-port"]),
        // From a package that depends on this one:
        // `swift package --allow-writing-to-package-directory lamina-port [--dry-run]`.
        .plugin(name: "LaminaPortPlugin", targets: ["LaminaPortPlugin"]),
    ],
    dependencies: [
        // The parser (SwiftSyntax and SwiftParser only).
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The porting guide's mechanical edits as syntax rewriters.
        .target(
            name: "LaminaPortRewriter",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]),
        // The command-line tool over them. Named as its product: SwiftPM builds a command
        // plugin's tool by its target's name.
        .executableTarget(
            name: "lamina-port",
            dependencies: ["LaminaPortRewriter", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Sources/LaminaPort"),
        // The command plugin that runs the tool on a package's Swift targets.
        .plugin(
            name: "LaminaPortPlugin",
            capability: .command(
                intent: .custom(verb: "lamina-port", description: "Applies the porting guide's mechanical edits to Apple Core Animation code"),
                permissions: [.writeToPackageDirectory(reason: "The porting command edits the package's Swift sources in place")]),
            dependencies: ["lamina-port"],
            path: "Sources/LaminaPortPlugin"),

        .testTarget(name: "LaminaPortRewriterTests", dependencies: ["LaminaPortRewriter", "lamina-port"]),
    ],
    swiftLanguageModes: [.v6]
)
