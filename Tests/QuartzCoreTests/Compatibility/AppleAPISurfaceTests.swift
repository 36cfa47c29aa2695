import Foundation
import QuartzCore
import XCTest

/// A subclass that keeps one key out of archives.
private final class VolatileLayer: CALayer {
    override func shouldArchiveValue(forKey key: String) -> Bool {
        key == "scratch" ? false : super.shouldArchiveValue(forKey: key)
    }
}

/// Smaller members of Apple's API that Apple code calls: corner-curve expansion, archiving
/// questions, frame-rate preferences, perceptual springs, `CFTypeRef`.
@MainActor
final class AppleAPISurfaceTests: XCTestCase {
    func testCornerCurveExpansionFactorsAreApples() async {
        XCTAssertEqual(CALayer.cornerCurveExpansionFactor(.circular), 1)
        XCTAssertEqual(CALayer.cornerCurveExpansionFactor(.continuous), 1.528665)
    }

    func testEveryValueIsArchivedUnlessASubclassSaysOtherwise() async {
        XCTAssertTrue(CALayer().shouldArchiveValue(forKey: "position"))
        XCTAssertTrue(CABasicAnimation().shouldArchiveValue(forKey: "duration"))
        let layer = VolatileLayer()
        XCTAssertFalse(layer.shouldArchiveValue(forKey: "scratch"))
        XCTAssertTrue(layer.shouldArchiveValue(forKey: "bounds"))
    }

    func testAPreferredFrameRateRangeDefaultsToTheDisplaysAndTravelsWithCopies() async {
        let pulse = CABasicAnimation(keyPath: "opacity")
        XCTAssertEqual(pulse.preferredFrameRateRange, .default)
        let range = CAFrameRateRange(minimum: 30, maximum: 60, preferred: 60)
        pulse.preferredFrameRateRange = range
        let layer = CALayer()
        layer.add(pulse, forKey: "pulse")
        XCTAssertEqual(layer.animation(forKey: "pulse")?.preferredFrameRateRange, range)
    }

    func testAPerceptualSpringHasTheStiffnessAndDampingOfItsDurationAndBounce() async {
        // 0.5 s: ω = 2π / 0.5 = 4π, stiffness ω², critical damping 2ω.
        let omega = 4 * Double.pi
        let bouncy = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.3)
        XCTAssertEqual(Double(bouncy.mass), 1)
        XCTAssertEqual(Double(bouncy.stiffness), omega * omega, accuracy: 1e-9)
        XCTAssertEqual(Double(bouncy.damping), 0.7 * 2 * omega, accuracy: 1e-9)
        XCTAssertEqual(bouncy.perceptualDuration, 0.5, accuracy: 1e-12)
        XCTAssertEqual(Double(bouncy.bounce), 0.3, accuracy: 1e-12)
        let overdamped = CASpringAnimation(perceptualDuration: 0.5, bounce: -0.5)
        XCTAssertEqual(Double(overdamped.damping), 2 * 2 * omega, accuracy: 1e-9)
        XCTAssertEqual(Double(overdamped.bounce), -0.5, accuracy: 1e-12)
        // The defaults (mass 1, stiffness 100, damping 10): ζ = 10 / 20.
        XCTAssertEqual(Double(CASpringAnimation().bounce), 0.5, accuracy: 1e-12)
    }

    func testAPerceptualSpringWithANonPositiveDurationIsRefusedWithADiagnostic() async {
        var spring: CASpringAnimation?
        let diagnostics = capturingDiagnostics {
            spring = CASpringAnimation(perceptualDuration: 0, bounce: 0.2)
        }
        XCTAssertEqual(diagnostics.map(\.code), [.invalidValue])
        XCTAssertEqual(spring?.stiffness, 100, "the default spring")
        XCTAssertEqual(spring?.damping, 10)
    }

    func testAStringCastToCFTypeRefNamesATextLayersFont() async {
        let text = CATextLayer()
        text.font = "DejaVu Sans" as CFTypeRef
        XCTAssertEqual(text.font as? String, "DejaVu Sans")
    }
}
