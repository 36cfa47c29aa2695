/// One edit the porting command made: where, the text before and after, and why.
public struct PortChange: Equatable, Sendable {
    /// The kind of edit (the porting guide's row it comes from).
    public var kind: PortEditKind
    /// The 1-based line and column of the edited text in the original file.
    public var line: Int
    public var column: Int
    /// The edited text before and after (`after` is empty for a removal).
    public var before: String
    public var after: String
    /// Why Lamina needs the edit.
    public var reason: String
}

/// Something the porting command found but could not edit: what, why, and what a person must do.
public struct PortNote: Equatable, Sendable {
    /// The 1-based line and column of the construct in the original file.
    public var line: Int
    public var column: Int
    /// The construct as written.
    public var construct: String
    /// Why it does not work on Linux and what to do instead.
    public var why: String
    public var todo: String
}

/// The kinds of mechanical edits, one per rewriter.
public enum PortEditKind: String, Sendable, CaseIterable {
    case keyPath = "#keyPath"
    case objectiveCAttribute = "Objective-C attribute"
    case managedProperty = "@CAManaged"
    case layerInitializer = "init(layer:)"
    case moduleImport = "import"
    case bridgingCast = "bridging cast"
    case displayLink = "CADisplayLink"
    case delegateConformance = "delegate conformance"
    case qualifiedName = "qualified name"
    case uikitValue = "UIKit value"
    case foundationInitializer = "Foundation initializer"
    /// Shared static state marked `nonisolated(unsafe)`, as Swift 6's language mode needs.
    case sharedState = "shared state"
    /// `self` captured by a dispatch queue's closure or a timer's block, read through an
    /// unchecked reference.
    case dispatchCapture = "dispatch capture"
    /// A space between a modifier's name and its parenthesis (`private (set)`)
    /// removed, as Swift 6's language mode needs.
    case modifierSpacing = "modifier spacing"
}

/// A file the source could not be parsed as Swift: the first place the parser stopped understanding it.
public struct PortParseError: Error, Equatable, Sendable {
    public var line: Int
    public var column: Int
    /// The text the parser could not read (or what it expected there).
    public var message: String
}

/// One Swift file, as read and as ported.
public struct PortedFile: Sendable {
    /// The path given for the file (reports name it so).
    public var path: String
    public var original: String
    /// The ported text (the original text when there was nothing to change or it did not parse).
    public var ported: String
    public var changes: [PortChange]
    public var notes: [PortNote]
    /// Set when the file did not parse; it is then left unchanged.
    public var parseError: PortParseError?

    /// Whether porting changed the file's text.
    public var isChanged: Bool { ported != original }
}
