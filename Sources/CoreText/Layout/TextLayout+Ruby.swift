import CPangoCairo
import CoreGraphics

extension TextLayout {
    /// A run's ruby text and the metrics it is placed by.
    struct RunRuby {
        /// The base run's bytes.
        var bytes: Range<Int>
        /// The ruby text.
        var ruby: TextRuby
        /// How far the base's font reaches above its baseline (raised by the run's baseline
        /// offset) and below it: the ruby text stands on (hangs from) that edge.
        var baseAscent: CGFloat
        var baseDescent: CGFloat
        /// The ruby font's ascent and descent.
        var ascent: CGFloat
        var descent: CGFloat
    }

    /// The ruby texts of `runs`, with their fonts' metrics.
    static func rubies(of runs: [TextStyleRun]) -> [RunRuby] {
        var rubies: [RunRuby] = []
        var start = 0
        for run in runs {
            defer { start += run.utf8Length }
            guard !run.rubies.isEmpty, run.utf8Length > 0 else { continue }
            let base = CTFontCreateWithName(run.fontName, run.fontSize, nil)
            for ruby in run.rubies {
                let font = CTFontCreateWithName(ruby.fontName, ruby.fontSize, nil)
                rubies.append(
                    RunRuby(
                        bytes: start..<start + run.utf8Length, ruby: ruby,
                        baseAscent: CTFontGetAscent(base) + run.baselineOffset,
                        baseDescent: CTFontGetDescent(base) - run.baselineOffset, ascent: CTFontGetAscent(font),
                        descent: CTFontGetDescent(font)))
            }
        }
        return rubies
    }

    /// Whether a line of `bytes` holds the ruby text of `ruby`: the line its base starts on.
    private static func holds(_ ruby: RunRuby, lineOf bytes: Range<Int>) -> Bool {
        bytes.contains(ruby.bytes.lowerBound)
    }

    /// Makes each line holding ruby text reach high enough above its baseline for the ruby texts
    /// over its bases (low enough below for those under them), moving the lines below down by
    /// what that adds.
    func makeRoomForRubies(_ lines: inout [Line]) {
        Self.restack(&lines) { index, lines in
            var ascent = lines[index].ascent
            var descent = lines[index].descent
            for ruby in rubies where Self.holds(ruby, lineOf: lines[index].utf8Range) {
                let height = ruby.ascent + ruby.descent
                if ruby.ruby.isAbove {
                    ascent = max(ascent, ruby.baseAscent + height)
                } else {
                    descent = max(descent, ruby.baseDescent + height)
                }
            }
            return (ascent, descent)
        }
    }

    /// Draws the ruby texts over (and under) the bases `line` holds, in the context's user space
    /// at the line's origin on its baseline.
    func drawRubies(of line: UnsafeMutablePointer<PangoLayoutLine>, on cr: OpaquePointer) {
        let lineBytes = Self.bytes(of: line)
        for ruby in rubies where Self.holds(ruby, lineOf: lineBytes) {
            let first = offset(ofByte: ruby.bytes.lowerBound, in: line)
            let last = offset(ofByte: min(ruby.bytes.upperBound, lineBytes.upperBound), in: line)
            let base = (left: min(first, last), right: max(first, last))
            var ascent = ruby.ascent
            var descent = ruby.descent
            var size = ruby.ruby.fontSize
            // Laid out at its own size first; again only where it is shrunk or spread.
            var laid = Self.layout(of: ruby.ruby, size: size, kern: 0, on: cr, paint: rubyPaint)
            var width = laid?.lines.first?.width ?? 0
            let baseWidth = base.right - base.left
            if ruby.ruby.scalesToFit, width > baseWidth, width > 0 {
                let scale = baseWidth / width
                size *= scale
                ascent *= scale
                descent *= scale
                width *= scale
            }
            // Spread over a wider base: a kern after each character.
            let characters = ruby.ruby.text.count
            var kern: CGFloat = 0
            var x = base.left + (baseWidth - width) / 2
            if width < baseWidth {
                let lineEnd = offset(ofByte: lineBytes.upperBound, in: line)
                switch ruby.ruby.alignment {
                case .start: x = first <= last ? base.left : base.right - width
                case .end: x = first <= last ? base.right - width : base.left
                case .distributeLetter where characters > 1:
                    kern = (baseWidth - width) / CGFloat(characters - 1)
                    x = base.left
                case .distributeSpace:
                    kern = (baseWidth - width) / CGFloat(max(characters, 1))
                    x = base.left + kern / 2
                case .lineEdge where base.left <= 0: x = base.left
                case .lineEdge where base.right >= lineEnd: x = base.right - width
                default: break
                }
            }
            if size != ruby.ruby.fontSize || kern != 0 {
                laid = Self.layout(of: ruby.ruby, size: size, kern: kern, on: cr, paint: rubyPaint)
            }
            guard let laid else { continue }
            let baseline = ruby.ruby.isAbove ? -(ruby.baseAscent + descent) : ruby.baseDescent + ascent
            let lines = laid.lines
            guard let firstLine = lines.first else { continue }
            laid.show(
                lines: 0..<1, of: lines, on: cr,
                at: CGPoint(x: x - firstLine.x - laid.originOffsetX, y: baseline - firstLine.baseline))
        }
    }

    /// The run a ruby text is laid out as, at `size` points with `kern`.
    private static func run(of ruby: TextRuby, size: CGFloat, kern: CGFloat) -> TextStyleRun {
        TextStyleRun(
            utf8Length: ruby.text.utf8.count, fontName: ruby.fontName, fontSize: size, foregroundColor: ruby.color,
            kern: kern)
    }

    /// `ruby` laid out on one line at `size` points with `kern`, on `cr`.
    private static func layout(
        of ruby: TextRuby, size: CGFloat, kern: CGFloat, on cr: OpaquePointer, paint: (alpha: CGFloat, colorSpace: CGColorSpace?)
    ) -> TextLayout? {
        TextLayout(
            ruby.text, runs: [run(of: ruby, size: size, kern: kern)], options: TextLayoutOptions(), on: cr,
            in: CGSize(width: CGFloat.infinity, height: .infinity), alpha: paint.alpha, colorSpace: paint.colorSpace)
    }
}
