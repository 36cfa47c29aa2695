import Foundation
import MallocStatistics

/// One sample of a soak run.
struct SoakSample {
    /// Seconds since the run started.
    var time: Double
    var residentBytes: Int
    /// The resident set's parts: anonymous memory (the heap, thread stacks), pages of mapped
    /// files (code, fonts, locale data) and shared memory (the window's shm pools).
    var resident = ResidentParts()
    /// Bytes malloc has handed out and not had back (0 where the C library cannot say): what
    /// a leak grows. RSS also moves with the allocator's own behaviour (a heap or a thread's
    /// arena growing, fragmentation), which this does not see.
    var heapBytes: Int
    var descriptors: Int
    var pools: Int
    var cachedBytes: Int
    var frames: Int

    var line: String {
        String(
            format: "soak-sample: t=%.0f s rss=%.2f MB (anon %.2f, file %.2f, shmem %.2f) heap=%.2f MB fds=%d pools=%d cached=%.2f MB frames=%d",
            time, Double(residentBytes) / 1e6, Double(resident.anonymous) / 1e6, Double(resident.file) / 1e6,
            Double(resident.shared) / 1e6, Double(heapBytes) / 1e6, descriptors, pools, Double(cachedBytes) / 1e6, frames)
    }

    /// Bytes in use in malloc's arenas and its separately mapped blocks (glibc's `mallinfo2`,
    /// which sums every arena); 0 elsewhere.
    static func heapBytes() -> Int { Int(lamina_malloc_bytes_in_use()) }

    /// The process's resident set (`/proc/self/statm`, pages × page size); 0 if unreadable.
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The parts of the resident set (`RssAnon`, `RssFile`, `RssShmem` of `/proc/self/status`);
    /// zeros if unreadable.
    static func residentParts() -> ResidentParts {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return ResidentParts() }
        var parts = ResidentParts()
        for line in text.split(separator: "\n") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 2, let kilobytes = Int(fields[1]) else { continue }
            switch fields[0] {
            case "RssAnon:": parts.anonymous = kilobytes * 1024
            case "RssFile:": parts.file = kilobytes * 1024
            case "RssShmem:": parts.shared = kilobytes * 1024
            default: break
            }
        }
        return parts
    }

    /// Open file descriptors (`/proc/self/fd`); -1 if unreadable.
    static func openDescriptors() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
    }
}

/// The resident set's parts, in bytes.
struct ResidentParts {
    var anonymous = 0
    var file = 0
    var shared = 0
}

/// What a soak run's samples show, measured after a warm-up: the first half of the run is
/// warm-up (caches fill, the allocator finds its working set), growth is measured over the
/// second half.
///
/// - RSS: the least-squares slope of the second half's samples, in MB per hour. The run fails
///   when it exceeds `rssLimit` (default 1 MB/h) *and* the fitted growth over the second half
///   exceeds `noiseFloor` (default 0.5 MB): a short run cannot tell 1 MB/h from allocator
///   noise, so it fails only on growth larger than that; over an hour (a 30-minute second
///   half) 0.5 MB is exactly 1 MB/h's growth and changes nothing. The allocator moves RSS in
///   steps (glibc growing or trimming a heap or a thread's arena): a 2-minute run once saw a
///   single step of 0.84 MB in its last sample, with RSS flat before and for 13 minutes after
///   in a longer run, so a 2-minute run needs a floor above that (scripts/test.sh uses 2 MB,
///   which still fails on a leak of 2 KB per frame at 30 frames per second).
/// - fds and pools: the last sample against the first of the second half; the run fails when
///   the last is above every earlier sample (a transient extra pool while the compositor holds
///   a buffer is not growth).
/// - cached bitmap bytes: the last sample against the first of the second half (reported).
struct SoakReport {
    let samples: [SoakSample]
    var rssLimit = 1.0
    var noiseFloor = 0.5

    private var secondHalf: ArraySlice<SoakSample> {
        let end = samples.last?.time ?? 0
        return samples.drop { $0.time < end / 2 }
    }

    /// RSS growth over the second half, in MB per hour (least squares).
    var rssSlope: Double { slope(\.residentBytes) }

    /// Growth of the bytes malloc has in use over the second half, in MB per hour (least
    /// squares): reported beside RSS, to tell a leak from the allocator's steps.
    var heapSlope: Double { slope(\.heapBytes) }

    private func slope(_ value: (SoakSample) -> Int) -> Double {
        let points = secondHalf.map { ($0.time, Double(value($0)) / 1e6) }
        guard points.count >= 2 else { return 0 }
        let n = Double(points.count)
        let meanT = points.map(\.0).reduce(0, +) / n, meanR = points.map(\.1).reduce(0, +) / n
        let covariance = points.map { ($0.0 - meanT) * ($0.1 - meanR) }.reduce(0, +)
        let variance = points.map { ($0.0 - meanT) * ($0.0 - meanT) }.reduce(0, +)
        return variance > 0 ? covariance / variance * 3600 : 0
    }

    private var window: Double { (secondHalf.last?.time ?? 0) - (secondHalf.first?.time ?? 0) }
    private func growth(_ value: (SoakSample) -> Int) -> Int {
        guard let first = secondHalf.first, let last = secondHalf.last else { return 0 }
        return value(last) - value(first)
    }
    private func grewToNewHigh(_ value: (SoakSample) -> Int) -> Bool {
        guard let last = samples.last, samples.count > 1 else { return false }
        return value(last) > samples.dropLast().map(value).max() ?? Int.min
    }

    var failures: [String] {
        var found: [String] = []
        if secondHalf.count < 3 { found.append("fewer than 3 samples in the second half: run longer or sample more often") }
        if rssSlope > rssLimit, rssSlope * window / 3600 > noiseFloor {
            found.append(
                String(
                    format: "RSS grows %.2f MB/h (limit %.2f MB/h): %.2f MB over the second half, beyond %.2f MB of allocator noise",
                    rssSlope, rssLimit, rssSlope * window / 3600, noiseFloor))
        }
        if grewToNewHigh(\.descriptors) { found.append("open file descriptors reached a new high at the end") }
        if grewToNewHigh(\.pools) { found.append("shm pools reached a new high at the end") }
        if let last = samples.last, let first = samples.first, last.frames - first.frames < 10 {
            found.append("the window drew \(last.frames - first.frames) frames: it did not animate")
        }
        return found
    }

    var passed: Bool { failures.isEmpty }

    /// The failures (if any), the heap's growth, then the summary: always the last line.
    var lines: [String] {
        failures.map { "soak: FAILED: \($0)" } + [
            String(format: "soak: heap in use %+.2f MB/h (bytes malloc has handed out, over the second half)", heapSlope),
            String(
                format: "soak: RSS %+.2f MB/h, fds %+d, pools %+d, cached %+.2f MB over %.0f s", rssSlope,
                growth(\.descriptors), growth(\.pools), Double(growth(\.cachedBytes)) / 1e6, samples.last?.time ?? 0),
        ]
    }
}
