import Foundation

/// The options an image source or one of its calls was given, read from Apple's keys.
struct SourceOptions: Sendable {
    var typeHint: String?
    var shouldCache = true
    var subsampleFactor: Int?
    var thumbnailFromImageIfAbsent = false
    var thumbnailFromImageAlways = false
    var thumbnailMaxPixelSize: Int?
    var thumbnailWithTransform = false

    init(_ dictionary: [CFString: Any]?) {
        guard let dictionary else { return }
        apply(dictionary)
    }

    /// These options with those of one call on top.
    func merging(_ dictionary: [CFString: Any]?) -> SourceOptions {
        var merged = self
        if let dictionary { merged.apply(dictionary) }
        return merged
    }

    private mutating func apply(_ dictionary: [CFString: Any]) {
        if let hint = dictionary[kCGImageSourceTypeIdentifierHint] as? String { typeHint = hint }
        if let value = Self.bool(dictionary[kCGImageSourceShouldCache]) { shouldCache = value }
        if let value = Self.bool(dictionary[kCGImageSourceCreateThumbnailFromImageIfAbsent]) {
            thumbnailFromImageIfAbsent = value
        }
        if let value = Self.bool(dictionary[kCGImageSourceCreateThumbnailFromImageAlways]) {
            thumbnailFromImageAlways = value
        }
        if let value = Self.bool(dictionary[kCGImageSourceCreateThumbnailWithTransform]) { thumbnailWithTransform = value }
        if let value = Self.number(dictionary[kCGImageSourceThumbnailMaxPixelSize]) {
            // Whole pixels; a size below one pixel (or not finite) asks for no limit.
            thumbnailMaxPixelSize = value.isFinite && value >= 1 ? Int(min(value, 1e9)) : nil
        }
        if let value = Self.number(dictionary[kCGImageSourceSubsampleFactor]) {
            subsampleFactor = [2.0, 4, 8].contains(value) ? Int(value) : nil
        }
    }

    /// A boolean option given as `Bool`, `NSNumber` or a number.
    static func bool(_ value: Any?) -> Bool? {
        switch value {
        case let value as Bool: value
        case let value as NSNumber: value.boolValue
        case let value as Int: value != 0
        default: nil
        }
    }

    /// A number option given as any Swift number or `NSNumber`.
    static func number(_ value: Any?) -> Double? {
        switch value {
        case let value as Int: Double(value)
        case let value as Double: value
        case let value as CGFloat: Double(value)
        case let value as Float: Double(value)
        case let value as NSNumber: value.doubleValue
        case let value as any BinaryInteger: Double(value)
        default: nil
        }
    }
}
