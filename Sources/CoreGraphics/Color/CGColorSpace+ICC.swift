import Foundation

extension CGColorSpace {
    /// Creates a colour space from an ICC profile, or returns `nil` when the data is not a
    /// profile Lamina can draw with.
    ///
    /// Lamina reads version 2 and 4 matrix/TRC profiles (RGB and gray) whose primaries and
    /// curves are those of its named spaces: sRGB or Display P3 primaries with the sRGB curve
    /// or linear light, Generic RGB primaries with a 1.8 power or linear light, and gray with the sRGB curve, a 2.2 power (drawn as generic gray is)
    /// or linear light. The space has no name and converts colours as the named space of the
    /// same meaning does. Truncated, malformed or other profiles (LUT-based, CMYK, Lab) give
    /// `nil`. Apple's initializer takes a `CFData` (or a data provider); Lamina takes `Data`.
    public convenience init?(iccData: Data) {
        guard let definition = ICCProfile.definition(parsing: iccData) else { return nil }
        self.init(knownName: nil, definition: definition)
    }

    /// Returns the space's ICC profile: a version 4 matrix/TRC display profile (primaries,
    /// D50 white, parametric curves; `kTRC` for gray), or `nil` for a space without one.
    ///
    /// Extended-range spaces give the profile of the space they extend (ICC profiles describe
    /// `0...1`); generic and device gray give a 2.2 power curve. Apple returns a `CFData`;
    /// Lamina returns `Data`.
    public func copyICCData() -> Data? {
        let description: String
        switch definition.kind {
        case .rgb(let primaries):
            switch (primaries, definition.transfer) {
            case (.sRGB, .sRGB): description = "sRGB IEC61966-2.1"
            case (.displayP3, .sRGB): description = "Display P3"
            case (.sRGB, .linear): description = "Linear sRGB"
            case (.displayP3, .linear): description = "Linear Display P3"
            case (.genericRGB, .linear): description = "Generic RGB Linear"
            case (.genericRGB, _): description = "Generic RGB"
            case (.sRGB, .gamma18), (.displayP3, .gamma18): description = "RGB Gamma 1.8"
            }
        case .encodedGray: description = "Generic Gray Gamma 2.2"
        case .linearGray: description = "Linear Gray"
        }
        return ICCProfile.data(for: definition, description: description)
    }
}
