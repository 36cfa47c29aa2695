import Foundation

/// One line of `protocols/manifest.txt`: where a protocol XML file comes from.
struct ManifestEntry: Equatable {
    enum Source: String, Equatable {
        /// The core protocol, in the `wayland-scanner` package's data dir.
        case wayland
        /// The `wayland-protocols` package's data dir.
        case waylandProtocols = "wayland-protocols"
        /// The folder the manifest is in.
        case local
    }

    var source: Source
    var path: String

    /// The generated Swift file's name: the XML's base name with `.swift`.
    var outputFileName: String {
        let base = (path as NSString).lastPathComponent
        return (base.hasSuffix(".xml") ? String(base.dropLast(4)) : base) + ".swift"
    }
}

/// The manifest file: `SOURCE PATH` lines, `#` comments.
enum Manifest {
    static func parse(_ text: String, source: String) throws -> [ManifestEntry] {
        var entries: [ManifestEntry] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(whereSeparator: \.isWhitespace).map(String.init)
            guard fields.count == 2, let kind = ManifestEntry.Source(rawValue: fields[0]) else {
                throw ScannerError(
                    description: "\(source):\(index + 1): expected 'SOURCE PATH' with SOURCE one of wayland, wayland-protocols, local; got '\(line)'")
            }
            entries.append(ManifestEntry(source: kind, path: fields[1]))
        }
        return entries
    }
}

/// Finds the system's protocol data dirs through pkg-config, as the build must not copy them.
struct ProtocolLocator {
    var manifestDirectory: URL
    var lookUp: (String) -> String? = ProtocolLocator.pkgConfigDataDir

    func url(for entry: ManifestEntry) throws -> URL {
        switch entry.source {
        case .local:
            return manifestDirectory.appendingPathComponent(entry.path)
        case .wayland:
            return try systemDirectory(package: "wayland-scanner", fallback: "/usr/share/wayland", apt: "libwayland-dev")
                .appendingPathComponent(entry.path)
        case .waylandProtocols:
            return try systemDirectory(package: "wayland-protocols", fallback: "/usr/share/wayland-protocols", apt: "wayland-protocols")
                .appendingPathComponent(entry.path)
        }
    }

    private func systemDirectory(package: String, fallback: String, apt: String) throws -> URL {
        if let dir = lookUp(package), !dir.isEmpty { return URL(fileURLWithPath: dir) }
        if FileManager.default.fileExists(atPath: fallback) { return URL(fileURLWithPath: fallback) }
        throw ScannerError(
            description: "cannot find the \(package) data directory (pkg-config --variable=pkgdatadir \(package) failed and \(fallback) does not exist): install the Debian package \(apt)")
    }

    /// `pkg-config --variable=pkgdatadir PACKAGE`, or nil when pkg-config or the package is missing.
    static func pkgConfigDataDir(_ package: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pkg-config", "--variable=pkgdatadir", package]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        // pkg-config may print a doubled slash (`//usr/share/...`); URL normalises it.
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
