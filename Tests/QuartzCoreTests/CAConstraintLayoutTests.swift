import Foundation
import QuartzCore
import XCTest

// Test methods are `async`: swift-corelibs-xctest crashes casting synchronous
// @MainActor test methods to nonisolated ones.
@MainActor
final class CAConstraintLayoutTests: XCTestCase {
    private func root(width: CGFloat = 320, height: CGFloat = 200) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.layoutManager = CAConstraintLayoutManager()
        return root
    }

    func testAttributesHaveApplesRawValuesAndConstraintsTheirDefaults() async {
        XCTAssertEqual(
            [CAConstraintAttribute.minX, .midX, .maxX, .width, .minY, .midY, .maxY, .height].map(\.rawValue), Array(0...7))
        let constraint = CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .maxX)
        XCTAssertEqual(constraint.scale, 1)
        XCTAssertEqual(constraint.offset, 0)
        XCTAssertEqual(constraint.sourceName, "superlayer")
        XCTAssertEqual(constraint.sourceAttribute, .maxX)
        XCTAssertNil(CALayer().constraints)
    }

    func testSublayersArePlacedByEdgesCentresAndSizesOfTheSuperlayerAndOfSiblings() async {
        let root = root()
        // The box reads the title, which comes after it: the title is laid out first.
        let box = CALayer()
        box.addConstraint(CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .minX, offset: 10))
        box.addConstraint(CAConstraint(attribute: .maxX, relativeTo: "superlayer", attribute: .maxX, offset: -10))
        box.addConstraint(CAConstraint(attribute: .width, relativeTo: "superlayer", attribute: .width, scale: 0.5, offset: 0))
        box.addConstraint(CAConstraint(attribute: .minY, relativeTo: "superlayer", attribute: .minY, offset: 10))
        box.addConstraint(CAConstraint(attribute: .maxY, relativeTo: "title", attribute: .minY, offset: -10))
        root.addSublayer(box)
        let title = CALayer()
        title.name = "title"
        title.bounds = CGRect(x: 0, y: 0, width: 160, height: 24)
        title.addConstraint(CAConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .midX))
        title.addConstraint(CAConstraint(attribute: .maxY, relativeTo: "superlayer", attribute: .maxY, offset: -10))
        root.addSublayer(title)
        root.layoutIfNeeded()
        // Title: centred (160 − 80), bottom edge 10 above the superlayer's (190 − 24).
        XCTAssertEqual(title.frame, CGRect(x: 80, y: 166, width: 160, height: 24))
        // Box: the width constraint (half of 320) wins over the two x edges, placed by minX;
        // y from 10 to 10 above the title (166 − 10).
        XCTAssertEqual(box.frame, CGRect(x: 10, y: 10, width: 160, height: 146))
    }

    func testACentreAndAnEdgeGiveTheSizeAndAMissingSourceIsIgnored() async {
        let root = root()
        let layer = CALayer()
        layer.frame = CGRect(x: 5, y: 6, width: 7, height: 8)
        layer.addConstraint(CAConstraint(attribute: .midY, relativeTo: "superlayer", attribute: .midY))
        layer.addConstraint(CAConstraint(attribute: .maxY, relativeTo: "superlayer", attribute: .maxY, scale: 0.75, offset: 0))
        layer.addConstraint(CAConstraint(attribute: .minX, relativeTo: "nobody", attribute: .minX))
        root.addSublayer(layer)
        root.layoutIfNeeded()
        // midY 100, maxY 150: height 100, top at 50; x and width untouched.
        XCTAssertEqual(layer.frame, CGRect(x: 5, y: 50, width: 7, height: 100))
    }

    func testAddingAConstraintAsksTheSuperlayerForLayout() async {
        let root = root()
        let layer = CALayer()
        root.addSublayer(layer)
        root.layoutIfNeeded()
        XCTAssertFalse(root.needsLayout())
        layer.addConstraint(CAConstraint(attribute: .width, relativeTo: "superlayer", attribute: .height))
        XCTAssertTrue(root.needsLayout())
        root.layoutIfNeeded()
        XCTAssertEqual(layer.frame.width, 200)
    }
}
