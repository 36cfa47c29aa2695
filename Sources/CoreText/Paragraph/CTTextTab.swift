import CoreGraphics
import Foundation

/// A tab stop of a Core Text paragraph style (`CTTextTab`), the element type of the
/// ``CTParagraphStyleSpecifier/tabStops`` setting's array.
public final class CTTextTab: @unchecked Sendable {
    /// The stop as a paragraph style keeps it.
    let tab: NSTextTab

    init(_ tab: NSTextTab) {
        self.tab = tab
    }
}

/// The option that makes a tab stop a decimal one (Core Text's
/// `kCTTabColumnTerminatorsAttributeName`): its value is a `CharacterSet`.
public let kCTTabColumnTerminatorsAttributeName: CFString = NSTextTab.OptionKey.columnTerminators.rawValue

/// A tab stop at `location` points placing the text after a tab by `alignment` (Core Text's
/// `CTTextTabCreate`); `options` may hold ``kCTTabColumnTerminatorsAttributeName``.
@discardableResult
public func CTTextTabCreate(_ alignment: CTTextAlignment, _ location: Double, _ options: [String: Any]?) -> CTTextTab {
    var tabOptions: [NSTextTab.OptionKey: Any] = [:]
    for (key, value) in options ?? [:] { tabOptions[NSTextTab.OptionKey(rawValue: key)] = value }
    return CTTextTab(NSTextTab(textAlignment: alignment.textAlignment, location: CGFloat(location), options: tabOptions))
}

/// How the stop places the text after a tab (Core Text's `CTTextTabGetAlignment`).
@discardableResult
public func CTTextTabGetAlignment(_ tab: CTTextTab) -> CTTextAlignment {
    CTTextAlignment(tab.tab.alignment)
}

/// Where the stop is, in points (Core Text's `CTTextTabGetLocation`).
@discardableResult
public func CTTextTabGetLocation(_ tab: CTTextTab) -> Double {
    Double(tab.tab.location)
}

/// The stop's options, nil when it has none (Core Text's `CTTextTabGetOptions`).
@discardableResult
public func CTTextTabGetOptions(_ tab: CTTextTab) -> [String: Any]? {
    tab.tab.options.isEmpty ? nil : Dictionary(uniqueKeysWithValues: tab.tab.options.map { ($0.key.rawValue, $0.value) })
}

extension CTTextAlignment {
    /// The alignment `alignment` is.
    init(_ alignment: NSTextAlignment) {
        switch alignment {
        case .left: self = .left
        case .right: self = .right
        case .center: self = .center
        case .justified: self = .justified
        case .natural: self = .natural
        }
    }

    /// The same alignment as an ``NSTextAlignment``.
    var textAlignment: NSTextAlignment {
        switch self {
        case .left: .left
        case .right: .right
        case .center: .center
        case .justified: .justified
        case .natural: .natural
        }
    }
}
