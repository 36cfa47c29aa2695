import Foundation

extension InputTiming {
    /// Lamina: the header of the CSV that ``csvRow`` rows make (no line break).
    ///
    /// Times are media times in seconds (empty when unknown); `frame` is empty for an event
    /// with no visible effect; `latency_ms` and `latency_refreshes` are derived. Logs write
    /// rows as records complete — an event with an effect after later ones without — so
    /// `event` (numbered as events came) gives their order.
    public static let csvHeader =
        "event,kind,timestamp_ms,event_time,arrival,frame,buffer_commit,frame_callback,presented,refresh_ms,"
        + "latency_ms,latency_refreshes"

    /// Lamina: this record as one CSV row (no line break), in ``csvHeader``'s columns.
    public var csvRow: String {
        let time = CSVField.time, ms = CSVField.milliseconds
        return [
            String(eventNumber), event.name, String(timestamp), time(eventTime), time(arrivalTime),
            frameNumber.map(String.init) ?? "", time(bufferCommitTime), time(frameCallbackTime), time(presentationTime),
            ms(refreshInterval), ms(latency), latencyInRefreshIntervals.map { String(format: "%.3f", $0) } ?? "",
        ].joined(separator: ",")
    }

    /// Lamina: where the input events' CSV goes beside a CSV of frames at `path`: `-input`
    /// before its `.csv` extension (`frames.csv` → `frames-input.csv`), else after the
    /// whole path (`frames.csv.2` → `frames.csv.2-input.csv`).
    public static func csvPath(besideFramesAt path: String) -> String {
        path.hasSuffix(".csv") ? String(path.dropLast(4)) + "-input.csv" : path + "-input.csv"
    }
}
