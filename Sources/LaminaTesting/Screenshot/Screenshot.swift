import CoreGraphics
import Foundation

extension HeadlessCompositor {
    /// Captures the whole output with `grim` (sway only: it needs wlr-screencopy) and returns
    /// the image; also keeps the PNG at `savingTo` when given.
    public func screenshot(savingTo url: URL? = nil) throws -> CGImage {
        guard kind == .sway else {
            throw CompositorError("screenshots need wlr-screencopy, which only the sway compositor offers")
        }
        let file = url ?? runtimeDirectory.appendingPathComponent("screenshot-\(UUID().uuidString).png")
        try run("grim", package: "grim", [file.path])
        let data = try Data(contentsOf: file)
        if url == nil { try? FileManager.default.removeItem(at: file) }
        return try CGImage(pngData: data)
    }
}
