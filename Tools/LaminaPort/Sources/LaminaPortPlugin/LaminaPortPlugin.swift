import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory lamina-port [--dry-run] [--target X …]`:
/// runs the porting command on the package's Swift targets (or the named ones), editing their
/// sources in place; `--dry-run` prints the diff instead.
@main
struct LaminaPortPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let dryRun = extractor.extractFlag(named: "dry-run") > 0
        if !extractor.remainingArguments.isEmpty {
            Diagnostics.error("unknown arguments: \(extractor.remainingArguments.joined(separator: " ")) (use --dry-run and --target NAME)")
            return
        }
        let targets = targetNames.isEmpty ? context.package.targets : try context.package.targets(named: targetNames)
        // Relative to the package, so that edits and diffs name files as the package does.
        let packageFolder = context.package.directoryURL.standardizedFileURL.path
        let folders = targets.compactMap { $0 as? SwiftSourceModuleTarget }.map { target in
            let folder = target.directoryURL.standardizedFileURL.path
            return folder.hasPrefix(packageFolder + "/") ? String(folder.dropFirst(packageFolder.count + 1)) : folder
        }
        guard !folders.isEmpty else {
            Diagnostics.error("no Swift targets to port")
            return
        }
        let process = Process()
        process.executableURL = try context.tool(named: "lamina-port").url
        process.arguments = (dryRun ? ["--dry-run"] : []) + folders
        process.currentDirectoryURL = URL(fileURLWithPath: packageFolder)
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("lamina-port could not port every file (see above)")
        }
    }
}
