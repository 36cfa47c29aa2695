/// A colour space: how colour components are interpreted. Immutable and thread-safe.
///
/// Lamina knows Apple's named RGB spaces sRGB, Display P3, extended sRGB, linear sRGB,
/// extended linear sRGB, generic RGB and linear generic RGB, and the gray spaces generic gray (gamma 2.2), linear gray and
/// extended gray; device RGB and device gray are sRGB and its gray axis, as on iOS. Colours,
/// gradients and images are converted between them with the published primaries and transfer
/// functions: a bitmap context stores its pixels in its own space, converts what is drawn into
/// it and blends there; a gradient mixes its colours in its own space (``CGGradient``). A gray level of generic gray or device
/// gray draws as the sRGB gray of the same value (the difference from a 2.2 power is at most
/// a few 255ths in the darkest grays). Apple spells space names as `CFString`; Lamina uses
/// `String`, so `CGColorSpace(name: CGColorSpace.displayP3)` reads the same.
public final class CGColorSpace: Sendable {
    /// The name of the standard sRGB colour space.
    public static let sRGB: String = "kCGColorSpaceSRGB"
    /// The name of the Display P3 colour space: P3 primaries, a D65 white and the sRGB
    /// transfer function (what wide-colour Apple devices draw in).
    public static let displayP3: String = "kCGColorSpaceDisplayP3"
    /// The name of the extended-range sRGB space: sRGB whose components may lie outside
    /// `0...1` (reaching colours outside the sRGB gamut).
    public static let extendedSRGB: String = "kCGColorSpaceExtendedSRGB"
    /// The name of linear sRGB: sRGB primaries with a linear transfer function.
    public static let linearSRGB: String = "kCGColorSpaceLinearSRGB"
    /// The name of extended-range linear sRGB.
    public static let extendedLinearSRGB: String = "kCGColorSpaceExtendedLinearSRGB"
    /// The name of the generic RGB space with a linear transfer function: the colorimetry of
    /// ``kCGColorSpaceGenericRGB`` in linear light.
    public static let genericRGBLinear: String = "kCGColorSpaceGenericRGBLinear"
    /// The name of the generic gray colour space with a gamma of 2.2.
    public static let genericGrayGamma2_2: String = "kCGColorSpaceGenericGrayGamma2_2"
    /// The name of the linear gray space (gray levels are luminance).
    public static let linearGray: String = "kCGColorSpaceLinearGray"
    /// The name of the extended-range gray space.
    public static let extendedGray: String = "kCGColorSpaceExtendedGray"
    /// Lamina: the name of the device-dependent RGB space (`CGColorSpaceCreateDeviceRGB()`).
    public static let deviceRGB: String = "kCGColorSpaceDeviceRGB"
    /// Lamina: the name of the device-dependent gray space (`CGColorSpaceCreateDeviceGray()`).
    public static let deviceGray: String = "kCGColorSpaceDeviceGray"

    /// The colour space's name, or `nil` for an unnamed space.
    public let name: String?
    /// The colour model of the space.
    public let model: CGColorSpaceModel
    /// What the components mean.
    package let definition: ColorSpaceDefinition

    /// The space a pattern space's stencil colours are in (``init(patternBaseSpace:)``), or
    /// `nil` for other spaces and for a pattern space of colored patterns only.
    public let baseColorSpace: CGColorSpace?

    /// Creates a pattern colour space: colours made in it fill with a ``CGPattern``. For an
    /// uncolored (stencil) pattern, `baseSpace` is the space of the colour it is drawn in;
    /// colored patterns take `nil`.
    public init?(patternBaseSpace baseSpace: CGColorSpace?) {
        if let baseSpace, baseSpace.model != .rgb && baseSpace.model != .monochrome {
            Diagnostics.log("CGColorSpace(patternBaseSpace:): the base space must be an RGB or gray space, or nil")
            return nil
        }
        name = nil
        model = .pattern
        definition = baseSpace?.definition ?? .sRGB
        baseColorSpace = baseSpace
    }

    /// Creates one of the named colour spaces Lamina supports, or `nil` for any other name.
    public convenience init?(name: String) {
        guard let definition = CGColorSpace.definitions[name] else { return nil }
        self.init(knownName: name, definition: definition)
    }

    /// A space of the given definition, named or (for one made from an ICC profile) not.
    init(knownName: String?, definition: ColorSpaceDefinition) {
        self.name = knownName
        self.definition = definition
        baseColorSpace = nil
        switch definition.kind {
        case .rgb: model = .rgb
        case .encodedGray, .linearGray: model = .monochrome
        }
    }

    private static let definitions: [String: ColorSpaceDefinition] = [
        sRGB: .sRGB,
        deviceRGB: .sRGB,
        displayP3: ColorSpaceDefinition(kind: .rgb(primaries: .displayP3), transfer: .sRGB, isExtended: false),
        extendedSRGB: ColorSpaceDefinition(kind: .rgb(primaries: .sRGB), transfer: .sRGB, isExtended: true),
        linearSRGB: ColorSpaceDefinition(kind: .rgb(primaries: .sRGB), transfer: .linear, isExtended: false),
        extendedLinearSRGB: ColorSpaceDefinition(kind: .rgb(primaries: .sRGB), transfer: .linear, isExtended: true),
        kCGColorSpaceGenericRGB: .genericRGB,
        genericRGBLinear: ColorSpaceDefinition(kind: .rgb(primaries: .genericRGB), transfer: .linear, isExtended: false),
        genericGrayGamma2_2: ColorSpaceDefinition(kind: .encodedGray, transfer: .sRGB, isExtended: false),
        deviceGray: ColorSpaceDefinition(kind: .encodedGray, transfer: .sRGB, isExtended: false),
        linearGray: ColorSpaceDefinition(kind: .linearGray, transfer: .linear, isExtended: false),
        extendedGray: ColorSpaceDefinition(kind: .encodedGray, transfer: .sRGB, isExtended: true),
    ]

    /// The number of colour components (alpha excluded): 3 for RGB, 1 for gray.
    public var numberOfComponents: Int {
        switch model {
        case .monochrome: return 1
        case .rgb, .lab, .XYZ: return 3
        case .cmyk: return 4
        case .unknown, .deviceN, .indexed, .pattern: return 0
        }
    }

    /// Whether the space reaches colours outside the sRGB gamut: Display P3 and the extended
    /// RGB spaces.
    public var isWideGamutRGB: Bool {
        guard case .rgb(let primaries) = definition.kind else { return false }
        return primaries == .displayP3 || definition.isExtended
    }

    /// Whether colours in this space may hold components outside `0...1`.
    package var isExtended: Bool { definition.isExtended }

    /// Whether this space draws exactly as sRGB (sRGB and device RGB).
    package var drawsAsSRGB: Bool { definition == .sRGB }

    /// The RGB space an image of pixels drawn in this space is labelled with (images are RGB):
    /// the space itself when it is RGB; for a gray space, the RGB space whose gray axis holds
    /// the same levels — sRGB for device and generic gray, extended sRGB for extended gray,
    /// linear sRGB for linear gray.
    package var imageSpace: CGColorSpace {
        if model == .pattern { return baseColorSpace?.imageSpace ?? .sharedSRGB }
        switch definition.kind {
        case .rgb: return self
        case .encodedGray: return definition.isExtended ? CGColorSpace(name: CGColorSpace.extendedSRGB) ?? .sharedSRGB : .sharedSRGB
        case .linearGray: return CGColorSpace(name: CGColorSpace.linearSRGB) ?? .sharedSRGB
        }
    }

    static let sharedSRGB = CGColorSpace(knownName: CGColorSpace.sRGB, definition: .sRGB)
    /// Generic RGB: where gradients made without a colour space interpolate.
    package static let sharedGenericRGB = CGColorSpace(knownName: kCGColorSpaceGenericRGB, definition: .genericRGB)
    /// The one sRGB space renderers compare with (windows are drawn in sRGB).
    package static var standardSRGB: CGColorSpace { sharedSRGB }
    static let sharedGenericGray = CGColorSpace(
        knownName: CGColorSpace.genericGrayGamma2_2,
        definition: ColorSpaceDefinition(kind: .encodedGray, transfer: .sRGB, isExtended: false))
    static let sharedDeviceRGB = CGColorSpace(knownName: CGColorSpace.deviceRGB, definition: .sRGB)
    static let sharedDeviceGray = CGColorSpace(
        knownName: CGColorSpace.deviceGray,
        definition: ColorSpaceDefinition(kind: .encodedGray, transfer: .sRGB, isExtended: false))
}

extension CGColorSpace: Equatable, Hashable {
    /// Two colour spaces are equal when they have the same name, model and meaning (two
    /// unnamed spaces made from ICC profiles are equal when the profiles mean the same).
    public static func == (lhs: CGColorSpace, rhs: CGColorSpace) -> Bool {
        lhs.name == rhs.name && lhs.model == rhs.model && lhs.definition == rhs.definition
    }

    /// Hashes the name, model and meaning.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(model)
        hasher.combine(definition)
    }
}

/// The name of Apple's generic RGB colour space: the chromaticities of Apple's Generic RGB
/// profile (red 0.630, 0.340; green 0.295, 0.605; blue 0.155, 0.077; D65 white) with a 1.8
/// power transfer function. A gradient made without a colour space is drawn in it.
public let kCGColorSpaceGenericRGB: String = "kCGColorSpaceGenericRGB"

/// Returns the device-dependent RGB colour space (sRGB, as on iOS).
@discardableResult
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace {
    CGColorSpace.sharedDeviceRGB
}

/// Returns the device-dependent gray colour space.
@discardableResult
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace {
    CGColorSpace.sharedDeviceGray
}
