import CoreGraphics
import Foundation

extension HeadlessCompositor {
    /// Captures the whole output — with `grim` on sway (wlr-screencopy), with
    /// `weston-screenshooter` on a weston started with `screenshots: true` — and returns the
    /// image; also keeps the PNG at `savingTo` when given.
    public func screenshot(savingTo url: URL? = nil) throws -> CGImage {
        guard takesScreenshots else {
            throw CompositorError(
                kind == .kwin
                    ? "kwin offers no screenshots to clients here (no wlr-screencopy; its own needs D-Bus)"
                    : "weston takes screenshots only when started with screenshots: true")
        }
        let file = url ?? runtimeDirectory.appendingPathComponent("screenshot-\(UUID().uuidString).png")
        switch kind {
        case .sway:
            try run("grim", package: "grim", [file.path])
        case .weston:
            try westonScreenshot(to: file)
        case .kwin:
            break  // not reached: takesScreenshots is false
        }
        let data = try Data(contentsOf: file)
        if url == nil { try? FileManager.default.removeItem(at: file) }
        return try CGImage(pngData: data)
    }

    /// `weston-screenshooter` writes `wayland-screenshot-<time>.png` into its working
    /// directory: run it in a fresh one and move what it wrote.
    private func westonScreenshot(to file: URL) throws {
        let directory = runtimeDirectory.appendingPathComponent("screenshooter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: directory) }
        try run("weston-screenshooter", package: "weston", [], in: directory)
        let written = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".png") }
        guard let name = written.first else {
            throw CompositorError("weston-screenshooter wrote no PNG:\n\(log.split(separator: "\n").suffix(5).joined(separator: "\n"))")
        }
        try? FileManager.default.removeItem(at: file)
        try FileManager.default.moveItem(at: directory.appendingPathComponent(name), to: file)
    }
}
