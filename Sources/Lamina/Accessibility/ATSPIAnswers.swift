import Foundation

/// The answers to AT-SPI calls and property reads, computed from one snapshot: what the
/// bridge thread replies, without touching a layer or the bus (so they are tested as plain
/// values).
struct ATSPIAnswers {
    let snapshot: AccessibilitySnapshot
    /// The application's unique name on the accessibility bus (references name it).
    let uniqueName: String
    /// The registry's root: the application's parent.
    let registryRoot: (name: String, path: String)

    /// What a call asks of the main thread once answered.
    enum Request: Equatable {
        case perform(AccessibilitySnapshot.Action)
        case focus
    }

    /// AT-SPI coordinate types (`AtspiCoordType`).
    static let screenCoordinates: UInt32 = 0
    static let windowCoordinates: UInt32 = 1
    static let parentCoordinates: UInt32 = 2

    /// The toolkit name the application reports.
    static let toolkitName = "Lamina"

    // MARK: - References

    func reference(_ id: UInt64) -> GVariantValue {
        .tuple([.string(uniqueName), .objectPath(ATSPIServer.path(id))])
    }

    var nullReference: GVariantValue {
        .tuple([.string(uniqueName), .objectPath(ATSPIServer.nullPath)])
    }

    private var applicationReference: GVariantValue { reference(AccessibilitySnapshot.applicationID) }

    // MARK: - Properties

    func property(_ name: String, of interface: ATSPIInterface, on id: UInt64) -> GVariantValue? {
        let node = snapshot.nodes[id]
        switch (interface, name) {
        case (.accessible, "Name"): return .string(node?.name ?? snapshot.applicationName)
        case (.accessible, "Description"): return .string(node?.description ?? "")
        case (.accessible, "Parent"):
            guard let node else { return .tuple([.string(registryRoot.name), .objectPath(registryRoot.path)]) }
            return reference(node.parent)
        case (.accessible, "ChildCount"): return .int32(Int32(clamping: snapshot.children(of: id).count))
        case (.accessible, "Locale"): return .string(node?.language ?? "")
        case (.accessible, "AccessibleId"): return .string(node?.identifier ?? "")
        case (.application, "ToolkitName"): return .string(Self.toolkitName)
        case (.application, "Version"): return .string("1.0")
        case (.application, "AtspiVersion"): return .string("2.1")
        case (.action, "NActions"): return .int32(Int32(clamping: node?.actions.count ?? 0))
        case (.text, "CharacterCount"): return .int32(Int32(clamping: node?.text?.unicodeScalars.count ?? 0))
        case (.text, "CaretOffset"): return .int32(0)
        case (.value, "CurrentValue"): return .double(Self.numericValue(node?.value))
        case (.value, "MinimumValue"), (.value, "MaximumValue"): return .double(Self.numericValue(node?.value))
        case (.value, "MinimumIncrement"): return .double(node?.isAdjustable == true ? 1 : 0)
        case (.value, "Text"): return .string(node?.value ?? "")
        default: return nil
        }
    }

    /// The number a value starts with ("50%" → 50), or 0.
    static func numericValue(_ value: String?) -> Double {
        guard let value else { return 0 }
        let prefix = value.trimmingCharacters(in: .whitespaces).prefix { "0123456789.-+".contains($0) }
        return Double(prefix).flatMap { $0.isFinite ? $0 : nil } ?? 0
    }

    // MARK: - Methods

    func call(_ method: String, of interface: ATSPIInterface, on id: UInt64, _ parameters: OpaquePointer?)
        -> Result<GVariantValue, ATSPIServer.CallError>
    {
        let node = snapshot.nodes[id]
        let children = snapshot.children(of: id)
        switch (interface, method) {
        case (.accessible, "GetChildAtIndex"):
            guard let index = GVariantArguments.int32(parameters, 0), index >= 0, Int(index) < children.count else {
                return .failure(.invalidArgs("No child at that index"))
            }
            return .success(.tuple([reference(children[Int(index)])]))
        case (.accessible, "GetChildren"):
            return .success(.tuple([.array(elementType: "(so)", children.map(reference))]))
        case (.accessible, "GetIndexInParent"):
            guard let node else { return .success(.tuple([.int32(-1)])) }
            let index = snapshot.children(of: node.parent).firstIndex(of: id) ?? -1
            return .success(.tuple([.int32(Int32(clamping: index))]))
        case (.accessible, "GetRelationSet"):
            let relations = (node?.relations ?? []).map { relation in
                GVariantValue.tuple([.uint32(relation.kind.rawValue), .array(elementType: "(so)", relation.targets.map(reference))])
            }
            return .success(.tuple([.array(elementType: "(ua(so))", relations)]))
        case (.accessible, "GetRole"):
            return .success(.tuple([.uint32((node?.role ?? .application).rawValue)]))
        case (.accessible, "GetRoleName"), (.accessible, "GetLocalizedRoleName"):
            return .success(.tuple([.string((node?.role ?? .application).name)]))
        case (.accessible, "GetState"):
            let states = node?.states ?? []
            return .success(.tuple([.array(elementType: "u", states.words.map { .uint32($0) })]))
        case (.accessible, "GetAttributes"):
            var attributes = [("toolkit", Self.toolkitName)]
            if let identifier = node?.identifier { attributes.append(("id", identifier)) }
            return .success(.tuple([.array(elementType: "{ss}", attributes.map { .dictEntry(.string($0.0), .string($0.1)) })]))
        case (.accessible, "GetApplication"):
            return .success(.tuple([applicationReference]))
        case (.accessible, "GetInterfaces"):
            return .success(.tuple([.array(elementType: "s", ATSPIInterface.implemented(by: node).map { .string($0.rawValue) })]))
        case (.application, "GetLocale"):
            return .success(.tuple([.string(Locale.current.identifier)]))
        case (.component, _):
            guard let node else { return .failure(.invalidArgs("The application has no extents")) }
            return component(method, node, parameters)
        case (.action, _):
            guard let node else { return .failure(.invalidArgs("The application has no actions")) }
            return action(method, node, parameters)
        case (.text, _):
            guard let text = node?.text else { return .failure(.invalidArgs("Not a text")) }
            return textCall(method, Array(text.unicodeScalars), parameters)
        default:
            return .failure(ATSPIServer.CallError(name: "org.freedesktop.DBus.Error.UnknownMethod", message: "No such method"))
        }
    }

    /// What the main thread must do after a successful call, if anything.
    func request(for method: String, of interface: ATSPIInterface, on id: UInt64, _ parameters: OpaquePointer?) -> Request? {
        switch (interface, method) {
        case (.action, "DoAction"):
            guard let node = snapshot.nodes[id], let index = GVariantArguments.int32(parameters, 0),
                index >= 0, Int(index) < node.actions.count
            else { return nil }
            return .perform(node.actions[Int(index)])
        case (.component, "GrabFocus"):
            return snapshot.nodes[id] == nil ? nil : .focus
        default:
            return nil
        }
    }

    /// The origin of a node's frame in `coordinateType` space, relative to window coordinates.
    private func offset(of node: AccessibilitySnapshot.Node, _ coordinateType: UInt32) -> CGPoint {
        guard coordinateType == Self.parentCoordinates, let parent = snapshot.nodes[node.parent] else { return .zero }
        return parent.frame.origin
    }

    private func component(_ method: String, _ node: AccessibilitySnapshot.Node, _ parameters: OpaquePointer?)
        -> Result<GVariantValue, ATSPIServer.CallError>
    {
        switch method {
        case "GetExtents", "GetPosition":
            guard let type = GVariantArguments.uint32(parameters, 0), type <= Self.parentCoordinates else {
                return .failure(.invalidArgs("Unknown coordinate type"))
            }
            let origin = offset(of: node, type)
            let extents = ATSPIGeometry.extents(node.frame.offsetBy(dx: -origin.x, dy: -origin.y))
            if method == "GetPosition" { return .success(.tuple([.int32(extents.x), .int32(extents.y)])) }
            return .success(.tuple([.tuple([.int32(extents.x), .int32(extents.y), .int32(extents.width), .int32(extents.height)])]))
        case "GetSize":
            let extents = ATSPIGeometry.extents(node.frame)
            return .success(.tuple([.int32(extents.width), .int32(extents.height)]))
        case "Contains", "GetAccessibleAtPoint":
            guard let x = GVariantArguments.int32(parameters, 0), let y = GVariantArguments.int32(parameters, 1),
                let type = GVariantArguments.uint32(parameters, 2), type <= Self.parentCoordinates
            else { return .failure(.invalidArgs("Expected x, y and a coordinate type")) }
            let origin = offset(of: node, type)
            let point = CGPoint(x: CGFloat(x) + origin.x, y: CGFloat(y) + origin.y)
            if method == "Contains" { return .success(.tuple([.boolean(node.frame.contains(point))])) }
            let hit = snapshot.node(at: point, in: node.id).flatMap { $0 == node.id ? nil : $0 }
            return .success(.tuple([hit.map(reference) ?? nullReference]))
        case "GetLayer":
            // ATSPI_LAYER_WINDOW for top levels, ATSPI_LAYER_WIDGET for the rest.
            return .success(.tuple([.uint32(node.topLevel == node.id ? 7 : 3)]))
        case "GrabFocus":
            return .success(.tuple([.boolean(node.topLevel != node.id)]))
        case "GetAlpha":
            return .success(.tuple([.double(1)]))
        default:
            return .failure(ATSPIServer.CallError(name: "org.freedesktop.DBus.Error.UnknownMethod", message: "No such method"))
        }
    }

    private func action(_ method: String, _ node: AccessibilitySnapshot.Node, _ parameters: OpaquePointer?)
        -> Result<GVariantValue, ATSPIServer.CallError>
    {
        if method == "GetActions" {
            return .success(.tuple([.array(elementType: "(sss)", node.actions.map { .tuple([.string($0.rawValue), .string($0.description), .string("")]) })]))
        }
        guard let index = GVariantArguments.int32(parameters, 0), index >= 0, Int(index) < node.actions.count else {
            return .failure(.invalidArgs("No action at that index"))
        }
        let action = node.actions[Int(index)]
        switch method {
        case "GetName", "GetLocalizedName": return .success(.tuple([.string(action.rawValue)]))
        case "GetDescription": return .success(.tuple([.string(action.description)]))
        case "GetKeyBinding": return .success(.tuple([.string("")]))
        case "DoAction": return .success(.tuple([.boolean(true)]))
        default: return .failure(ATSPIServer.CallError(name: "org.freedesktop.DBus.Error.UnknownMethod", message: "No such method"))
        }
    }

    /// Text calls; offsets count characters (Unicode scalars), as AT-SPI's do.
    private func textCall(_ method: String, _ characters: [Unicode.Scalar], _ parameters: OpaquePointer?)
        -> Result<GVariantValue, ATSPIServer.CallError>
    {
        let count = characters.count
        func clamp(_ offset: Int32) -> Int { max(0, min(count, Int(offset))) }
        func string(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(characters[range])) }
        switch method {
        case "GetText":
            guard let start = GVariantArguments.int32(parameters, 0), let end = GVariantArguments.int32(parameters, 1) else {
                return .failure(.invalidArgs("Expected two offsets"))
            }
            let lower = clamp(start)
            let upper = end < 0 ? count : max(lower, clamp(end))
            return .success(.tuple([.string(string(lower..<upper))]))
        case "GetCharacterAtOffset":
            guard let offset = GVariantArguments.int32(parameters, 0), offset >= 0, Int(offset) < count else {
                return .success(.tuple([.int32(0)]))
            }
            return .success(.tuple([.int32(Int32(bitPattern: characters[Int(offset)].value))]))
        case "GetStringAtOffset":
            guard let offset = GVariantArguments.int32(parameters, 0), let granularity = GVariantArguments.uint32(parameters, 1)
            else { return .failure(.invalidArgs("Expected an offset and a granularity")) }
            let range = Self.range(around: clamp(offset), in: characters, granularity: granularity)
            return .success(.tuple([.string(string(range)), .int32(Int32(clamping: range.lowerBound)), .int32(Int32(clamping: range.upperBound))]))
        case "GetNSelections":
            return .success(.tuple([.int32(0)]))
        default:
            return .failure(ATSPIServer.CallError(name: "org.freedesktop.DBus.Error.UnknownMethod", message: "No such method"))
        }
    }

    /// The character (granularity 0), word (1), sentence (2: the whole text), line (3) or
    /// paragraph (4) around `offset` (`AtspiTextGranularity`).
    static func range(around offset: Int, in characters: [Unicode.Scalar], granularity: UInt32) -> Range<Int> {
        let count = characters.count
        switch granularity {
        case 0:
            return offset < count ? offset..<(offset + 1) : count..<count
        case 1:
            func isWordCharacter(_ index: Int) -> Bool { !CharacterSet.whitespacesAndNewlines.contains(characters[index]) }
            var lower = min(offset, count), upper = lower
            while lower > 0, isWordCharacter(lower - 1) { lower -= 1 }
            while upper < count, isWordCharacter(upper) { upper += 1 }
            return lower..<upper
        case 3, 4:
            var lower = min(offset, count), upper = lower
            while lower > 0, characters[lower - 1] != "\n" { lower -= 1 }
            while upper < count, characters[upper] != "\n" { upper += 1 }
            if upper < count { upper += 1 }  // the line includes its end
            return lower..<upper
        default:
            return 0..<count
        }
    }
}
