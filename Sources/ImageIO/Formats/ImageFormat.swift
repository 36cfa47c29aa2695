import Foundation

/// An image file format, told from the first bytes of its data (never from a file name).
enum ImageFormat: Equatable, Sendable {
    case png, jpeg, gif, tiff, bmp, webp, heic, ico

    /// The format whose signature `data` starts with, or nil.
    init?(signatureOf data: Data) {
        let bytes = [UInt8](data.prefix(16))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<(offset + prefix.count)]) == prefix
        }
        if starts(PNGFile.signature) {
            self = .png
        } else if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
            self = .gif
        } else if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) {
            self = .tiff
        } else if starts(Array("BM".utf8)) {
            self = .bmp
        } else if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) {
            self = .webp
        } else if starts(Array("ftyp".utf8), at: 4),
            ["heic", "heix", "mif1", "msf1", "heis", "hevc"].contains(where: { starts(Array($0.utf8), at: 8) })
        {
            self = .heic
        } else if starts([0x00, 0x00, 0x01, 0x00]) {
            self = .ico
        } else {
            return nil
        }
    }

    /// The format a uniform type identifier names, or nil.
    init?(typeIdentifier: String) {
        guard let format = Self.allCases.first(where: { $0.typeIdentifier == typeIdentifier }) else { return nil }
        self = format
    }

    static let allCases: [ImageFormat] = [.png, .jpeg, .gif, .tiff, .bmp, .webp, .heic, .ico]

    /// The uniform type identifier Apple's ImageIO reports for the format.
    var typeIdentifier: String {
        switch self {
        case .png: "public.png"
        case .jpeg: "public.jpeg"
        case .gif: "com.compuserve.gif"
        case .tiff: "public.tiff"
        case .bmp: "com.microsoft.bmp"
        case .webp: "org.webmproject.webp"
        case .heic: "public.heic"
        case .ico: "com.microsoft.ico"
        }
    }

    /// The formats image sources decode.
    static let decodable: [ImageFormat] = [.png, .gif, .jpeg]
    /// The formats image destinations write.
    static let encodable: [ImageFormat] = [.png, .jpeg]

    /// What a person can do with an image Lamina cannot decode.
    var undecodableAdvice: String {
        "Lamina's ImageIO reads PNG, GIF and JPEG (\(typeIdentifier) is recognised but not decoded); convert the image to PNG"
    }

    /// What a person can do with an image Lamina cannot write in this format.
    var unencodableAdvice: String {
        "Lamina's ImageIO writes PNG and JPEG (not \(typeIdentifier)); write public.png or public.jpeg"
    }
}
