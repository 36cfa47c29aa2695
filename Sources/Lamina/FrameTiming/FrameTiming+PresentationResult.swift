internal import Wayland

extension FrameTiming.Presentation {
    /// The compositor's report of a frame as it sent it: times on its presentation clock; a
    /// refresh of 0 (no constant rate) and a sequence of 0 (no counter) as nil.
    init(compositorReport result: PresentationResult) {
        switch result {
        case .presented(let time, let refresh, let sequence, let flags):
            self = .presented(
                time: time, refreshInterval: refresh > 0 ? Double(refresh) / 1e9 : nil,
                sequence: sequence > 0 ? sequence : nil, flags: FrameTiming.PresentationFlags(rawValue: flags))
        case .discarded:
            self = .discarded
        }
    }
}
