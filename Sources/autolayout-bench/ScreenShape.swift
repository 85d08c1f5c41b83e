import AutoLayout

/// `screen`: sections chained top to bottom in a 375 × 667 root, 17 views each. A section
/// (leading/trailing == root's, top == previous section's bottom + 8, the first == root.top)
/// holds 4 cards chained top to bottom (the first card's top on the section's top, the last
/// card's bottom on the section's bottom). A card holds an icon (intrinsic 24 × 24), a title
/// (120 × 20) and a button (60 × 30, horizontal hugging 750): `H:|-[icon]-[title]-(>=8)-[button]-|`
/// and `V:|-[icon]-|` on the card's layout margins (8), title and button centred on the icon.
/// So a card is 40 high, a section 160, and section s starts at 168 s.
final class ScreenShape: EngineShape {
    let root = LayoutView(frame: Rect(x: 0, y: 0, width: 375, height: 667))
    private(set) var views: [LayoutView] = []
    /// The sections, and each one's top constraint (the constant operation changes the
    /// middle one's).
    private(set) var sections: [LayoutView] = []
    private(set) var sectionTops: [LayoutConstraint] = []
    /// Every card, 4 per section, with its icon, title and button.
    private(set) var cards: [(card: LayoutView, icon: LayoutView, title: LayoutView, button: LayoutView)] = []
    private let sectionCount: Int
    let operations = ["resize", "constant"]

    /// Views per section: the section, 4 cards, and 3 views in each card.
    static let viewsPerSection = 17

    /// A screen of about `count` views (rounded to whole sections, at least one).
    init(count: Int) {
        sectionCount = max(1, Int((Double(count) / Double(ScreenShape.viewsPerSection)).rounded()))
    }

    /// The number of views once rounded to whole sections.
    var viewCount: Int { sectionCount * ScreenShape.viewsPerSection }

    func build() throws {
        for s in 0..<sectionCount {
            let section = constrainedView()
            root.addSubview(section)
            let top = s == 0 ? section.topAnchor.constraint(equalTo: root.topAnchor)
                : section.topAnchor.constraint(equalTo: sections[s - 1].bottomAnchor, constant: 8)
            try LayoutConstraint.activate([
                section.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                section.trailingAnchor.constraint(equalTo: root.trailingAnchor),
                top,
            ])
            sections.append(section)
            sectionTops.append(top)
            views.append(section)
            var previous: LayoutView?
            for c in 0..<4 {
                let card = constrainedView()
                section.addSubview(card)
                let icon = SizedView(width: 24, height: 24), title = SizedView(width: 120, height: 20)
                let button = SizedView(width: 60, height: 30)
                button.setContentHuggingPriority(750, for: .horizontal)
                for view in [icon, title, button] { card.addSubview(view) }
                let named = ["icon": icon, "title": title, "button": button]
                var constraints = [
                    card.leadingAnchor.constraint(equalTo: section.leadingAnchor),
                    card.trailingAnchor.constraint(equalTo: section.trailingAnchor),
                    card.topAnchor.constraint(equalTo: previous?.bottomAnchor ?? section.topAnchor),
                ]
                if c == 3 { constraints.append(card.bottomAnchor.constraint(equalTo: section.bottomAnchor)) }
                constraints += try LayoutConstraint.constraints(withVisualFormat: "H:|-[icon]-[title]-(>=8)-[button]-|",
                                                                views: named, superviewSpacing: .layoutMargins)
                constraints += try LayoutConstraint.constraints(withVisualFormat: "V:|-[icon]-|", views: named,
                                                                superviewSpacing: .layoutMargins)
                constraints.append(title.centerYAnchor.constraint(equalTo: icon.centerYAnchor))
                constraints.append(button.centerYAnchor.constraint(equalTo: icon.centerYAnchor))
                try LayoutConstraint.activate(constraints)
                cards.append((card, icon, title, button))
                views += [card, icon, title, button]
                previous = card
            }
        }
    }

    /// Checks the first, middle and last sections, and the views of the first and last
    /// cards, when the middle section's top constant is `middleTop`.
    func checkFrames(_ log: ShapeLog, _ context: String, middleTop: Double? = nil) {
        let width = root.frame.width, middle = sectionCount / 2
        let baseline: Double = middle == 0 ? 0 : 8
        func sectionY(_ s: Int) -> Double {
            Double(s) * 168 + (s >= middle ? (middleTop ?? baseline) - baseline : 0)
        }
        for s in Set([0, middle, sectionCount - 1]).sorted() {
            log.checkFrame(sections[s].frame, Rect(x: 0, y: sectionY(s), width: width, height: 160), "\(context): section \(s)")
        }
        for index in [0, cards.count - 1] {
            let card = cards[index]
            let label = "\(context): card \(index)"
            log.checkFrame(card.card.frame, Rect(x: 0, y: Double(index % 4) * 40, width: width, height: 40), label)
            log.checkFrame(card.icon.frame, Rect(x: 8, y: 8, width: 24, height: 24), label + " icon")
            log.checkFrame(card.title.frame, Rect(x: 40, y: 10, width: 120, height: 20), label + " title")
            log.checkFrame(card.button.frame, Rect(x: width - 68, y: 5, width: 60, height: 30), label + " button")
        }
    }

    func checkBuilt(_ log: ShapeLog) { checkFrames(log, "built") }

    func run(_ operation: String, _ timer: OperationTimer) throws {
        switch operation {
        case "resize":
            measureResize(timer, width: 375, height: 667) { checkFrames($0, "resize") }
        case "constant":
            let top = sectionTops[sectionCount / 2], original = top.constant
            timer.measure("constant", change: { step in
                top.constant = step % 2 == 0 ? 12 : 8
            }, check: { step in checkFrames(timer.log, "constant", middleTop: step % 2 == 0 ? 12 : 8) })
            top.constant = original
            root.layoutIfNeeded()
        default:
            break
        }
    }
}
