import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A problem in a protocol file, named with the file and what to do about it.
struct ScannerError: Error, CustomStringConvertible, Equatable {
    var description: String
}

/// Reads Wayland protocol XML into a `ProtocolDescription`.
enum ProtocolParser {
    static func parse(_ data: Data, source: String) throws -> ProtocolDescription {
        let delegate = ParserDelegate()
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        guard parser.parse() else {
            let underlying = delegate.failure?.description
                ?? parser.parserError.map { "\($0)" } ?? "unknown XML error"
            throw ScannerError(
                description: "\(source):\(parser.lineNumber): cannot read the protocol: \(underlying)")
        }
        if let failure = delegate.failure {
            throw ScannerError(description: "\(source): \(failure.description)")
        }
        guard let result = delegate.result else {
            throw ScannerError(description: "\(source): no <protocol> element: is this a Wayland protocol file?")
        }
        return result
    }
}

private final class ParserDelegate: NSObject, XMLParserDelegate {
    var result: ProtocolDescription?
    var failure: ScannerError?

    private var interface: InterfaceDescription?
    private var message: MessageDescription?
    private var messageIsEvent = false
    private var enumeration: EnumDescription?
    private var inDescription = false

    private func fail(_ parser: XMLParser, _ text: String) {
        if failure == nil { failure = ScannerError(description: "line \(parser.lineNumber): \(text)") }
        parser.abortParsing()
    }

    private func number(_ text: String?) -> UInt32? {
        guard let text else { return nil }
        if text.hasPrefix("0x") || text.hasPrefix("0X") { return UInt32(text.dropFirst(2), radix: 16) }
        return UInt32(text)
    }

    func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        switch element {
        case "protocol":
            guard let name = attributes["name"] else { return fail(parser, "<protocol> without a name") }
            result = ProtocolDescription(name: name, interfaces: [])
        case "interface":
            guard let name = attributes["name"], let version = number(attributes["version"]), version >= 1 else {
                return fail(parser, "<interface> needs a name and a version of at least 1")
            }
            interface = InterfaceDescription(
                name: name, version: version, summary: "", requests: [], events: [], enums: [])
        case "request", "event":
            guard let name = attributes["name"] else { return fail(parser, "<\(element)> without a name") }
            let since = attributes["since"].map { number($0) } ?? 1
            guard let since else { return fail(parser, "<\(element) name=\"\(name)\"> has a bad since=") }
            message = MessageDescription(
                name: name, since: since, isDestructor: attributes["type"] == "destructor",
                summary: "", arguments: [])
            messageIsEvent = element == "event"
        case "arg":
            guard let name = attributes["name"], let typeName = attributes["type"],
                let type = ArgumentType(rawValue: typeName)
            else {
                return fail(parser, "<arg> needs a name and one of the types int, uint, fixed, string, object, new_id, array, fd")
            }
            message?.arguments.append(
                ArgumentDescription(
                    name: name, type: type, interface: attributes["interface"],
                    allowNull: attributes["allow-null"] == "true", enumName: attributes["enum"],
                    summary: attributes["summary"] ?? ""))
        case "enum":
            guard let name = attributes["name"] else { return fail(parser, "<enum> without a name") }
            enumeration = EnumDescription(name: name, isBitfield: attributes["bitfield"] == "true", entries: [])
        case "entry":
            guard let name = attributes["name"], let value = number(attributes["value"]) else {
                return fail(parser, "<entry> needs a name and a numeric value")
            }
            enumeration?.entries.append(EnumEntry(name: name, value: value, summary: attributes["summary"] ?? ""))
        case "description":
            inDescription = true
            let summary = attributes["summary"] ?? ""
            if message != nil {
                message?.summary = summary
            } else if enumeration == nil, interface != nil, interface?.summary.isEmpty == true {
                interface?.summary = summary
            }
        default:
            break
        }
    }

    func parser(
        _ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?
    ) {
        switch element {
        case "interface":
            if let interface { result?.interfaces.append(interface) }
            interface = nil
        case "request", "event":
            guard let message else { return }
            if messageIsEvent {
                interface?.events.append(message)
            } else {
                interface?.requests.append(message)
            }
            self.message = nil
        case "enum":
            if let enumeration { interface?.enums.append(enumeration) }
            enumeration = nil
        case "description":
            inDescription = false
        default:
            break
        }
    }
}
