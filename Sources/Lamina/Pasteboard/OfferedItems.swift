import Foundation
internal import Wayland

/// Data this application offers other applications by type — a selection's content or a
/// drag's: the MIME types announced, and the data sent for each request.
struct OfferedItems {
    /// The data by type.
    let items: [Pasteboard.PasteboardType: Data]
    /// The MIME types announced: the types as sorted by name, text first, then the names other
    /// toolkits give text when there is text.
    let mimeTypes: [String]

    init(_ items: [Pasteboard.PasteboardType: Data]) {
        self.items = items
        let ordered = items.keys.sorted { ($0 == .string ? "" : $0.rawValue) < ($1 == .string ? "" : $1.rawValue) }
        var mimeTypes = ordered.map(\.rawValue)
        if items[.string] != nil {
            mimeTypes += Pasteboard.PasteboardType.textAliases.filter { !mimeTypes.contains($0) }
        }
        self.mimeTypes = mimeTypes
    }

    /// The data sent for a request of `mimeType` (text for any of text's names).
    func data(for mimeType: String) -> Data? {
        items[Pasteboard.PasteboardType(rawValue: mimeType)]
            ?? (Pasteboard.PasteboardType.textAliases.contains(mimeType) ? items[.string] : nil)
    }

    /// Answers a request: writes the data for `mimeType` to `descriptor` on a background queue
    /// (closing it when done), or closes it at once when there is no such data.
    func send(_ mimeType: String, to descriptor: Int32, timeout: Double) {
        guard let data = data(for: mimeType) else {
            _ = OwnedFileDescriptor(adopting: descriptor)  // closing the pipe tells the reader
            return
        }
        PipeTransfer.write(data, to: descriptor, timeout: timeout)
    }
}

extension DataOffer {
    /// Reads the offer's data as `type` through a pipe on a background queue, at most `limit`
    /// bytes within `timeout` seconds; the main thread goes on meanwhile. When the
    /// application's connection closes first, the read ends with the connection's error (the
    /// offer belongs to that connection: its data may never come).
    @MainActor
    func read(
        _ type: Pasteboard.PasteboardType, application: Application, limit: Int, timeout: Double
    ) async throws(PasteboardError) -> Data {
        guard mimeTypes.contains(type.rawValue) else { throw .typeNotAvailable(type.rawValue) }
        let descriptor: Int32
        do {
            descriptor = try receive(type.rawValue)
        } catch {
            throw .connectionFailed(LaminaError(error))
        }
        do {
            try application.connection.flush()
        } catch {
            _ = OwnedFileDescriptor(adopting: descriptor)  // closes the pipe: nothing will be read
            throw .connectionFailed(LaminaError(error))
        }
        let reads = application.pipeReads
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Data, PasteboardError>, Never>) in
            let number = reads.nextNumber()
            // The completion runs on the main queue later, after the read is recorded here.
            reads[number] = PipeTransfer.read(descriptor, limit: limit, timeout: timeout) { result in
                reads[number] = nil
                continuation.resume(returning: result)
            }
        }
        return try result.get()
    }

    /// The MIME type text is read as from this offer: the first of text's names it offers.
    var textType: Pasteboard.PasteboardType? {
        Pasteboard.PasteboardType.textAliases.first(where: mimeTypes.contains).map(Pasteboard.PasteboardType.init(rawValue:))
    }
}

import Glibc
