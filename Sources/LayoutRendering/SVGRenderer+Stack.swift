import AutoLayout
import LayoutDocument

// Stack views: the stack's frame dashed in teal with its axis after its id (↔ or ↕), the
// spacing between neighbouring visible views as I-beams, and a dashed mark across the
// stack where each hidden view collapsed.

extension SVGRenderer {
    static let stackColour = "#0f8b8d"

    /// The caption of a stack: its id and an arrow along its axis.
    static func stackCaption(_ stack: StackView, id: String) -> String {
        id + (stack.axis == .horizontal ? " ↔" : " ↕")
    }

    /// Draws a stack's arrangement over its views.
    func drawArrangement(of stack: StackView, in layout: DocumentLayout, placer: inout CaptionPlacer,
                         into svg: inout SVGWriter) {
        guard let id = stack.identifier, let box = layout.rootFrame(of: id) else { return }
        let horizontal = stack.axis == .horizontal
        let lines = ConstraintLines(layout: layout)
        let style = ConstraintLines.Style(colour: Self.stackColour)
        func frame(_ view: LayoutView) -> Rect? { view.identifier.flatMap { layout.rootFrame(of: $0) } }
        let visible = stack.arrangedSubviews.filter { !$0.isHidden }
        for (a, b) in zip(visible, visible.dropFirst()) {
            guard let fa = frame(a), let fb = frame(b) else { continue }
            if horizontal, fb.minX - fa.maxX > 0.5 {
                let y = (max(fa.minY, fb.minY) + min(fa.maxY, fb.maxY)) / 2
                lines.beam(fa.maxX, y, fb.minX, y, label: number(fb.minX - fa.maxX), style: style, placer: &placer, into: &svg)
            } else if !horizontal, fb.minY - fa.maxY > 0.5 {
                let x = (max(fa.minX, fb.minX) + min(fa.maxX, fb.maxX)) / 2
                lines.beam(x, fa.maxY, x, fb.minY, label: number(fb.minY - fa.maxY), style: style, placer: &placer, into: &svg)
            }
        }
        for view in stack.arrangedSubviews where view.isHidden {
            guard let name = view.identifier, let f = frame(view) else { continue }
            let caption = name + " hidden"
            if horizontal {
                svg.line(f.minX, box.minY, f.minX, box.maxY, stroke: Self.stackColour, width: 1, dash: "2 2")
                let y = placer.place(caption, x: f.minX + 2, baseline: box.maxY + 9, size: 7)
                svg.text(caption, x: f.minX + 2, y: y, size: 7, fill: Self.stackColour)
            } else {
                svg.line(box.minX, f.minY, box.maxX, f.minY, stroke: Self.stackColour, width: 1, dash: "2 2")
                let y = placer.place(caption, x: box.minX + 2, baseline: f.minY + 8, size: 7)
                svg.text(caption, x: box.minX + 2, y: y, size: 7, fill: Self.stackColour)
            }
        }
    }
}
