/// A colour space: how colour components are interpreted. Immutable and thread-safe.
///
/// Lamina supports a minimal set: sRGB, device RGB, generic gray (gamma 2.2) and device
/// gray. Lamina renders every RGB space as sRGB and every gray space as sRGB gray
/// (no colour management). Apple spells space names as `CFString`; Lamina uses `String`,
/// so `CGColorSpace(name: CGColorSpace.sRGB)` reads the same.
public final class CGColorSpace: Sendable {
    /// The name of the standard sRGB colour space.
    public static let sRGB: String = "kCGColorSpaceSRGB"
    /// The name of the generic gray colour space with a gamma of 2.2.
    public static let genericGrayGamma2_2: String = "kCGColorSpaceGenericGrayGamma2_2"
    /// Lamina: the name of the device-dependent RGB space (`CGColorSpaceCreateDeviceRGB()`).
    public static let deviceRGB: String = "kCGColorSpaceDeviceRGB"
    /// Lamina: the name of the device-dependent gray space (`CGColorSpaceCreateDeviceGray()`).
    public static let deviceGray: String = "kCGColorSpaceDeviceGray"

    /// The colour space's name, or `nil` for an unnamed space.
    public let name: String?
    /// The colour model of the space.
    public let model: CGColorSpaceModel

    /// Creates one of the named colour spaces Lamina supports, or `nil` for any other name.
    public convenience init?(name: String) {
        switch name {
        case CGColorSpace.sRGB, CGColorSpace.deviceRGB:
            self.init(knownName: name, model: .rgb)
        case CGColorSpace.genericGrayGamma2_2, CGColorSpace.deviceGray:
            self.init(knownName: name, model: .monochrome)
        default:
            return nil
        }
    }

    private init(knownName: String, model: CGColorSpaceModel) {
        self.name = knownName
        self.model = model
    }

    /// The number of colour components (alpha excluded): 3 for RGB, 1 for gray.
    public var numberOfComponents: Int {
        switch model {
        case .monochrome: return 1
        case .rgb, .lab, .XYZ: return 3
        case .cmyk: return 4
        case .unknown, .deviceN, .indexed, .pattern: return 0
        }
    }

    static let sharedSRGB = CGColorSpace(knownName: CGColorSpace.sRGB, model: .rgb)
    static let sharedGenericGray = CGColorSpace(
        knownName: CGColorSpace.genericGrayGamma2_2, model: .monochrome)
    static let sharedDeviceRGB = CGColorSpace(knownName: CGColorSpace.deviceRGB, model: .rgb)
    static let sharedDeviceGray = CGColorSpace(knownName: CGColorSpace.deviceGray, model: .monochrome)
}

extension CGColorSpace: Equatable, Hashable {
    /// Two colour spaces are equal when they have the same name and model.
    public static func == (lhs: CGColorSpace, rhs: CGColorSpace) -> Bool {
        lhs.name == rhs.name && lhs.model == rhs.model
    }

    /// Hashes the name and model.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(model)
    }
}

/// Returns the device-dependent RGB colour space (rendered as sRGB by Lamina).
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace {
    CGColorSpace.sharedDeviceRGB
}

/// Returns the device-dependent gray colour space.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace {
    CGColorSpace.sharedDeviceGray
}
