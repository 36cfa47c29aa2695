import Foundation

/// What a PNG file's chunks say before its pixels are decoded: the header, whether the
/// data is complete, and the chunks ImageIO reports as properties.
struct PNGFile: Sendable {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The image header (`IHDR`).
    struct Header: Equatable, Sendable {
        var width: Int
        var height: Int
        var bitDepth: Int
        /// 0 gray, 2 RGB, 3 palette, 4 gray and alpha, 6 RGB and alpha.
        var colorType: Int
        var isInterlaced: Bool
    }

    var header: Header?
    var completeness: DataCompleteness
    /// Whether a `tRNS` chunk gives a palette or colour key transparency.
    var hasTransparencyChunk = false
    /// Pixels per metre from `pHYs` (unit 1), or nil.
    var pixelsPerMetre: (x: Int, y: Int)?
    /// Whether the file names sRGB (`sRGB`), carries an ICC profile (`iCCP`) or a gamma (`gAMA`).
    var namesSRGB = false
    var hasICCProfile = false
    var gamma: Double?

    /// Reads the chunks of `data` (which starts with the PNG signature) without decoding pixels.
    init(_ data: Data) {
        let bytes = [UInt8](data)
        completeness = .truncated(headerRead: false)
        var offset = Self.signature.count
        while true {
            guard bytes.count - offset >= 8 else {
                completeness = .truncated(headerRead: header != nil)
                return
            }
            let length = Self.uint32(bytes, offset)
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard length <= 0x7FFF_FFFF else {
                completeness = .invalid("the \(type) chunk's length \(length) exceeds PNG's 2^31 − 1")
                return
            }
            let dataStart = offset + 8
            guard bytes.count - dataStart >= Int(length) + 4 else {
                completeness = .truncated(headerRead: header != nil)
                return
            }
            // Only the small chunks read below are copied (not the pixel data).
            let body = ["IHDR", "pHYs", "gAMA"].contains(type) ? Array(bytes[dataStart..<(dataStart + Int(length))]) : []
            let storedCRC = Self.uint32(bytes, dataStart + Int(length))
            // Every chunk's checksum: a damaged byte anywhere is named here (libpng's failure
            // on it reaches cairo's callers only as "out of memory").
            guard CRC32.checksum(bytes[(offset + 4)..<(dataStart + Int(length))]) == storedCRC else {
                completeness = .invalid("the \(type) chunk's checksum does not match")
                return
            }
            if header == nil {
                guard type == "IHDR" else {
                    completeness = .invalid("the first chunk is \(type), not IHDR")
                    return
                }
                switch Self.header(body) {
                case .success(let parsed): header = parsed
                case .failure(let reason):
                    completeness = .invalid(reason.message)
                    return
                }
            } else {
                read(type, body)
                if type == "IEND" {
                    completeness = .complete
                    return
                }
            }
            offset = dataStart + Int(length) + 4
        }
    }

    private mutating func read(_ type: String, _ body: [UInt8]) {
        switch type {
        case "tRNS": hasTransparencyChunk = true
        case "pHYs" where body.count == 9 && body[8] == 1:
            pixelsPerMetre = (Int(Self.uint32(body, 0)), Int(Self.uint32(body, 4)))
        case "sRGB": namesSRGB = true
        case "iCCP": hasICCProfile = true
        case "gAMA" where body.count == 4:
            let value = Self.uint32(body, 0)
            if value > 0 { gamma = Double(value) / 100_000 }
        default: break
        }
    }

    struct HeaderError: Error {
        var message: String
    }

    private static func header(_ body: [UInt8]) -> Result<Header, HeaderError> {
        guard body.count == 13 else { return .failure(HeaderError(message: "the IHDR chunk has \(body.count) bytes, not 13")) }
        let width = Int(uint32(body, 0)), height = Int(uint32(body, 4))
        guard (1...0x7FFF_FFFF).contains(width), (1...0x7FFF_FFFF).contains(height) else {
            return .failure(HeaderError(message: "the image size \(width)×\(height) is outside PNG's 1…2^31 − 1"))
        }
        let depth = Int(body[8]), type = Int(body[9])
        let depths: [Int: [Int]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard let allowed = depths[type] else {
            return .failure(HeaderError(message: "colour type \(type) is not one of PNG's 0, 2, 3, 4, 6"))
        }
        guard allowed.contains(depth) else {
            return .failure(HeaderError(message: "bit depth \(depth) is not allowed with colour type \(type)"))
        }
        guard body[10] == 0, body[11] == 0, body[12] <= 1 else {
            return .failure(HeaderError(message: "the compression, filter or interlace method is not one PNG defines"))
        }
        return .success(Header(width: width, height: height, bitDepth: depth, colorType: type, isInterlaced: body[12] == 1))
    }

    private static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    /// Whether the image has an alpha channel or transparency.
    var hasAlpha: Bool {
        guard let header else { return false }
        return header.colorType == 4 || header.colorType == 6 || hasTransparencyChunk
    }
}

/// The CRC-32 PNG chunks carry (ISO 3309, the polynomial 0xEDB88320 reflected).
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
