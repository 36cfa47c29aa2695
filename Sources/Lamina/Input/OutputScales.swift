import Wayland

/// The integer scales of the compositor's outputs (`wl_output.scale`), for drawing windows and
/// the cursor sharp on the densest one.
@MainActor
final class OutputScales {
    private var outputs: [UInt32: (output: WlOutput, scale: Int)] = [:]
    /// Called when ``maximum`` may have changed.
    var onChange: (() -> Void)?

    /// Follows the output with this registry global.
    func add(_ global: WaylandGlobals.Global, from globals: WaylandGlobals) {
        guard global.interface == WlOutput.interfaceName, let output = try? globals.bind(WlOutput.self, global: global)
        else { return }
        let name = global.name
        outputs[name] = (output, 1)
        output.onEvent = { [weak self] event in
            guard case .scale(let factor) = event else { return }
            MainActor.assumeIsolated {
                self?.outputs[name]?.scale = Int(factor)
                self?.onChange?()
            }
        }
    }

    /// Forgets a removed output.
    func remove(_ global: WaylandGlobals.Global) {
        outputs.removeValue(forKey: global.name)
        onChange?()
    }

    /// The largest output scale, clamped to 1…8 (compositors have sent 0 and huge values).
    var maximum: Int {
        Self.clamped(outputs.values.map(\.scale).max() ?? 1)
    }

    /// The scale of `output` clamped to 1…8, or nil if it is not one of the outputs followed.
    func scale(of output: WlOutput) -> Int? {
        outputs.values.first { $0.output === output }.map { Self.clamped($0.scale) }
    }

    private static func clamped(_ scale: Int) -> Int {
        min(max(scale, 1), WindowScale.maximumFactor)
    }
}
