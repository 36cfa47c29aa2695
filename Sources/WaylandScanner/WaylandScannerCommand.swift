import Foundation

/// `wayland-scanner-swift --manifest protocols/manifest.txt --output DIR`
///
/// Reads every protocol the manifest names (system ones through pkg-config's data dirs) and
/// writes one Swift file per protocol plus `WaylandInterfaceIndex.swift` into DIR.
@main
struct WaylandScannerCommand {
    static let indexFileName = "WaylandInterfaceIndex.swift"

    static func main() {
        do {
            let options = try Options(CommandLine.arguments.dropFirst())
            try run(manifest: options.manifest, output: options.output)
        } catch {
            FileHandle.standardError.write(Data("wayland-scanner-swift: \(error)\n".utf8))
            exit(1)
        }
    }

    struct Options {
        var manifest: URL
        var output: URL

        init<S: Sequence<String>>(_ arguments: S) throws {
            var manifest: URL?
            var output: URL?
            var iterator = arguments.makeIterator()
            while let argument = iterator.next() {
                switch argument {
                case "--manifest": manifest = iterator.next().map { URL(fileURLWithPath: $0) }
                case "--output": output = iterator.next().map { URL(fileURLWithPath: $0) }
                default: throw ScannerError(description: "unknown argument '\(argument)'; usage: --manifest FILE --output DIR")
                }
            }
            guard let manifest, let output else {
                throw ScannerError(description: "usage: wayland-scanner-swift --manifest FILE --output DIR")
            }
            self.manifest = manifest
            self.output = output
        }
    }

    /// Generates all files; throws with the file and line of the first problem.
    static func run(manifest: URL, output: URL, locator: ProtocolLocator? = nil) throws {
        let manifestText: String
        do {
            manifestText = try String(contentsOf: manifest, encoding: .utf8)
        } catch {
            throw ScannerError(description: "cannot read the manifest \(manifest.path): \(error.localizedDescription)")
        }
        let entries = try Manifest.parse(manifestText, source: manifest.path)
        let locator = locator ?? ProtocolLocator(manifestDirectory: manifest.deletingLastPathComponent())
        var parsed: [(ManifestEntry, URL, ProtocolDescription)] = []
        for entry in entries {
            let url = try locator.url(for: entry)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw ScannerError(description: "cannot read \(url.path) (manifest entry '\(entry.source.rawValue) \(entry.path)'): is the package that ships it installed?")
            }
            parsed.append((entry, url, try ProtocolParser.parse(data, source: url.path)))
        }
        let emitter = SwiftEmitter(protocols: parsed.map(\.2))
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        for (entry, url, proto) in parsed {
            try write(emitter.protocolFile(proto, source: url.lastPathComponent), to: output.appendingPathComponent(entry.outputFileName))
        }
        try write(emitter.indexFile(parsed.map(\.2)), to: output.appendingPathComponent(indexFileName))
    }

    /// Writes only when the text changed, so unchanged protocols don't trigger recompiles.
    private static func write(_ text: String, to url: URL) throws {
        let data = Data(text.utf8)
        if FileManager.default.contents(atPath: url.path) == data { return }
        try data.write(to: url, options: .atomic)
    }
}
