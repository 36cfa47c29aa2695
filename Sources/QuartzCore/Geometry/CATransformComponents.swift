import Foundation

/// A ``CATransform3D`` split into scale, rotation and translation: what the key-path
/// sub-keys `transform.scale.x`, `transform.rotation.z`, `transform.translation.x`, …
/// read and write.
///
/// The transform is taken as `scale, then rotate about x, then y, then z, then translate`
/// (row vectors). Reading a component decomposes the upper 3×3 and the translation row;
/// writing one recomposes them from the components, keeping the perspective column
/// (`m14 m24 m34 m44`) as it was. Skew is not represented: writing a component of a
/// skewed transform drops the skew.
///
/// A transform that mirrors (negative determinant) has its mirroring read as a negative
/// y scale, as Core Animation reads it: Apple's render of a layer given `transform.scale.y`
/// −1 and then `transform.rotation.z` π shows it mirrored left to right (the scale kept,
/// the rotation added; read as a negative x scale, the half turn would undo it). It also
/// explains why, on Apple platforms, a negative `transform.scale.x` followed by a
/// `transform.scale.y` does not mirror: the sign is read into y and overwritten.
struct CATransformComponents: Equatable {
    var scale: (x: CGFloat, y: CGFloat, z: CGFloat)
    var rotation: (x: CGFloat, y: CGFloat, z: CGFloat)
    var translation: (x: CGFloat, y: CGFloat, z: CGFloat)
    var perspective: (m14: CGFloat, m24: CGFloat, m34: CGFloat, m44: CGFloat)

    static func == (l: CATransformComponents, r: CATransformComponents) -> Bool {
        l.scale == r.scale && l.rotation == r.rotation && l.translation == r.translation
            && l.perspective == r.perspective
    }

    init(decomposing t: CATransform3D) {
        translation = (t.m41, t.m42, t.m43)
        perspective = (t.m14, t.m24, t.m34, t.m44)
        // The rows of the upper 3×3, in scalars (no arrays: this runs per animated layer per frame).
        var (a0, a1, a2) = (t.m11, t.m12, t.m13)
        var (b0, b1, b2) = (t.m21, t.m22, t.m23)
        let (c0, c1, c2) = (t.m31, t.m32, t.m33)
        let s0 = (a0 * a0 + a1 * a1 + a2 * a2).squareRoot()
        var s1 = (b0 * b0 + b1 * b1 + b2 * b2).squareRoot()
        let s2 = (c0 * c0 + c1 * c1 + c2 * c2).squareRoot()
        let det = a0 * (b1 * c2 - b2 * c1) - a1 * (b0 * c2 - b2 * c0) + a2 * (b0 * c1 - b1 * c0)
        // A mirroring transform is read as a negative y scale (see the type's discussion).
        if det < 0 { s1 = -s1 }
        if s0 != 0 { (a0, a1, a2) = (a0 / s0, a1 / s0, a2 / s0) } else { (a0, a1, a2) = (1, 0, 0) }
        if s1 != 0 { (b0, b1, b2) = (b0 / s1, b1 / s1, b2 / s1) } else { (b0, b1, b2) = (0, 1, 0) }
        // Of the last row only its z component is read.
        let cz = s2 != 0 ? c2 / s2 : 1
        scale = (s0, s1, s2)
        // rows = Rx × Ry × Rz (row vectors): m13 = −sin y, m12 / m11 = tan z, m23 / m33 = tan x.
        let sinY = min(max(-a2, -1), 1)
        let y = CGFloat(asin(Double(sinY)))
        let x: CGFloat
        let z: CGFloat
        if abs(sinY) < 1 - 1e-12 {
            z = CGFloat(atan2(Double(a1), Double(a0)))
            x = CGFloat(atan2(Double(b2), Double(cz)))
        } else {
            // Gimbal lock: put the whole remaining rotation in x.
            z = 0
            x = CGFloat(atan2(Double(b0 * sinY), Double(b1)))
        }
        rotation = (x, y, z)
    }

    /// The transform these components describe.
    var transform: CATransform3D {
        var r = CATransform3DMakeScale(scale.x, scale.y, scale.z)
        if rotation.x != 0 { r = CATransform3DConcat(r, CATransform3DMakeRotation(rotation.x, 1, 0, 0)) }
        if rotation.y != 0 { r = CATransform3DConcat(r, CATransform3DMakeRotation(rotation.y, 0, 1, 0)) }
        if rotation.z != 0 { r = CATransform3DConcat(r, CATransform3DMakeRotation(rotation.z, 0, 0, 1)) }
        r.m41 = translation.x
        r.m42 = translation.y
        r.m43 = translation.z
        r.m14 = perspective.m14
        r.m24 = perspective.m24
        r.m34 = perspective.m34
        r.m44 = perspective.m44
        return r
    }
}
