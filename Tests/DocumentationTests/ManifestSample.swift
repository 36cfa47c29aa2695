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
}
