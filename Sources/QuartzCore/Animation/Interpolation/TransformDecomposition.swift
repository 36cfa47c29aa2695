import CoreGraphics
import Foundation

/// A `CATransform3D` taken apart into the pieces that interpolate well: how Core Animation
/// animates one transform into another (translation, scale, skew and perspective linearly,
/// the rotation as a quaternion along the shortest arc).
///
/// With row vectors (p′ = p × M, as `CATransform3D` is laid out) a decomposable matrix is
/// M = Scale × Skew × Rotation × Translation × Perspective.
public struct CATransform3DDecomposition: Equatable, Sendable {
    /// Translation (m41, m42, m43 after normalisation).
    public var translation: (x: Double, y: Double, z: Double)
    /// Scale along each axis (negative x, y, z together when the matrix mirrors).
    public var scale: (x: Double, y: Double, z: Double)
    /// Shear factors xy, xz, yz.
    public var skew: (xy: Double, xz: Double, yz: Double)
    /// The perspective row (the matrix's fourth column), (0, 0, 0, 1) for none.
    public var perspective: (x: Double, y: Double, z: Double, w: Double)
    /// The rotation as a unit quaternion (x, y, z, w).
    public var quaternion: (x: Double, y: Double, z: Double, w: Double)

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.translation == rhs.translation && lhs.scale == rhs.scale && lhs.skew == rhs.skew
            && lhs.perspective == rhs.perspective && lhs.quaternion == rhs.quaternion
    }

    private typealias Matrix = [[Double]]

    private static func rows(_ t: CATransform3D) -> Matrix {
        [
            [t.m11, t.m12, t.m13, t.m14].map(Double.init), [t.m21, t.m22, t.m23, t.m24].map(Double.init),
            [t.m31, t.m32, t.m33, t.m34].map(Double.init), [t.m41, t.m42, t.m43, t.m44].map(Double.init),
        ]
    }

    private static func transform(_ m: Matrix) -> CATransform3D {
        CATransform3D(
            m11: m[0][0], m12: m[0][1], m13: m[0][2], m14: m[0][3], m21: m[1][0], m22: m[1][1], m23: m[1][2], m24: m[1][3],
            m31: m[2][0], m32: m[2][1], m33: m[2][2], m34: m[2][3], m41: m[3][0], m42: m[3][1], m43: m[3][2], m44: m[3][3])
    }

    private static func multiply(_ a: Matrix, _ b: Matrix) -> Matrix {
        (0..<4).map { i in (0..<4).map { j in (0..<4).reduce(0) { $0 + a[i][$1] * b[$1][j] } } }
    }

    private static let identity: Matrix = (0..<4).map { i in (0..<4).map { i == $0 ? 1 : 0 } }

    private static func determinant3(_ m: Matrix) -> Double {
        m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    }

    /// Decomposes `transform`, or returns nil when it cannot be (m44 = 0, or a singular
    /// linear part): such transforms are interpolated component by component instead.
    public init?(_ transform: CATransform3D) {
        var m = Self.rows(transform)
        guard m[3][3] != 0, m.allSatisfy({ $0.allSatisfy(\.isFinite) }) else { return nil }
        for i in 0..<4 { for j in 0..<4 { m[i][j] /= m[3][3] } }
        guard abs(Self.determinant3(m)) > 1e-12 else { return nil }

        if m[0][3] != 0 || m[1][3] != 0 || m[2][3] != 0 {
            // M = A × P with A's last column (0,0,0,1): the column of M is A × p.
            var a = m
            for i in 0..<3 { a[i][3] = 0 }
            a[3][3] = 1
            guard let inverse = Self.invert(a) else { return nil }
            let column = [m[0][3], m[1][3], m[2][3], m[3][3]]
            let p = (0..<4).map { i in (0..<4).reduce(0) { $0 + inverse[i][$1] * column[$1] } }
            perspective = (p[0], p[1], p[2], p[3])
        } else {
            perspective = (0, 0, 0, 1)
        }
        translation = (m[3][0], m[3][1], m[3][2])

        func length(_ v: [Double]) -> Double { (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).squareRoot() }
        func dot(_ a: [Double], _ b: [Double]) -> Double { a[0] * b[0] + a[1] * b[1] + a[2] * b[2] }
        func combine(_ a: [Double], _ b: [Double], _ bScale: Double) -> [Double] { (0..<3).map { a[$0] + b[$0] * bScale } }
        var row = (0..<3).map { Array(m[$0][0..<3]) }
        var sx = length(row[0])
        row[0] = row[0].map { $0 / sx }
        var xy = dot(row[0], row[1])
        row[1] = combine(row[1], row[0], -xy)
        var sy = length(row[1])
        row[1] = row[1].map { $0 / sy }
        xy /= sy
        var xz = dot(row[0], row[2])
        row[2] = combine(row[2], row[0], -xz)
        var yz = dot(row[1], row[2])
        row[2] = combine(row[2], row[1], -yz)
        var sz = length(row[2])
        row[2] = row[2].map { $0 / sz }
        xz /= sz
        yz /= sz
        let cross = [
            row[1][1] * row[2][2] - row[1][2] * row[2][1], row[1][2] * row[2][0] - row[1][0] * row[2][2],
            row[1][0] * row[2][1] - row[1][1] * row[2][0],
        ]
        if dot(row[0], cross) < 0 {
            sx = -sx
            sy = -sy
            sz = -sz
            row = row.map { $0.map { -$0 } }
        }
        scale = (sx, sy, sz)
        skew = (xy, xz, yz)
        // The quaternion of the orthonormal rows (Shepperd's method: one square root, of the
        // largest component, for precision). Row-vector convention: a positive rotation about
        // z (m12 = sin θ) has a positive z component.
        let r = row
        let trace = r[0][0] + r[1][1] + r[2][2]
        var q: (x: Double, y: Double, z: Double, w: Double)
        if trace > 0 {
            let w = (1 + trace).squareRoot() / 2
            q = ((r[1][2] - r[2][1]) / (4 * w), (r[2][0] - r[0][2]) / (4 * w), (r[0][1] - r[1][0]) / (4 * w), w)
        } else if r[0][0] >= r[1][1] && r[0][0] >= r[2][2] {
            let x = (1 + r[0][0] - r[1][1] - r[2][2]).squareRoot() / 2
            q = (x, (r[0][1] + r[1][0]) / (4 * x), (r[0][2] + r[2][0]) / (4 * x), (r[1][2] - r[2][1]) / (4 * x))
        } else if r[1][1] >= r[2][2] {
            let y = (1 - r[0][0] + r[1][1] - r[2][2]).squareRoot() / 2
            q = ((r[0][1] + r[1][0]) / (4 * y), y, (r[1][2] + r[2][1]) / (4 * y), (r[2][0] - r[0][2]) / (4 * y))
        } else {
            let z = (1 - r[0][0] - r[1][1] + r[2][2]).squareRoot() / 2
            q = ((r[0][2] + r[2][0]) / (4 * z), (r[1][2] + r[2][1]) / (4 * z), z, (r[0][1] - r[1][0]) / (4 * z))
        }
        if q.w < 0 { q = (-q.x, -q.y, -q.z, -q.w) }
        quaternion = q
    }

    private static func invert(_ m: Matrix) -> Matrix? {
        var a = m
        var inverse = identity
        for column in 0..<4 {
            guard let pivot = (column..<4).max(by: { abs(a[$0][column]) < abs(a[$1][column]) }), abs(a[pivot][column]) > 1e-15 else { return nil }
            a.swapAt(column, pivot)
            inverse.swapAt(column, pivot)
            let divisor = a[column][column]
            a[column] = a[column].map { $0 / divisor }
            inverse[column] = inverse[column].map { $0 / divisor }
            for row in 0..<4 where row != column {
                let factor = a[row][column]
                a[row] = (0..<4).map { a[row][$0] - factor * a[column][$0] }
                inverse[row] = (0..<4).map { inverse[row][$0] - factor * inverse[column][$0] }
            }
        }
        return inverse
    }

    /// The matrix these pieces make.
    public var transform: CATransform3D {
        let (x, y, z, w) = quaternion
        var rotation = Self.identity
        rotation[0][0] = 1 - 2 * (y * y + z * z)
        rotation[0][1] = 2 * (x * y + z * w)
        rotation[0][2] = 2 * (x * z - y * w)
        rotation[1][0] = 2 * (x * y - z * w)
        rotation[1][1] = 1 - 2 * (x * x + z * z)
        rotation[1][2] = 2 * (y * z + x * w)
        rotation[2][0] = 2 * (x * z + y * w)
        rotation[2][1] = 2 * (y * z - x * w)
        rotation[2][2] = 1 - 2 * (x * x + y * y)
        var scaleMatrix = Self.identity
        scaleMatrix[0][0] = scale.x
        scaleMatrix[1][1] = scale.y
        scaleMatrix[2][2] = scale.z
        var skewMatrix = Self.identity
        skewMatrix[1][0] = skew.xy
        skewMatrix[2][0] = skew.xz
        skewMatrix[2][1] = skew.yz
        var translationMatrix = Self.identity
        translationMatrix[3][0] = translation.x
        translationMatrix[3][1] = translation.y
        translationMatrix[3][2] = translation.z
        var perspectiveMatrix = Self.identity
        perspectiveMatrix[0][3] = perspective.x
        perspectiveMatrix[1][3] = perspective.y
        perspectiveMatrix[2][3] = perspective.z
        perspectiveMatrix[3][3] = perspective.w
        let linear = Self.multiply(Self.multiply(scaleMatrix, skewMatrix), rotation)
        return Self.transform(Self.multiply(Self.multiply(linear, translationMatrix), perspectiveMatrix))
    }

    /// The pieces `fraction` of the way from `self` to `other` (the rotation along the
    /// shortest arc, by spherical linear interpolation).
    public func interpolated(to other: Self, fraction f: Double) -> Self {
        func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * f }
        var result = self
        result.translation = (lerp(translation.x, other.translation.x), lerp(translation.y, other.translation.y), lerp(translation.z, other.translation.z))
        result.scale = (lerp(scale.x, other.scale.x), lerp(scale.y, other.scale.y), lerp(scale.z, other.scale.z))
        result.skew = (lerp(skew.xy, other.skew.xy), lerp(skew.xz, other.skew.xz), lerp(skew.yz, other.skew.yz))
        result.perspective = (
            lerp(perspective.x, other.perspective.x), lerp(perspective.y, other.perspective.y),
            lerp(perspective.z, other.perspective.z), lerp(perspective.w, other.perspective.w)
        )
        var b = other.quaternion
        let a = quaternion
        var cosine = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w
        if cosine < 0 {
            b = (-b.x, -b.y, -b.z, -b.w)
            cosine = -cosine
        }
        let wa: Double, wb: Double
        if cosine > 0.9995 {
            wa = 1 - f
            wb = f
        } else {
            let angle = acos(min(cosine, 1))
            let sine = sin(angle)
            wa = sin((1 - f) * angle) / sine
            wb = sin(f * angle) / sine
        }
        var q = (a.x * wa + b.x * wb, a.y * wa + b.y * wb, a.z * wa + b.z * wb, a.w * wa + b.w * wb)
        let norm = (q.0 * q.0 + q.1 * q.1 + q.2 * q.2 + q.3 * q.3).squareRoot()
        if norm > 0 { q = (q.0 / norm, q.1 / norm, q.2 / norm, q.3 / norm) }
        result.quaternion = (q.0, q.1, q.2, q.3)
        return result
    }
}

/// `fraction` of the way from `from` to `to`, as Core Animation interpolates transforms:
/// decomposed, interpolated piecewise, recomposed. Transforms that cannot be decomposed are
/// interpolated component by component.
public func CATransform3DInterpolate(_ from: CATransform3D, _ to: CATransform3D, _ fraction: CGFloat) -> CATransform3D {
    if let a = CATransform3DDecomposition(from), let b = CATransform3DDecomposition(to) {
        return a.interpolated(to: b, fraction: Double(fraction)).transform
    }
    func lerp(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * fraction }
    return CATransform3D(
        m11: lerp(from.m11, to.m11), m12: lerp(from.m12, to.m12), m13: lerp(from.m13, to.m13), m14: lerp(from.m14, to.m14),
        m21: lerp(from.m21, to.m21), m22: lerp(from.m22, to.m22), m23: lerp(from.m23, to.m23), m24: lerp(from.m24, to.m24),
        m31: lerp(from.m31, to.m31), m32: lerp(from.m32, to.m32), m33: lerp(from.m33, to.m33), m34: lerp(from.m34, to.m34),
        m41: lerp(from.m41, to.m41), m42: lerp(from.m42, to.m42), m43: lerp(from.m43, to.m43), m44: lerp(from.m44, to.m44))
}
