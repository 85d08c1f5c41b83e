import AutoLayout
import Foundation
import InterfaceBuilder
import LayoutDocument
import Testing

@Suite("Converting Interface Builder roots to layout documents")
struct ConvertTests {
    /// Every root of every fixture file, written as YAML and read back, lays out to the same
    /// frames as the root read from the file (both ways of measuring intrinsic sizes).
    @Test("every root converts to a document that lays out the same", arguments: InterfaceBuilderFixtures.files)
    func roundTrip(_ name: String) throws {
        let file = try InterfaceBuilderFixtures.load(name)
        for root in file.roots {
            for fromFrames in [false, true] {
                var options = InterfaceBuilderOptions()
                options.intrinsicFromFrames = fromFrames
                let read = file.layoutDocument(for: root, options: options)
                let original = try read.document.layout(at: root.size)
                let yaml = read.document.yaml
                let converted = try LayoutDocument.parse(yaml, file: "converted.yaml")
                let layout = try converted.layout(at: root.size)
                #expect(layout.order == original.order, "\(name) \(root.id)")
                for id in original.order {
                    let a = original.frame(of: id), b = layout.frame(of: id)
                    #expect(a == b, "\(name) \(root.id) \(id): \(String(describing: a)) read, \(String(describing: b)) converted")
                }
            }
        }
    }

    @Test("text with quotes, backslashes, line breaks and emoji survives the YAML")
    func quoting() throws {
        var document = LayoutDocument(file: "q.yaml")
        document.name = "A \"quoted\" \\ name:\n# not a comment"
        document.sizes = [Size(width: 100, height: 50)]
        var label = ViewSpec(id: "label", position: SourcePosition(line: 1, column: 1))
        label.kind = .label
        label.text = "Line one\nline \"two\"\t😬 — é"
        document.views = [label]
        let parsed = try LayoutDocument.parse(document.yaml, file: "q.yaml")
        #expect(parsed.name == document.name)
        #expect(parsed.views.first?.text == label.text)
    }
}
