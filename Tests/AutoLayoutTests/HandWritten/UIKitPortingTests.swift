import Testing
import AutoLayout

/// Code written for UIKit compiles and behaves the same: the spellings a port uses.
@Suite struct UIKitPortingTests {
    @Test("priority arithmetic, as UILayoutPriority has it")
    func priorityArithmetic() throws {
        #expect((LayoutPriority.defaultHigh - 1).rawValue == 749)
        #expect((LayoutPriority.defaultLow + 1).rawValue == 251)
        #expect(LayoutPriority.required - 1 < .required)
        // A constraint made with one: it gives way to defaultHigh and beats defaultLow.
        let root = makeRoot(), box = makeChild(in: root, "box")
        let wide = box.widthAnchor.constraint(equalToConstant: 200)
        wide.priority = .defaultHigh - 1
        let narrow = box.widthAnchor.constraint(equalToConstant: 100)
        narrow.priority = .defaultHigh
        try LayoutConstraint.activate([wide, narrow, box.heightAnchor.constraint(equalToConstant: 10),
                                       box.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                       box.topAnchor.constraint(equalTo: root.topAnchor)])
        root.layoutIfNeeded()
        #expect(box.frame.width == 100)
        narrow.priority = .defaultLow + 1
        root.layoutIfNeeded()
        #expect(box.frame.width == 200)
    }

    @Test("visual formats take metrics: nil and a views dictionary of Any, guides included")
    func visualFormatSignatures() throws {
        let root = makeRoot(), a = makeChild(in: root, "a"), b = makeChild(in: root, "b")
        let guide = LayoutGuide()
        root.addLayoutGuide(guide)
        let views: [String: Any] = ["a": a, "b": b, "guide": guide]
        let made = try LayoutConstraint.constraints(withVisualFormat: "H:|-[a]-[b]-|", metrics: nil, views: views)
        #expect(made.map(\.equationDescription) == ["a.leading == root.leading + 20", "b.leading == a.trailing + 8",
                                                    "root.trailing == b.trailing + 20"])
        let typed = try LayoutConstraint.constraints(withVisualFormat: "V:|[a]", metrics: nil, views: ["a": a])
        #expect(typed.map(\.equationDescription) == ["a.top == root.top"])
        do {
            _ = try LayoutConstraint.constraints(withVisualFormat: "H:|[a]-[guide]", views: views)
            Issue.record("a guide in a visual format was accepted")
        } catch {
            #expect(error.message == "guide is not a key in the views dictionary. "
                    + "(It is a layout guide: visual formats relate views only, so write an equation.)")
            #expect(error.position == 13)
        }
        do {
            _ = try LayoutConstraint.constraints(withVisualFormat: "H:|[a]-[number]", views: ["a": a, "number": 3])
            Issue.record("a number in the views dictionary was accepted")
        } catch {
            #expect(error.message == "number is not a key in the views dictionary. (It is not a view.)")
        }
    }
}
