import AutoLayout
import Testing
@testable import LayoutDocument

/// What documents say beyond the examples: direction, frames with masks, priorities,
/// margins, conditions.
@Suite struct DocumentBehaviourTests {
    static func layout(_ text: String, at size: Size? = nil) throws -> DocumentLayout {
        let document = try LayoutDocument.parse(text)
        return try document.layout(at: size ?? document.sizes[0])
    }

    @Test("right to left: leading is the right edge")
    func rightToLeft() throws {
        let layout = try Self.layout("size: 300x100\ndirection: rightToLeft\nviews:\n  - {id: a, size: [50, 10]}\n"
                                     + "  - {id: b, size: [60, 10]}\nconstraints: [\"|-[a]-[b]\", \"V:|[a]\", \"V:|[b]\"]\n")
        #expect(layout.frame(of: "a")?.minX == 230 && layout.frame(of: "b")?.minX == 162)
    }

    @Test("a stack: its views arranged, its options varying by size, custom and system spacing")
    func stack() throws {
        let text = """
        sizes: [300x200, 200x300]
        views:
          - id: s
            kind: stack
            axis: {default: horizontal, when height > width: vertical}
            spacing: {default: system, when height > width: 2}
            customSpacing: {a: {default: 20, when height > width: 4}}
            views:
              - {id: a, size: [30, 10]}
              - {id: b, size: [40, 10]}
              - {id: c, size: [50, 10]}
        constraints: ["|[s]", "V:|[s]"]
        """
        let wide = try Self.layout(text)
        #expect((wide.items["s"] as? StackView)?.arrangedSubviews.map(\.identifier) == ["a", "b", "c"])
        #expect(wide.frame(of: "b")?.minX == 50 && wide.frame(of: "c")?.minX == 98 && wide.frame(of: "s")?.width == 148)
        let tall = try Self.layout(text, at: Size(width: 200, height: 300))
        #expect(tall.frame(of: "b")?.minY == 14 && tall.frame(of: "c")?.minY == 26 && tall.frame(of: "s")?.height == 36)
        #expect(tall.brokenConstraints.isEmpty && tall.issues.isEmpty, "\(tall.issues)")
    }

    @Test("a frame with an autoresizing mask follows the root's size")
    func frameAndMask() throws {
        let text = "size: 320x100\nviews:\n  - id: bar\n    frame: [10, 0, 300, 44]\n    autoresizingMask: [flexibleWidth]\n"
        #expect(try Self.layout(text).frame(of: "bar") == Rect(x: 10, y: 0, width: 300, height: 44))
        #expect(try Self.layout(text, at: Size(width: 640, height: 100)).frame(of: "bar") == Rect(x: 10, y: 0, width: 620, height: 44))
        // Constraining a translated view is the classic conflict: reported, and the exit code says so.
        let conflict = try Self.layout(text + "constraints: [\"|-50-[bar]\"]\n")
        // The mask's left edge is what breaks (those go first): the bar keeps its width.
        #expect(conflict.brokenConstraints.map(\.isAutoresizingConstraint) == [true])
        #expect(conflict.frame(of: "bar") == Rect(x: 50, y: 0, width: 300, height: 44))
    }

    @Test("priorities by kind, overridden by the document")
    func priorities() throws {
        let row = "constraints:\n  - \"|[a][b]|\"\n  - \"V:|[a]\"\n  - \"V:|[b]\"\n"
        // Two labels: equal hugging (251), so the tie is broken by the document.
        let hug = try Self.layout("size: 300x50\nviews:\n  - {id: a, kind: label, text: Hi}\n"
                                  + "  - {id: b, kind: label, text: There, hugging: [250, 251]}\n" + row)
        #expect(hug.frame(of: "a")?.width == TextMetrics.width(of: "Hi", fontSize: 17))
        #expect(hug.frame(of: "b")?.maxX == 300)
        let view = try #require(hug.items["a"] as? LayoutView)
        #expect(view.contentHuggingPriority(for: .horizontal) == 251)
        #expect(view.contentCompressionResistancePriority(for: .vertical) == 750)
        let stepper = try Self.layout("size: 300x50\nviews:\n  - {id: s, kind: stepper}\n")
        #expect((stepper.items["s"] as? LayoutView)?.contentHuggingPriority(for: .horizontal) == 750)
    }

    @Test("constraints and hidden views that depend on the size")
    func conditions() throws {
        let text = """
            sizes: [300x500, 500x300]
            views:
              - {id: a, size: [40, 40]}
              - {id: note, kind: label, text: Tall only, hidden: width > height}
            constraints:
              - {vfl: "H:|-[a]", when: "height > width"}
              - {vfl: "H:[a]-|", when: "width > height"}
              - "V:|-[a]-[note]"
              - note.leading == a.leading
            """
        let tall = try Self.layout(text), wide = try Self.layout(text, at: Size(width: 500, height: 300))
        #expect(tall.frame(of: "a")?.minX == 20 && wide.frame(of: "a")?.minX == 440)
        #expect(!tall.isHidden("note") && wide.isHidden("note"))
        #expect(tall.constraints.count == 5 && tall.constraints.filter(\.isActive).count == 4)
    }

    @Test("margins, safe area and layoutMargins spacing")
    func margins() throws {
        let layout = try Self.layout("""
            size: 320x480
            safeArea: {top: 44, bottom: 34}
            margins: [0, 16, 0, 16]
            superviewSpacing: layoutMargins
            views:
              - id: box
                margins: 4
                views:
                  - {id: inner}
            constraints:
              - "|-[box]-|"
              - box.top == root.safeAreaLayoutGuide.top
              - box.bottom == root.safeAreaLayoutGuide.bottom
              - "|-[inner]-|"
              - "V:|-[inner]-|"
            """)
        #expect(layout.frame(of: "box") == Rect(x: 16, y: 44, width: 288, height: 402))
        #expect(layout.frame(of: "inner") == Rect(x: 4, y: 4, width: 280, height: 394))
        #expect(layout.rootFrame(of: "inner") == Rect(x: 20, y: 48, width: 280, height: 394))
    }
}
