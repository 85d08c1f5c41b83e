import AutoLayout
import LayoutDocument
import LayoutRendering
import Testing

@Suite("Text direction in pictures")
struct TextDirectionRenderTests {
    /// A 200-point label of Hebrew text is drawn from its trailing (right) edge; a Latin one
    /// from its leading edge.
    @Test("right-to-left text is aligned to the trailing edge")
    func trailingEdge() throws {
        for (text, rightToLeft) in [("שלום עולם", true), ("Hello", false)] {
            let document = try LayoutDocument.parse("""
                size: 300x100
                views:
                  - {id: label, kind: label, text: "\(text)"}
                constraints:
                  - "H:|-50-[label(200)]"
                  - "V:|-10-[label]"
                """)
            let svg = SVGRenderer(showsConstraints: false, showsIssues: false).render(try document.layout(at: Size(width: 300, height: 100)))
            let width = TextMetrics.width(of: text, fontSize: 17)
            let x = rightToLeft ? 250 - width : 50
            let written = (x * 100).rounded() / 100  // as the picture writes numbers
            let expected = written == written.rounded() ? String(Int(written)) : String(written)
            let line = svg.split(separator: "\n").first { $0.hasSuffix(">\(text)</text>") }
            #expect(line?.drop(while: { $0 == " " }).hasPrefix("<text x=\"\(expected)\" ") == true,
                    "\(text): expected x \(expected) in \(String(describing: line))")
        }
    }
}
