import CoreGraphics

/// A paragraph's indents, in points from the left edge of the box its lines wrap in (Core
/// Text's first-line head, head and tail indents, for left-to-right text).
package struct TextIndents: Sendable, Equatable {
    /// Where the paragraph's first line starts.
    package var firstLine: CGFloat = 0
    /// Where its other lines start.
    package var head: CGFloat = 0
    /// Where its lines end: this far from the left edge when positive, this far in from the
    /// right edge when 0 or negative.
    package var tail: CGFloat = 0

    /// No indents: lines fill the box.
    package init() {}

    /// Indents with these values; negative head indents and values that are not finite are 0.
    package init(firstLine: CGFloat, head: CGFloat, tail: CGFloat) {
        self.firstLine = firstLine.isFinite ? min(max(firstLine, 0), 1_000_000) : 0
        self.head = head.isFinite ? min(max(head, 0), 1_000_000) : 0
        self.tail = tail.isFinite ? min(max(tail, -1_000_000), 1_000_000) : 0
    }

    /// Whether every indent is 0.
    package var isZero: Bool { firstLine == 0 && head == 0 && tail == 0 }

    /// Where a line starts: the first line's indent for a paragraph's first line, else the head indent.
    package func start(ofParagraphStart startsParagraph: Bool) -> CGFloat {
        startsParagraph ? firstLine : head
    }

    /// Where lines end in a box `width` wide (infinite when the box has no width and the
    /// tail is measured from its right edge).
    package func end(inWidth width: CGFloat) -> CGFloat {
        tail > 0 ? tail : width + tail
    }
}

/// Where a tab stop puts the text after a tab.
package enum TextTabAlignment: Sendable, Equatable {
    /// The text starts at the stop.
    case left
    /// The text ends at the stop.
    case right
    /// The text is centred on the stop.
    case center
    /// The text's decimal separator is at the stop.
    case decimal
}

/// A paragraph's tab stops, in points from the left edge of the box its lines are in.
package struct TextTabs: Sendable, Equatable {
    /// One stop.
    package struct Stop: Sendable, Equatable {
        /// Where it is.
        package var location: CGFloat
        /// How it places the text after the tab.
        package var alignment: TextTabAlignment

        /// A stop with these values.
        package init(location: CGFloat, alignment: TextTabAlignment) {
            self.location = location
            self.alignment = alignment
        }
    }

    /// The stops, by location.
    package var stops: [Stop]
    /// The distance between the stops after the last one; 0 repeats the distance between the
    /// last two (or from the edge to the only one).
    package var interval: CGFloat

    /// Core Text's default: 12 left stops 28 points apart, then every 28 points.
    package static let coreTextDefault = TextTabs(
        stops: (1...12).map { Stop(location: 28 * CGFloat($0), alignment: .left) }, interval: 0)

    /// Tabs with these stops (sorted by location; those not finite or not after the edge left
    /// out, at most 1,000) and interval (not finite or not positive is 0).
    package init(stops: [Stop], interval: CGFloat) {
        self.stops = stops.filter { $0.location.isFinite && $0.location > 0 && $0.location < 1_000_000 }
            .prefix(1_000).sorted { $0.location < $1.location }
        self.interval = interval.isFinite && interval > 0 ? min(interval, 1_000_000) : 0
    }
}

/// The direction a paragraph's lines run in, which orders its mixed-direction text and
/// decides which side natural alignment starts from.
package enum TextDirection: Sendable, Equatable {
    /// Left to right.
    case leftToRight
    /// Right to left.
    case rightToLeft
}
