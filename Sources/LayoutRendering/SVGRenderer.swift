import AutoLayout
import LayoutDocument

/// Draws a laid-out document as SVG: the root at its size, each view's frame with its id
/// and text, guides dashed, (optionally) the constraints as thin lines with I-beams, and
/// what is wrong (see ``showsIssues``). The output depends only on the layout, so it can be
/// compared as text.
public struct SVGRenderer {
    /// Whether constraints are drawn.
    public var showsConstraints: Bool
    /// Whether the layout's issues are drawn, with a legend under the picture: ambiguous
    /// views outlined in orange with what they need, conflicting constraints in red (the
    /// broken one dashed and marked "broken"), optional constraints left unmet dashed in
    /// purple with their priority, negative or cut-off sizes outlined in red.
    public var showsIssues: Bool
    /// A title above the picture (the document's name).
    public var title: String?

    /// A renderer.
    public init(showsConstraints: Bool = true, showsIssues: Bool = true, title: String? = nil) {
        self.showsConstraints = showsConstraints
        self.showsIssues = showsIssues
        self.title = title
    }

    /// The colours of the issue overlay.
    enum IssueColour {
        static let ambiguous = "#f0883e", conflict = "#d62728", unmet = "#8e44ad", size = "#d62728"
    }

    static let padding = 24.0, header = 30.0

    /// The SVG text for one layout. Ids are written just above each frame.
    public func render(_ layout: DocumentLayout) -> String {
        render(layout, title: title)
    }

    /// The SVG text for one layout under a title of its own.
    public func render(_ layout: DocumentLayout, title: String?) -> String {
        var svg = picture(of: layout, title: title)
        return svg.finish()
    }

    /// One picture of several layouts side by side, left to right with their tops aligned,
    /// each drawn as ``render(_:)`` draws it under its own title (the document's name and its
    /// text size, say), so one screen can be compared at several sizes or text sizes.
    public func render(sideBySide layouts: [(layout: DocumentLayout, title: String?)]) -> String {
        let pictures = layouts.map { picture(of: $0.layout, title: $0.title) }
        let width = pictures.reduce(0) { $0 + $1.width }, height = pictures.map(\.height).max() ?? 0
        var svg = SVGWriter(width: width, height: height)
        var x = 0.0
        for picture in pictures {
            svg.nest(picture, x: x, y: 0)
            x += picture.width
        }
        return svg.finish()
    }

    /// One layout drawn under a title.
    func picture(of layout: DocumentLayout, title: String?) -> SVGWriter {
        let size = layout.size, pad = Self.padding, top = Self.header + pad
        let issues = showsIssues ? layout.issues : []
        let entries = Self.legend(for: issues)
        let legend = Double(Self.legendLines(entries, width: size.width)) * Self.legendHeight
        let caption = (title.map { $0 + " — " } ?? "") + "\(number(size.width)) × \(number(size.height))"
        // As wide as the root, or as its title when that is wider (a long name at a small size).
        let width = max(size.width, TextMetrics.width(of: caption, fontSize: 13, weight: .bold).rounded(.up)) + 2 * pad
        var svg = SVGWriter(width: width, height: size.height + top + pad + legend)
        var placer = CaptionPlacer()
        svg.text(caption, x: pad, y: 20, size: 13, fill: "#333333", weight: "bold")
        svg.open("g", ["transform": "translate(\(number(pad)) \(number(top)))"])
        svg.rect(Rect(x: 0, y: 0, width: size.width, height: size.height), fill: "#f7f7f9", stroke: "#8a8a8a", width: 1)
        let safe = layout.root.safeAreaInsets
        if safe != .zero {
            svg.rect(Rect(x: safe.left, y: safe.top, width: size.width - safe.left - safe.right,
                          height: size.height - safe.top - safe.bottom),
                     fill: "none", stroke: "#d9534f", width: 0.75, dash: "4 3")
        }
        var stacks: [StackView] = []
        for id in layout.order where !layout.isHidden(id) {
            guard let frame = layout.rootFrame(of: id) else { continue }
            if let view = layout.items[id] as? DocumentElement {
                drawView(view, id: id, frame: frame, placer: &placer, into: &svg)
                if let stack = view as? StackView { stacks.append(stack) }
            } else {
                svg.rect(frame, fill: "none", stroke: "#9b59b6", width: 1, dash: "3 2")
                let y = placer.place(id, x: frame.minX + 1, baseline: frame.minY - 2, size: 8)
                svg.text(id, x: frame.minX + 1, y: y, size: 8, fill: "#9b59b6")
            }
        }
        for stack in stacks { drawArrangement(of: stack, in: layout, placer: &placer, into: &svg) }
        let lines = ConstraintLines(layout: layout)
        var styles = [ObjectIdentifier: ConstraintLines.Style]()
        for issue in issues { drawIssue(issue, in: layout, styles: &styles, placer: &placer, into: &svg) }
        if showsConstraints {
            for constraint in layout.constraints where constraint.isActive {
                lines.draw(constraint, style: styles[ObjectIdentifier(constraint)] ?? .init(), placer: &placer, into: &svg)
            }
        }
        // Constraints in an issue that the document did not write (the engine's own).
        let written = Set(layout.constraints.map(ObjectIdentifier.init))
        for issue in issues {
            for constraint in issue.constraints where !written.contains(ObjectIdentifier(constraint)) {
                guard let style = styles[ObjectIdentifier(constraint)] else { continue }
                lines.draw(constraint, style: style, placer: &placer, into: &svg)
            }
        }
        svg.close("g")
        if !entries.isEmpty { drawLegend(entries, y: top + size.height + pad, width: size.width, into: &svg) }
        return svg
    }

    static let legendHeight = 18.0

    /// Marks what an issue is about: outlines and captions on its views, and a style for
    /// its constraints, drawn with the others.
    func drawIssue(_ issue: LayoutIssue, in layout: DocumentLayout, styles: inout [ObjectIdentifier: ConstraintLines.Style],
                   placer: inout CaptionPlacer, into svg: inout SVGWriter) {
        func outline(_ view: LayoutView, _ colour: String, _ caption: String) {
            guard let id = view.identifier, layout.items[id] != nil, !layout.isHidden(id),
                  let f = layout.rootFrame(of: id) else { return }
            let box = Rect(x: min(f.minX, f.maxX), y: min(f.minY, f.maxY), width: abs(f.width), height: abs(f.height))
            svg.rect(box, fill: "none", stroke: colour, width: 2)
            let y = placer.place(caption, x: box.minX + 1, baseline: box.maxY + 9, size: 8)
            svg.text(caption, x: box.minX + 1, y: y, size: 8, fill: colour)
        }
        switch issue.kind {
        case .missingConstraints:
            let needs = issue.message.replacingOccurrences(of: "Need constraints for: ", with: "")
            if let view = issue.views.first { outline(view, IssueColour.ambiguous, "needs " + needs) }
        case .contentPriorityAmbiguity, .equalPriorityTie:
            for view in issue.views { outline(view, IssueColour.ambiguous, "priority tie") }
        case .negativeSize, .compressedContent:
            if let view = issue.views.first {
                outline(view, IssueColour.size, issue.kind == .negativeSize ? "negative size" : "cut off")
            }
        case .conflictingConstraints:
            for constraint in issue.constraints {
                styles[ObjectIdentifier(constraint)] = ConstraintLines.Style(colour: IssueColour.conflict)
            }
            // The broken one is drawn where it lies now; a size says what it asked for.
            if let broken = issue.constraints.last {
                let asked = broken.secondItem == nil ? ", wants \(number(broken.constant))" : ""
                styles[ObjectIdentifier(broken)] = ConstraintLines.Style(colour: IssueColour.conflict, dash: "5 3",
                                                                        note: "broken" + asked)
            }
        case .unmetOptionalConstraint:
            for constraint in issue.constraints {
                styles[ObjectIdentifier(constraint)] = ConstraintLines.Style(colour: IssueColour.unmet, dash: "4 2",
                                                                             note: "@\(constraint.priority.rawValue.formatted)")
            }
        case .outsideSuperview:
            break
        }
    }

    /// The entries of the legend for some issues: the marks they use, once each.
    static func legend(for issues: [LayoutIssue]) -> [(colour: String, text: String, dash: String?)] {
        let kinds = Set(issues.map(\.kind))
        var entries: [(colour: String, text: String, dash: String?)] = []
        if !kinds.isDisjoint(with: [.missingConstraints, .contentPriorityAmbiguity, .equalPriorityTie]) {
            entries.append((IssueColour.ambiguous, "ambiguous", nil))
        }
        if kinds.contains(.conflictingConstraints) { entries.append((IssueColour.conflict, "conflict (dashed: broken)", "5 3")) }
        if kinds.contains(.unmetOptionalConstraint) { entries.append((IssueColour.unmet, "optional constraint not met", "4 2")) }
        if !kinds.isDisjoint(with: [.negativeSize, .compressedContent]) {
            entries.append((IssueColour.size, "negative or cut-off size", nil))
        }
        return entries
    }

    /// The legend of the issue overlay under the picture, wrapped to its width.
    func drawLegend(_ entries: [(colour: String, text: String, dash: String?)], y top: Double, width: Double,
                    into svg: inout SVGWriter) {
        var x = Self.padding, y = top
        for (colour, text, dash) in entries {
            let advance = 26 + TextMetrics.width(of: text, fontSize: 8)
            if x > Self.padding && x + advance > width + Self.padding {
                x = Self.padding
                y += Self.legendHeight
            }
            svg.line(x, y - 3, x + 14, y - 3, stroke: colour, width: 2, dash: dash)
            svg.text(text, x: x + 18, y: y, size: 8, fill: "#333333")
            x += advance
        }
    }

    /// How many legend lines the entries take at a width.
    static func legendLines(_ entries: [(colour: String, text: String, dash: String?)], width: Double) -> Int {
        var lines = entries.isEmpty ? 0 : 1, x = 0.0
        for entry in entries {
            let advance = 26 + TextMetrics.width(of: entry.text, fontSize: 8)
            if x > 0 && x + advance > width {
                lines += 1
                x = 0
            }
            x += advance
        }
        return lines
    }

    /// Fill and stroke per kind.
    static func colours(_ kind: ViewKind) -> (fill: String, stroke: String) {
        switch kind {
        case .view: ("#e3eaf6", "#5b7db1")
        case .label: ("#fff8e1", "#c9a227")
        case .button: ("#dbeafe", "#2f6fd6")
        case .image: ("#e6e6e6", "#7a7a7a")
        case .textField: ("#ffffff", "#7a8796")
        case .switch: ("#d7f5e3", "#2e9e5b")
        case .stepper: ("#fdecc8", "#c98a1b")
        case .guide: ("none", "#9b59b6")
        case .stack: ("none", stackColour)
        }
    }

    func drawView(_ view: DocumentElement, id: String, frame: Rect, placer: inout CaptionPlacer, into svg: inout SVGWriter) {
        let (fill, stroke) = Self.colours(view.kind)
        svg.rect(frame, fill: fill, stroke: stroke, width: 1, dash: view.kind == .stack ? "6 3" : nil,
                 radius: view.kind == .button || view.kind == .switch ? 4 : 0)
        // A text field without text shows its placeholder, in grey.
        let placeholder = (view.text ?? "").isEmpty ? (view as? DocumentView)?.placeholder : nil
        if let text = placeholder ?? view.text, !text.isEmpty {
            let inset = view.kind.textPadding.horizontal
            // A label's lines as it shows them: wrapped and shortened to its frame.
            let lines = (view as? DocumentView).flatMap { $0.kind == .label ? $0.lines(inWidth: frame.width, height: frame.height) : nil }
                ?? text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let lineHeight = TextMetrics.lineHeight(fontSize: view.fontSize)
            let block = lineHeight * Double(lines.count)
            // Centred vertically in the frame, as UIKit draws a label's text.
            var y = frame.minY + (frame.height - block) / 2 + TextMetrics.ascent(fontSize: view.fontSize)
            // Natural alignment: right-to-left text (Hebrew, Arabic, …) from the trailing edge.
            let rightToLeft = TextMetrics.isRightToLeft(text)
            for line in lines {
                let width = TextMetrics.width(of: line, fontSize: view.fontSize, weight: view.fontWeight)
                let x = view.kind == .button ? frame.minX + (frame.width - width) / 2
                    : rightToLeft ? frame.maxX - inset - width : frame.minX + inset
                svg.text(line, x: x, y: y, size: view.fontSize,
                         fill: placeholder != nil ? "#9aa0a6" : view.kind == .button ? "#1d4ed8" : "#222222",
                         weight: view.fontWeight.isBold ? "bold" : nil)
                placer.reserve(line, x: x, baseline: y, size: view.fontSize, weight: view.fontWeight)
                y += lineHeight
            }
        }
        let caption = (view as? StackView).map { Self.stackCaption($0, id: id) } ?? id
        let y = placer.place(caption, x: frame.minX + 1, baseline: frame.minY - 2, size: 8)
        svg.text(caption, x: frame.minX + 1, y: y, size: 8, fill: stroke)
    }
}

extension Float {
    /// A priority as written: `750`, or `750.5`.
    var formatted: String { self == rounded() ? String(Int(self)) : String(self) }
}

/// Numbers as SVG wants them: at most two decimals, no trailing zeros. Whole numbers of
/// 1e15 and beyond are written in exponent form rather than converted to an integer (which
/// traps beyond Int64, at 9.2e18); non-finite values, which a layout never has, as 0.
func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    guard abs(value) < 1e15 else { return String(value) }
    let rounded = (value * 100).rounded() / 100
    if rounded == rounded.rounded() { return String(Int64(rounded)) }
    var text = String(rounded)
    while text.hasSuffix("0") { text.removeLast() }
    return text
}
