import QuartzCore
import TestSupport
import XCTest

// Test methods are `async`: swift-corelibs-xctest crashes casting synchronous
// @MainActor test methods to nonisolated ones.
@MainActor
final class CALayerHierarchyRulesTests: XCTestCase {
    private func named(_ name: String) -> CALayer {
        let layer = CALayer()
        layer.name = name
        return layer
    }

    private func names(_ layer: CALayer) -> [String] {
        (layer.sublayers ?? []).map { $0.name ?? "?" }
    }

    func testInsertAtBelowAndAbove() async throws {
        let root = named("root")
        let a = named("a"), b = named("b"), c = named("c"), d = named("d"), e = named("e")
        root.addSublayer(a)
        root.insertSublayer(b, at: 0)
        XCTAssertEqual(names(root), ["b", "a"])
        root.insertSublayer(c, below: a)
        XCTAssertEqual(names(root), ["b", "c", "a"])
        root.insertSublayer(d, above: b)
        XCTAssertEqual(names(root), ["b", "d", "c", "a"])
        root.insertSublayer(e, at: 4)
        XCTAssertEqual(names(root), ["b", "d", "c", "a", "e"])
        root.insertSublayer(e, below: nil)
        XCTAssertEqual(names(root), ["e", "b", "d", "c", "a"])
        root.insertSublayer(e, above: nil)
        XCTAssertEqual(names(root), ["b", "d", "c", "a", "e"])
        XCTAssertTrue(e.superlayer === root)
    }

    func testMovingWithinSameSuperlayer() async throws {
        let root = named("root")
        let a = named("a"), b = named("b"), c = named("c")
        root.sublayers = [a, b, c]
        root.addSublayer(a)
        XCTAssertEqual(names(root), ["b", "c", "a"])
        root.insertSublayer(a, at: 0)
        XCTAssertEqual(names(root), ["a", "b", "c"])
        root.insertSublayer(a, above: c)
        XCTAssertEqual(names(root), ["b", "c", "a"])
        root.insertSublayer(c, at: 2)
        XCTAssertEqual(names(root), ["b", "a", "c"])
    }

    func testOutOfRangeInsertIndexIsRefused() async throws {
        let root = named("root")
        let a = named("a"), b = named("b")
        root.addSublayer(a)
        let diagnostics = capturingDiagnostics { root.insertSublayer(b, at: 5) }
        XCTAssertEqual(diagnostics.map(\.code), [.indexOutOfRange])
        XCTAssertEqual(names(root), ["a"])
        XCTAssertNil(b.superlayer)
    }

    func testInsertRelativeToANonSublayerIsRefused() async throws {
        let root = named("root"), stranger = named("stranger"), a = named("a")
        let diagnostics = capturingDiagnostics {
            root.insertSublayer(a, below: stranger)
            root.insertSublayer(a, above: stranger)
        }
        XCTAssertEqual(diagnostics.map(\.code), [.notASublayer, .notASublayer])
        XCTAssertNil(root.sublayers)
        XCTAssertNil(a.superlayer)
    }

    func testReplaceSublayerKeepsIndex() async throws {
        let root = named("root")
        let a = named("a"), b = named("b"), c = named("c"), x = named("x")
        root.sublayers = [a, b, c]
        root.replaceSublayer(b, with: x)
        XCTAssertEqual(names(root), ["a", "x", "c"])
        XCTAssertNil(b.superlayer)
        XCTAssertTrue(x.superlayer === root)
        root.replaceSublayer(a, with: c)
        XCTAssertEqual(names(root), ["c", "x"])
    }

    func testReplaceSublayerOfAnotherLayerIsRefused() async throws {
        let root = named("root"), other = named("other"), a = named("a"), x = named("x")
        other.addSublayer(a)
        let diagnostics = capturingDiagnostics { root.replaceSublayer(a, with: x) }
        XCTAssertEqual(diagnostics.map(\.code), [.notASublayer])
        XCTAssertTrue(a.superlayer === other)
        XCTAssertNil(x.superlayer)
    }

    func testReplacingWithAnAncestorIsRefused() async throws {
        let root = named("root"), a = named("a"), b = named("b")
        root.addSublayer(a)
        a.addSublayer(b)
        let diagnostics = capturingDiagnostics { a.replaceSublayer(b, with: root) }
        XCTAssertEqual(diagnostics.map(\.code), [.cycle])
        XCTAssertTrue(b.superlayer === a)
        XCTAssertTrue(a.superlayer === root)
    }

    func testCyclesAreRefusedWithDiagnosticAndTreeUnchanged() async throws {
        let root = named("root"), child = named("child"), grandchild = named("grandchild")
        root.addSublayer(child)
        child.addSublayer(grandchild)
        let diagnostics = capturingDiagnostics {
            grandchild.addSublayer(root)
            child.insertSublayer(child, at: 0)
            grandchild.sublayers = [child]
        }
        XCTAssertEqual(diagnostics.map(\.code), [.cycle, .cycle, .cycle])
        XCTAssertTrue(diagnostics[0].message.contains("cycle"), diagnostics[0].message)
        XCTAssertNil(root.superlayer)
        XCTAssertTrue(child.superlayer === root)
        XCTAssertTrue(grandchild.superlayer === child)
        XCTAssertNil(grandchild.sublayers)
        XCTAssertEqual(names(root), ["child"])
    }

    func testSettingSublayersNilRemovesAll() async throws {
        let root = named("root"), a = named("a"), b = named("b")
        root.sublayers = [a, b]
        XCTAssertEqual(names(root), ["a", "b"])
        root.sublayers = nil
        XCTAssertNil(root.sublayers)
        XCTAssertNil(a.superlayer)
        XCTAssertNil(b.superlayer)
        root.sublayers = [a]
        root.sublayers = []
        XCTAssertNil(root.sublayers)
    }

    func testSettingSublayersMovesLayersFromOtherParentsAndSkipsRepeats() async throws {
        let root = named("root"), other = named("other"), a = named("a"), b = named("b")
        other.sublayers = [a]
        let diagnostics = capturingDiagnostics { root.sublayers = [a, b, a] }
        XCTAssertEqual(diagnostics.map(\.code), [.invalidValue])
        XCTAssertEqual(names(root), ["a", "b"])
        XCTAssertNil(other.sublayers)
        XCTAssertTrue(a.superlayer === root)
    }

    func testReparenting() async throws {
        let first = named("first"), second = named("second"), child = named("child")
        first.addSublayer(child)
        second.insertSublayer(child, at: 0)
        XCTAssertNil(first.sublayers)
        XCTAssertEqual(names(second), ["child"])
        XCTAssertTrue(child.superlayer === second)
        child.removeFromSuperlayer()
        XCTAssertNil(child.superlayer)
        XCTAssertNil(second.sublayers)
        child.removeFromSuperlayer()
        XCTAssertNil(child.superlayer)
    }

    // The layer assigned as mask must not have a superlayer.
    func testMaskWithSuperlayerIsRefused() async throws {
        let root = named("root"), layer = named("layer"), sibling = named("sibling")
        root.sublayers = [layer, sibling]
        let diagnostics = capturingDiagnostics { layer.mask = sibling }
        XCTAssertEqual(diagnostics.map(\.code), [.maskInUse])
        XCTAssertTrue(diagnostics[0].message.contains("remove it from its superlayer"), diagnostics[0].message)
        XCTAssertNil(layer.mask)
        XCTAssertTrue(sibling.superlayer === root)
    }

    func testAMasksSuperlayerIsTheLayerItMasksThoughItIsNoSublayer() async throws {
        // Apple: a mask reports the layer it masks as its superlayer. Real Apple code relies on
        // it: an animation engine sizes every mask to `mask.superlayer.bounds` in its layout,
        // and Apple's renders of that code show the masks sized so.
        let layer = named("layer"), maskLayer = named("mask"), other = named("other")
        layer.mask = maskLayer
        XCTAssertTrue(layer.mask === maskLayer)
        XCTAssertTrue(maskLayer.superlayer === layer)
        XCTAssertNil(layer.sublayers)
        let diagnostics = capturingDiagnostics { other.addSublayer(maskLayer) }
        XCTAssertEqual(diagnostics.map(\.code), [.maskInUse])
        XCTAssertTrue(maskLayer.superlayer === layer)
        other.mask = maskLayer
        XCTAssertTrue(other.mask === maskLayer)
        XCTAssertTrue(maskLayer.superlayer === other)
        XCTAssertNil(layer.mask)
        other.mask = nil
        XCTAssertNil(maskLayer.superlayer)
        layer.addSublayer(maskLayer)
        XCTAssertTrue(maskLayer.superlayer === layer)
        XCTAssertTrue(layer.sublayers?.first === maskLayer)
    }

    func testRemovingAMaskFromItsSuperlayerUnmasksTheLayer() async throws {
        let layer = named("layer"), maskLayer = named("mask")
        layer.mask = maskLayer
        maskLayer.removeFromSuperlayer()
        XCTAssertNil(layer.mask)
        XCTAssertNil(maskLayer.superlayer)
        maskLayer.removeFromSuperlayer()
        XCTAssertNil(layer.mask, "a second removal does nothing")
    }

    func testAMaskLaidOutFromItsSuperlayerFillsTheMaskedLayer() async throws {
        // The layout real Apple code does for a layer's sublayers and its mask alike.
        final class FillingLayer: CALayer {
            override func layoutSublayers() {
                super.layoutSublayers()
                for managed in (sublayers ?? []) + [mask].compactMap({ $0 }) {
                    guard let superlayer = managed.superlayer else { continue }
                    managed.anchorPoint = .zero
                    managed.bounds = superlayer.bounds
                }
            }
        }
        let layer = FillingLayer(), maskLayer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 120, height: 80)
        layer.mask = maskLayer
        layer.setNeedsLayout()
        layer.layoutIfNeeded()
        XCTAssertEqual(maskLayer.bounds, CGRect(x: 0, y: 0, width: 120, height: 80))
        XCTAssertEqual(maskLayer.frame, CGRect(x: 0, y: 0, width: 120, height: 80))
    }

    func testMaskCycleIsRefused() async throws {
        let root = named("root"), child = named("child")
        root.addSublayer(child)
        let diagnostics = capturingDiagnostics {
            child.mask = root
            root.mask = root
        }
        XCTAssertEqual(diagnostics.map(\.code), [.cycle, .cycle])
        XCTAssertNil(child.mask)
        XCTAssertNil(root.mask)
    }

    // Apple: adding or removing sublayers marks the superlayer as needing layout.
    func testSublayerChangesMarkLayout() async throws {
        let root = named("root"), a = named("a")
        root.layoutIfNeeded()
        XCTAssertFalse(root.needsLayout())
        root.addSublayer(a)
        XCTAssertTrue(root.needsLayout())
        root.layoutIfNeeded()
        a.removeFromSuperlayer()
        XCTAssertTrue(root.needsLayout())
    }
}
