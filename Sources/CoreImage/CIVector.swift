import Foundation

/// An immutable vector of `CGFloat` values: the type of vector-valued filter inputs
/// (``CIFilter`` colour matrix rows, positions).
open class CIVector: NSObject, NSCopying, @unchecked Sendable {
    // Immutable: its values are set by the initialisers only.
    private let values: [CGFloat]

    /// A vector of `count` values read from `values`.
    public init(values: UnsafePointer<CGFloat>, count: Int) {
        self.values = count > 0 ? Array(UnsafeBufferPointer(start: values, count: count)) : []
    }

    /// A vector of one value.
    public convenience init(x: CGFloat) { self.init(array: [x]) }
    /// A vector of two values.
    public convenience init(x: CGFloat, y: CGFloat) { self.init(array: [x, y]) }
    /// A vector of three values.
    public convenience init(x: CGFloat, y: CGFloat, z: CGFloat) { self.init(array: [x, y, z]) }
    /// A vector of four values.
    public convenience init(x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat) { self.init(array: [x, y, z, w]) }
    /// A vector of a point's coordinates.
    public convenience init(cgPoint p: CGPoint) { self.init(array: [p.x, p.y]) }
    /// A vector of a rectangle's origin and size (x, y, width, height).
    public convenience init(cgRect r: CGRect) { self.init(array: [r.origin.x, r.origin.y, r.size.width, r.size.height]) }
    /// A vector of an affine transform's six values (a, b, c, d, tx, ty).
    public convenience init(cgAffineTransform t: CGAffineTransform) { self.init(array: [t.a, t.b, t.c, t.d, t.tx, t.ty]) }

    /// A vector parsed from a string such as `"[1 0 0 0]"`; values that do not parse are 0.
    public convenience init(string representation: String) {
        let trimmed = representation.trimmingCharacters(in: CharacterSet(charactersIn: "[] \t\n"))
        let parts = trimmed.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" })
        self.init(array: parts.map { CGFloat(Double($0) ?? 0) })
    }

    init(array: [CGFloat]) { self.values = array }

    /// The number of values.
    open var count: Int { values.count }

    /// The value at `index`; 0 beyond the last value (as Apple's).
    open func value(at index: Int) -> CGFloat { values.indices.contains(index) ? values[index] : 0 }

    /// The first value (0 if none).
    open var x: CGFloat { value(at: 0) }
    /// The second value (0 if none).
    open var y: CGFloat { value(at: 1) }
    /// The third value (0 if none).
    open var z: CGFloat { value(at: 2) }
    /// The fourth value (0 if none).
    open var w: CGFloat { value(at: 3) }
    /// The first two values as a point.
    open var cgPointValue: CGPoint { CGPoint(x: x, y: y) }
    /// The first four values as a rectangle (x, y, width, height).
    open var cgRectValue: CGRect { CGRect(x: x, y: y, width: z, height: w) }
    /// The first six values as an affine transform (a, b, c, d, tx, ty).
    open var cgAffineTransformValue: CGAffineTransform {
        CGAffineTransform(a: value(at: 0), b: value(at: 1), c: value(at: 2), d: value(at: 3), tx: value(at: 4), ty: value(at: 5))
    }

    /// The values as a string, e.g. `"[1 0 0 0]"`.
    open var stringRepresentation: String {
        "[" + values.map { v in v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : "\(Double(v))" }.joined(separator: " ") + "]"
    }

    open override var description: String { "<CIVector \(stringRepresentation)>" }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CIVector else { return false }
        return values == other.values
    }

    open override var hash: Int { values.hashValue }

    /// Vectors are immutable: the copy is the vector itself.
    open func copy(with zone: NSZone? = nil) -> Any { self }
}
