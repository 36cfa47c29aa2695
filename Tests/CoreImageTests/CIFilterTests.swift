import CoreImage
import Foundation
import XCTest

/// `CIFilter` with Apple's names, input keys and defaults (the defaults are those Apple's
/// documentation lists for each filter).
final class CIFilterTests: XCTestCase {
    func testUnknownNamesGiveNil() {
        XCTAssertNil(CIFilter(name: "CINoSuchFilter"))
        XCTAssertNil(CIFilter(name: ""))
        XCTAssertNil(CIFilter(name: "gaussianBlur"), "names are Apple's, with their prefix")
        XCTAssertNil(CIFilter(name: "CINoSuchFilter", parameters: [kCIInputRadiusKey: 3]))
    }

    func testAGaussianBlurStartsAtItsDefaultRadius() throws {
        let blur = try XCTUnwrap(CIFilter(name: "CIGaussianBlur"))
        XCTAssertEqual(blur.name, "CIGaussianBlur")
        XCTAssertEqual((blur.value(forKey: kCIInputRadiusKey) as? NSNumber)?.doubleValue, 10)
        XCTAssertEqual(blur.inputKeys, ["inputImage", "inputRadius"])
        XCTAssertEqual(blur.outputKeys, ["outputImage"])
        XCTAssertEqual(blur.attributes[kCIAttributeFilterName] as? String, "CIGaussianBlur")
        let radius = try XCTUnwrap(blur.attributes[kCIInputRadiusKey] as? [String: Any])
        XCTAssertEqual((radius[kCIAttributeDefault] as? NSNumber)?.doubleValue, 10)
        XCTAssertEqual(radius[kCIAttributeClass] as? String, "NSNumber")
        XCTAssertEqual(radius[kCIAttributeType] as? String, kCIAttributeTypeDistance)
    }

    func testColorControlsMatrixAndMonochromeDefaults() throws {
        let controls = try XCTUnwrap(CIFilter(name: "CIColorControls"))
        XCTAssertEqual((controls.value(forKey: kCIInputSaturationKey) as? NSNumber)?.doubleValue, 1)
        XCTAssertEqual((controls.value(forKey: kCIInputBrightnessKey) as? NSNumber)?.doubleValue, 0)
        XCTAssertEqual((controls.value(forKey: kCIInputContrastKey) as? NSNumber)?.doubleValue, 1)
        let matrix = try XCTUnwrap(CIFilter(name: "CIColorMatrix"))
        XCTAssertEqual(matrix.value(forKey: "inputRVector") as? CIVector, CIVector(x: 1, y: 0, z: 0, w: 0))
        XCTAssertEqual(matrix.value(forKey: "inputAVector") as? CIVector, CIVector(x: 0, y: 0, z: 0, w: 1))
        XCTAssertEqual(matrix.value(forKey: "inputBiasVector") as? CIVector, CIVector(x: 0, y: 0, z: 0, w: 0))
        let mono = try XCTUnwrap(CIFilter(name: "CIColorMonochrome"))
        XCTAssertEqual(mono.value(forKey: kCIInputColorKey) as? CIColor, CIColor(red: 0.6, green: 0.45, blue: 0.3))
        XCTAssertEqual((mono.value(forKey: kCIInputIntensityKey) as? NSNumber)?.doubleValue, 1)
    }

    func testParametersAndSetValueChangeInputsAndSetDefaultsRestoresThem() throws {
        let blur = try XCTUnwrap(CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 4]))
        XCTAssertEqual((blur.value(forKey: kCIInputRadiusKey) as? NSNumber)?.doubleValue, 4)
        blur.setValue(CGFloat(2.5), forKey: kCIInputRadiusKey)
        XCTAssertEqual((blur.value(forKey: kCIInputRadiusKey) as? NSNumber)?.doubleValue, 2.5)
        blur.setValue("wide", forKey: kCIInputRadiusKey)
        XCTAssertEqual((blur.value(forKey: kCIInputRadiusKey) as? NSNumber)?.doubleValue, 2.5, "a string is refused")
        blur.setValue(Double.nan, forKey: kCIInputRadiusKey)
        XCTAssertEqual((blur.value(forKey: kCIInputRadiusKey) as? NSNumber)?.doubleValue, 2.5, "NaN is refused")
        blur.setValue(1, forKey: "inputNoSuchKey")
        XCTAssertNil(blur.value(forKey: "inputNoSuchKey"))
        blur.setDefaults()
        XCTAssertEqual((blur.value(forKey: kCIInputRadiusKey) as? NSNumber)?.doubleValue, 10)
        let mono = try XCTUnwrap(CIFilter(name: "CIColorMonochrome"))
        mono.setValue(CGColor(red: 1, green: 0, blue: 0, alpha: 1), forKey: kCIInputColorKey)
        XCTAssertEqual(mono.value(forKey: kCIInputColorKey) as? CIColor, CIColor(red: 1, green: 0, blue: 0), "a CGColor converts")
    }

    func testTheNameIsSettableAndCopiesAreIndependent() throws {
        let blur = try XCTUnwrap(CIFilter(name: "CIGaussianBlur"))
        blur.name = "blur"
        XCTAssertEqual(blur.value(forKey: "name") as? String, "blur")
        XCTAssertEqual(blur.attributes[kCIAttributeFilterName] as? String, "CIGaussianBlur", "the kind stays")
        let copy = try XCTUnwrap(blur.copy() as? CIFilter)
        copy.setValue(3, forKey: kCIInputRadiusKey)
        copy.name = "other"
        XCTAssertEqual((blur.value(forKey: kCIInputRadiusKey) as? NSNumber)?.doubleValue, 10)
        XCTAssertEqual(blur.name, "blur")
        XCTAssertEqual(copy.name, "other")
    }

    func testTheBlendModeFiltersHaveApplesNamesAndABackgroundImageInput() throws {
        for name in [
            "CISourceOverCompositing", "CIMultiplyBlendMode", "CIScreenBlendMode", "CIOverlayBlendMode",
            "CIDarkenBlendMode", "CILightenBlendMode", "CIColorDodgeBlendMode", "CIColorBurnBlendMode",
            "CISoftLightBlendMode", "CIHardLightBlendMode", "CIDifferenceBlendMode", "CIExclusionBlendMode",
            "CIHueBlendMode", "CISaturationBlendMode", "CIColorBlendMode", "CILuminosityBlendMode",
            "CISourceAtopCompositing", "CISourceInCompositing", "CISourceOutCompositing", "CIAdditionCompositing",
            "CIMultiplyCompositing", "CIMaximumCompositing", "CIMinimumCompositing", "CISubtractBlendMode",
            "CIDivideBlendMode", "CILinearBurnBlendMode", "CILinearDodgeBlendMode", "CILinearLightBlendMode",
            "CIPinLightBlendMode", "CIVividLightBlendMode", "CIHardMixBlendMode",
        ] {
            let filter = try XCTUnwrap(CIFilter(name: name), name)
            XCTAssertEqual(filter.inputKeys, ["inputImage", "inputBackgroundImage"], name)
        }
        XCTAssertTrue(CIFilter.filterNames(inCategory: kCICategoryBlur).contains("CIGaussianBlur"))
        XCTAssertFalse(CIFilter.filterNames(inCategory: kCICategoryBlur).contains("CIMultiplyBlendMode"))
    }

    func testVectorsAndColorsKeepTheirValues() {
        let v = CIVector(x: 1, y: 2, z: 3, w: 4)
        XCTAssertEqual(v.count, 4)
        XCTAssertEqual([v.x, v.y, v.z, v.w], [1, 2, 3, 4])
        XCTAssertEqual(v.value(at: 9), 0)
        XCTAssertEqual(v.stringRepresentation, "[1 2 3 4]")
        XCTAssertEqual(CIVector(string: "[0.5 1 0 2]"), CIVector(x: 0.5, y: 1, z: 0, w: 2))
        XCTAssertEqual(CIVector(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)).cgRectValue, CGRect(x: 1, y: 2, width: 3, height: 4))
        let c = CIColor(red: 0.25, green: 0.5, blue: 0.75)
        XCTAssertEqual([c.red, c.green, c.blue, c.alpha], [0.25, 0.5, 0.75, 1])
        XCTAssertEqual(CIColor(cgColor: CGColor(gray: 0.5, alpha: 0.25)), CIColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.25))
    }

    /// The three box radii of a blur: a box of width w = 2r + 1 has variance (w² − 1) / 12,
    /// and three boxes of widths 3, 3 and 5 add up to (8 + 8 + 24) / 12 = 3.33 ≈ 2².
    func testABlurOfSigmaTwoIsThreeBoxesOfRadiiOneOneTwo() {
        XCTAssertEqual(CIBoxBlur.radii(sigma: 2), [1, 1, 2])
        XCTAssertEqual(CIBoxBlur.radii(sigma: 0), [])
        XCTAssertEqual(CIBoxBlur.radii(sigma: .infinity), [])
        XCTAssertEqual(CIBoxBlur.radii(sigma: .nan), [])
    }
}
