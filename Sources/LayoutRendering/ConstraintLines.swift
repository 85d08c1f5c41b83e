import AutoLayout
import LayoutDocument

/// Draws constraints over a layout: spacing and sizes as I-beams with their length,
/// alignments and equal sizes as dotted lines between the items. Captions go where the
/// placer finds room.
struct ConstraintLines {
    let layout: DocumentLayout
    static let colour = "#e4572e"

    /// How a constraint is drawn: its colour, a dash for its line (nil: solid), and a note
    /// written after its length (`broken`, `@750`).
    struct Style {
        var colour = ConstraintLines.colour
        var dash: String?
        var note: String?
    }

    init(layout: DocumentLayout) { self.layout = layout }

    func id(of item: LayoutItem?) -> String? {
        guard let item else { return nil }
        return layout.items.first { $0.value === item }?.key
    }

    /// Where an attribute lies along its axis, in root coordinates.
    func edge(_ item: LayoutItem, _ attribute: LayoutAttribute) -> Double? {
        guard let id = id(of: item), let r = layout.rootFrame(of: id) else { return nil }
        let view = item as? LayoutView ?? (item as? LayoutGuide)?.owningView
        let rtl = view?.effectiveUserInterfaceLayoutDirection == .rightToLeft
        let m = (item as? LayoutView)?.layoutMargins ?? .zero
        switch attribute {
        case .left: return r.minX
        case .right: return r.maxX
        case .leading: return rtl ? r.maxX : r.minX
        case .trailing: return rtl ? r.minX : r.maxX
        case .top: return r.minY
        case .bottom: return r.maxY
        case .lastBaseline: return r.maxY - ((item as? LayoutView)?.lastBaselineOffsetFromBottom ?? 0)
        case .firstBaseline:
            return (item as? LayoutView)?.firstBaselineOffsetFromTop.map { r.minY + $0 }
                ?? r.maxY - ((item as? LayoutView)?.lastBaselineOffsetFromBottom ?? 0)
        case .centerX, .centerXWithinMargins: return r.midX
        case .centerY, .centerYWithinMargins: return r.midY
        case .leftMargin: return r.minX + m.left
        case .rightMargin: return r.maxX - m.right
        case .leadingMargin: return rtl ? r.maxX - m.right : r.minX + m.left
        case .trailingMargin: return rtl ? r.minX + m.left : r.maxX - m.right
        case .topMargin: return r.minY + m.top
        case .bottomMargin: return r.maxY - m.bottom
        case .width, .height, .notAnAttribute: return nil
        }
    }

    func frame(_ item: LayoutItem?) -> Rect? { id(of: item).flatMap { layout.rootFrame(of: $0) } }

    func draw(_ constraint: LayoutConstraint, style: Style = Style(), placer: inout CaptionPlacer,
              into svg: inout SVGWriter) {
        guard let first = constraint.firstItem, let a = frame(first), !hidden(first), !hidden(constraint.secondItem) else { return }
        let attribute = constraint.firstAttribute
        let dotted = style.dash ?? "2 2"
        if attribute == .width || attribute == .height {
            if let second = constraint.secondItem, let b = frame(second) {
                svg.line(a.midX, a.midY, b.midX, b.midY, stroke: style.colour, width: 0.75, dash: dotted)
                note(style, x: (a.midX + b.midX) / 2, y: (a.midY + b.midY) / 2, placer: &placer, into: &svg)
                return
            }
            if attribute == .width {
                beam(a.minX, a.maxY - 4, a.maxX, a.maxY - 4, label: number(a.width), style: style, placer: &placer, into: &svg)
            } else {
                beam(a.maxX - 4, a.minY, a.maxX - 4, a.maxY, label: number(a.height), style: style, placer: &placer, into: &svg)
            }
            return
        }
        guard let second = constraint.secondItem, let b = frame(second),
              let x1 = edge(second, constraint.secondAttribute), let x2 = edge(first, attribute) else { return }
        let horizontal = [LayoutAttribute.left, .right, .leading, .trailing, .centerX, .leftMargin, .rightMargin,
                          .leadingMargin, .trailingMargin, .centerXWithinMargins].contains(attribute)
        if abs(x2 - x1) < 0.5 {
            // An edge flush with an ancestor's edge is already drawn by the frames (unless
            // it needs a note).
            if style.note == nil && (isAncestor(first, of: second) || isAncestor(second, of: first)) { return }
            // An alignment (edges, centres or a shared baseline): one straight dotted line
            // along it, from one item to the other.
            if horizontal {
                svg.line(x1, min(a.midY, b.midY), x1, max(a.midY, b.midY), stroke: style.colour, width: 0.75, dash: dotted)
                note(style, x: x1 + 2, y: (a.midY + b.midY) / 2, placer: &placer, into: &svg)
            } else {
                svg.line(min(a.midX, b.midX), x1, max(a.midX, b.midX), x1, stroke: style.colour, width: 0.75, dash: dotted)
                note(style, x: (a.midX + b.midX) / 2, y: x1 - 2, placer: &placer, into: &svg)
            }
            return
        }
        if horizontal {
            let low = max(a.minY, b.minY), high = min(a.maxY, b.maxY)
            let y = low < high ? (low + high) / 2 : a.midY
            beam(min(x1, x2), y, max(x1, x2), y, label: number(abs(x2 - x1)), style: style, placer: &placer, into: &svg)
        } else {
            let low = max(a.minX, b.minX), high = min(a.maxX, b.maxX)
            let x = low < high ? (low + high) / 2 : a.midX
            beam(x, min(x1, x2), x, max(x1, x2), label: number(abs(x2 - x1)), style: style, placer: &placer, into: &svg)
        }
    }

    /// Writes a style's note, if it has one, near a point.
    func note(_ style: Style, x: Double, y: Double, placer: inout CaptionPlacer, into svg: inout SVGWriter) {
        guard let text = style.note else { return }
        let baseline = placer.place(text, x: x, baseline: y, size: 7)
        svg.text(text, x: x, y: baseline, size: 7, fill: style.colour)
    }

    func isAncestor(_ item: LayoutItem, of other: LayoutItem) -> Bool {
        guard let ancestor = item as? LayoutView else { return false }
        var current = other as? LayoutView ?? (other as? LayoutGuide)?.owningView
        if other is LayoutGuide, current === ancestor { return true }
        while let view = current?.superview {
            if view === ancestor { return true }
            current = view
        }
        return false
    }

    func hidden(_ item: LayoutItem?) -> Bool {
        guard let id = id(of: item) else { return false }
        return layout.isHidden(id)
    }

    /// A line with a short cap at each end and its length (and the style's note) written
    /// beside it.
    func beam(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, label: String, style: Style,
              placer: inout CaptionPlacer, into svg: inout SVGWriter) {
        let colour = style.colour
        let text = style.note.map { "\(label) \($0)" } ?? label
        svg.line(x1, y1, x2, y2, stroke: colour, width: 0.75, dash: style.dash)
        if y1 == y2 {
            svg.line(x1, y1 - 3, x1, y1 + 3, stroke: colour, width: 0.75)
            svg.line(x2, y2 - 3, x2, y2 + 3, stroke: colour, width: 0.75)
            let x = (x1 + x2) / 2
            let y = placer.place(text, x: x, baseline: y1 - 2, size: 7, anchor: "middle")
            svg.text(text, x: x, y: y, size: 7, fill: colour, anchor: "middle")
        } else {
            svg.line(x1 - 3, y1, x1 + 3, y1, stroke: colour, width: 0.75)
            svg.line(x2 - 3, y2, x2 + 3, y2, stroke: colour, width: 0.75)
            let y = placer.place(text, x: x1 + 3, baseline: (y1 + y2) / 2 + 2, size: 7)
            svg.text(text, x: x1 + 3, y: y, size: 7, fill: colour)
        }
    }
}
