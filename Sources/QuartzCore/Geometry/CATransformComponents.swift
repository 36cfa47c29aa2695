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
        var rows = [[t.m11, t.m12, t.m13], [t.m21, t.m22, t.m23], [t.m31, t.m32, t.m33]]
        var s = rows.map { ($0[0] * $0[0] + $0[1] * $0[1] + $0[2] * $0[2]).squareRoot() }
        let det = rows[0][0] * (rows[1][1] * rows[2][2] - rows[1][2] * rows[2][1])
            - rows[0][1] * (rows[1][0] * rows[2][2] - rows[1][2] * rows[2][0])
            + rows[0][2] * (rows[1][0] * rows[2][1] - rows[1][1] * rows[2][0])
        if det < 0 { s[0] = -s[0] }
        for i in 0..<3 {
            if s[i] != 0 {
                rows[i] = rows[i].map { $0 / s[i] }
            } else {
                rows[i] = [0, 0, 0]
                rows[i][i] = 1
            }
        }
        scale = (s[0], s[1], s[2])
        // rows = Rx × Ry × Rz (row vectors): m13 = −sin y, m12 / m11 = tan z, m23 / m33 = tan x.
        let sinY = min(max(-rows[0][2], -1), 1)
        let y = CGFloat(asin(Double(sinY)))
        let x: CGFloat
        let z: CGFloat
        if abs(sinY) < 1 - 1e-12 {
            z = CGFloat(atan2(Double(rows[0][1]), Double(rows[0][0])))
            x = CGFloat(atan2(Double(rows[1][2]), Double(rows[2][2])))
        } else {
            // Gimbal lock: put the whole remaining rotation in x.
            z = 0
            x = CGFloat(atan2(Double(rows[1][0] * sinY), Double(rows[1][1])))
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
