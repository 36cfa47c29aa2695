/// A set of AT-SPI states (`AtspiStateType` in at-spi2-core's `atspi-constants.h`): bit n
/// is state n, sent as two 32-bit words by `GetState`.
struct ATSPIStateSet: OptionSet, Hashable, Sendable {
    let rawValue: UInt64

    static let active = ATSPIStateSet(rawValue: 1 << 1)
    static let checked = ATSPIStateSet(rawValue: 1 << 4)
    static let enabled = ATSPIStateSet(rawValue: 1 << 8)
    static let focusable = ATSPIStateSet(rawValue: 1 << 11)
    static let focused = ATSPIStateSet(rawValue: 1 << 12)
    static let modal = ATSPIStateSet(rawValue: 1 << 16)
    static let multiLine = ATSPIStateSet(rawValue: 1 << 17)
    static let resizable = ATSPIStateSet(rawValue: 1 << 21)
    static let selectable = ATSPIStateSet(rawValue: 1 << 22)
    static let selected = ATSPIStateSet(rawValue: 1 << 23)
    static let sensitive = ATSPIStateSet(rawValue: 1 << 24)
    static let showing = ATSPIStateSet(rawValue: 1 << 25)
    static let visible = ATSPIStateSet(rawValue: 1 << 30)
    static let readOnly = ATSPIStateSet(rawValue: 1 << 43)

    /// The states whose changes are sent as `StateChanged` events, with their AT-SPI names.
    static let announced: [(state: ATSPIStateSet, name: String)] = [
        (.active, "active"), (.checked, "checked"), (.enabled, "enabled"), (.focusable, "focusable"),
        (.focused, "focused"), (.modal, "modal"), (.selected, "selected"), (.sensitive, "sensitive"),
        (.showing, "showing"), (.visible, "visible"),
    ]

    /// The two words `GetState` answers: states 0…31, then 32…63.
    var words: [UInt32] {
        [UInt32(truncatingIfNeeded: rawValue), UInt32(truncatingIfNeeded: rawValue >> 32)]
    }
}
