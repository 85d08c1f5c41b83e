import AutoLayout
import LayoutDocument

/// Draws a laid-out document as SVG: the root at its size, each view's frame with its id
/// and text, guides dashed, and (optionally) the constraints as thin lines with I-beams.
/// The output depends only on the layout, so it can be compared as text.
public struct SVGRenderer {
    /// Whether constraints are drawn.
    public var showsConstraints: Bool
    /// A title above the picture (the document's name).
    public var title: String?

    /// A renderer.
    public init(showsConstraints: Bool = true, title: String? = nil) {
        self.showsConstraints = showsConstraints
        self.title = title
    }

    static let padding = 24.0, header = 30.0

    /// The SVG text for one layout. Ids are written just above each frame.
    public func render(_ layout: DocumentLayout) -> String {
        let size = layout.size, pad = Self.padding, top = Self.header + pad
        var svg = SVGWriter(width: size.width + 2 * pad, height: size.height + top + pad)
        let caption = (title.map { $0 + " — " } ?? "") + "\(number(size.width)) × \(number(size.height))"
        svg.text(caption, x: pad, y: 20, size: 13, fill: "#333333", weight: "bold")
        svg.open("g", ["transform": "translate(\(number(pad)) \(number(top)))"])
        svg.rect(Rect(x: 0, y: 0, width: size.width, height: size.height), fill: "#f7f7f9", stroke: "#8a8a8a", width: 1)
        let safe = layout.root.safeAreaInsets
        if safe != .zero {
            svg.rect(Rect(x: safe.left, y: safe.top, width: size.width - safe.left - safe.right,
                          height: size.height - safe.top - safe.bottom),
                     fill: "none", stroke: "#d9534f", width: 0.75, dash: "4 3")
        }
        for id in layout.order where !layout.isHidden(id) {
            guard let frame = layout.rootFrame(of: id) else { continue }
            if let view = layout.items[id] as? DocumentView {
                drawView(view, id: id, frame: frame, into: &svg)
            } else {
                svg.rect(frame, fill: "none", stroke: "#9b59b6", width: 1, dash: "3 2")
                svg.text(id, x: frame.minX + 1, y: frame.minY - 2, size: 8, fill: "#9b59b6")
            }
        }
        if showsConstraints {
            var lines = ConstraintLines(layout: layout)
            for constraint in layout.constraints where constraint.isActive { lines.draw(constraint, into: &svg) }
        }
        svg.close("g")
        return svg.finish()
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
        }
    }

    func drawView(_ view: DocumentView, id: String, frame: Rect, into svg: inout SVGWriter) {
        let (fill, stroke) = Self.colours(view.kind)
        svg.rect(frame, fill: fill, stroke: stroke, width: 1, radius: view.kind == .button || view.kind == .switch ? 4 : 0)
        if let text = view.text, !text.isEmpty {
            let inset = view.kind == .button ? 10.0 : view.kind == .textField ? 7 : 0
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let lineHeight = TextMetrics.lineHeight(fontSize: view.fontSize)
            let block = lineHeight * Double(lines.count)
            // Centred vertically in the frame, as UIKit draws a label's text.
            var y = frame.minY + (frame.height - block) / 2 + TextMetrics.ascent(fontSize: view.fontSize)
            for line in lines {
                let width = TextMetrics.width(of: line, fontSize: view.fontSize)
                let x = view.kind == .button ? frame.minX + (frame.width - width) / 2 : frame.minX + inset
                svg.text(String(line), x: x, y: y, size: view.fontSize, fill: view.kind == .button ? "#1d4ed8" : "#222222")
                y += lineHeight
            }
        }
        svg.text(id, x: frame.minX + 1, y: frame.minY - 2, size: 8, fill: stroke)
    }
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
