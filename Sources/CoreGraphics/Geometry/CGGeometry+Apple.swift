// Apple CoreGraphics geometry API that Foundation on Linux lacks.

extension CGPoint {
    /// Whether the two points are equal (Apple's `equalTo`, same as `==`).
    public func equalTo(_ point2: CGPoint) -> Bool { self == point2 }
}

extension CGSize {
    /// Whether the two sizes are equal (Apple's `equalTo`, same as `==`).
    public func equalTo(_ size2: CGSize) -> Bool { self == size2 }
}

extension CGRect {
    /// Whether the two rectangles have equal origin and size (Apple's `equalTo`, same as `==`).
    public func equalTo(_ rect2: CGRect) -> Bool { self == rect2 }
}

extension CGAffineTransform: Codable {
    /// Decodes the six entries from an unkeyed container `[a, b, c, d, tx, ty]`, as Apple
    /// encodes them.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        self.init(
            a: try container.decode(CGFloat.self), b: try container.decode(CGFloat.self),
            c: try container.decode(CGFloat.self), d: try container.decode(CGFloat.self),
            tx: try container.decode(CGFloat.self), ty: try container.decode(CGFloat.self))
    }

    /// Encodes the six entries as an unkeyed container `[a, b, c, d, tx, ty]`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(a)
        try container.encode(b)
        try container.encode(c)
        try container.encode(d)
        try container.encode(tx)
        try container.encode(ty)
    }
}

extension CGVector: Codable {
    /// Decodes `[dx, dy]` from an unkeyed container, as Apple encodes it.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        self.init(dx: try container.decode(CGFloat.self), dy: try container.decode(CGFloat.self))
    }

    /// Encodes `[dx, dy]` as an unkeyed container.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(dx)
        try container.encode(dy)
    }
}
