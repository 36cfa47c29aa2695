import SwiftSyntax

/// UIKit's plain labels that a view or view controller makes (`UILabel()`, `UILabel(frame:)`,
/// in a local, a stored property, or a property made by a closure that configures one) and
/// uses only as a label's text, font, colour, alignment and lines and as a view's geometry,
/// written as a `PlainLabelLayer`: a layer the command adds to the ported files once, with
/// UILabel's names for those (`text`, `attributedText`, `font` a `CTFont`, `textColor` a
/// `CGColor`, `textAlignment`, `numberOfLines`, `sizeToFit()`) and UILabel's defaults (the system
/// font at 17 points, black, one line cut at its end, the text centred vertically in its
/// bounds), which draws its text in a `CATextLayer` it holds:
///
/// ```swift
/// let title: UILabel = {                        let title: PlainLabelLayer = {
///     let label = UILabel()                         let label = PlainLabelLayer()
///     label.font = .boldSystemFont(ofSize: 32)      label.font = CTFontCreateUIFontForLanguage(.emphasizedSystem, 32, nil)!
///     label.textColor = .white           →          label.textColor = CGColor(gray: 1, alpha: 1)
///     label.textAlignment = .center                 label.textAlignment = .center
///     return label                                  return label
/// }()                                           }()
/// title.center = view.center                    title.position = self.position
/// view.addSubview(title)                        self.addSublayer(title)
/// ```
///
/// A subclass of UILabel is a subclass of `PlainLabelLayer`, written as a view's subclass is
/// (``ViewClassRewriter``), its `font` and `textColor` given values the command writes.
///
/// Like a view's own layer it does not animate changes to itself (UIKit's view, its delegate,
/// gives it no action outside an animation block). UILabel's autoshrinking
/// (`adjustsFontSizeToFitWidth` with a `minimumScaleFactor` above 0) draws one line of plain
/// text in a smaller font, so that it fits the label's width, as UIKit documents it. A label
/// used otherwise (a member it has not, `lineBreakMode`, a font or colour the command does not
/// write, passed on) leaves its view or controller to a person.
enum PlainLabels {
    /// The class plain labels become.
    static let layerClass = "PlainLabelLayer"

    /// The members of UILabel the layer class declares with UILabel's meaning, which uses keep.
    static let keptMembers: Set<String> = [
        "text", "attributedText", "textAlignment", "numberOfLines", "sizeToFit", "adjustsFontSizeToFitWidth", "minimumScaleFactor",
    ]

    /// UILabel's members beyond those the layer class keeps and a view's.
    static let otherLabelMembers: Set<String> = [
        "lineBreakMode", "baselineAdjustment", "highlightedTextColor",
        "isHighlighted", "isEnabled", "shadowColor", "shadowOffset", "preferredMaxLayoutWidth",
        "allowsDefaultTighteningForTruncation", "lineBreakStrategy", "showsExpansionTextWhenTruncated", "drawText", "textRect",
        "isUserInteractionEnabled", "adjustsFontForContentSizeCategory", "minimumFontSize", "enablesMarqueeWhenAncestorFocused",
    ]

    /// What a subclass of UILabel inherits from the layer class it becomes a subclass of
    /// (``ViewClassRewriter``): its members, and `init(frame:)`.
    static let ancestor = ViewClassRewriter.Ancestor(
        layerClass: layerClass, isAppKit: false, declaresFrameInitializer: true, marksForDisplay: false,
        members: keptMembers.union(["font", "textColor"]))

    /// The edits for the label's own `font` and `textColor` in `members` (a subclass of
    /// UILabel's body, or its extension's): a colour given written as a `CGColor` (the font
    /// passes write fonts), the font's metrics read as Core Text's and the colour's `cgColor` as
    /// itself; nil for a value given that the command does not write.
    static func ownMemberEdits(in members: MemberBlockSyntax) -> [(Syntax, String)]? {
        // UILabel's other members, which the layer has not (or has with another meaning: a
        // label's `shadowColor` is a `UIColor` for its text).
        guard ownUses(of: otherLabelMembers, in: members).isEmpty else { return nil }
        var edits: [(Syntax, String)] = []
        for (name, use) in ownUses(of: ["font", "textColor"], in: members) {
            // Read, the label's own value (a CTFont, a CGColor): its line metrics are Core
            // Text's (`font.pointSize` is `CTFontGetSize(font)`), its `cgColor` the colour
            // itself; other reads are left to the compiler's check. Given a value the command
            // cannot read whole (`a ? .red : .black`), it is left.
            guard let value = use.assignedValue else {
                if let list = use.parent?.as(ExprListSyntax.self), list.first?.id == use.id,
                    list.dropFirst().first?.is(AssignmentExprSyntax.self) == true
                {
                    return nil
                }
                if let access = use.parent?.as(MemberAccessExprSyntax.self), access.base?.id == use.id, access.declName.argumentNames == nil {
                    let member = access.declName.baseName.text
                    if name == "font", let metric = FontVariableRewriter.metrics[member] {
                        edits.append((Syntax(access), metric(use.trimmedDescription)))
                    } else if name == "textColor", member == "cgColor" {
                        edits.append((Syntax(access), use.trimmedDescription))
                    }
                }
                continue
            }
            if name == "font" {
                guard UIFontRewriter.font(value, implicitMember: true) != nil || UIFontRewriter.namedFontCall(value) else { return nil }
            } else {
                guard let color = UIKitValueRewriter.color(value, implicitMember: true) else { return nil }
                edits.append((Syntax(value), color))
            }
        }
        return edits
    }

    /// The uses in `members` of the label's own members named `names`: the name alone (where no
    /// local, parameter or binding hides it) or `self.name`; another value's member is its own.
    private static func ownUses(of names: Set<String>, in members: MemberBlockSyntax) -> [(name: String, use: ExprSyntax)] {
        members.tokens(viewMode: .sourceAccurate).compactMap { token in
            guard names.contains(token.text), let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { return nil }
            if let access = reference.parent?.as(MemberAccessExprSyntax.self), access.declName.id == reference.id {
                guard access.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) else { return nil }
                return (token.text, ExprSyntax(access))
            }
            return ViewMembers.isLocal(token.text, at: reference) ? nil : (token.text, ExprSyntax(reference))
        }
    }

    /// The class the command adds to the ported files where it writes plain labels; `inBlocks`:
    /// the files run UIKit animation blocks, which its layers answer.
    static func declaration(inBlocks: Bool) -> [String] {
        let action = (inBlocks ? ViewMembers.actionMembers(inBlocks: true).dropFirst(2) : ViewMembers.actionMembers(inBlocks: false).dropFirst(1))
        return [
            "/// UIKit's plain label, written as a layer that draws its text as a label does: in the",
            "/// system font at 17 points, black, on one line cut at its end unless told otherwise,",
            "/// centred vertically in its bounds. Like a view's own layer, it does not animate changes",
            "/// to itself (UIKit's view, its delegate, gives it no action outside an animation block).",
            "class \(layerClass): CALayer {",
            "    /// The layer that draws the text, laid out in the label's bounds.",
            "    private let textLayer = PlainLabelTextLayer()",
            "",
            "    /// The text drawn. Default nil.",
            "    var text: String? {",
            "        didSet { textLayer.string = text; setNeedsLayout() }",
            "    }",
            "",
            "    /// Styled text drawn instead of ``text``. Default nil.",
            "    var attributedText: NSAttributedString? {",
            "        didSet { textLayer.string = attributedText ?? text.map { $0 as Any }; setNeedsLayout() }",
            "    }",
            "",
            "    /// The font. Default the system font at 17 points, UILabel's.",
            "    var font: CTFont = CTFontCreateUIFontForLanguage(.system, 17, nil)! {",
            "        didSet { textLayer.font = font; textLayer.fontSize = CTFontGetSize(font); setNeedsLayout() }",
            "    }",
            "",
            "    /// The colour of the text. Default black, UILabel's.",
            "    var textColor: CGColor = CGColor(gray: 0, alpha: 1) {",
            "        didSet { textLayer.foregroundColor = textColor }",
            "    }",
            "",
            "    /// How lines are aligned. Default natural.",
            "    var textAlignment: NSTextAlignment = .natural {",
            "        didSet { textLayer.alignmentMode = Self.alignmentMode(textAlignment) }",
            "    }",
            "",
            "    /// 1 (the default) draws one line cut at its end; another number wraps the text.",
            "    var numberOfLines = 1 {",
            "        didSet { textLayer.isWrapped = numberOfLines != 1; setNeedsLayout() }",
            "    }",
            "",
            "    /// Whether a text of one line wider than the label is drawn in a smaller font, down to",
            "    /// ``minimumScaleFactor`` of its size, to fit. Default false.",
            "    var adjustsFontSizeToFitWidth = false {",
            "        didSet { setNeedsLayout() }",
            "    }",
            "",
            "    /// The smallest multiple of the font's size that ``adjustsFontSizeToFitWidth`` draws",
            "    /// the text in. Default 0: the text is not made smaller.",
            "    var minimumScaleFactor: CGFloat = 0 {",
            "        didSet { setNeedsLayout() }",
            "    }",
            "",
            "    override init() {",
            "        super.init()",
            "        setUpText()",
            "    }",
            "",
            "    /// A label with `frame` as its frame, as `UILabel(frame:)` makes one.",
            "    init(frame: CGRect) {",
            "        super.init()",
            "        setUpText()",
            "        self.frame = frame",
            "    }",
            "",
            "    required init(layer: Any) {",
            "        super.init(layer: layer)",
            "    }",
            "",
            "    required init?(coder: NSCoder) {",
            "        super.init(coder: coder)",
            "        setUpText()",
            "    }",
            "",
            "    private func setUpText() {",
            "        textLayer.font = font",
            "        textLayer.fontSize = CTFontGetSize(font)",
            "        textLayer.foregroundColor = textColor",
            "        textLayer.truncationMode = .end",
            "        addSublayer(textLayer)",
            "    }",
            "",
            "    /// Sizes the label to its text, its origin kept, as UILabel's `sizeToFit()` does (one",
            "    /// line as wide as it needs; wrapped lines in the label's width).",
            "    func sizeToFit() {",
            "        textLayer.fontSize = CTFontGetSize(font)",
            "        let size = textSize(inWidth: numberOfLines == 1 ? Self.unlimited : bounds.width)",
            "        frame.size = CGSize(width: numberOfLines == 1 ? size.width : bounds.width, height: size.height)",
            "        setNeedsLayout()",
            "    }",
            "",
            "    override func layoutSublayers() {",
            "        super.layoutSublayers()",
            "        textLayer.fontSize = fittedFontSize()",
            "        // The text's height in the label's width, centred vertically as a label centres it.",
            "        let height = min(textSize(inWidth: bounds.width).height, bounds.height)",
            "        textLayer.frame = CGRect(x: 0, y: (bounds.height - height) / 2, width: bounds.width, height: height)",
            "    }",
            "",
            "    /// The size the text is drawn at: the font's, or where ``adjustsFontSizeToFitWidth`` asks",
            "    /// for it, the size at which one line of the text is as wide as the label, but not less",
            "    /// than ``minimumScaleFactor`` of the font's (styled text keeps its own fonts).",
            "    private func fittedFontSize() -> CGFloat {",
            "        let size = CTFontGetSize(font)",
            "        textLayer.fontSize = size",
            "        guard adjustsFontSizeToFitWidth, numberOfLines == 1, minimumScaleFactor > 0, attributedText == nil, bounds.width > 0",
            "        else { return size }",
            "        let width = textSize(inWidth: Self.unlimited).width",
            "        guard width > bounds.width else { return size }",
            "        return size * max(min(minimumScaleFactor, 1), bounds.width / width)",
            "    }",
            "",
            "    /// A width or height no text reaches.",
            "    private static let unlimited: CGFloat = 100_000",
            "",
            "    /// The size of the text laid out in `width`.",
            "    private func textSize(inWidth width: CGFloat) -> CGSize {",
            "        let frame = textLayer.frame",
            "        textLayer.bounds.size = CGSize(width: width, height: Self.unlimited)",
            "        defer { textLayer.frame = frame }",
            "        return textLayer.preferredFrameSize()",
            "    }",
            "",
        ] + action.map { $0.isEmpty ? "" : "    " + $0 } + [
            "",
            "    private static func alignmentMode(_ alignment: NSTextAlignment) -> CATextLayerAlignmentMode {",
            "        switch alignment {",
            "        case .left: return .left",
            "        case .center: return .center",
            "        case .right: return .right",
            "        case .justified: return .justified",
            "        default: return .natural",
            "        }",
            "    }",
            "}",
            "",
            "/// The text layer a plain label draws with, which does not animate its layout.",
            "private final class PlainLabelTextLayer: CATextLayer {",
            "    override func action(forKey event: String) -> (any CAAction)? {",
            "        nil",
            "    }",
            "}",
        ]
    }

    /// Adds ``declaration(inBlocks:)`` to `file` after `node`, where no ported file declares the
    /// class and no file ported before this one was given it.
    static func declare(after node: some SyntaxProtocol, in file: PortingSourceFile) {
        guard file.context.declaresPlainLabelClass() else { return }
        file.insert(
            lines: declaration(inBlocks: file.context.usesViewAnimationBlocks), afterLineOf: node, kind: .uikitValue,
            reason: "UIKit's plain labels are layers that draw their text as a label does, with a label's defaults, and do not animate their own changes")
    }

    /// The edits for `access`, a member of the plain label `label` (its `font`, `textColor`,
    /// or a member the layer class keeps); nil for one the command cannot write.
    static func memberEdits(_ access: MemberAccessExprSyntax, of label: ExprSyntax) -> [(Syntax, String)]? {
        let name = access.declName.baseName.text
        if keptMembers.contains(name) { return [] }
        switch name {
        case "font":
            // Written as a Core Text font by the font passes, where given one they write.
            // (Or a font variable or property they write: `label.font = valueFont`.)
            guard let value = ExprSyntax(access).assignedValue,
                UIFontRewriter.font(value, implicitMember: true) != nil || UIFontRewriter.namedFontCall(value)
                    || FontVariableRewriter.isWrittenFontVariable(value)
            else { return nil }
            return []
        case "textColor":
            guard let value = ExprSyntax(access).assignedValue else { return nil }
            if let color = UIKitValueRewriter.color(value, implicitMember: true) { return [(Syntax(value), color)] }
            // A colour variable or property the command writes (`label.textColor = tint`): a CGColor already.
            return ColorVariableRewriter.isWrittenColour(value) ? [] : nil
        default:
            return nil
        }
    }
}
