import ArgumentParser
import Foundation

/// The Swift source files under the paths the command is given.
enum SwiftFiles {
    /// Every `.swift` file named or under a named folder, sorted; skips `.build` and hidden
    /// folders and package manifests. A path that does not exist is a validation error.
    static func find(under paths: [String]) throws -> [String] {
        let manager = FileManager.default
        var files: Set<String> = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw ValidationError("\(path): no such file or folder")
            }
            guard isDirectory.boolValue else {
                files.insert(path)
                continue
            }
            guard let enumerator = manager.enumerator(atPath: path) else { continue }
            while let relative = enumerator.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                let full = (path as NSString).appendingPathComponent(relative)
                var entryIsDirectory: ObjCBool = false
                _ = manager.fileExists(atPath: full, isDirectory: &entryIsDirectory)
                if entryIsDirectory.boolValue {
                    if name.hasPrefix(".") { enumerator.skipDescendants() }
                    continue
                }
                guard name.hasSuffix(".swift"), name != "Package.swift", !name.hasPrefix("Package@swift") else { continue }
                files.insert(path == "." ? relative : full)
            }
        }
        return files.sorted()
    }
}
