import SwiftSyntax

/// UIControl's state that a control written as a layer (``ViewClassRewriter``) keeps: its
/// `isEnabled` and `isSelected`, which the control sets, reads or observes. The layer is given
/// each as a property of UIControl's default, and a disabled control's layer is passed over by
/// hit testing, as a disabled control ignores touches:
///
/// ```swift
/// final class StepButton: UIControl {                  final class StepButton: CALayer {
///     func finish() { isEnabled = false }         →        func finish() { isEnabled = false }
/// }                                                        var isEnabled = true
///                                                          override func hitTest(_ p: CGPoint) -> CALayer? { … }
///                                                      }
/// ```
///
/// An override observing one (`override var isSelected: Bool { didSet { … } }`) becomes the
/// layer's own property of that default, its observers kept. The state UIKit changes as it
/// tracks a touch (`isHighlighted`, `isTracking`), the targets and actions, and any other use
/// of a control's members leave the class to a person.
enum ControlState {
    /// One of the control's state properties.
    struct Property: Sendable {
        /// Its name, the control's and the layer's.
        var name: String
        /// UIControl's default, in Swift.
        var defaultValue: String
        /// The documentation comment the layer's property is given.
        var documentation: [String]
    }

    /// The state properties a control written as a layer keeps.
    static let properties: [Property] = [
        Property(
            name: enabled, defaultValue: "true",
            documentation: [
                "/// Whether the control is enabled, as UIControl's `isEnabled` says: a disabled control ignores touches,",
                "/// and no point hits its layer or their sublayers. The default is true.",
            ]),
        Property(
            name: "isSelected", defaultValue: "false",
            documentation: ["/// Whether the control is selected, as UIControl's `isSelected` says. The default is false."]),
    ]

    /// The property whose false value makes hit testing pass over the layer.
    static let enabled = "isEnabled"

    /// The names of ``properties``.
    static var names: Set<String> { Set(properties.map(\.name)) }

    /// The state properties that `members` (a class's and its extensions' bodies) use on their
    /// own or through `self`, in ``properties``' order.
    static func used(in members: [Syntax]) -> [Property] {
        properties.filter { property in members.contains { ViewMembers.usesOwnMember(property.name, in: $0) } }
    }

    /// The state property an override in a control observes (`override var isEnabled: Bool {
    /// didSet { … } }`, its type `Bool` or none), and the edits writing it as the layer's own
    /// property of the control's default; nil for another declaration.
    static func observingOverride(_ variable: VariableDeclSyntax) -> (property: Property, edits: [(Syntax, String)], override: DeclModifierSyntax)? {
        guard let override = variable.modifiers.first(where: { $0.name.tokenKind == .keyword(.override) }),
            variable.bindingSpecifier.tokenKind == .keyword(.var), variable.bindings.count == 1, let binding = variable.bindings.first,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let property = properties.first(where: { $0.name == name }), binding.initializer == nil, binding.accessorBlock != nil,
            binding.isStored
        else { return nil }
        let annotation = binding.typeAnnotation?.type.trimmedDescription
        guard annotation == nil || annotation == "Bool" else { return nil }
        let written = (annotation == nil ? "" : ": Bool") + " = \(property.defaultValue)"
        let edit: (Syntax, String) = binding.typeAnnotation.map { (Syntax($0), written) } ?? (Syntax(binding.pattern), name + written)
        return (property, [edit], override)
    }

    /// The members the layer is given: the state properties it does not declare (`declared`),
    /// and, where it keeps `isEnabled` or a view's switch for touches (`switches`, the names of
    /// Boolean properties that must all be true for a point to hit it), a hit test heeding them.
    /// `isolated`: the layer's class is isolated to the main actor, whose properties the hit
    /// test, which is not, reads.
    static func members(adding added: [Property], switches: [String], isolated: Bool) -> [String] {
        let unchecked = isolated ? "nonisolated(unsafe) " : ""
        var lines: [String] = []
        for property in added {
            lines += property.documentation + ["\(unchecked)var \(property.name) = \(property.defaultValue)", ""]
        }
        guard !switches.isEmpty else { return lines }
        let named = switches.map { "`\($0)`" }.joined(separator: " or ")
        let why =
            switches == [enabled]
            ? "as a disabled control ignores touches."
            : switches.contains(enabled)
                ? "as UIKit's hit testing passes over such a view and a disabled control ignores touches."
                : "as UIKit's hit testing passes over such a view."
        return lines + [
            "/// No point hits the layer or its sublayers while \(named) is false (its model layer's, for",
            "/// a presentation copy), \(why)",
            "override func hitTest(_ p: CGPoint) -> CALayer? {",
            "    " + switches.map { "model().\($0)" }.joined(separator: " && ") + " ? super.hitTest(p) : nil",
            "}",
            "",
        ]
    }
}
