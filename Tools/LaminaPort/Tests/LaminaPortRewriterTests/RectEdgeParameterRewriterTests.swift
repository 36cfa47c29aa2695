import LaminaPortRewriter
import XCTest

/// A `UIRectEdge` parameter that only chooses one edge takes the `CGRectEdge` of that edge:
/// in a y-down layer, as in UIKit, the top is `.minYEdge` (Core Graphics' smallest y).
final class RectEdgeParameterRewriterTests: XCTestCase {
    func testASwitchOverOneEdgeTakesTheCoreGraphicsEdgeAndItsCallsPassIt() {
        let source = """
            import UIKit

            extension CALayer {
                func addBorder(edge: UIRectEdge, color: UIColor, thickness: CGFloat) {
                    let border = CALayer()
                    switch edge {
                    case .top: border.frame = CGRect(x: 0, y: 0, width: frame.width, height: thickness)
                    case .bottom: border.frame = CGRect(x: 0, y: frame.height - thickness, width: frame.width, height: thickness)
                    case .left: border.frame = CGRect(x: 0, y: 0, width: thickness, height: frame.height)
                    case UIRectEdge.right: border.frame = CGRect(x: frame.width - thickness, y: 0, width: thickness, height: frame.height)
                    default: break
                    }
                    border.backgroundColor = color.cgColor
                    addSublayer(border)
                }
            }

            func underline(_ layer: CALayer) {
                layer.addBorder(edge: .bottom, color: .black, thickness: 1)
                layer.addBorder(edge: UIRectEdge.left, color: .black, thickness: 1)
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            extension CALayer {
                func addBorder(edge: CGRectEdge, color: CGColor, thickness: CGFloat) {
                    let border = CALayer()
                    switch edge {
                    case .minYEdge: border.frame = CGRect(x: 0, y: 0, width: frame.width, height: thickness)
                    case .maxYEdge: border.frame = CGRect(x: 0, y: frame.height - thickness, width: frame.width, height: thickness)
                    case .minXEdge: border.frame = CGRect(x: 0, y: 0, width: thickness, height: frame.height)
                    case .maxXEdge: border.frame = CGRect(x: frame.width - thickness, y: 0, width: thickness, height: frame.height)
                    }
                    border.backgroundColor = color
                    addSublayer(border)
                }
            }

            func underline(_ layer: CALayer) {
                layer.addBorder(edge: .maxYEdge, color: CGColor(gray: 0, alpha: 1), thickness: 1)
                layer.addBorder(edge: .minXEdge, color: CGColor(gray: 0, alpha: 1), thickness: 1)
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
    }

    func testComparisonsAndForwardedEdgesAreWrittenAndADefaultStillReachedStays() {
        let source = """
            func inset(_ rect: CGRect, from edge: UIRectEdge, by amount: CGFloat) -> CGRect {
                if edge == .top || .bottom == edge { return rect.insetBy(dx: 0, dy: amount) }
                switch edge {
                case .left, .right: return rect.insetBy(dx: amount, dy: 0)
                default: return rect
                }
            }
            func trimmed(_ rect: CGRect, side: UIRectEdge) -> CGRect { inset(rect, from: side, by: 2) }
            let r = trimmed(.zero, side: .right)
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            func inset(_ rect: CGRect, from edge: CGRectEdge, by amount: CGFloat) -> CGRect {
                if edge == .minYEdge || .maxYEdge == edge { return rect.insetBy(dx: 0, dy: amount) }
                switch edge {
                case .minXEdge, .maxXEdge: return rect.insetBy(dx: amount, dy: 0)
                default: return rect
                }
            }
            func trimmed(_ rect: CGRect, side: CGRectEdge) -> CGRect { inset(rect, from: side, by: 2) }
            let r = trimmed(.zero, side: .maxXEdge)
            """)
        assertSecondRunChangesNothing([ported])
    }

    func testAParameterPassedSeveralEdgesOrUsedAsASetIsLeftAndReported() {
        for (body, call) in [
            ("if edges.contains(.top) { layer.borderWidth = 1 }", "mark(layer, edges: .top)"),
            ("switch edges { case .top: layer.borderWidth = 1 default: break }", "mark(layer, edges: .all)"),
            ("switch edges { case .top: layer.borderWidth = 1 case .bottom, .left, .right: break default: layer.borderWidth = 2 }", "mark(layer, edges: .top)"),
        ] {
            let source = """
                func mark(_ layer: CALayer, edges: UIRectEdge) {
                    \(body)
                }
                func use(_ layer: CALayer) { \(call) }
                """
            let ported = Porter.port(source)
            XCTAssertEqual(ported.ported, source, "\(body) / \(call)")
            XCTAssertEqual(ported.notes.map(\.construct), ["UIRectEdge"], "\(body) / \(call)")
        }
    }
}
