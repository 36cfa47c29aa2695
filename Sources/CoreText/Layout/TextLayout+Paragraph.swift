import CPangoCairo
import CoreGraphics

extension TextLayout {
    /// Where a layout's indented lines go. Pango indents one kind of line (a paragraph's first
    /// lines, or its others) by the difference of the first-line and head indents, from the
    /// layout's left edge, which is placed at the smaller of the two; it moves lines aligned
    /// right left by that indent and ignores it for centred lines. Core Text aligns a line
    /// between its own start and the tail, so those lines are moved back. In a right-to-left
    /// paragraph the indents are measured from the right edge and the tail from the left: the
    /// layout's right edge is at the smaller start, and lines aligned right are where Pango
    /// put them, centred and left ones moved back.
    struct Indentation {
        /// Where the layout's left edge is in the box.
        let left: CGFloat
        /// How much further right the indented lines start.
        let amount: CGFloat
        /// Whether a paragraph's first lines are the indented ones (else its other lines are).
        let indentsFirstLines: Bool
        /// How the lines are aligned.
        let alignment: TextLineAlignment
        /// Whether the indents are measured from the right edge.
        let rightToLeft: Bool

        init(_ indents: TextIndents, left: CGFloat, alignment: TextLineAlignment, rightToLeft: Bool = false) {
            self.left = left
            amount = abs(indents.firstLine - indents.head)
            indentsFirstLines = indents.firstLine > indents.head
            self.alignment = alignment
            self.rightToLeft = rightToLeft
        }

        /// How far right of where Pango placed it `line` is in the box.
        func shift(of line: UnsafeMutablePointer<PangoLayoutLine>) -> CGFloat {
            guard amount > 0, (pango_layout_line_is_paragraph_start(line) != 0) == indentsFirstLines else { return left }
            if rightToLeft {
                switch alignment {
                case .natural, .justified, .right: return left
                case .center: return left - amount / 2
                case .left: return left - amount
                }
            }
            switch alignment {
            case .right: return left + amount
            case .center: return left + amount / 2
            case .left, .natural, .justified: return left
            }
        }
    }

    /// Where lines with `indents` wrap in a box `width` wide: the left edge of the layout
    /// (the smaller start) and its width (to the tail; infinite when the box has none, and
    /// the box's own when it is not positive and the tail is measured from its right edge).
    static func lineBox(ofWidth width: CGFloat, indents: TextIndents, rightToLeft: Bool = false) -> (left: CGFloat, width: CGFloat) {
        guard !indents.isZero else { return (0, width) }
        if rightToLeft, width.isFinite, width > 0 {
            // Mirrored: starts from the right edge, the tail from the left.
            let right = width - min(indents.firstLine, indents.head)
            let left = indents.tail > 0 ? width - indents.tail : -indents.tail
            return (left, max(right - left, 1 / CGFloat(lamina_pango_scale())))
        }
        let left = min(indents.firstLine, indents.head)
        guard width > 0 || indents.tail > 0 else { return (left, width) }
        let end = indents.end(inWidth: width)
        // Indents that leave no room wrap every character onto its own line, as a narrow box does.
        return (left, end.isFinite ? max(end - left, 1 / CGFloat(lamina_pango_scale())) : end)
    }

    /// Sets `tabs`, measured from the box's left edge, on a layout whose lines start `left`
    /// into the box (Pango measures stops from a line's start). Stops at or left of the start
    /// are dropped; an interval adds the first two left stops it puts after the last one, which
    /// Pango then repeats.
    static func setTabs(_ tabs: TextTabs, from left: CGFloat, on layout: OpaquePointer) {
        var stops = tabs.stops.filter { $0.location > left }
        if tabs.interval > 0 {
            let last = stops.last?.location ?? left
            let next = (last / tabs.interval).rounded(.down) * tabs.interval + tabs.interval
            stops += [next, next + tabs.interval].map { TextTabs.Stop(location: $0, alignment: .left) }
        }
        guard !stops.isEmpty, let array = pango_tab_array_new(Int32(stops.count), 0) else { return }
        defer { pango_tab_array_free(array) }
        for (index, stop) in stops.enumerated() {
            pango_tab_array_set_tab(array, Int32(index), Self.pangoTabAlign(stop.alignment), units(stop.location - left))
        }
        pango_layout_set_tabs(layout, array)
    }

    private static func pangoTabAlign(_ alignment: TextTabAlignment) -> PangoTabAlign {
        switch alignment {
        case .left: PANGO_TAB_LEFT
        case .right: PANGO_TAB_RIGHT
        case .center: PANGO_TAB_CENTER
        case .decimal: PANGO_TAB_DECIMAL
        }
    }
}
