import Testing
@testable import AutoLayout

/// `layoutIssues()`: each kind with its exact message.
struct LayoutIssuesTests {
    /// A root of 320×200 with one constrained child, `box`, and the given constraints.
    static func box(_ make: (LayoutView, LayoutView) -> [LayoutConstraint]) throws -> (root: LayoutView, box: LayoutView) {
        let root = makeRoot(320, 200)
        let box = makeChild(in: root, "box")
        try LayoutConstraint.activate(make(root, box))
        return (root, box)
    }

    static func descriptions(_ view: LayoutView) -> [String] { view.layoutIssues().map(\.description) }

    @Test("a complete layout has no issues")
    func clean() throws {
        let (root, _) = try Self.box { root, box in
            [box.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
             box.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
             box.widthAnchor.constraint(equalToConstant: 100), box.heightAnchor.constraint(equalToConstant: 40)]
        }
        #expect(root.layoutIssues().isEmpty)
    }

    @Test("missing constraints name the open components as Interface Builder does")
    func missing() throws {
        let noHeight = try Self.box { root, box in
            [box.leadingAnchor.constraint(equalTo: root.leadingAnchor), box.topAnchor.constraint(equalTo: root.topAnchor),
             box.widthAnchor.constraint(equalToConstant: 100)]
        }
        #expect(Self.descriptions(noHeight.root) == ["'box': Need constraints for: height"])
        let noTop = try Self.box { root, box in
            [box.leadingAnchor.constraint(equalTo: root.leadingAnchor), box.widthAnchor.constraint(equalToConstant: 100),
             box.heightAnchor.constraint(equalToConstant: 40)]
        }
        #expect(Self.descriptions(noTop.root) == ["'box': Need constraints for: Y position"])
        // Pinned at its trailing edge only: x and width move together, one degree of freedom.
        let trailing = try Self.box { root, box in
            [box.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
             box.topAnchor.constraint(equalTo: root.topAnchor), box.heightAnchor.constraint(equalToConstant: 40)]
        }
        #expect(Self.descriptions(trailing.root) == ["'box': Need constraints for: X position or width"])
        // Nothing horizontal: two.
        let vertical = try Self.box { root, box in
            [box.topAnchor.constraint(equalTo: root.topAnchor), box.heightAnchor.constraint(equalToConstant: 40)]
        }
        #expect(Self.descriptions(vertical.root) == ["'box': Need constraints for: X position, width"])
    }

    @Test("equal hugging in a row is a content priority ambiguity, with the change that settles it")
    func contentPriority() throws {
        let (root, name, _) = try makeLabelRow()
        let issues = root.layoutIssues()
        #expect(issues.map(\.description) == ["'name': Content Priority Ambiguity: Decrease horizontal hugging of 'name' from 250 to 249"])
        #expect(issues.first?.views.map(\.description) == ["name", "date"])
        // The suggested change settles it.
        name.setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
        #expect(root.layoutIssues().isEmpty)
    }

    @Test("what the solution shows: a negative width, cut-off content, a view outside its superview")
    func solutionIssues() throws {
        let negative = try Self.box { root, box in
            [box.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 200),
             box.trailingAnchor.constraint(equalTo: root.leadingAnchor, constant: 80),
             box.topAnchor.constraint(equalTo: root.topAnchor), box.heightAnchor.constraint(equalToConstant: 40)]
        }
        #expect(Self.descriptions(negative.root) == ["'box': Its width is -120: the constraints push it below zero"])

        let root = makeRoot(320, 100)
        let title = SizedView("title", 143, 20)
        root.addSubview(title)
        try LayoutConstraint.activate([title.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                       title.topAnchor.constraint(equalTo: root.topAnchor),
                                       title.widthAnchor.constraint(equalToConstant: 120)])
        #expect(Self.descriptions(root) == ["'title': Needs 143 points of width and has 120: its content is cut off"])
        // A view with a text baseline shows text, and the message says so.
        let label = SizedView("label", 90, 20, firstBaseline: 16)
        root.addSubview(label)
        try LayoutConstraint.activate([label.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                       label.topAnchor.constraint(equalTo: title.bottomAnchor),
                                       label.widthAnchor.constraint(equalToConstant: 75.5)])
        #expect(Self.descriptions(root).last == "'label': Needs 90 points of width and has 75.5: its text is cut off")

        let outside = try Self.box { root, box in
            [box.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 300),
             box.topAnchor.constraint(equalTo: root.topAnchor), box.widthAnchor.constraint(equalToConstant: 100),
             box.heightAnchor.constraint(equalToConstant: 40)]
        }
        #expect(Self.descriptions(outside.root)
                == ["'box': Lies outside its superview 'root': frame (300, 0, 100, 40) in bounds (0, 0, 320, 200)"])
    }

    @Test("an optional constraint the solution does not meet, with what it asks and what it gets")
    func unmetOptional() throws {
        let (root, _) = try Self.box { root, box in
            let wish = box.widthAnchor.constraint(equalToConstant: 200)
            wish.priority = .defaultHigh
            return [box.leadingAnchor.constraint(equalTo: root.leadingAnchor), box.topAnchor.constraint(equalTo: root.topAnchor),
                    box.heightAnchor.constraint(equalToConstant: 40),
                    box.widthAnchor.constraint(lessThanOrEqualToConstant: 150), wish]
        }
        #expect(Self.descriptions(root)
                == ["'box': Optional constraint 'box.width == 200 @750' is not met: it asks for 200 and the solution has 150"])
    }

    @Test("a conflict names the constraints that cannot all hold and the one broken")
    func conflict() throws {
        let (root, _) = try Self.box { root, box in
            [box.leadingAnchor.constraint(equalTo: root.leadingAnchor), box.topAnchor.constraint(equalTo: root.topAnchor),
             box.heightAnchor.constraint(equalToConstant: 40),
             box.widthAnchor.constraint(equalToConstant: 100), box.widthAnchor.constraint(equalToConstant: 130)]
        }
        let issues = root.layoutIssues()
        #expect(issues.map(\.description) == [
            "'box': Conflicting constraints: 'box.width == 100', 'box.width == 130' cannot all hold; "
                + "the engine broke 'box.width == 130', the one activated last",
        ])
        #expect(issues.first?.kind.isError == true)
    }

    @Test("optional constraints of equal priority pulling apart are a tie")
    func equalPriorityTie() throws {
        let (root, box) = try Self.box { root, box in
            let near = box.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20)
            let far = box.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 60)
            near.priority = .init(500)
            far.priority = .init(500)
            return [near, far, box.topAnchor.constraint(equalTo: root.topAnchor),
                    box.widthAnchor.constraint(equalToConstant: 10), box.heightAnchor.constraint(equalToConstant: 10)]
        }
        let issues = root.layoutIssues()
        #expect(issues.first?.description
                == "'box': Optional constraints of equal priority leave the horizontal layout open: give one of them a higher priority")
        #expect(issues.first?.kind == .equalPriorityTie)
        // The solution meets one of the two; the other is reported unmet.
        #expect(issues.dropFirst().map(\.kind) == [.unmetOptionalConstraint])
        #expect(box.ambiguousFrameComponents == [.x])
    }

    @Test("a conflict with a view's autoresizing mask breaks the constraint made from the mask, and says so")
    func autoresizingGoesFirst() throws {
        let root = makeRoot(320, 200)
        let card = makeChild(in: root, "card")
        let button = LayoutView(identifier: "button", frame: Rect(x: 10, y: 10, width: 100, height: 44))
        card.addSubview(button)
        try LayoutConstraint.activate([card.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                       card.topAnchor.constraint(equalTo: root.topAnchor),
                                       card.widthAnchor.constraint(equalToConstant: 300),
                                       card.heightAnchor.constraint(equalToConstant: 100)])
        root.layoutIfNeeded()
        let centring = button.centerXAnchor.constraint(equalTo: card.centerXAnchor)
        try centring.activate()
        root.layoutIfNeeded()
        let broken = root.brokenConstraints
        #expect(broken.count == 1 && broken[0].isAutoresizingConstraint)
        #expect(centring.isActive && button.frame.midX == 150)
        let log = root.layoutDiagnostics.map(\.description).joined()
        #expect(log.contains("(Broken as a constraint made from an autoresizing mask: those go first, then the one activated last.)"))
        let issue = try #require(root.layoutIssues().first { $0.kind == .conflictingConstraints })
        #expect(issue.message.contains("cannot all hold; the engine broke 'button.width == 100', "
                                       + "made from an autoresizing mask (those go first)"), "\(issue.message)")
    }

    @Test("a translated subview of the root (placed through a frame alias) also loses its autoresizing constraint first")
    func autoresizingGoesFirstForRootSubviews() throws {
        let root = makeRoot(375, 667)
        let button = LayoutView(identifier: "button", frame: Rect(x: 20, y: 20, width: 100, height: 44))
        root.addSubview(button)
        root.layoutIfNeeded()
        let centring = button.centerXAnchor.constraint(equalTo: root.centerXAnchor)
        let bottom = button.bottomAnchor.constraint(equalTo: root.bottomAnchor, constant: -20)
        try LayoutConstraint.activate([centring, bottom])
        root.layoutIfNeeded()
        // Both of the button's constraints hold; the mask's width and height were broken.
        #expect(root.brokenConstraints.map(\.logDescription) == [
            "<AutoresizingMaskLayoutConstraint h=--- v=--- button.width == 100>",
            "<AutoresizingMaskLayoutConstraint h=--- v=--- button.height == 44>"])
        #expect(button.frame == Rect(x: 20, y: 20, width: 335, height: 627))
        // Each conflict lists the mask's edge and size constraints it reads.
        let lists = root.layoutDiagnostics.compactMap { diagnostic -> [String]? in
            guard case .unsatisfiable(_, let conflicts, _) = diagnostic else { return nil }
            return conflicts.map(\.logDescription)
        }
        #expect(lists == [
            ["<LayoutConstraint 'root.width' H:[root(375)]   (active)>",
             "<AutoresizingMaskLayoutConstraint h=--- v=--- button.left == root.left + 20   (active)>",
             "<AutoresizingMaskLayoutConstraint h=--- v=--- button.width == 100>"],
            ["<LayoutConstraint 'root.height' V:[root(667)]   (active)>",
             "<AutoresizingMaskLayoutConstraint h=--- v=--- button.top == root.top + 20   (active)>",
             "<AutoresizingMaskLayoutConstraint h=--- v=--- button.height == 44>"]])
        // Taking the constraints away brings the mask's back, and the frame with them.
        centring.isActive = false
        bottom.isActive = false
        root.layoutIfNeeded()
        #expect(root.brokenConstraints.isEmpty)
        #expect(button.frame == Rect(x: 20, y: 20, width: 100, height: 44))
    }

    @Test("the conflict log is the same text for the same layout: no addresses where views have identifiers")
    func deterministicLog() throws {
        func log(named: Bool) throws -> String {
            let (root, box) = try Self.box { root, box in
                [box.leadingAnchor.constraint(equalTo: root.leadingAnchor), box.topAnchor.constraint(equalTo: root.topAnchor),
                 box.heightAnchor.constraint(equalToConstant: 40),
                 box.widthAnchor.constraint(equalToConstant: 100), box.widthAnchor.constraint(equalToConstant: 130)]
            }
            if !named { box.identifier = nil }
            return root.layoutDiagnostics.map(\.description).joined(separator: "\n")
        }
        let first = try log(named: true), second = try log(named: true)
        #expect(first == second && !first.contains("0x") && first.contains("<LayoutConstraint H:[box(130)]   (active)>"), "\(first)")
        // A view without an identifier is named by its address, and so are its constraints.
        #expect(try log(named: false).contains("<LayoutConstraint:0x"))
    }
}

