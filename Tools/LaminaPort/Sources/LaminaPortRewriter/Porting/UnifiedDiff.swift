/// A unified diff of two texts (`diff -u` style, three lines of context), for the porting
/// command's dry run.
public enum UnifiedDiff {
    /// The diff of `old` and `new`, empty when they are equal.
    public static func make(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        guard old != new else { return "" }
        let a = lines(old), b = lines(new)
        let script = editScript(a.map(\.text), b.map(\.text))
        var output = "--- \(oldName)\n+++ \(newName)\n"
        // Group the script into hunks: runs of changes with up to 2 * context equal lines between.
        var index = 0
        while index < script.count {
            guard script[index].kind != .equal else { index += 1; continue }
            var hunkStart = index
            var equalBefore = 0
            while hunkStart > 0, script[hunkStart - 1].kind == .equal, equalBefore < context { hunkStart -= 1; equalBefore += 1 }
            var end = index
            var lastChange = index
            while end < script.count {
                if script[end].kind != .equal { lastChange = end }
                if end - lastChange > 2 * context { break }
                end += 1
            }
            let hunkEnd = min(script.count, lastChange + 1 + context)
            let hunk = script[hunkStart..<hunkEnd]
            let oldStart = hunk.first.map { $0.oldIndex } ?? 0
            let newStart = hunk.first.map { $0.newIndex } ?? 0
            let oldCount = hunk.filter { $0.kind != .insert }.count
            let newCount = hunk.filter { $0.kind != .delete }.count
            output += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            for step in hunk {
                switch step.kind {
                case .equal: output += " " + a[step.oldIndex].text + a[step.oldIndex].ending
                case .delete: output += "-" + a[step.oldIndex].text + a[step.oldIndex].ending
                case .insert: output += "+" + b[step.newIndex].text + b[step.newIndex].ending
                }
            }
            index = hunkEnd
        }
        return output
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        count == 0 ? "\(start),0" : count == 1 ? "\(start + 1)" : "\(start + 1),\(count)"
    }

    private static func lines(_ text: String) -> [(text: String, ending: String)] {
        var result: [(text: String, ending: String)] = []
        var parts = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if parts.last == "" { parts.removeLast() } else if let last = parts.popLast() {
            for part in parts { result.append((text: part, ending: "\n")) }
            result.append((text: last, ending: "\n\\ No newline at end of file\n"))
            return result
        }
        return parts.map { (text: $0, ending: "\n") }
    }

    enum Kind { case equal, delete, insert }
    struct Step {
        var kind: Kind
        var oldIndex: Int
        var newIndex: Int
    }

    /// The shortest edit script between two line lists (Myers' greedy algorithm).
    static func editScript(_ a: [String], _ b: [String]) -> [Step] {
        let n = a.count, m = b.count, max = n + m
        var v = [Int](repeating: 0, count: 2 * max + 2)
        var trace: [[Int]] = []
        outer: for d in 0...max {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && v[max + k - 1] < v[max + k + 1]) { x = v[max + k + 1] } else { x = v[max + k - 1] + 1 }
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                v[max + k] = x
                if x >= n, y >= m { break outer }
            }
        }
        var steps: [Step] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previousK = (k == -d || (k != d && v[max + k - 1] < v[max + k + 1])) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : v[max + previousK]
            let previousY = previousX - previousK
            while x > previousX, y > previousY { x -= 1; y -= 1; steps.append(Step(kind: .equal, oldIndex: x, newIndex: y)) }
            if d > 0 {
                if x == previousX { y -= 1; steps.append(Step(kind: .insert, oldIndex: x, newIndex: y)) } else { x -= 1; steps.append(Step(kind: .delete, oldIndex: x, newIndex: y)) }
            }
        }
        return steps.reversed()
    }
}
