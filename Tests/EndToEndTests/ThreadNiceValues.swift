import Foundation

/// The threads of a running process with their names and nice values, as Linux shows them in
/// `/proc/<pid>/task/<tid>/stat` (the name in parentheses, the nice value the 19th field).
struct ThreadNiceValues {
    struct Thread: Equatable {
        var id: Int32
        /// The thread's name, cut to 15 bytes as the kernel keeps it.
        var name: String
        var nice: Int32
    }

    let threads: [Thread]

    init(process: Int32) throws {
        let taskFolder = "/proc/\(process)/task"
        var threads: [Thread] = []
        for entry in try FileManager.default.contentsOfDirectory(atPath: taskFolder) {
            // A thread that ends while the folder is read has no stat file any more.
            guard let id = Int32(entry),
                let stat = try? String(contentsOfFile: "\(taskFolder)/\(entry)/stat", encoding: .utf8),
                let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
            else { continue }
            let name = String(stat[stat.index(after: open)..<close])
            // After the name: state (field 3) … nice (field 19).
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 16, let nice = Int32(fields[16]) else { continue }
            threads.append(Thread(id: id, name: name, nice: nice))
        }
        self.threads = threads
    }

    /// The threads called `name`.
    func named(_ name: String) -> [Thread] {
        threads.filter { $0.name == name }
    }
}
