import Foundation

/// `layer-property-generator --table CALayerProperties.txt --output FILE`
///
/// Reads QuartzCore's property table and writes the Swift source that lists every declared
/// `CALayer` property (storage, snapshot values, the table's entries, render-side access).
@main
struct LayerPropertyGeneratorCommand {
    static func main() {
        do {
            var arguments = CommandLine.arguments.dropFirst().makeIterator()
            var tablePath: String?
            var outputPath: String?
            while let argument = arguments.next() {
                switch argument {
                case "--table": tablePath = arguments.next()
                case "--output": outputPath = arguments.next()
                default: throw TableError(description: "unknown argument '\(argument)'; usage: --table FILE --output FILE")
                }
            }
            guard let tablePath, let outputPath else {
                throw TableError(description: "usage: layer-property-generator --table FILE --output FILE")
            }
            let text = try String(contentsOfFile: tablePath, encoding: .utf8)
            let source = try SwiftEmitter.emit(try PropertyTable.parse(text, source: tablePath))
            // Unchanged output keeps its timestamp, so nothing that depends on it rebuilds.
            if (try? String(contentsOfFile: outputPath, encoding: .utf8)) != source {
                try source.write(toFile: outputPath, atomically: true, encoding: .utf8)
            }
        } catch {
            FileHandle.standardError.write(Data("layer-property-generator: \(error)\n".utf8))
            exit(1)
        }
    }
}
