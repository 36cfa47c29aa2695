import CPangoCairo
import CoreGraphics

extension TextLayout {
    /// Where a layout's indented lines go. Pango indents one kind of line (a paragraph's first
    /// lines, or its others) by the difference of the first-line and head indents, from the
    /// layout's left edge, which is placed at the smaller of the two; it moves lines aligned
    /// right left by that indent and ignores it for centred lines. Core Text aligns a line
    /// between its own start and the tail, so those lines are moved back.
    struct Indentation {
        /// Where the layout's left edge is in the box.
        let left: CGFloat
        /// How much further right the indented lines start.
        let amount: CGFloat
        /// Whether a paragraph's first lines are the indented ones (else its other lines are).
        let indentsFirstLines: Bool
        /// How the lines are aligned.
        let alignment: TextLineAlignment

        init(_ indents: TextIndents, left: CGFloat, alignment: TextLineAlignment) {
            self.left = left
            amount = abs(indents.firstLine - indents.head)
            indentsFirstLines = indents.firstLine > indents.head
            self.alignment = alignment
        }

        /// How far right of where Pango placed it `line` is in the box.
        func shift(of line: UnsafeMutablePointer<PangoLayoutLine>) -> CGFloat {
            guard amount > 0, (pango_layout_line_is_paragraph_start(line) != 0) == indentsFirstLines else { return left }
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
    static func lineBox(ofWidth width: CGFloat, indents: TextIndents) -> (left: CGFloat, width: CGFloat) {
        guard !indents.isZero else { return (0, width) }
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
