import CoreGraphics
import Foundation

/// The filters Lamina knows, by Apple's names: their inputs, defaults and categories, and
/// how a configured filter becomes a ``CIFilterEffect``.
struct CIFilterDefinition: Sendable {
    /// One input: its key, default, and its attributes' class and type names.
    struct Input: Sendable {
        let key: String
        let defaultValue: CIFilterInputValue
        let type: String
        let identity: CIFilterInputValue?
    }

    let name: String
    let displayName: String
    let categories: [String]
    let inputs: [Input]
    /// Whether the filter takes a background image (a compositing filter).
    let composites: Bool
    /// The effect of the filter with `value(forKey:)` answering its inputs.
    let effect: @Sendable ((String) -> Any?) -> CIFilterEffect

    /// The definition named `name`, if Lamina knows it.
    static func named(_ name: String) -> CIFilterDefinition? { byName[name] }

    /// Every known name, sorted.
    static var names: [String] { byName.keys.sorted() }

    private static let byName: [String: CIFilterDefinition] = {
        var table: [String: CIFilterDefinition] = [:]
        for definition in [gaussianBlur, colorControls, colorMatrix, colorMonochrome] + blends {
            table[definition.name] = definition
        }
        return table
    }()

    // MARK: - Definitions

    private static let gaussianBlur = CIFilterDefinition(
        name: "CIGaussianBlur", displayName: "Gaussian Blur",
        categories: [kCICategoryBlur, kCICategoryStillImage, kCICategoryVideo, kCICategoryBuiltIn],
        inputs: [Input(key: kCIInputRadiusKey, defaultValue: .number(10), type: kCIAttributeTypeDistance, identity: .number(0))],
        composites: false,
        effect: { value in .gaussianBlur(radius: max(number(value(kCIInputRadiusKey)) ?? 10, 0)) })

    /// Luma weights (Rec. 709) for saturation and monochrome.
    static let luma = (red: 0.2125, green: 0.7154, blue: 0.0721)

    private static let colorControls = CIFilterDefinition(
        name: "CIColorControls", displayName: "Color Controls",
        categories: [kCICategoryColorAdjustment, kCICategoryStillImage, kCICategoryVideo, kCICategoryBuiltIn],
        inputs: [
            Input(key: kCIInputSaturationKey, defaultValue: .number(1), type: kCIAttributeTypeScalar, identity: .number(1)),
            Input(key: kCIInputBrightnessKey, defaultValue: .number(0), type: kCIAttributeTypeScalar, identity: .number(0)),
            Input(key: kCIInputContrastKey, defaultValue: .number(1), type: kCIAttributeTypeScalar, identity: .number(1)),
        ],
        composites: false,
        effect: { value in
            let s = number(value(kCIInputSaturationKey)) ?? 1
            let b = number(value(kCIInputBrightnessKey)) ?? 0
            let c = number(value(kCIInputContrastKey)) ?? 1
            // Saturation mixes with the luma, brightness is added, and contrast scales
            // around 0.5: c·(S·x + b) + 0.5·(1 − c).
            let weights = [luma.red, luma.green, luma.blue]
            var rows: [[Double]] = []
            for channel in 0..<3 {
                var row = weights.map { $0 * (1 - s) * c }
                row[channel] += s * c
                row.append(0)
                row.append(c * b + 0.5 * (1 - c))
                rows.append(row)
            }
            rows.append([0, 0, 0, 1, 0])
            return .colorMatrix(CIColorMatrixValues(rows: rows))
        })

    private static let colorMatrix = CIFilterDefinition(
        name: "CIColorMatrix", displayName: "Color Matrix",
        categories: [kCICategoryColorAdjustment, kCICategoryStillImage, kCICategoryVideo, kCICategoryBuiltIn],
        inputs: [
            Input(key: "inputRVector", defaultValue: .vector([1, 0, 0, 0]), type: "CIAttributeTypePosition", identity: .vector([1, 0, 0, 0])),
            Input(key: "inputGVector", defaultValue: .vector([0, 1, 0, 0]), type: "CIAttributeTypePosition", identity: .vector([0, 1, 0, 0])),
            Input(key: "inputBVector", defaultValue: .vector([0, 0, 1, 0]), type: "CIAttributeTypePosition", identity: .vector([0, 0, 1, 0])),
            Input(key: "inputAVector", defaultValue: .vector([0, 0, 0, 1]), type: "CIAttributeTypePosition", identity: .vector([0, 0, 0, 1])),
            Input(key: "inputBiasVector", defaultValue: .vector([0, 0, 0, 0]), type: "CIAttributeTypePosition", identity: .vector([0, 0, 0, 0])),
        ],
        composites: false,
        effect: { value in
            let bias = vector(value("inputBiasVector"), otherwise: [0, 0, 0, 0])
            let rows = ["inputRVector", "inputGVector", "inputBVector", "inputAVector"].enumerated().map { index, key in
                var identity = [0.0, 0, 0, 0]
                identity[index] = 1
                return vector(value(key), otherwise: identity) + [bias[index]]
            }
            return .colorMatrix(CIColorMatrixValues(rows: rows))
        })

    private static let colorMonochrome = CIFilterDefinition(
        name: "CIColorMonochrome", displayName: "Color Monochrome",
        categories: [kCICategoryColorEffect, kCICategoryStillImage, kCICategoryVideo, kCICategoryBuiltIn],
        inputs: [
            Input(key: kCIInputColorKey, defaultValue: .color(0.6, 0.45, 0.3, 1), type: kCIAttributeTypeOpaqueColor, identity: nil),
            Input(key: kCIInputIntensityKey, defaultValue: .number(1), type: kCIAttributeTypeScalar, identity: .number(0)),
        ],
        composites: false,
        effect: { value in
            // The luma times the colour, mixed with the original by the intensity.
            let color = value(kCIInputColorKey) as? CIColor ?? CIColor(red: 0.6, green: 0.45, blue: 0.3)
            let i = number(value(kCIInputIntensityKey)) ?? 1
            let tint = [Double(color.red), Double(color.green), Double(color.blue)]
            let weights = [luma.red, luma.green, luma.blue]
            var rows: [[Double]] = []
            for channel in 0..<3 {
                var row = weights.map { $0 * tint[channel] * i }
                row[channel] += 1 - i
                row.append(contentsOf: [0, 0])
                rows.append(row)
            }
            rows.append([0, 0, 0, 1, 0])
            return .colorMatrix(CIColorMatrixValues(rows: rows))
        })

    /// The compositing filters: Core Image's names of the blend modes and compositing
    /// operations, each drawn with CoreGraphics' blend mode of that name or with Lamina's own
    /// formula where CoreGraphics has none.
    private static let blends: [CIFilterDefinition] = [
        ("CISourceOverCompositing", "Source Over", CompositingOperator.blendMode(.normal)),
        ("CISourceAtopCompositing", "Source Atop", .blendMode(.sourceAtop)),
        ("CISourceInCompositing", "Source In", .blendMode(.sourceIn)),
        ("CISourceOutCompositing", "Source Out", .blendMode(.sourceOut)),
        ("CIAdditionCompositing", "Addition", .blendMode(.plusLighter)),
        ("CIMultiplyCompositing", "Multiply", .formula(.multiplyCompositing)),
        ("CIMaximumCompositing", "Maximum", .formula(.maximumCompositing)),
        ("CIMinimumCompositing", "Minimum", .formula(.minimumCompositing)),
        ("CIMultiplyBlendMode", "Multiply Blend Mode", .blendMode(.multiply)),
        ("CIScreenBlendMode", "Screen Blend Mode", .blendMode(.screen)),
        ("CIOverlayBlendMode", "Overlay Blend Mode", .blendMode(.overlay)),
        ("CIDarkenBlendMode", "Darken Blend Mode", .blendMode(.darken)),
        ("CILightenBlendMode", "Lighten Blend Mode", .blendMode(.lighten)),
        ("CIColorDodgeBlendMode", "Color Dodge Blend Mode", .blendMode(.colorDodge)),
        ("CIColorBurnBlendMode", "Color Burn Blend Mode", .blendMode(.colorBurn)),
        ("CISoftLightBlendMode", "Soft Light Blend Mode", .blendMode(.softLight)),
        ("CIHardLightBlendMode", "Hard Light Blend Mode", .blendMode(.hardLight)),
        ("CIDifferenceBlendMode", "Difference Blend Mode", .blendMode(.difference)),
        ("CIExclusionBlendMode", "Exclusion Blend Mode", .blendMode(.exclusion)),
        ("CIHueBlendMode", "Hue Blend Mode", .blendMode(.hue)),
        ("CISaturationBlendMode", "Saturation Blend Mode", .blendMode(.saturation)),
        ("CIColorBlendMode", "Color Blend Mode", .blendMode(.color)),
        ("CILuminosityBlendMode", "Luminosity Blend Mode", .blendMode(.luminosity)),
        ("CISubtractBlendMode", "Subtract Blend Mode", .formula(.subtract)),
        ("CIDivideBlendMode", "Divide Blend Mode", .formula(.divide)),
        ("CILinearBurnBlendMode", "Linear Burn Blend Mode", .formula(.linearBurn)),
        ("CILinearDodgeBlendMode", "Linear Dodge Blend Mode", .formula(.linearDodge)),
        ("CILinearLightBlendMode", "Linear Light Blend Mode", .formula(.linearLight)),
        ("CIPinLightBlendMode", "Pin Light Blend Mode", .formula(.pinLight)),
        ("CIVividLightBlendMode", "Vivid Light Blend Mode", .formula(.vividLight)),
        ("CIHardMixBlendMode", "Hard Mix Blend Mode", .formula(.hardMix)),
    ].map { name, displayName, operation in
        CIFilterDefinition(
            name: name, displayName: displayName,
            categories: [kCICategoryCompositeOperation, kCICategoryStillImage, kCICategoryVideo, kCICategoryBuiltIn],
            inputs: [], composites: true, effect: { _ in .blend(operation) })
    }

    // MARK: - Reading inputs

    /// A number input as a `Double` (from `NSNumber` or any Swift number); nil otherwise.
    static func number(_ value: Any?) -> Double? {
        switch value {
        case let v as Double: v
        case let v as CGFloat: Double(v)
        case let v as Float: Double(v)
        case let v as Int: Double(v)
        case let v as NSNumber: v.doubleValue
        default: nil
        }
    }

    /// The first four values of a vector input, or `fallback`.
    private static func vector(_ value: Any?, otherwise fallback: [Double]) -> [Double] {
        guard let v = value as? CIVector else { return fallback }
        return (0..<4).map { Double(v.value(at: $0)) }
    }
}

/// A default or identity value of an input, kept as a value and boxed as Apple's types
/// when read.
enum CIFilterInputValue: Sendable {
    case number(Double)
    case vector([CGFloat])
    case color(CGFloat, CGFloat, CGFloat, CGFloat)

    /// The value as Apple boxes it: `NSNumber`, `CIVector` or `CIColor`.
    var boxed: Any {
        switch self {
        case .number(let n): NSNumber(value: n)
        case .vector(let values): CIVector(array: values)
        case .color(let r, let g, let b, let a): CIColor(red: r, green: g, blue: b, alpha: a)
        }
    }

    /// The class name of the boxed value.
    var className: String {
        switch self {
        case .number: "NSNumber"
        case .vector: "CIVector"
        case .color: "CIColor"
        }
    }
}
