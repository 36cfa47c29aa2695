import SwiftParser
import SwiftSyntax

/// A source text edit: replace the UTF-8 byte range with `replacement`.
struct TextEdit {
    var range: Range<Int>
    var replacement: String
    /// Whether it removes text moved elsewhere (``PortingSourceFile/removeMember(_:kind:reason:movedElsewhere:)``):
    /// it removes the text from where it was, not from the placeholder that moves it.
    var removesMovedText = false
}

/// One file being ported: its parsed tree, and the edits and notes the rewriters collect
/// against its original text (so every report names the original line).
final class PortingSourceFile {
    let path: String
    let text: String
    let bytes: [UInt8]
    let tree: SourceFileSyntax
    let converter: SourceLocationConverter
    let context: PortingContext
    private(set) var edits: [TextEdit] = []
    private(set) var changes: [PortChange] = []
    private(set) var notes: [PortNote] = []
    /// The declarations the passes add to the file once (``declaresOnce(_:)``).
    private var declaredOnce: Set<String> = []
    /// The ranges ``placeholder(for:)`` stands in for, by number, the indentation each adds to
    /// its lines after the first, and how many leading spaces it takes from them.
    private var placeholderRanges: [(range: Range<Int>, indentation: String, outdent: Int)] = []
    /// What marks a placeholder's number in a replacement (the object replacement character,
    /// which source text does not hold).
    private static let placeholderMark = "\u{FFFC}"

    init(path: String, text: String, tree: SourceFileSyntax, context: PortingContext) {
        self.path = path
        self.text = text
        self.bytes = Array(text.utf8)
        self.tree = tree
        self.converter = SourceLocationConverter(fileName: path, tree: tree)
        self.context = context
    }

    /// The node's text without its leading and trailing trivia.
    func trimmedRange(_ node: some SyntaxProtocol) -> Range<Int> {
        Self.trimmedRange(node)
    }

    /// The UTF-8 offsets of `node`'s text without its leading and trailing trivia (for the
    /// passes that work out ranges before they have the file).
    static func trimmedRange(_ node: some SyntaxProtocol) -> Range<Int> {
        node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset
    }

    func location(_ offset: Int) -> (line: Int, column: Int) {
        let location = converter.location(for: AbsolutePosition(utf8Offset: offset))
        return (location.line, location.column)
    }

    func source(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// Replaces the node's text (trivia kept) with `replacement`.
    func replace(_ node: some SyntaxProtocol, with replacement: String, kind: PortEditKind, reason: String) {
        replace(trimmedRange(node), with: replacement, kind: kind, reason: reason)
    }

    /// A stand-in for `node`'s text in a replacement that moves it: where the replacement is
    /// applied, the node's own text takes its place with the edits inside it made (by any
    /// pass, before or after). A pass that writes an expression elsewhere (`image.size`, which
    /// another pass turns into the `CGImage`'s pixel size) keeps those edits so.
    func placeholder(for node: some SyntaxProtocol) -> String {
        placeholder(for: trimmedRange(node))
    }

    /// A stand-in for the text of `range` (from one node's start to another's end), as
    /// ``placeholder(for:)-(some SyntaxProtocol)`` is for one node's.
    /// With `indentation`, each of the text's lines after the first that is not empty starts
    /// with it too (for code moved one level deeper; a multi-line string literal's lines and
    /// closing delimiter all move, so its value stays). With `outdent`, each of those lines
    /// loses up to that many leading spaces (for code moved one level out).
    func placeholder(for range: Range<Int>, indentingLinesBy indentation: String = "", outdentingLinesBy outdent: Int = 0) -> String {
        placeholderRanges.append((range, indentation, outdent))
        return Self.placeholderMark + String(placeholderRanges.count - 1) + Self.placeholderMark
    }

    /// `text` with each placeholder replaced by `fill` of its range.
    private func fillingPlaceholders(_ text: String, with fill: (Range<Int>) -> String) -> String {
        guard text.contains(Self.placeholderMark) else { return text }
        let parts = text.split(separator: Character(Self.placeholderMark), omittingEmptySubsequences: false).map(String.init)
        var result = ""
        for (index, part) in parts.enumerated() {
            // Odd parts are numbers between two marks.
            if index % 2 == 1, let number = Int(part), placeholderRanges.indices.contains(number) {
                let (range, indentation, outdent) = placeholderRanges[number]
                let filled = outdent > 0 ? Self.outdentingLines(fill(range), by: outdent) : fill(range)
                result += indentation.isEmpty ? filled : Self.indentingLines(filled, by: indentation)
            } else {
                result += part
            }
        }
        return result
    }

    /// `text` with up to `count` leading spaces taken from each line after the first.
    private static func outdentingLines(_ text: String, by count: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
            index == 0 ? String(line) : String(line.dropFirst(min(count, line.prefix { $0 == " " }.count)))
        }.joined(separator: "\n")
    }

    /// `text` with `indentation` at the start of each line after the first that is not empty.
    private static func indentingLines(_ text: String, by indentation: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
            index == 0 || line.isEmpty ? String(line) : indentation + line
        }.joined(separator: "\n")
    }

    /// Replaces `range` with `replacement`; the report shows `shown` (the text around the
    /// edit, before and after) when given.
    func replace(
        _ range: Range<Int>, with replacement: String, kind: PortEditKind, reason: String,
        shown: (range: Range<Int>, after: String)? = nil
    ) {
        let shownRange = shown?.range ?? range
        let where_ = location(shownRange.lowerBound)
        edits.append(TextEdit(range: range, replacement: replacement))
        changes.append(
            PortChange(
                kind: kind, line: where_.line, column: where_.column, before: oneLine(source(shownRange)),
                after: oneLine(fillingPlaceholders(shown?.after ?? replacement) { source($0) }), reason: reason))
    }

    /// The offset of the end of the line `offset` is on (its newline, or the end of the file).
    func lineEnd(from offset: Int) -> Int {
        var end = offset
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        return end
    }

    /// Inserts `lines` after the line `node` ends on (a comment after its closing brace stays
    /// with it), one blank line between, each indented as `node` is; reported as an edit of
    /// `node`.
    func insert(lines: [String], afterLineOf node: some SyntaxProtocol, kind: PortEditKind, reason: String) {
        let end = trimmedRange(node)
        let indentation = indentation(of: node)
        insert(
            "\n\n" + lines.map { $0.isEmpty ? "" : indentation + $0 }.joined(separator: "\n"), at: lineEnd(from: end.upperBound), after: end,
            kind: kind, reason: reason)
    }

    /// Inserts `text` at `offset`, reported as an edit of `anchor` (the text it follows).
    func insert(_ text: String, at offset: Int, after anchor: Range<Int>, kind: PortEditKind, reason: String) {
        let where_ = location(anchor.lowerBound)
        edits.append(TextEdit(range: offset..<offset, replacement: text))
        let before = source(anchor)
        changes.append(
            PortChange(
                kind: kind, line: where_.line, column: where_.column, before: oneLine(before),
                after: oneLine(before + text), reason: reason))
    }

    /// Removes the node's text; a node alone on its line takes the line with it, one followed
    /// by spaces on its line takes the spaces.
    func remove(_ node: some SyntaxProtocol, kind: PortEditKind, reason: String, movedElsewhere: Bool = false) {
        let range = trimmedRange(node)
        recordRemoval(of: range, taking: removalRange(range), kind: kind, reason: reason, movedElsewhere: movedElsewhere)
    }

    /// Removes `removal` (the text `range` and what goes with it), reported as the removal of
    /// the text `range`.
    private func recordRemoval(of range: Range<Int>, taking removal: Range<Int>, kind: PortEditKind, reason: String, movedElsewhere: Bool = false) {
        let where_ = location(range.lowerBound)
        edits.append(TextEdit(range: removal, replacement: "", removesMovedText: movedElsewhere))
        changes.append(
            PortChange(
                kind: kind, line: where_.line, column: where_.column, before: oneLine(source(range)), after: "",
                reason: reason))
    }

    /// Removes a declaration of a type's body (its attributes and comments with it) as
    /// ``remove(_:kind:reason:)`` does, and one blank line that set it apart from the next
    /// member — or, for the last member, from the one before — so that no empty lines are
    /// left where it was. (A statement of a file or block alike.) `movedElsewhere`: a
    /// placeholder of the item's text writes it elsewhere, which the removal leaves whole.
    func removeMember(_ item: some SyntaxProtocol, kind: PortEditKind, reason: String, movedElsewhere: Bool = false) {
        let range = trimmedRange(item)
        var removal = removalRange(range)
        // The blank line after it, else the one before it.
        var next = removal.upperBound
        while next < bytes.count, isBlank(bytes[next]) { next += 1 }
        if removal.upperBound < bytes.count, bytes[removal.upperBound - 1] == UInt8(ascii: "\n"), next < bytes.count,
            bytes[next] == UInt8(ascii: "\n")
        {
            removal = removal.lowerBound..<(next + 1)
        } else if removal.lowerBound > 1, bytes[removal.lowerBound - 1] == UInt8(ascii: "\n") {
            let previous = lineStart(before: removal.lowerBound - 1)
            if previous > 0, bytes[previous - 1] == UInt8(ascii: "\n") { removal = previous..<removal.upperBound }
        }
        recordRemoval(of: range, taking: removal, kind: kind, reason: reason, movedElsewhere: movedElsewhere)
    }

    private func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    /// Where the spaces and tabs before `offset` on its line begin.
    func lineStart(before offset: Int) -> Int {
        var start = offset
        while start > 0, isBlank(bytes[start - 1]) { start -= 1 }
        return start
    }

    /// The spaces and tabs before the node on its line.
    func indentation(of node: some SyntaxProtocol) -> String {
        let start = trimmedRange(node).lowerBound
        return source(lineStart(before: start)..<start)
    }

    func removalRange(_ range: Range<Int>) -> Range<Int> {
        let lineStart = lineStart(before: range.lowerBound)
        var end = range.upperBound
        while end < bytes.count, isBlank(bytes[end]) { end += 1 }
        let startsLine = lineStart == 0 || bytes[lineStart - 1] == UInt8(ascii: "\n")
        let endsLine = end == bytes.count || bytes[end] == UInt8(ascii: "\n")
        if startsLine && endsLine {
            return lineStart..<min(end + 1, bytes.count)
        }
        return range.lowerBound..<end
    }

    /// Puts `text` back at each of `offsets` that no edit reaches (one ending or starting there
    /// included), unreported: text the command took out to read the file, and did not need.
    func restore(_ text: String, atUntouched offsets: [Int]) {
        for offset in offsets where !edits.contains(where: { $0.range.lowerBound <= offset && offset <= $0.range.upperBound }) {
            edits.append(TextEdit(range: offset..<offset, replacement: text))
        }
    }

    /// Writes `text` over `range` (a name the file was read with in place of its own) where no
    /// edit replaces any of it (insertions at its ends stay beside it).
    func restore(_ text: String, atUntouched range: Range<Int>) {
        let touched = edits.contains { edit in
            edit.range.isEmpty
                ? range.lowerBound < edit.range.lowerBound && edit.range.lowerBound < range.upperBound
                : edit.range.lowerBound < range.upperBound && range.lowerBound < edit.range.upperBound
        }
        if !touched { edits.append(TextEdit(range: range, replacement: text)) }
    }

    /// Whether a declaration named `name` that passes add once a file is still to be added;
    /// true once, recording it.
    func declaresOnce(_ name: String) -> Bool {
        declaredOnce.insert(name).inserted
    }

    func note(_ node: some SyntaxProtocol, why: String, todo: String) {
        let range = trimmedRange(node)
        let where_ = location(range.lowerBound)
        notes.append(PortNote(line: where_.line, column: where_.column, construct: oneLine(source(range)), why: why, todo: todo))
    }

    /// The text with every edit applied; an edit overlapping an earlier one is dropped (the
    /// passes write what such an edit would inside the earlier one's text).
    /// A placeholder's text is its range's with the edits inside it applied the same way.
    func applyingEdits() -> String {
        // In place order; at one place, insertions (in the order made) before a replacement.
        let ordered = edits.enumerated().sorted {
            ($0.element.range.lowerBound, $0.element.range.isEmpty ? 0 : 1, $0.offset)
                < ($1.element.range.lowerBound, $1.element.range.isEmpty ? 0 : 1, $1.offset)
        }
        return applying(ordered, within: 0..<bytes.count, outside: [])
    }

    /// The text of `range` with the edits of `ordered` inside it applied, but for those
    /// numbered in `outside` (the edits whose placeholders are being filled).
    private func applying(_ ordered: [(offset: Int, element: TextEdit)], within range: Range<Int>, outside: Set<Int>) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(range.count)
        var cursor = range.lowerBound
        for (number, var edit) in ordered where !outside.contains(number) {
            // The removal of the moved text from where it was.
            if edit.removesMovedText, edit.range.lowerBound <= range.lowerBound, range.upperBound <= edit.range.upperBound { continue }
            // A removal of whole lines at the range's ends, which takes the first line's
            // indentation before the range or the last one's line break after it, takes what of
            // them the range holds. The range's text is written after an indentation and before a
            // line break, as a node's is: a first line removed gives its place to the next line,
            // whose indentation goes too, and a last one takes the line break before it.
            if edit.replacement.isEmpty, edit.range.overlaps(range), edit.range != range,
                bytes[edit.range.lowerBound..<max(edit.range.lowerBound, range.lowerBound)].allSatisfy(isBlank),
                bytes[min(edit.range.upperBound, range.upperBound)..<edit.range.upperBound].allSatisfy({ isBlank($0) || $0 == UInt8(ascii: "\n") })
            {
                var clamped = edit.range.clamped(to: range)
                if edit.range.lowerBound < range.lowerBound, clamped.upperBound < range.upperBound, bytes[clamped.upperBound - 1] == UInt8(ascii: "\n") {
                    var next = clamped.upperBound
                    while next < range.upperBound, isBlank(bytes[next]) { next += 1 }
                    clamped = clamped.lowerBound..<next
                } else if edit.range.upperBound > range.upperBound, clamped.lowerBound > range.lowerBound, bytes[clamped.lowerBound - 1] == UInt8(ascii: "\n") {
                    clamped = (clamped.lowerBound - 1)..<clamped.upperBound
                }
                edit.range = clamped
            }
            // A removal reaching into text an earlier edit wrote (two members removed side by
            // side, each taking the blank line between them) removes the rest.
            if edit.replacement.isEmpty, edit.range.lowerBound < cursor, cursor < edit.range.upperBound, range.contains(edit.range.lowerBound) {
                edit.range = cursor..<edit.range.upperBound
            }
            // An insertion at the end of the range is inside it (after the node it follows).
            let isInside = range.contains(edit.range.lowerBound) || (edit.range.isEmpty && edit.range.lowerBound == range.upperBound)
            guard isInside, edit.range.lowerBound >= cursor, edit.range.upperBound <= range.upperBound else { continue }
            result.append(contentsOf: bytes[cursor..<edit.range.lowerBound])
            let replacement = fillingPlaceholders(edit.replacement) { applying(ordered, within: $0, outside: outside.union([number])) }
            result.append(contentsOf: Array(replacement.utf8))
            cursor = edit.range.upperBound
        }
        result.append(contentsOf: bytes[cursor..<range.upperBound])
        return String(decoding: result, as: UTF8.self)
    }

    private func oneLine(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count > 1 else { return text }
        return lines.map { $0.trimmingPrefix(while: { $0 == " " || $0 == "\t" }) }.joined(separator: " ")
    }
}

extension SyntaxProtocol {
    /// Whether code written in place of the node may not end in a trailing closure: the node is
    /// in the condition of an `if`, `guard` or `while` (`guard let x = … else`), outside the
    /// parentheses and closures in it, where Swift takes a trailing closure's `{` for the body.
    var isInStatementCondition: Bool {
        var current = parent
        while let ancestor = current {
            if ancestor.is(ConditionElementSyntax.self) { return true }
            if ancestor.is(ClosureExprSyntax.self) || ancestor.is(LabeledExprSyntax.self) || ancestor.is(TupleExprSyntax.self)
                || ancestor.is(CodeBlockSyntax.self) || ancestor.is(ArrayExprSyntax.self) || ancestor.is(DictionaryExprSyntax.self)
            {
                return false
            }
            current = ancestor.parent
        }
        return false
    }

    /// The indentation of the statement or member the node is in: the spaces and tabs after
    /// the last line break before it.
    var statementIndentation: String {
        var current: Syntax? = Syntax(self)
        while let node = current, !node.is(CodeBlockItemSyntax.self), !node.is(MemberBlockItemSyntax.self) { current = node.parent }
        var indentation = ""
        for piece in (current ?? Syntax(self)).leadingTrivia {
            switch piece {
            case .newlines, .carriageReturns, .carriageReturnLineFeeds: indentation = ""
            case .spaces(let count): indentation += String(repeating: " ", count: count)
            case .tabs(let count): indentation += String(repeating: "\t", count: count)
            default: break
            }
        }
        return indentation
    }

    /// What separates statements written in place of the statement the node is in: a line
    /// break and its indentation where it starts a line, `; ` where it shares one (`if c {
    /// path.fill() }`).
    var statementSeparator: String {
        var current: Syntax? = Syntax(self)
        while let node = current, !node.is(CodeBlockItemSyntax.self), !node.is(MemberBlockItemSyntax.self) { current = node.parent }
        let statement = current ?? Syntax(self)
        let startsLine = statement.leadingTrivia.contains { $0.isNewline } || statement.previousToken(viewMode: .sourceAccurate) == nil
        return startsLine ? "\n" + statementIndentation : "; "
    }

    /// The extension the node is in, if any.
    var enclosingExtension: ExtensionDeclSyntax? {
        var current = parent
        while let node = current {
            if let decl = node.as(ExtensionDeclSyntax.self) { return decl }
            current = node.parent
        }
        return nil
    }

    /// The name of the class (or extended type) the node is declared in, if any.
    var enclosingTypeName: String? {
        var current = parent
        while let node = current {
            if let decl = node.as(ClassDeclSyntax.self) { return decl.name.text }
            if let decl = node.as(ExtensionDeclSyntax.self) { return decl.extendedType.trimmedDescription }
            if let decl = node.as(StructDeclSyntax.self) { return decl.name.text }
            if let decl = node.as(EnumDeclSyntax.self) { return decl.name.text }
            if let decl = node.as(ProtocolDeclSyntax.self) { return decl.name.text }
            if node.is(ActorDeclSyntax.self) { return nil }
            current = node.parent
        }
        return nil
    }
}

extension Sequence where Element: SyntaxProtocol {
    /// The source text of these consecutive nodes (the trivia between them kept), without the
    /// white space around it.
    var trimmedSourceText: String {
        var text = Substring(map(\.description).joined())
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return String(text)
    }
}

/// One edit kind's rewriter: a visitor of a file's original tree that records its edits and
/// notes in the file.
class PortingPass: SyntaxVisitor {
    let file: PortingSourceFile

    init(file: PortingSourceFile) {
        self.file = file
        super.init(viewMode: .sourceAccurate)
    }

    /// Writes a parameter the pass makes take `type`: the type, each use of it in the body
    /// (`uses`), and each argument the calls in its own file pass (`arguments` holds every
    /// file's; the others write theirs, ``writeArguments(in:of:takes:)``), with `reason` (or
    /// `argumentReason` for the arguments).
    func writeParameter(
        _ node: FunctionParameterSyntax, as type: String, uses: [(Syntax, String)], arguments: [(ExprSyntax, String)], reason: String,
        argumentReason: String? = nil
    ) {
        file.replace(node.type, with: type, kind: .uikitValue, reason: reason)
        for (use, written) in uses { file.replace(use, with: written, kind: .uikitValue, reason: reason) }
        for (value, written) in arguments where value.root.id == node.root.id {
            file.replace(value, with: written, kind: .uikitValue, reason: argumentReason ?? reason)
        }
    }

    /// Writes the arguments `call` passes for the parameters a pass writes of a function
    /// another ported file declares: `written` gives a parameter's name and the values its
    /// calls pass with what is written for each (those of every file), or nil for one the pass
    /// leaves; `takes` says what the parameter takes (`"a CGPath"`).
    func writeArguments(
        in call: FunctionCallExprSyntax, of written: (FunctionParameterSyntax) -> (String, [(ExprSyntax, String)])?, takes: String
    ) {
        guard !call.isInAppleOnlyConditional else { return }
        for declared in FunctionReferences.parametersDeclaredElsewhere(calledBy: call) {
            guard let (name, arguments) = written(declared) else { continue }
            for (value, replacement) in arguments
            where value.root.id == call.root.id
                && call.arguments.contains(where: { $0.expression.id == value.id || ($0.position <= value.position && value.endPosition <= $0.endPosition) })
            {
                file.replace(
                    value, with: replacement, kind: .uikitValue,
                    reason: "UIKit and AppKit do not exist on Linux; '\(name)' takes \(takes) where its function is declared")
            }
        }
    }
}

extension DeclModifierListSyntax {
    /// Whether the modifiers make a member the type's own (`static`, `class`).
    var isTypeMember: Bool { contains { $0.name.text == "static" || $0.name.text == "class" } }

    /// Whether the modifiers make a declaration `public` or `open`.
    var isPublicOrOpen: Bool { contains { [.keyword(.public), .keyword(.open)].contains($0.name.tokenKind) } }
}
