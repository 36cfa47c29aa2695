import CoreGraphics
import Foundation

/// A filter with Apple's name and input keys, configured by key-value coding: the effects
/// a layer's `filters`, `backgroundFilters` and `compositingFilter` apply.
///
/// Lamina knows `CIGaussianBlur`, `CIColorControls`, `CIColorMatrix`,
/// `CIColorMonochrome` and Core Image's compositing filters (`CISourceOverCompositing`,
/// `CIAdditionCompositing`, `CIMaximumCompositing`, `CIMultiplyBlendMode`,
/// `CISubtractBlendMode`, `CILinearBurnBlendMode` and the other blend modes); other names
/// give `nil`, as names Core Image does not know do on Apple platforms. A filter is a
/// reference type: a layer copies the filters it is given, so changing a filter object
/// afterwards changes nothing on screen until it is set again — change a layer's filter
/// through the layer's key paths instead (`layer.setValue(4, forKeyPath:
/// "filters.blur.inputRadius")` for a filter named `"blur"`), which also animates.
///
/// Lamina: colours are filtered as stored (sRGB values, unpremultiplied), not in Core
/// Image's linear working space, and filters apply to layer pixels only — there is no
/// `CIImage` and no `outputImage`.
open class CIFilter: NSObject, NSCopying {
    private let definition: CIFilterDefinition
    private var inputs: [String: Any] = [:]

    /// The filter's name, used in layer key paths (`filters.<name>.<inputKey>`).
    /// Defaults to the filter's kind (`"CIGaussianBlur"`); settable, as Apple's.
    open var name: String

    /// A filter of the kind `name` with its inputs at their defaults; `nil` when Lamina does
    /// not know the name.
    public init?(name: String) {
        guard let definition = CIFilterDefinition.named(name) else { return nil }
        self.definition = definition
        self.name = name
        super.init()
        setDefaults()
    }

    /// A filter of the kind `name` with its inputs at their defaults, then set from
    /// `parameters` (input keys to values); `nil` when Lamina does not know the name.
    public convenience init?(name: String, parameters: [String: Any]?) {
        self.init(name: name)
        for (key, value) in parameters ?? [:] { setValue(value, forKey: key) }
    }

    private init(copying other: CIFilter) {
        definition = other.definition
        name = other.name
        inputs = other.inputs
        super.init()
    }

    /// The names of the filters Lamina knows in `category` (every one for `nil`).
    open class func filterNames(inCategory category: String?) -> [String] {
        CIFilterDefinition.names.filter { name in
            guard let category else { return true }
            return CIFilterDefinition.named(name)?.categories.contains(category) ?? false
        }
    }

    /// The keys of the filter's inputs (`inputImage` first, and for compositing filters
    /// `inputBackgroundImage`).
    open var inputKeys: [String] {
        [kCIInputImageKey] + (definition.composites ? [kCIInputBackgroundImageKey] : []) + definition.inputs.map(\.key)
    }

    /// The keys of the filter's outputs: `outputImage`.
    open var outputKeys: [String] { [kCIOutputImageKey] }

    /// The filter's attributes: its kind (``kCIAttributeFilterName``), display name and
    /// categories, and for each input (by key) its class, type, default and identity.
    open var attributes: [String: Any] {
        var attributes: [String: Any] = [
            kCIAttributeFilterName: definition.name,
            kCIAttributeFilterDisplayName: definition.displayName,
            kCIAttributeFilterCategories: definition.categories,
        ]
        attributes[kCIInputImageKey] = [kCIAttributeClass: "CIImage", kCIAttributeType: kCIAttributeTypeImage]
        if definition.composites {
            attributes[kCIInputBackgroundImageKey] = [kCIAttributeClass: "CIImage", kCIAttributeType: kCIAttributeTypeImage]
        }
        for input in definition.inputs {
            var entry: [String: Any] = [
                kCIAttributeClass: input.defaultValue.className, kCIAttributeType: input.type,
                kCIAttributeDefault: input.defaultValue.boxed,
            ]
            if let identity = input.identity { entry[kCIAttributeIdentity] = identity.boxed }
            if case .number = input.defaultValue, input.type == kCIAttributeTypeDistance { entry[kCIAttributeMin] = NSNumber(value: 0) }
            attributes[input.key] = entry
        }
        return attributes
    }

    /// Sets every input to its default.
    open func setDefaults() {
        for input in definition.inputs { inputs[input.key] = input.defaultValue.boxed }
    }

    /// Sets the input `key` (or `name`). Numbers are kept as `NSNumber`, as Apple's are;
    /// vector inputs take a ``CIVector``, colour inputs a ``CIColor`` (or a `CGColor`).
    /// Image inputs are accepted and ignored (the layer is the image). A value of the wrong
    /// type or an unknown key is reported and ignored (Apple raises an exception).
    open func setValue(_ value: Any?, forKey key: String) {
        if key == "name" {
            guard let string = value as? String else { return refuse(value, key) }
            name = string
            return
        }
        if key == kCIInputImageKey || (definition.composites && key == kCIInputBackgroundImageKey) { return }
        guard let input = definition.inputs.first(where: { $0.key == key }) else {
            Diagnostics.log("CIFilter \(definition.name): no input named \"\(key)\"; setValue(_:forKey:) ignored")
            return
        }
        guard let value else {
            inputs[key] = input.defaultValue.boxed
            return
        }
        switch input.defaultValue {
        case .number:
            guard let number = CIFilterDefinition.number(value), number.isFinite else { return refuse(value, key) }
            inputs[key] = NSNumber(value: number)
        case .vector:
            guard let vector = value as? CIVector else { return refuse(value, key) }
            inputs[key] = vector
        case .color:
            if let color = value as? CIColor {
                inputs[key] = color
            } else if Swift.type(of: value) is CGColor.Type, let color = value as? CGColor {
                inputs[key] = CIColor(cgColor: color)
            } else {
                refuse(value, key)
            }
        }
    }

    /// The value of the input `key` (`NSNumber`, ``CIVector`` or ``CIColor``), the
    /// filter's `name`, `inputKeys`, `outputKeys` or `attributes`; nil for other keys.
    open func value(forKey key: String) -> Any? {
        switch key {
        case "name": return name
        case "inputKeys": return inputKeys
        case "outputKeys": return outputKeys
        case "attributes": return attributes
        default: return inputs[key]
        }
    }

    private func refuse(_ value: Any?, _ key: String) {
        let type = value.map { "\(Swift.type(of: $0))" } ?? "nil"
        Diagnostics.log("CIFilter \(definition.name): a \(type) is not a value for \"\(key)\"; setValue(_:forKey:) ignored")
    }

    /// A filter of the same kind with the same name and inputs.
    open func copy(with zone: NSZone? = nil) -> Any { CIFilter(copying: self) }

    open override var description: String { "<CIFilter \(definition.name) name: \(name) \(inputs)>" }

    /// What the filter does with its current inputs, for the layer renderer.
    package var effect: CIFilterEffect { definition.effect { self.inputs[$0] } }
}
