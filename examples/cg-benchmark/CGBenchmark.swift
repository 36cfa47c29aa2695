// Fills and strokes the same 1000 paths (rounded rectangles and curves) in a 1920×1080
// ARGB bitmap through Lamina's CGContext and through cairo directly, and prints the
// per-frame times and their ratio. Run a release build:
//
//     swift build -c release --product cg-benchmark && .build/release/cg-benchmark [frames] [rounds]

import CCairo
import CoreGraphics
import Foundation

let width = 1920
let height = 1080
let pathCount = 1000
let arguments = CommandLine.arguments
let framesPerRound = arguments.count > 1 ? max(1, Int(arguments[1]) ?? 10) : 10
let rounds = arguments.count > 2 ? max(1, Int(arguments[2]) ?? 5) : 5

/// One path in both representations: a `CGPath` and the same elements as a flat list for cairo.
struct Shape {
    let path: CGPath
    /// (kind, points): 0 move, 1 line, 2 cubic, 3 close.
    let ops: [(Int, [Double])]
    let fill: (Double, Double, Double, Double)
    let stroke: (Double, Double, Double, Double)
}

/// A deterministic pseudo-random generator (64-bit LCG).
struct Generator {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    mutating func next(_ range: ClosedRange<Double>) -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let unit = Double(state >> 11) / Double(1 << 53)
        return range.lowerBound + unit * (range.upperBound - range.lowerBound)
    }
}

func makeShapes() -> [Shape] {
    var random = Generator()
    var shapes: [Shape] = []
    for index in 0..<pathCount {
        let path = CGMutablePath()
        let x = random.next(0...1860), y = random.next(0...1020)
        if index % 2 == 0 {
            let w = random.next(20...60), h = random.next(20...60)
            path.addRoundedRect(in: CGRect(x: x, y: y, width: w, height: h), cornerWidth: 8, cornerHeight: 8)
        } else {
            path.move(to: CGPoint(x: x, y: y))
            path.addCurve(
                to: CGPoint(x: x + 50, y: y + 10), control1: CGPoint(x: x + 10, y: y + 60),
                control2: CGPoint(x: x + 40, y: y - 30))
            path.addCurve(
                to: CGPoint(x: x, y: y + 40), control1: CGPoint(x: x + 70, y: y + 50),
                control2: CGPoint(x: x + 20, y: y + 70))
            path.closeSubpath()
        }
        var ops: [(Int, [Double])] = []
        path.applyWithBlock { element in
            let e = element.pointee
            switch e.type {
            case .moveToPoint: ops.append((0, [Double(e.points[0].x), Double(e.points[0].y)]))
            case .addLineToPoint: ops.append((1, [Double(e.points[0].x), Double(e.points[0].y)]))
            case .addCurveToPoint:
                ops.append((2, (0..<3).flatMap { [Double(e.points[$0].x), Double(e.points[$0].y)] }))
            case .addQuadCurveToPoint: break  // not generated
            case .closeSubpath: ops.append((3, []))
            }
        }
        shapes.append(
            Shape(
                path: path, ops: ops,
                fill: (random.next(0...1), random.next(0...1), random.next(0...1), random.next(0.3...1)),
                stroke: (random.next(0...1), random.next(0...1), random.next(0...1), 1)))
    }
    return shapes
}

func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
}

/// Draws one frame through Lamina's CGContext.
func drawFrame(_ context: CGContext, _ shapes: [Shape]) {
    context.clear(CGRect(x: 0, y: 0, width: width, height: height))
    context.setLineWidth(2)
    for shape in shapes {
        context.setFillColor(red: shape.fill.0, green: shape.fill.1, blue: shape.fill.2, alpha: shape.fill.3)
        context.addPath(shape.path)
        context.fillPath()
        context.setStrokeColor(red: shape.stroke.0, green: shape.stroke.1, blue: shape.stroke.2, alpha: shape.stroke.3)
        context.addPath(shape.path)
        context.strokePath()
    }
}

/// Draws the same frame with cairo calls only, in the same y-up space.
func drawFrame(_ cr: OpaquePointer, _ shapes: [Shape]) {
    cairo_save(cr)
    cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
    cairo_paint(cr)
    cairo_restore(cr)
    cairo_set_line_width(cr, 2)
    for shape in shapes {
        for pass in 0..<2 {
            for (kind, p) in shape.ops {
                switch kind {
                case 0: cairo_move_to(cr, p[0], p[1])
                case 1: cairo_line_to(cr, p[0], p[1])
                case 2: cairo_curve_to(cr, p[0], p[1], p[2], p[3], p[4], p[5])
                default: cairo_close_path(cr)
                }
            }
            if pass == 0 {
                cairo_set_source_rgba(cr, shape.fill.0, shape.fill.1, shape.fill.2, shape.fill.3)
                cairo_fill(cr)
            } else {
                cairo_set_source_rgba(cr, shape.stroke.0, shape.stroke.1, shape.stroke.2, shape.stroke.3)
                cairo_stroke(cr)
            }
        }
    }
}

let shapes = makeShapes()
guard
    let context = CGContext(
        data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
        space: CGColorSpaceCreateDeviceRGB(),
        bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
else {
    print("cg-benchmark: cannot create a \(width)×\(height) context")
    exit(1)
}
let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
    print("cg-benchmark: cannot create a cairo surface")
    exit(1)
}
var flip = cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: -1, x0: 0, y0: Double(height))
cairo_set_matrix(cr, &flip)

// Warm up both paths once.
drawFrame(context, shapes)
drawFrame(cr, shapes)

// Frames alternate between the two so both see the same machine load; each round's
// figure is its mean frame time, and the medians of the rounds are compared.
var laminaTimes: [Double] = []
var cairoTimes: [Double] = []
for _ in 0..<rounds {
    var lamina = 0.0
    var direct = 0.0
    for _ in 0..<framesPerRound {
        var start = now()
        drawFrame(context, shapes)
        lamina += now() - start
        start = now()
        drawFrame(cr, shapes)
        direct += now() - start
    }
    laminaTimes.append(lamina / Double(framesPerRound))
    cairoTimes.append(direct / Double(framesPerRound))
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

let lamina = median(laminaTimes)
let direct = median(cairoTimes)
print("cg-benchmark: \(pathCount) paths filled and stroked, \(width)×\(height) ARGB, \(rounds) rounds × \(framesPerRound) frames")
print(String(format: "  CGContext     %.2f ms/frame (rounds: %@)", lamina, laminaTimes.map { String(format: "%.2f", $0) }.joined(separator: " ")))
print(String(format: "  cairo direct  %.2f ms/frame (rounds: %@)", direct, cairoTimes.map { String(format: "%.2f", $0) }.joined(separator: " ")))
print(String(format: "  ratio         %.3f (CGContext / cairo; overhead %+.1f%%)", lamina / direct, (lamina / direct - 1) * 100))
cairo_destroy(cr)
cairo_surface_destroy(surface)
