import Foundation
import LaminaTesting
import XCTest

@testable import Wayland

/// The scripted compositor's output sends the scales a test asks for — 0 and huge ones
/// included — so clients can be tested against them.
final class ScriptedCompositorOutputTests: XCTestCase {
    func testOutputScalesAreSentAsGivenIncludingZeroAndHuge() throws {
        var configuration = ScriptedCompositor.Configuration()
        configuration.outputScale = 0
        configuration.outputWidth = 640
        configuration.outputHeight = 480
        let compositor = try ScriptedCompositor(configuration)
        defer { compositor.stop() }
        let connection = try WaylandConnection(name: compositor.socketPath)
        let globals = try WaylandGlobals(connection: connection)
        let output = try XCTUnwrap(try globals.bind(WlOutput.self))
        var scales: [Int32] = []
        var modes: [(Int32, Int32)] = []
        var dones = 0
        output.onEvent = { event in
            switch event {
            case .scale(let factor): scales.append(factor)
            case .mode(_, let width, let height, _): modes.append((width, height))
            case .done: dones += 1
            default: break
            }
        }
        try connection.roundtrip()
        XCTAssertEqual(scales, [0], "the configured scale, as given")
        XCTAssertEqual(modes.map(\.0), [640])
        XCTAssertEqual(modes.map(\.1), [480])
        XCTAssertEqual(dones, 1)
        compositor.setOutputScale(Int32.max)
        XCTAssertTrue(try connection.dispatch(until: { dones == 2 }, timeout: 10))
        XCTAssertEqual(scales, [0, Int32.max])
        XCTAssertEqual(compositor.state.boundGlobals, ["wl_output"])
    }
}
