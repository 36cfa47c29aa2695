import Lamina

/// Draws numbers as seven-segment digits (CoreGraphics has no text yet): the plot's
/// tick labels. `origin` is the bottom-left of the first digit; digits are `height` tall.
func drawSegmentNumber(_ text: String, at origin: CGPoint, height: CGFloat, in context: CGContext) {
    // Segments: a top, b top right, c bottom right, d bottom, e bottom left, f top left, g middle.
    let segments: [Character: String] = [
        "0": "abcdef", "1": "bc", "2": "abged", "3": "abgcd", "4": "fgbc", "5": "afgcd", "6": "afgedc",
        "7": "abc", "8": "abcdefg", "9": "abcdfg", "-": "g",
    ]
    let width = height / 2, advance = height * 0.8
    var x = origin.x
    for character in text {
        let (left, right) = (x, x + width)
        let (bottom, middle, top) = (origin.y, origin.y + height / 2, origin.y + height)
        if character == "." {
            context.fill(CGRect(x: x, y: bottom, width: 2, height: 2))
            x += height * 0.4
            continue
        }
        var points: [CGPoint] = []
        for segment in segments[character] ?? "" {
            switch segment {
            case "a": points += [CGPoint(x: left, y: top), CGPoint(x: right, y: top)]
            case "b": points += [CGPoint(x: right, y: top), CGPoint(x: right, y: middle)]
            case "c": points += [CGPoint(x: right, y: middle), CGPoint(x: right, y: bottom)]
            case "d": points += [CGPoint(x: left, y: bottom), CGPoint(x: right, y: bottom)]
            case "e": points += [CGPoint(x: left, y: middle), CGPoint(x: left, y: bottom)]
            case "f": points += [CGPoint(x: left, y: top), CGPoint(x: left, y: middle)]
            default: points += [CGPoint(x: left, y: middle), CGPoint(x: right, y: middle)]
            }
        }
        context.strokeLineSegments(between: points)
        x += advance
    }
}
