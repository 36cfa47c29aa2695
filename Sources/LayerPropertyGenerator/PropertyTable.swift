import Foundation

/// The parsed property table (`Sources/QuartzCore/Properties/CALayerProperties.txt`): the
/// declared `CALayer` properties in order, and the snapshot fields no property stores.
struct PropertyTable {
    /// Where a stored value lives.
    enum Placement: String { case common, rare }

    /// How two snapshots' values are compared when deciding whether they draw alike.
    enum Comparison: String {
        /// `==`.
        case equal
        /// `===` (images: by identity only).
        case identical
        /// Colours: by identity, then by value.
        case same
        /// Equal only when both are nil (values that are never compared).
        case `nil`
    }

    /// A snapshot field: its name, type and default, and what the render side does with it.
    struct SnapshotField {
        var name: String
        var type: String
        var defaultValue: String
        /// The expression computing it from a storage's values; nil to copy the property's value.
        var conversion: String?
        var placement: Placement
        var animates = false
        var comparison: Comparison?
        var isPublic = true
        /// Kept in the snapshot value itself, not in the values its copies share: setting it
        /// copies nothing (a layer's placement, which changes while the rest stays).
        var isInline = false
        var documentation: [String]
    }

    /// One declared property.
    struct Property {
        var key: String
        var swiftName: String
        var type: String
        var defaultValue: String
        var placement: Placement
        var isAnimatable = false
        var animatedThroughSetter = false
        var clamp: String?
        var invalidates = "render"
        var snapshot: SnapshotField?
    }

    var properties: [Property] = []
    var snapshotOnly: [SnapshotField] = []

    /// Every snapshot field: the properties' then the others', in table order.
    var snapshotFields: [SnapshotField] { properties.compactMap(\.snapshot) + snapshotOnly }
}

/// A problem in the table, with its line.
struct TableError: Error, CustomStringConvertible {
    var description: String
}

extension PropertyTable {
    /// Parses `text`; `source` names the file in errors.
    static func parse(_ text: String, source: String) throws -> PropertyTable {
        var table = PropertyTable()
        var section = ""
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            let place = "\(source):\(index + 1)"
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("[") {
                section = line
                continue
            }
            let columns = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            switch section {
            case "[properties]":
                guard columns.count == 8 else { throw TableError(description: "\(place): a property row has 8 columns, not \(columns.count)") }
                table.properties.append(try property(columns, at: place))
            case "[snapshot]":
                guard columns.count == 5 else { throw TableError(description: "\(place): a snapshot row has 5 columns, not \(columns.count)") }
                let (type, value) = try typeAndDefault(columns[1], at: place)
                var field = SnapshotField(
                    name: columns[0], type: type, defaultValue: value, conversion: nil,
                    placement: try placement(columns[2], at: place), documentation: documentation(columns[4]))
                try applyRenderFlags(columns[3], to: &field, at: place)
                if field.isInline { throw TableError(description: "\(place): only a property's snapshot field is inline") }
                table.snapshotOnly.append(field)
            default:
                throw TableError(description: "\(place): a row outside [properties] and [snapshot]")
            }
        }
        guard !table.properties.isEmpty else { throw TableError(description: "\(source): no properties") }
        guard table.properties.count <= 64 else {
            throw TableError(description: "\(source): \(table.properties.count) properties; one UInt64 of bits holds 64")
        }
        return table
    }

    private static func property(_ columns: [String], at place: String) throws -> Property {
        let (type, value) = try typeAndDefault(columns[2], at: place)
        var property = Property(
            key: columns[0], swiftName: columns[1], type: type, defaultValue: value,
            placement: try placement(columns[3], at: place))
        for flag in flags(columns[4]) {
            switch flag {
            case "animatable": property.isAnimatable = true
            case "setter": property.animatedThroughSetter = true
            case let f where f.hasPrefix("clamp="): property.clamp = String(f.dropFirst(6))
            case let f where f.hasPrefix("invalidates="): property.invalidates = String(f.dropFirst(12))
            default: throw TableError(description: "\(place): unknown model flag '\(flag)'")
            }
        }
        if columns[5] != "-" {
            var field = SnapshotField(
                name: columns[5], type: type, defaultValue: value, conversion: nil, placement: property.placement,
                documentation: documentation(columns[7]))
            if let arrow = columns[5].range(of: " <- ") {
                let declaration = columns[5][..<arrow.lowerBound]
                field.conversion = String(columns[5][arrow.upperBound...])
                guard let colon = declaration.firstIndex(of: ":") else {
                    throw TableError(description: "\(place): a converted snapshot field is 'name: Type = default <- expression'")
                }
                field.name = declaration[..<colon].trimmingCharacters(in: .whitespaces)
                (field.type, field.defaultValue) = try typeAndDefault(String(declaration[declaration.index(after: colon)...]), at: place)
            }
            try applyRenderFlags(columns[6], to: &field, at: place)
            if field.isInline, field.comparison != nil || field.conversion != nil || field.placement != .common {
                throw TableError(description: "\(place): an inline snapshot field is a common value, copied as stored and never compared")
            }
            property.snapshot = field
        } else if !columns[6].isEmpty {
            throw TableError(description: "\(place): render flags on a property snapshots do not carry")
        }
        return property
    }

    private static func applyRenderFlags(_ column: String, to field: inout SnapshotField, at place: String) throws {
        for flag in flags(column) {
            switch flag {
            case "animates": field.animates = true
            case "internal": field.isPublic = false
            case "inline": field.isInline = true
            case let f where f.hasPrefix("compare="):
                guard let comparison = Comparison(rawValue: String(f.dropFirst(8))) else {
                    throw TableError(description: "\(place): unknown comparison '\(f)' (equal, identical, same, nil)")
                }
                field.comparison = comparison
            default: throw TableError(description: "\(place): unknown render flag '\(flag)'")
            }
        }
    }

    private static func typeAndDefault(_ column: String, at place: String) throws -> (String, String) {
        guard let equals = column.range(of: " = ") else {
            throw TableError(description: "\(place): '\(column)' is not 'Type = default'")
        }
        return (
            column[..<equals.lowerBound].trimmingCharacters(in: .whitespaces),
            column[equals.upperBound...].trimmingCharacters(in: .whitespaces)
        )
    }

    private static func placement(_ column: String, at place: String) throws -> Placement {
        guard let placement = Placement(rawValue: column) else {
            throw TableError(description: "\(place): storage '\(column)' is neither common nor rare")
        }
        return placement
    }

    private static func flags(_ column: String) -> [String] {
        column.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    private static func documentation(_ column: String) -> [String] {
        column.isEmpty ? [] : column.components(separatedBy: "\\n")
    }
}
