// The package manifest shown in the "Getting started" article and the README, as text (a
// test cannot compile a manifest). ArticleSampleTests checks that the articles show it
// verbatim and that the product it names exists in Lamina's own manifest.
enum ManifestSample {
    static let text = """
        // swift-tools-version:6.1
        import PackageDescription

        let package = Package(
            name: "Hello",
            dependencies: [
                // Lamina has no public address yet: put the repository you cloned it from here.
                .package(url: "https://github.com/OWNER/Lamina", branch: "main"),
            ],
            targets: [
                .executableTarget(
                    name: "Hello",
                    dependencies: [.product(name: "Lamina", package: "Lamina")]),
            ],
            swiftLanguageModes: [.v6]
        )
        """

    /// The manifest for a local clone of Lamina in the folder `lamina-checkout`, shown in the
    /// same places: SwiftPM names a package found by path after its folder.
    static let localClone = """
        // swift-tools-version:6.1
        import PackageDescription

        let package = Package(
            name: "Hello",
            dependencies: [
                // A clone of Lamina beside this package, in the folder lamina-checkout.
                .package(path: "../lamina-checkout"),
            ],
            targets: [
                .executableTarget(
                    name: "Hello",
                    // A local package is named after its folder: not "Lamina" here.
                    dependencies: [.product(name: "Lamina", package: "lamina-checkout")]),
            ],
            swiftLanguageModes: [.v6]
        )
        """

    /// The clone's folder in ``localClone``.
    static let localCloneFolder = "lamina-checkout"
}
