import QuartzCore

/// An AT-SPI role: what kind of object an accessible is (`AtspiRole` in at-spi2-core's
/// `atspi-constants.h`; the numbers are the protocol's).
struct ATSPIRole: RawRepresentable, Hashable, Sendable {
    let rawValue: UInt32

    init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    static let frame = ATSPIRole(rawValue: 23)
    static let image = ATSPIRole(rawValue: 27)
    static let label = ATSPIRole(rawValue: 29)
    static let menu = ATSPIRole(rawValue: 33)
    static let pageTabList = ATSPIRole(rawValue: 38)
    static let panel = ATSPIRole(rawValue: 39)
    static let popupMenu = ATSPIRole(rawValue: 41)
    static let pushButton = ATSPIRole(rawValue: 43)
    static let slider = ATSPIRole(rawValue: 51)
    static let toggleButton = ATSPIRole(rawValue: 62)
    static let toolTip = ATSPIRole(rawValue: 64)
    static let application = ATSPIRole(rawValue: 75)
    static let entry = ATSPIRole(rawValue: 79)
    static let heading = ATSPIRole(rawValue: 83)
    static let link = ATSPIRole(rawValue: 88)

    /// The role's name as AT-SPI spells it (`GetRoleName`).
    var name: String {
        switch self {
        case .frame: "frame"
        case .image: "image"
        case .label: "label"
        case .menu: "menu"
        case .pageTabList: "page tab list"
        case .panel: "panel"
        case .popupMenu: "popup menu"
        case .pushButton: "push button"
        case .slider: "slider"
        case .toggleButton: "toggle button"
        case .toolTip: "tool tip"
        case .application: "application"
        case .entry: "entry"
        case .heading: "heading"
        case .link: "link"
        default: "unknown"
        }
    }

    /// The role of an element with these traits: the first of adjustable (slider), toggle
    /// button, button or keyboard key (push button), link, search field (entry), header
    /// (heading), tab bar (page tab list), image, that applies; else a label (static text,
    /// or an element described by its label alone).
    init(traits: UIAccessibilityTraits) {
        if traits.contains(.adjustable) {
            self = .slider
        } else if traits.contains(.toggleButton) {
            self = .toggleButton
        } else if !traits.isDisjoint(with: [.button, .keyboardKey]) {
            self = .pushButton
        } else if traits.contains(.link) {
            self = .link
        } else if traits.contains(.searchField) {
            self = .entry
        } else if traits.contains(.header) {
            self = .heading
        } else if traits.contains(.tabBar) {
            self = .pageTabList
        } else if traits.contains(.image) {
            self = .image
        } else {
            self = .label
        }
    }
}
