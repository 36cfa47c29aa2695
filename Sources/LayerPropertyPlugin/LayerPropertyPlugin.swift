import Foundation
import PackagePlugin

/// Generates QuartzCore's per-property code from its property table at build time.
///
/// Reads `Properties/CALayerProperties.txt` in the target and declares one build command
/// writing `CALayerProperties.swift`: the property enum, the stored values, the property
/// table's entries, the snapshot values and their accessors, and the render server's access
/// to animated values.
@main
struct LayerPropertyPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let table = target.directoryURL.appendingPathComponent("Properties/CALayerProperties.txt")
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("CALayerProperties.swift")
        let tool = try context.tool(named: "LayerPropertyGenerator").url
        return [
            .buildCommand(
                displayName: "Generating CALayer's property code",
                executable: tool,
                arguments: ["--table", table.path, "--output", output.path],
                inputFiles: [table, tool],
                outputFiles: [output])
        ]
    }
}
