import CoreGraphics

/// The kinds of user-interface font Core Text hands out (Core Text's `CTFontUIFontType`),
/// for ``CTFontCreateUIFontForLanguage(_:_:_:)``.
public enum CTFontUIFontType: UInt32, Sendable {
    /// No user-interface font: ``CTFontCreateUIFontForLanguage(_:_:_:)`` returns nil.
    case none = 0xFFFF_FFFF
    /// The default font for user text (12 points).
    case user = 0
    /// The default fixed-pitch font for user text (10 points).
    case userFixedPitch = 1
    /// The system font (13 points).
    case system = 2
    /// The bold system font (13 points).
    case emphasizedSystem = 3
    /// The small system font (11 points).
    case smallSystem = 4
    /// The bold small system font (11 points).
    case smallEmphasizedSystem = 5
    /// The mini system font (9 points).
    case miniSystem = 6
    /// The bold mini system font (9 points).
    case miniEmphasizedSystem = 7
    /// The font of views such as lists and tables (12 points).
    case views = 8
    /// The default font of applications' documents (12 points).
    case application = 9
    /// The font of labels (10 points).
    case label = 10
    /// The font of menu titles (14 points).
    case menuTitle = 11
    /// The font of menu items (14 points).
    case menuItem = 12
    /// The font of menu item marks (14 points).
    case menuItemMark = 13
    /// The font of menu items' key equivalents (14 points).
    case menuItemCmdKey = 14
    /// The font of window titles (13 points).
    case windowTitle = 15
    /// The font of push buttons (13 points).
    case pushButton = 16
    /// The font of utility windows' titles (11 points).
    case utilityWindowTitle = 17
    /// The bold font of alert headers (13 points).
    case alertHeader = 18
    /// The font of system details (9 points, as the mini system font).
    case systemDetail = 19
    /// The bold font of system details (9 points).
    case emphasizedSystemDetail = 20
    /// The font of toolbars (11 points).
    case toolbar = 21
    /// The font of small toolbars (10 points).
    case smallToolbar = 22
    /// The font of messages (13 points).
    case message = 23
    /// The font of tool palettes (11 points).
    case palette = 24
    /// The font of tool tips (11 points).
    case toolTip = 25
    /// The font of controls' content (13 points).
    case controlContent = 26

    /// The size a font of this kind has when 0 is asked for: macOS's sizes for the kind
    /// (the system font's 13 points, the small system font's 11, the mini's 9, …).
    var defaultSize: CGFloat {
        switch self {
        case .none, .user, .views, .application: 12
        case .userFixedPitch, .label, .smallToolbar: 10
        case .system, .emphasizedSystem, .windowTitle, .pushButton, .alertHeader, .message, .controlContent: 13
        case .smallSystem, .smallEmphasizedSystem, .utilityWindowTitle, .toolbar, .palette, .toolTip: 11
        case .miniSystem, .miniEmphasizedSystem, .systemDetail, .emphasizedSystemDetail: 9
        case .menuTitle, .menuItem, .menuItemMark, .menuItemCmdKey: 14
        }
    }

    /// The font name Lamina draws a font of this kind with: the system font (San Francisco,
    /// drawn in Inter, else fontconfig's sans-serif), in bold for the emphasized kinds and alert headers, Menlo (fontconfig's
    /// monospace) for fixed-pitch user text, Helvetica for user text.
    var fontName: String {
        switch self {
        case .user, .application: FontResolution.defaultFontName
        case .userFixedPitch: "Menlo"
        case .emphasizedSystem, .smallEmphasizedSystem, .miniEmphasizedSystem, .emphasizedSystemDetail, .alertHeader:
            ".AppleSystemUIFont-Bold"
        default: ".AppleSystemUIFont"
        }
    }
}

/// The user-interface font of `uiType` at `size` points — 0 (or a size that is negative or
/// not finite) for the kind's own size — for `language` (Core Text's
/// `CTFontCreateUIFontForLanguage`). Nil for ``CTFontUIFontType/none``. Lamina draws the
/// system kinds in San Francisco's stand-in, Inter (fontconfig's sans-serif family where it is
/// not installed; bold for the emphasized kinds), and
/// ignores the language: fontconfig falls back per character for scripts the family lacks.
@discardableResult
public func CTFontCreateUIFontForLanguage(_ uiType: CTFontUIFontType, _ size: CGFloat, _ language: CFString?) -> CTFont? {
    guard uiType != .none else { return nil }
    return CTFont(name: uiType.fontName, size: size.isFinite && size > 0 ? size : uiType.defaultSize)
}
