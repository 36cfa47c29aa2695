/// The porting command's report lines for one file: each edit (`path:line: before -> after
/// (why)`) and each construct left for a person (`path:line: left: construct — why; to do`).
extension PortedFile {
    public var reportLines: [String] {
        if let error = parseError {
            return ["\(path):\(error.line):\(error.column): error: does not parse (\(error.message)); the file was not changed"]
        }
        let changed = changes.map { change in
            "\(path):\(change.line): \(change.before) -> \(change.after.isEmpty ? "(removed)" : change.after) (\(change.reason))"
        }
        let left = notes.map { note in
            "\(path):\(note.line): left: \(note.construct) — \(note.why); to do: \(note.todo)"
        }
        return changed + left
    }
}
