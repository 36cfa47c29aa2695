import Foundation
import QuartzCore
import TestSupport
import XCTest

// The objects that serve layers, as iOS and macOS code writes them: a layer delegate that
// draws, lays out and picks actions; a layout manager; a reusable action.

/// Draws a green top half into the layers it serves, stacks their sublayers vertically,
/// moves them without animation and fades them slowly.
final class PanelDelegate: NSObject, CALayerDelegate {
    static let drawColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    static let slowFade: CFTimeInterval = 2
    private(set) var drawnLayers: [String] = []

    func draw(_ layer: CALayer, in ctx: CGContext) {
        drawnLayers.append(layer.name ?? "?")
        ctx.setFillColor(PanelDelegate.drawColor)
        ctx.fill(CGRect(x: 0, y: 0, width: layer.bounds.width, height: layer.bounds.height / 2))
    }

    func layoutSublayers(of layer: CALayer) {
        var y: CGFloat = 0
        for sublayer in layer.sublayers ?? [] {
            sublayer.frame = CGRect(x: 0, y: y, width: layer.bounds.width, height: 10)
            y += 10
        }
    }

    func action(for layer: CALayer, forKey event: String) -> CAAction? {
        switch event {
        case "position":
            return NSNull()
        case "opacity":
            let fade = CABasicAnimation(keyPath: event)
            fade.duration = PanelDelegate.slowFade
            return fade
        default:
            return nil
        }
    }
}

/// Lays sublayers out in a row, `gap` points apart, each as tall as the layer.
final class RowLayoutManager: NSObject, CALayoutManager {
    let gap: CGFloat

    init(gap: CGFloat) {
        self.gap = gap
    }

    func layoutSublayers(of layer: CALayer) {
        var x: CGFloat = 0
        for sublayer in layer.sublayers ?? [] {
            sublayer.frame = CGRect(x: x, y: 0, width: sublayer.bounds.width, height: layer.bounds.height)
            x += sublayer.bounds.width + gap
        }
    }

    func preferredSize(of layer: CALayer) -> CGSize {
        let widths = (layer.sublayers ?? []).map { $0.bounds.width }
        return CGSize(width: widths.reduce(0, +) + gap * CGFloat(max(widths.count - 1, 0)), height: 20)
    }
}

/// Fades a layer in when it appears: an action for `onOrderIn`.
final class FadeInAction: NSObject, CAAction {
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer else { return }
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = layer.opacity
        fade.duration = 0.5
        layer.add(fade, forKey: "fadeIn")
    }
}

/// Gives rows their container's actions: what the container offers, its rows get; when it
/// offers nothing, the row's own search goes on.
final class ContainerActionsDelegate: NSObject, CALayerDelegate {
    func action(for layer: CALayer, forKey event: String) -> CAAction? {
        layer.superlayer?.action(forKey: event)
    }
}

final class LayerDelegateTests: XCTestCase {
    func testTheDelegateDrawsTheLayer() throws {
        let panelDelegate = PanelDelegate()
        let panel = CALayer()
        panel.name = "panel"
        panel.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        panel.delegate = panelDelegate
        panel.setNeedsDisplay()
        panel.displayIfNeeded()
        XCTAssertEqual(panelDelegate.drawnLayers, ["panel"])
        let snapshot = try XCTUnwrap(LayerSnapshot(of: panel, width: 10, height: 10))
        XCTAssertEqual(snapshot.pixel(x: 5, y: 2), [0, 255, 0, 255], "the drawn top half")
        XCTAssertEqual(snapshot.pixel(x: 5, y: 7), [0, 0, 0, 0], "the bottom half")
    }

    func testTheDelegateLaysOutTheSublayers() {
        let panelDelegate = PanelDelegate()
        let panel = CALayer()
        panel.delegate = panelDelegate
        panel.bounds = CGRect(x: 0, y: 0, width: 30, height: 30)
        let rows = (0..<3).map { _ in CALayer() }
        rows.forEach(panel.addSublayer)
        panel.layoutIfNeeded()
        XCTAssertEqual(rows.map { $0.frame.origin.y }, [0, 10, 20])
        XCTAssertEqual(rows.map { $0.frame.width }, [30, 30, 30])
    }

    func testTheDelegateChoosesTheActions() {
        let window = WindowStandIn()
        defer { window.close() }
        let panelDelegate = PanelDelegate()
        let panel = CALayer()
        panel.delegate = panelDelegate
        CATransaction.begin()
        window.rootLayer.addSublayer(panel)
        CATransaction.commit()
        CATransaction.begin()
        panel.position = CGPoint(x: 30, y: 40)
        panel.opacity = 0.5
        panel.backgroundColor = CGColor(gray: 0.5, alpha: 1)
        CATransaction.commit()
        XCTAssertNil(panel.animation(forKey: "position"), "NSNull: no action")
        XCTAssertEqual(panel.animation(forKey: "opacity")?.duration, 2, "the delegate's")
        XCTAssertEqual(panel.animation(forKey: "backgroundColor")?.duration, 0.25, "nil: the search goes on")
        XCTAssertEqual(panel.presentation()?.position, CGPoint(x: 30, y: 40))
    }

    func testALayoutManagerLaysOutWhenTheDelegateDoesNot() {
        let row = CALayer()
        row.layoutManager = RowLayoutManager(gap: 5)
        row.bounds = CGRect(x: 0, y: 0, width: 100, height: 20)
        let widths: [CGFloat] = [10, 20, 30]
        for width in widths {
            let cell = CALayer()
            cell.bounds = CGRect(x: 0, y: 0, width: width, height: 1)
            row.addSublayer(cell)
        }
        row.layoutIfNeeded()
        XCTAssertEqual(row.sublayers?.map { $0.frame }, [
            CGRect(x: 0, y: 0, width: 10, height: 20),
            CGRect(x: 15, y: 0, width: 20, height: 20),
            CGRect(x: 40, y: 0, width: 30, height: 20),
        ])
        XCTAssertEqual(row.preferredFrameSize(), CGSize(width: 70, height: 20))
    }

    func testAnActionInTheActionsDictionaryRunsWhenTheLayerAppears() throws {
        let window = WindowStandIn()
        defer { window.close() }
        let toast = CALayer()
        toast.opacity = 0.8
        toast.actions = ["onOrderIn": FadeInAction(), "bounds": NSNull()]
        CATransaction.begin()
        window.rootLayer.addSublayer(toast)
        CATransaction.commit()
        let fade = try XCTUnwrap(toast.animation(forKey: "fadeIn") as? CABasicAnimation)
        XCTAssertEqual(fade.fromValue as? Int, 0)
        XCTAssertEqual(fade.toValue as? Float, 0.8)
        XCTAssertEqual(fade.duration, 0.5)
        CATransaction.begin()
        toast.bounds = CGRect(x: 0, y: 0, width: 50, height: 20)
        CATransaction.commit()
        XCTAssertNil(toast.animation(forKey: "bounds"))
    }

    func testActionForKeyIsNilWhenNobodyOffersAnAction() {
        XCTAssertNil(CALayer.defaultAction(forKey: "position"))
        XCTAssertNil(CALayer().action(forKey: "position"))
        let toast = CALayer()
        toast.actions = ["position": FadeInAction()]
        XCTAssertTrue(toast.action(forKey: "position") is FadeInAction)
        XCTAssertNil(toast.action(forKey: "opacity"))
        let panelDelegate = PanelDelegate()
        let panel = CALayer()
        panel.delegate = panelDelegate
        XCTAssertNil(panel.action(forKey: "position"), "NSNull reads as nil")
        XCTAssertEqual((panel.action(forKey: "opacity") as? CABasicAnimation)?.duration, PanelDelegate.slowFade)
        XCTAssertNil(panel.action(forKey: "backgroundColor"))
    }

    func testADelegateForwardingToTheContainerLetsTheRowsOwnActionsAnswer() {
        let window = WindowStandIn()
        defer { window.close() }
        let slowFade = CABasicAnimation()
        slowFade.duration = 2
        let quickMove = CABasicAnimation()
        quickMove.duration = 0.1
        let container = CALayer()
        container.actions = ["opacity": slowFade]
        let follower = ContainerActionsDelegate()
        let row = CALayer()
        row.delegate = follower
        row.actions = ["position": quickMove, "bounds": NSNull()]
        container.addSublayer(row)
        CATransaction.begin()
        window.rootLayer.addSublayer(container)
        CATransaction.commit()
        CATransaction.begin()
        row.opacity = 0.5
        row.position = CGPoint(x: 20, y: 0)
        row.cornerRadius = 4
        row.bounds = CGRect(x: 0, y: 0, width: 30, height: 10)
        CATransaction.commit()
        XCTAssertEqual(row.animation(forKey: "opacity")?.duration, 2, "the container's action")
        XCTAssertEqual(row.animation(forKey: "position")?.duration, 0.1, "the container has none: the row's own")
        XCTAssertEqual(row.animation(forKey: "cornerRadius")?.duration, 0.25, "nobody has one: the implicit animation")
        XCTAssertNil(row.animation(forKey: "bounds"), "the row's NSNull, though the container has nothing")
    }
}
