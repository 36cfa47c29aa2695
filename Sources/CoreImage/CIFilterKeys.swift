// Apple's names of filter inputs and attributes (their values are Apple's strings).

/// The key of a filter's input image (unused by layer filters: the layer is the image).
public let kCIInputImageKey = "inputImage"
/// The key of a compositing filter's background image (what lies behind the layer).
public let kCIInputBackgroundImageKey = "inputBackgroundImage"
/// The key of a blur's radius.
public let kCIInputRadiusKey = "inputRadius"
/// The key of a colour adjustment's saturation.
public let kCIInputSaturationKey = "inputSaturation"
/// The key of a colour adjustment's brightness.
public let kCIInputBrightnessKey = "inputBrightness"
/// The key of a colour adjustment's contrast.
public let kCIInputContrastKey = "inputContrast"
/// The key of a colour input.
public let kCIInputColorKey = "inputColor"
/// The key of an effect's intensity.
public let kCIInputIntensityKey = "inputIntensity"
/// The key of a filter's output image.
public let kCIOutputImageKey = "outputImage"

/// The attribute naming the filter's kind (e.g. `"CIGaussianBlur"`).
public let kCIAttributeFilterName = "CIAttributeFilterName"
/// The attribute giving the filter's name for display.
public let kCIAttributeFilterDisplayName = "CIAttributeFilterDisplayName"
/// The attribute listing the filter's categories.
public let kCIAttributeFilterCategories = "CIAttributeFilterCategories"
/// In an input's attributes: the class name of its values.
public let kCIAttributeClass = "CIAttributeClass"
/// In an input's attributes: its default value.
public let kCIAttributeDefault = "CIAttributeDefault"
/// In an input's attributes: the value that leaves the image unchanged.
public let kCIAttributeIdentity = "CIAttributeIdentity"
/// In an input's attributes: its smallest meaningful value.
public let kCIAttributeMin = "CIAttributeMin"
/// In an input's attributes: what kind of value it is.
public let kCIAttributeType = "CIAttributeType"
/// An input's type: a scalar.
public let kCIAttributeTypeScalar = "CIAttributeTypeScalar"
/// An input's type: a distance (points).
public let kCIAttributeTypeDistance = "CIAttributeTypeDistance"
/// An input's type: an image.
public let kCIAttributeTypeImage = "CIAttributeTypeImage"
/// An input's type: an opaque colour.
public let kCIAttributeTypeOpaqueColor = "CIAttributeTypeOpaqueColor"

/// The category of blur filters.
public let kCICategoryBlur = "CICategoryBlur"
/// The category of colour adjustments.
public let kCICategoryColorAdjustment = "CICategoryColorAdjustment"
/// The category of colour effects.
public let kCICategoryColorEffect = "CICategoryColorEffect"
/// The category of compositing (blend mode) filters.
public let kCICategoryCompositeOperation = "CICategoryCompositeOperation"
/// The category of filters usable on still images.
public let kCICategoryStillImage = "CICategoryStillImage"
/// The category of filters usable on video.
public let kCICategoryVideo = "CICategoryVideo"
/// The category of built-in filters.
public let kCICategoryBuiltIn = "CICategoryBuiltIn"
