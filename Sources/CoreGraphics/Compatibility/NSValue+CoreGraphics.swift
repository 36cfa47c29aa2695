import Foundation

/// The Objective-C type encodings of the geometry values Foundation on Linux boxes.
enum GeometryValueEncoding {
    static let point = "{CGPoint=dd}"
    static let size = "{CGSize=dd}"
    static let rect = "{CGRect={CGPoint=dd}{CGSize=dd}}"
}

extension NSValue {
    /// Creates a value object containing the specified point (UIKit's `NSValue(cgPoint:)`).
    public convenience init(cgPoint point: CGPoint) {
        self.init(point: point)
    }

    /// Creates a value object containing the specified size (UIKit's `NSValue(cgSize:)`).
    public convenience init(cgSize size: CGSize) {
        self.init(size: size)
    }

    /// Creates a value object containing the specified rectangle (UIKit's `NSValue(cgRect:)`).
    public convenience init(cgRect rect: CGRect) {
        self.init(rect: rect)
    }

    /// The point the value contains; `.zero` if it contains something else.
    ///
    /// Apple leaves reading another type undefined; Lamina answers `.zero` rather than trap.
    public var cgPointValue: CGPoint {
        isEncoded(as: GeometryValueEncoding.point) ? pointValue : .zero
    }

    /// The size the value contains; `.zero` if it contains something else.
    public var cgSizeValue: CGSize {
        isEncoded(as: GeometryValueEncoding.size) ? sizeValue : .zero
    }

    /// The rectangle the value contains; `.zero` if it contains something else.
    public var cgRectValue: CGRect {
        isEncoded(as: GeometryValueEncoding.rect) ? rectValue : .zero
    }

    /// Lamina: whether the value's Objective-C type encoding is `encoding`.
    package func isEncoded(as encoding: String) -> Bool {
        String(cString: objCType) == encoding
    }
}

extension NSValue {
    /// Lamina: the `CGPoint`, `CGSize` or `CGRect` the value boxes; nil for other values
    /// (numbers included).
    package var geometryValue: Any? {
        if self is NSNumber { return nil }
        switch String(cString: objCType) {
        case GeometryValueEncoding.point: return pointValue
        case GeometryValueEncoding.size: return sizeValue
        case GeometryValueEncoding.rect: return rectValue
        default: return nil
        }
    }
}
