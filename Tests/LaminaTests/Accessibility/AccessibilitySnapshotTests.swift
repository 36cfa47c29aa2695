import Foundation
import QuartzCore
import XCTest

@testable import Lamina

/// The snapshot the main thread publishes: which layers become accessibles (Apple's rules
/// for elements, groups, hidden and modal layers, `accessibilityElements`), their AT-SPI
/// roles and states (at-spi2-core's `atspi-constants.h` numbers) and their frames.
@MainActor
final class AccessibilitySnapshotTests: XCTestCase {
    /// A 400×300 window root with the given sublayers, as a snapshot.
    private func snapshot(_ sublayers: [CALayer], focused: CALayer? = nil) -> (AccessibilitySnapshot, UInt64) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        for layer in sublayers { root.addSublayer(layer) }
        var builder = AccessibilitySnapshotBuilder(applicationName: "tests")
        builder.addTopLevel(root: root, role: .frame, name: "Window", size: root.bounds.size, states: [.active], focusedLayer: focused)
        return (builder.snapshot, root.accessibilityNodeID)
    }

    private func element(_ label: String, _ traits: UIAccessibilityTraits = .none, frame: CGRect = .zero) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.isAccessibilityElement = true
        layer.accessibilityLabel = label
        layer.accessibilityTraits = traits
        return layer
    }

    private func names(_ snapshot: AccessibilitySnapshot, _ ids: [UInt64]) -> [String] {
        ids.map { snapshot.nodes[$0]?.name ?? "?" }
    }

    func testAWindowIsAFrameNamedByItsTitleHoldingItsElementsInOrder() async {
        let text = CATextLayer()
        text.string = "Hello"
        let (snapshot, window) = snapshot([element("Play", .button), CALayer(), text])
        XCTAssertEqual(snapshot.topLevels, [window])
        let frame = snapshot.nodes[window]
        XCTAssertEqual(frame?.role, ATSPIRole(rawValue: 23), "ATSPI_ROLE_FRAME")
        XCTAssertEqual(frame?.name, "Window")
        XCTAssertEqual(frame?.parent, AccessibilitySnapshot.applicationID)
        XCTAssertEqual(frame?.frame, CGRect(x: 0, y: 0, width: 400, height: 300))
        XCTAssertEqual(names(snapshot, frame?.children ?? []), ["Play", "Hello"], "the plain layer is not an element")
        let label = snapshot.nodes[frame?.children.last ?? 0]
        XCTAssertEqual(label?.role, ATSPIRole(rawValue: 29), "static text: ATSPI_ROLE_LABEL")
        XCTAssertEqual(label?.text, "Hello")
    }

    func testTraitsChooseTheRole() async {
        // ATSPI_ROLE_* numbers from atspi-constants.h.
        let cases: [(UIAccessibilityTraits, UInt32)] = [
            (.button, 43), (.link, 88), (.header, 83), (.image, 27), (.adjustable, 51), (.searchField, 79),
            (.toggleButton, 62), (.tabBar, 38), (.keyboardKey, 43), (.staticText, 29), (.none, 29),
            ([.button, .selected], 43), ([.header, .link], 88),
        ]
        for (traits, role) in cases {
            XCTAssertEqual(ATSPIRole(traits: traits).rawValue, role, "\(traits)")
        }
    }

    func testStatesFollowTraitsAndFocus() async throws {
        let button = element("OK", .button)
        let disabled = element("Cancel", [.button, .notEnabled])
        let selected = element("Tab", [.button, .selected])
        let (snapshot, window) = snapshot([button, disabled, selected], focused: button)
        let ids = try XCTUnwrap(snapshot.nodes[window]?.children)
        let states = ids.map { snapshot.nodes[$0]?.states ?? [] }
        XCTAssertTrue(states[0].isSuperset(of: [.enabled, .sensitive, .focusable, .focused, .showing, .visible]))
        XCTAssertFalse(states[1].contains(.enabled))
        XCTAssertFalse(states[1].contains(.sensitive))
        XCTAssertFalse(states[1].contains(.focused))
        XCTAssertTrue(states[2].contains(.selected))
        // GetState's two words: ENABLED (8), FOCUSABLE (11), FOCUSED (12), SENSITIVE (24),
        // SHOWING (25), VISIBLE (30) in the first.
        XCTAssertEqual(states[0].words, [1 << 8 | 1 << 11 | 1 << 12 | 1 << 24 | 1 << 25 | 1 << 30, 0])
    }

    func testAnElementHidesItsSublayersAndHiddenLayersAreSkipped() async throws {
        let card = element("Card", .button)
        card.addSublayer(element("Inner"))
        let hidden = element("Hidden")
        hidden.isHidden = true
        let container = CALayer()
        container.accessibilityElementsHidden = true
        container.addSublayer(element("Inside a hidden container"))
        let (snapshot, window) = snapshot([card, hidden, container])
        XCTAssertEqual(names(snapshot, snapshot.nodes[window]?.children ?? []), ["Card"])
        XCTAssertEqual(snapshot.nodes.count, 2, "the window and the card")
    }

    func testTransparentLayersPassTheirElementsUpAndGroupsBecomePanels() async throws {
        let plain = CALayer()
        plain.addSublayer(element("A"))
        let group = CALayer()
        group.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        group.shouldGroupAccessibilityChildren = true
        group.accessibilityLabel = "Toolbar"
        group.addSublayer(element("B"))
        group.addSublayer(element("C"))
        let (snapshot, window) = snapshot([plain, group])
        let top = try XCTUnwrap(snapshot.nodes[window]?.children)
        XCTAssertEqual(names(snapshot, top), ["A", "Toolbar"])
        let panel = try XCTUnwrap(snapshot.nodes[top[1]])
        XCTAssertEqual(panel.role, ATSPIRole(rawValue: 39), "ATSPI_ROLE_PANEL")
        XCTAssertEqual(panel.frame, CGRect(x: 10, y: 20, width: 100, height: 50))
        XCTAssertEqual(names(snapshot, panel.children), ["B", "C"])
        XCTAssertEqual(snapshot.nodes[panel.children[0]]?.parent, panel.id)
    }

    func testAccessibilityElementsReorderAndAModalLayerHidesItsSiblings() async throws {
        let first = element("First"), second = element("Second")
        let list = CALayer()
        list.addSublayer(first)
        list.addSublayer(second)
        list.accessibilityElements = [second, first, "ignored", second]
        var (snapshot, window) = snapshot([list])
        XCTAssertEqual(names(snapshot, snapshot.nodes[window]?.children ?? []), ["Second", "First"], "each layer once")

        let background = element("Background")
        let dialog = CALayer()
        dialog.accessibilityViewIsModal = true
        dialog.addSublayer(element("Dialog button", .button))
        (snapshot, window) = self.snapshot([background, dialog])
        XCTAssertEqual(names(snapshot, snapshot.nodes[window]?.children ?? []), ["Dialog button"])
    }

    func testFramesAreInWindowCoordinatesAndHitTestingFindsTheDeepestTopmostNode() async throws {
        let group = CALayer()
        group.frame = CGRect(x: 100, y: 100, width: 200, height: 100)
        group.shouldGroupAccessibilityChildren = true
        group.accessibilityLabel = "Group"
        let inner = element("Inner", frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        group.addSublayer(inner)
        let over = element("Over", frame: CGRect(x: 250, y: 150, width: 100, height: 100))
        let (snapshot, window) = snapshot([group, over])
        let innerID = inner.accessibilityNodeID
        XCTAssertEqual(snapshot.nodes[innerID]?.frame, CGRect(x: 110, y: 110, width: 50, height: 50))
        XCTAssertEqual(snapshot.node(at: CGPoint(x: 120, y: 120), in: window), innerID)
        XCTAssertEqual(snapshot.node(at: CGPoint(x: 200, y: 180), in: window), group.accessibilityNodeID)
        XCTAssertEqual(snapshot.node(at: CGPoint(x: 260, y: 160), in: window), over.accessibilityNodeID, "the later sibling is on top")
        XCTAssertEqual(snapshot.node(at: CGPoint(x: 5, y: 5), in: window), window)
        XCTAssertNil(snapshot.node(at: CGPoint(x: 500, y: 5), in: window))
    }

    func testASubclassOverrideIsWhatTheSnapshotReads() async throws {
        final class Counter: CALayer {
            override var isAccessibilityElement: Bool {
                get { true }
                set {}
            }
            override var accessibilityLabel: String? {
                get { "Counter" }
                set {}
            }
            override var accessibilityValue: String? {
                get { "3" }
                set {}
            }
            override var accessibilityTraits: UIAccessibilityTraits {
                get { .adjustable }
                set {}
            }
        }
        let (snapshot, window) = snapshot([Counter()])
        let node = try XCTUnwrap(snapshot.nodes[snapshot.nodes[window]?.children.first ?? 0])
        XCTAssertEqual(node.name, "Counter")
        XCTAssertEqual(node.value, "3")
        XCTAssertEqual(node.role, ATSPIRole(rawValue: 51), "ATSPI_ROLE_SLIDER")
        XCTAssertEqual(node.actions, [.activate, .increment, .decrement])
    }

    func testNonFiniteGeometryGivesAnEmptyFrame() async {
        XCTAssertEqual(AccessibilitySnapshotBuilder.finite(CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)), .zero)
        XCTAssertEqual(AccessibilitySnapshotBuilder.finite(CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1)), .zero)
        XCTAssertEqual(AccessibilitySnapshotBuilder.finite(CGRect(x: 5, y: 5, width: -2, height: 3)), CGRect(x: 3, y: 5, width: 2, height: 3))
    }

    func testTabOrderIsTheReadingOrderOfEnabledInteractiveElements() async {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        let first = element("First", .button)
        let text = CATextLayer()
        text.string = "Not focusable"
        let disabled = element("Disabled", [.button, .notEnabled])
        let group = CALayer()
        group.shouldGroupAccessibilityChildren = true
        let inGroupLast = element("In group, listed last", .link)
        let inGroupFirst = element("In group, listed first", .adjustable)
        group.addSublayer(inGroupLast)
        group.addSublayer(inGroupFirst)
        group.accessibilityElements = [inGroupFirst, inGroupLast]
        let hidden = element("Hidden", .button)
        hidden.isHidden = true
        let last = element("Last", .toggleButton)
        for layer in [first, text, disabled, group, hidden, last] { root.addSublayer(layer) }
        let order = AccessibilitySnapshotBuilder.focusableLayers(inWindowRoot: root, size: root.bounds.size)
        XCTAssertEqual(
            order.map { $0.accessibilityLabel ?? "?" }, ["First", "In group, listed first", "In group, listed last", "Last"])
    }
}
