import CoreGraphics
@testable import QuartzCore

/// An independent computation of rounded rectangles' exact area coverage of device pixels:
/// the outline as fine chords of its arcs (or of Apple's continuous corners), each pixel's
/// square clipped by it and measured by the shoelace formula.
enum ExactCoverage {
    /// The outline of `rect` with `radius` at `corners`, each arc by 128 chords (within
    /// 0.0002 pixel of a 25-pixel radius), in layer points, clockwise on screen; continuous
    /// corners where `curve` asks for them and 1.528665 radii of each side fit.
    static func outline(
        _ rect: CGRect, radius: CGFloat, corners: CACornerMask, curve: CALayerCornerCurve = .circular
    ) -> [CGPoint] {
        let r = max(0, min(radius, min(rect.width, rect.height) / 2))
        if curve == .continuous, r > 0, r * 1.528665 <= min(rect.width, rect.height) / 2 {
            return continuousOutline(rect, radius: r, corners: corners)
        }
        let arcs: [(CACornerMask, CGPoint, CGFloat, CGPoint)] = [
            (.layerMinXMinYCorner, CGPoint(x: rect.minX + r, y: rect.minY + r), .pi, CGPoint(x: rect.minX, y: rect.minY)),
            (.layerMaxXMinYCorner, CGPoint(x: rect.maxX - r, y: rect.minY + r), 1.5 * .pi, CGPoint(x: rect.maxX, y: rect.minY)),
            (.layerMaxXMaxYCorner, CGPoint(x: rect.maxX - r, y: rect.maxY - r), 0, CGPoint(x: rect.maxX, y: rect.maxY)),
            (.layerMinXMaxYCorner, CGPoint(x: rect.minX + r, y: rect.maxY - r), 0.5 * .pi, CGPoint(x: rect.minX, y: rect.maxY)),
        ]
        var points: [CGPoint] = []
        for (corner, centre, start, square) in arcs {
            guard r > 0, corners.contains(corner) else {
                points.append(square)
                continue
            }
            for i in 0...128 {
                let angle = start + .pi / 2 * CGFloat(i) / 128
                points.append(CGPoint(x: centre.x + r * cos(angle), y: centre.y + r * sin(angle)))
            }
        }
        return points
    }

    /// The outline of `rect` with Apple's continuous corners of `radius` at `corners`: per
    /// corner three cubic Béziers from the curve's published measurements (in radii from the
    /// corner, along the side the path comes from and the side it goes to), each by 128 chords.
    static func continuousOutline(_ rect: CGRect, radius r: CGFloat, corners: CACornerMask) -> [CGPoint] {
        let cubics: [[(CGFloat, CGFloat)]] = [
            [(1.528665, 0), (1.088493, 0), (0.868407, 0), (0.631494, 0.074911)],
            [(0.631494, 0.074911), (0.372824, 0.169059), (0.169059, 0.372824), (0.074911, 0.631494)],
            [(0.074911, 0.631494), (0, 0.868407), (0, 1.088493), (0, 1.528665)],
        ]
        // Each corner, the direction back along the side the path comes from, and on.
        let places: [(CACornerMask, CGPoint, CGVector, CGVector)] = [
            (.layerMinXMinYCorner, CGPoint(x: rect.minX, y: rect.minY), CGVector(dx: 0, dy: 1), CGVector(dx: 1, dy: 0)),
            (.layerMaxXMinYCorner, CGPoint(x: rect.maxX, y: rect.minY), CGVector(dx: -1, dy: 0), CGVector(dx: 0, dy: 1)),
            (.layerMaxXMaxYCorner, CGPoint(x: rect.maxX, y: rect.maxY), CGVector(dx: 0, dy: -1), CGVector(dx: -1, dy: 0)),
            (.layerMinXMaxYCorner, CGPoint(x: rect.minX, y: rect.maxY), CGVector(dx: 1, dy: 0), CGVector(dx: 0, dy: -1)),
        ]
        var points: [CGPoint] = []
        for (corner, p, back, forward) in places {
            guard corners.contains(corner) else {
                points.append(p)
                continue
            }
            for cubic in cubics {
                for i in 0...128 {
                    let t = CGFloat(i) / 128, u = 1 - t
                    let w = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t]
                    let along = (0..<4).reduce(0) { $0 + w[$1] * cubic[$1].0 }
                    let across = (0..<4).reduce(0) { $0 + w[$1] * cubic[$1].1 }
                    points.append(
                        CGPoint(x: p.x + r * (along * back.dx + across * forward.dx), y: p.y + r * (along * back.dy + across * forward.dy)))
                }
            }
        }
        return points
    }

    /// The area of the pixel square at `x`, `y` inside the convex `polygon` (device pixels):
    /// the polygon clipped by the square's four sides, then the shoelace formula.
    static func area(of polygon: [CGPoint], inPixel x: Int, _ y: Int) -> Double {
        var points = polygon.map { (Double($0.x), Double($0.y)) }
        // Each side: how far a point is inside it.
        let sides: [((Double, Double)) -> Double] = [
            ({ $0.0 - Double(x) }), ({ Double(x + 1) - $0.0 }), ({ $0.1 - Double(y) }), ({ Double(y + 1) - $0.1 }),
        ]
        for side in sides {
            guard !points.isEmpty else { return 0 }
            var clipped: [(Double, Double)] = []
            for i in points.indices {
                let p = points[i], q = points[(i + 1) % points.count]
                let dp = side(p), dq = side(q)
                if dp >= 0 { clipped.append(p) }
                if (dp >= 0) != (dq >= 0) {
                    let t = dp / (dp - dq)
                    clipped.append((p.0 + t * (q.0 - p.0), p.1 + t * (q.1 - p.1)))
                }
            }
            points = clipped
        }
        guard points.count > 2 else { return 0 }
        var twice = 0.0
        for i in points.indices {
            let p = points[i], q = points[(i + 1) % points.count]
            twice += p.0 * q.1 - q.0 * p.1
        }
        return min(abs(twice) / 2, 1)
    }
}
