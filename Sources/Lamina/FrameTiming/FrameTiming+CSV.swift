import Foundation

extension FrameTiming {
    /// Lamina: the header of the CSV that ``csvRow`` rows make (no line break).
    ///
    /// Times are media times in seconds (empty when unknown); `outcome` is `presented`,
    /// `discarded` or `unavailable`; `render_ms` and `latency_ms` (buffer commit to
    /// presentation) are derived; `follows_idle` is 1 for a frame that starts a new run of
    /// animation after the window was idle (``followsIdle``), else 0.
    public static let csvHeader =
        "frame,target,commit_begin,commit_end,render_begin,render_end,buffer_commit,frame_callback,presented,"
        + "refresh_ms,sequence,flags,outcome,pixels,render_ms,latency_ms,follows_idle"

    /// Lamina: this record as one CSV row (no line break), in ``csvHeader``'s columns.
    public var csvRow: String {
        let time = CSVField.time, ms = CSVField.milliseconds
        var presented: Double?, refresh: Double?, sequence = "", flags = "", outcome: String
        switch presentation {
        case .presented(let time, let interval, let counter, let bits):
            presented = time
            refresh = interval
            sequence = counter.map(String.init) ?? ""
            flags = bits.names
            outcome = "presented"
        case .discarded:
            outcome = "discarded"
        case .unavailable:
            outcome = "unavailable"
        }
        return [
            String(frameNumber), time(targetTime), time(commitBeginTime), time(commitEndTime), time(renderBeginTime),
            time(renderEndTime), time(bufferCommitTime), time(frameCallbackTime), time(presented), ms(refresh),
            sequence, flags, outcome, String(drawnPixels), ms(drawDuration), ms(commitToPresentLatency),
            followsIdle ? "1" : "0",
        ].joined(separator: ",")
    }
}

/// How the timing CSVs write their fields: empty when unknown.
enum CSVField {
    /// A time in seconds, to the microsecond.
    static func time(_ value: Double?) -> String { value.map { String(format: "%.6f", $0) } ?? "" }
    /// A duration in seconds as milliseconds, to the microsecond.
    static func milliseconds(_ value: Double?) -> String { value.map { String(format: "%.3f", $0 * 1000) } ?? "" }
}
