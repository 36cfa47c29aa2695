internal import Wayland

/// The integer scales of the compositor's outputs (`wl_output.scale`), for drawing windows and
/// the cursor sharp on the densest one, and their current modes' sizes in pixels (for the
/// windows' default buffer budgets).
@MainActor
final class OutputScales {
    private var outputs: [UInt32: (output: WlOutput, scale: Int, pixels: Int?)] = [:]
    /// Called when ``maximum`` may have changed.
    var onChange: (() -> Void)?

    /// Follows the output with this registry global.
    func add(_ global: WaylandGlobals.Global, from globals: WaylandGlobals) {
        guard global.interface == WlOutput.interfaceName, let output = try? globals.bind(WlOutput.self, global: global)
        else { return }
        let name = global.name
        outputs[name] = (output, 1, nil)
        output.onEvent = { [weak self] event in
            MainActor.assumeIsolated {
                switch event {
                case .scale(let factor):
                    self?.outputs[name]?.scale = Int(factor)
                    self?.onChange?()
                case .mode(let flags, let width, let height, _) where flags.contains(.current):
                    self?.outputs[name]?.pixels = Self.pixels(width: width, height: height)
                default:
                    break
                }
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

    /// The pixels of the largest output's current mode, or nil while no output announced one.
    var largestPixelCount: Int? {
        outputs.values.compactMap(\.pixels).max()
    }

    /// A mode's pixel count; sides outside 1…``ShmBufferPool/maximumDimension`` (a compositor
    /// has sent anything) count as unknown.
    private static func pixels(width: Int32, height: Int32) -> Int? {
        let limit = ShmBufferPool.maximumDimension
        guard width > 0, height > 0, Int(width) <= limit, Int(height) <= limit else { return nil }
        return Int(width) * Int(height)
    }

    /// The scale of `output` clamped to 1…8, or nil if it is not one of the outputs followed.
    func scale(of output: WlOutput) -> Int? {
        outputs.values.first { $0.output === output }.map { Self.clamped($0.scale) }
    }

    private static func clamped(_ scale: Int) -> Int {
        min(max(scale, 1), WindowScale.maximumFactor)
    }
}
