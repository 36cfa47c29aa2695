import ArgumentParser
import Foundation
import LaminaPortRewriter

/// `lamina-port [--dry-run] [path …]`: applies the porting guide's mechanical edits to the
/// Swift files under the paths, in place, and prints each edit and what is left for a person.
@main
struct LaminaPortCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lamina-port",
        abstract: "Applies Lamina's porting guide's mechanical edits to Apple Core Animation code.",
        discussion: """
            Edits the Swift files under each path in place (folders are searched, skipping \
            .build and hidden folders and Package.swift) and prints every edit as \
            file:line: before -> after, then what it left for a person. Exits with 1 when a \
            file cannot be read or does not parse (that file is left unchanged).
            """)

    @Flag(name: .long, help: "Change nothing; print a unified diff of what would change.")
    var dryRun = false

    @Argument(help: "Swift files or folders to port (default: the current folder).")
    var paths: [String] = ["."]

    func run() throws {
        var failed = false
        var sources: [Porter.Source] = []
        for path in try SwiftFiles.find(under: paths) {
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                guard let text = String(data: data, encoding: .utf8) else {
                    print("\(path): error: not UTF-8 text; the file was not changed")
                    failed = true
                    continue
                }
                sources.append(Porter.Source(path: path, text: text))
            } catch {
                print("\(path): error: cannot read it (\(error.localizedDescription))")
                failed = true
            }
        }
        var changedFiles = 0, changes = 0, notes = 0
        for file in Porter(sources: sources).port() {
            for line in file.reportLines { print(line) }
            if file.parseError != nil { failed = true }
            changes += file.changes.count
            notes += file.notes.count
            guard file.isChanged else { continue }
            changedFiles += 1
            if dryRun {
                // As git names them: a/ and b/ before a relative path, a and b before an absolute one.
                let name = file.path.hasPrefix("/") ? file.path : "/" + file.path
                print(UnifiedDiff.make(old: file.original, new: file.ported, oldName: "a\(name)", newName: "b\(name)"), terminator: "")
            } else {
                do {
                    try Data(file.ported.utf8).write(to: URL(fileURLWithPath: file.path))
                } catch {
                    print("\(file.path): error: cannot write it (\(error.localizedDescription))")
                    failed = true
                }
            }
        }
        print(
            "\(dryRun ? "would make" : "made") \(changes) edit\(changes == 1 ? "" : "s") in \(changedFiles) file\(changedFiles == 1 ? "" : "s")"
                + " of \(sources.count); \(notes) place\(notes == 1 ? "" : "s") left for a person")
        if failed { throw ExitCode(1) }
    }
}
