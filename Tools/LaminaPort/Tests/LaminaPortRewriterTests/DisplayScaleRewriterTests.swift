import LaminaPortRewriter
import XCTest

final class DisplayScaleRewriterTests: XCTestCase {
    func testSettingALayersScaleToTheScreensIsRemoved() {
        // A Lamina layer whose contentsScale is never set takes its window's output's scale.
        let source = """
            import UIKit

            final class Label: CATextLayer {
                override init() {
                    super.init()
                    contentsScale = UIScreen.main.scale
                    self.rasterizationScale = UIScreen.main.nativeScale
                }
            }

            func make() -> CALayer {
                let layer = CAShapeLayer()
                layer.contentsScale = UIScreen.main.scale
                layer.mask?.contentsScale = NSScreen.main?.backingScaleFactor ?? 2
                layer.mask?.mask?.contentsScale = (NSScreen.main?.backingScaleFactor)!
                layer.mask?.rasterizationScale = (UIScreen.main.scale)
                return layer
            }
            """
        let ported = Porter.port(source, path: "Label.swift")
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class Label: CATextLayer {
                override init() {
                    super.init()
                }

                required init(layer: Any) {
                    super.init(layer: layer)
                }
            }

            func make() -> CALayer {
                let layer = CAShapeLayer()
                return layer
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testALocalHoldingTheScreensScaleForLayersOnlyGoesWithItsAssignments() {
        let source = """
            import AppKit

            final class Clock: CALayer {
                let time = CATextLayer()
                let date = CATextLayer()

                override init() {
                    super.init()
                    let scale = NSScreen.main?.backingScaleFactor ?? 2
                    for text in [time, date] {
                        text.contentsScale = scale
                        addSublayer(text)
                    }
                    rasterizationScale = scale
                }

                func badge(_ cell: CAEmitterCell, _ card: CALayer) {
                    let scale = UIScreen.main.scale
                    card.contentsScale = scale
                    cell.contentsScale = scale
                    let hairline = UIScreen.main.scale
                    card.borderWidth = 1 / hairline
                }
            }
            """
        let ported = Porter.port(source, path: "Clock.swift")
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class Clock: CALayer {
                let time = CATextLayer()
                let date = CATextLayer()

                override init() {
                    super.init()
                    for text in [time, date] {
                        addSublayer(text)
                    }
                }

                required init(layer: Any) {
                    super.init(layer: layer)
                }

                func badge(_ cell: CAEmitterCell, _ card: CALayer) {
                    let scale = CGFloat(1)
                    card.contentsScale = scale
                    cell.contentsScale = scale
                    let hairline = CGFloat(1)
                    card.borderWidth = 1 / hairline
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAnEmitterCellsScaleIsLeftAndOtherUsesOfTheScreensScaleAreOne() {
        let source = """
            import UIKit

            func make(_ card: CALayer) -> CAEmitterCell {
                let cell = CAEmitterCell()
                cell.contentsScale = UIScreen.main.scale
                let scale = UIScreen.main.scale
                card.borderWidth = 1 / UIScreen.main.scale
                return cell
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            func make(_ card: CALayer) -> CAEmitterCell {
                let cell = CAEmitterCell()
                cell.contentsScale = UIScreen.main.scale
                let scale = CGFloat(1)
                card.borderWidth = 1 / CGFloat(1)
                return cell
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), ["UIScreen"], "the emitter cell's scale is left")
        XCTAssertTrue(ported.changes.contains { $0.reason.contains("nor a main screen before a window shows: the scale is 1") })
    }

    func testALayersScaleWorkedOutFromTheScreensIsWorkedOutFromOne() {
        let source = """
            func sharpen(_ arc: CAShapeLayer) {
                arc.shouldRasterize = true
                arc.rasterizationScale = UIScreen.main.scale * 2
                arc.contentsScale = UIScreen.main.scale
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            func sharpen(_ arc: CAShapeLayer) {
                arc.shouldRasterize = true
                arc.rasterizationScale = CGFloat(1) * 2
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }
}
