import Foundation

/// A process's or thread's `stat` line as Linux shows it under `/proc` (proc(5)): the name in
/// parentheses (field 2, which may hold spaces and parentheses of its own), then the fields
/// from 3 on, separated by spaces.
struct ProcStat {
    /// The name, cut to 15 bytes as the kernel keeps it.
    let name: String
    /// Fields 3 on: `fields[0]` is field 3 (the state).
    private let fields: [Substring]

    /// The `stat` file at `path`; nil when it cannot be read (the process or thread ended).
    init?(path: String) {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8),
            let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")")
        else { return nil }
        name = String(text[text.index(after: open)..<close])
        fields = text[text.index(after: close)...].split(separator: " ")
    }

    /// The process `pid`'s.
    init?(process pid: Int32) {
        self.init(path: "/proc/\(pid)/stat")
    }

    /// Field `number`, counted from 1 as proc(5) counts them (3 or more); nil past the end.
    func field(_ number: Int) -> Substring? {
        let index = number - 3
        return fields.indices.contains(index) ? fields[index] : nil
    }
}
