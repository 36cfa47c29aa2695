import Foundation

/// What a JPEG file's markers say before its image data is decoded.
struct JPEGFile: Sendable {
    var header: JPEGDecoder.Header?
    var completeness: DataCompleteness
    /// Why Lamina does not decode the file (arithmetic-coded, CMYK, …), where it does not.
    var refusal: String?

    init(_ data: Data) {
        switch JPEGDecoder.header(of: data) {
        case .success(let header):
            self.header = header
            // Complete once the end-of-image marker closes the data.
            let tail = data.suffix(2)
            completeness = tail.count == 2 && tail.first == 0xFF && tail.last == 0xD9 ? .complete : .truncated(headerRead: true)
        case .failure(let error):
            header = nil
            switch error.kind {
            case .truncated: completeness = .truncated(headerRead: false)
            case .invalid: completeness = .invalid(error.reason)
            // A kind Lamina does not decode is still a whole file; creating its image says why not.
            case .unsupported:
                refusal = error.reason
                completeness = data.suffix(2) == Data([0xFF, 0xD9]) ? .complete : .truncated(headerRead: true)
            }
        }
    }
}
