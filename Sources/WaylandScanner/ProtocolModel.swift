/// The parts of a Wayland protocol description that code generation needs.
struct ProtocolDescription: Equatable {
    var name: String
    var interfaces: [InterfaceDescription]
}

/// One `<interface>`: its requests (client → server) and events (server → client).
struct InterfaceDescription: Equatable {
    var name: String
    var version: UInt32
    var summary: String
    var requests: [MessageDescription]
    var events: [MessageDescription]
    var enums: [EnumDescription]
}

/// One `<request>` or `<event>`.
struct MessageDescription: Equatable {
    var name: String
    var since: UInt32
    var isDestructor: Bool
    var summary: String
    var arguments: [ArgumentDescription]
}

/// The wire types of the Wayland protocol.
enum ArgumentType: String, Equatable {
    case int, uint, fixed, string, object, newID = "new_id", array, fd

    /// The character libwayland's message signatures use for the type.
    var signatureCharacter: Character {
        switch self {
        case .int: "i"
        case .uint: "u"
        case .fixed: "f"
        case .string: "s"
        case .object: "o"
        case .newID: "n"
        case .array: "a"
        case .fd: "h"
        }
    }
}

/// One `<arg>`.
struct ArgumentDescription: Equatable {
    var name: String
    var type: ArgumentType
    var interface: String?
    var allowNull: Bool
    /// `enum="…"`: an enum of this interface (`button_state`) or another (`wl_output.transform`).
    var enumName: String?
    var summary: String
}

/// One `<enum>`.
struct EnumDescription: Equatable {
    var name: String
    var isBitfield: Bool
    var entries: [EnumEntry]
}

/// One `<entry>` of an enum.
struct EnumEntry: Equatable {
    var name: String
    var value: UInt32
    var summary: String
}

extension MessageDescription {
    /// The libwayland signature string: the `since` version, then per argument an optional
    /// `?` for nullable values and the type character. A `new_id` without an interface expands
    /// to `sun` (interface name, version, id), as the wire format carries those three.
    var signature: String {
        var result = since > 1 ? String(since) : ""
        for argument in arguments {
            if argument.type == .newID && argument.interface == nil {
                result += "sun"
                continue
            }
            if argument.allowNull && (argument.type == .string || argument.type == .object) {
                result += "?"
            }
            result.append(argument.type.signatureCharacter)
        }
        return result
    }

    /// The interface of each wire argument (nil for non-object ones), matching `signature`.
    var wireTypes: [String?] {
        arguments.flatMap { argument -> [String?] in
            if argument.type == .newID && argument.interface == nil { return [nil, nil, nil] }
            return [(argument.type == .object || argument.type == .newID) ? argument.interface : nil]
        }
    }
}
