import Foundation
import PackagePlugin

/// Generates the `Wayland` module's protocol bindings at build time.
///
/// Reads `protocols/manifest.txt` at the package root to learn which files will be produced,
/// then declares one build command that runs the scanner over every listed protocol. The
/// scanner itself finds the system's protocol XML through pkg-config, so nothing is copied in.
@main
struct WaylandScannerPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let protocols = context.package.directoryURL.appendingPathComponent("protocols")
        let manifest = protocols.appendingPathComponent("manifest.txt")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        var outputs: [URL] = []
        var inputs: [URL] = [manifest]
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("Generated")
        for line in text.split(separator: "\n") {
            let fields = line.split(whereSeparator: \.isWhitespace)
            guard fields.count == 2, !fields[0].hasPrefix("#") else { continue }
            let path = String(fields[1])
            var base = (path as NSString).lastPathComponent
            if base.hasSuffix(".xml") { base.removeLast(4) }
            outputs.append(output.appendingPathComponent(base + ".swift"))
            if fields[0] == "local" { inputs.append(protocols.appendingPathComponent(path)) }
        }
        outputs.append(output.appendingPathComponent("WaylandInterfaceIndex.swift"))
        return [
            .buildCommand(
                displayName: "Generating Wayland protocol bindings",
                executable: try context.tool(named: "WaylandScanner").url,
                arguments: ["--manifest", manifest.path, "--output", output.path],
                inputFiles: inputs + [try context.tool(named: "WaylandScanner").url],
                outputFiles: outputs)
        ]
    }
}
