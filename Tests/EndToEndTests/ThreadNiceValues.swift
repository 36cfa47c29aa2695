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
            guard let id = Int32(entry), let stat = ProcStat(path: "\(taskFolder)/\(entry)/stat"),
                let nice = stat.field(19).flatMap({ Int32($0) })
            else { continue }
            threads.append(Thread(id: id, name: stat.name, nice: nice))
        }
        self.threads = threads
    }

    /// The threads called `name`.
    func named(_ name: String) -> [Thread] {
        threads.filter { $0.name == name }
    }
}
