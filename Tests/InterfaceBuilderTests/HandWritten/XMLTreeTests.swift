@testable import InterfaceBuilder
import Testing

@Suite("XML reading")
struct XMLTreeTests {
    static func parse(_ text: String) throws(InterfaceBuilderError) -> XMLNode {
        try XMLTree.parse(Array(text.utf8), file: "t.xml")
    }

    @Test("elements, attributes in either quotes, text, entities, CDATA, comments and lines")
    func wellFormed() throws {
        let root = try Self.parse("""
            \u{FEFF}<?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE doc [ <!ELEMENT doc ANY> ]>
            <!-- a comment -->
            <doc a="1" b='two &amp; &quot;three&quot;'>
                <item key="x" text="line&#10;break" tab="a\tb
            c"/>
                <string key="text">caf&#xE9; &lt;ok&gt; <![CDATA[<raw & text>]]></string>
                <?pi ignored?>
            </doc>
            <!-- trailing -->
            """)
        #expect(root.name == "doc" && root.line == 4)
        #expect(root["a"] == "1" && root["b"] == "two & \"three\"")
        #expect(root.children.map(\.name) == ["item", "string"])
        let item = try #require(root.child("item", key: "x"))
        #expect(item.line == 5)
        #expect(item["text"] == "line\nbreak")  // a character reference keeps its line break
        #expect(item["tab"] == "a b c")  // literal tabs and line breaks become spaces
        #expect(root.child("string")?.text == "café <ok> <raw & text>")
    }

    @Test("mistakes are errors at their line", arguments: [
        ("<a>\n<b>\n</a>", 3, "does not match <b> of line 2"),
        ("<a x=\"1\" x=\"2\"/>", 1, "given twice"),
        ("<a>\n\n&bogus;</a>", 3, "unknown reference &bogus;"),
        ("<a x=\"1/><b/>", 1, "'<' in an attribute value"),
        ("<a>\n<b x=\"1/>", 2, "an attribute value is not closed"),
        ("<a x=1/>", 1, "expected a quoted value"),
        ("<a>\n<b/>\n", 2, "the file ends inside <a>"),
        ("<a/><b/>", 1, "text after the root element"),
        ("hello", 1, "does not start with an element"),
        ("", 1, "the file is empty"),
        ("<a>\n<!-- open", 2, "a comment is not closed"),
        ("<a>AT&T</a>", 1, "'&' that does not start a reference"),
    ])
    func mistakes(_ text: String, _ line: Int, _ message: String) {
        let error = #expect(throws: InterfaceBuilderError.self) { try Self.parse(text) }
        #expect(error?.line == line, "\(text)")
        #expect(error?.message.contains(message) == true, "\(String(describing: error?.message))")
    }

    @Test("files nest up to 2,000 levels; deeper is an error, not a stack overflow")
    func deep() throws {
        func nested(_ depth: Int) -> String {
            String(repeating: "<v>\n", count: depth) + String(repeating: "</v>", count: depth)
        }
        var node = try Self.parse(nested(XMLTree.maximumDepth)), levels = 1
        while let child = node.children.first {
            node = child
            levels += 1
        }
        #expect(levels == XMLTree.maximumDepth)
        let error = #expect(throws: InterfaceBuilderError.self) { try Self.parse(nested(1_000_000)) }
        #expect(error?.line == XMLTree.maximumDepth + 1)
        #expect(error?.message.contains("nested deeper than 2000 levels") == true)
    }
}
