import Testing
@testable import AutoLayout

/// Visual formats laid out: every example of Apple's VFL appendix in both layout directions,
/// and each option with the frames it gives.
@Suite struct VisualFormatLayoutTests {
    /// Lays out `formats` over views with the given intrinsic sizes (nil: none) in a 320×480
    /// root and returns the frames. `options` apply to the first format.
    static func layout(_ formats: [String], _ sizes: [String: (Double, Double)?], rtl: Bool = false,
                       options: LayoutConstraint.FormatOptions = [],
                       spacing: LayoutConstraint.SuperviewSpacing = .classic,
                       configure: (LayoutView, [String: LayoutView]) -> Void = { _, _ in }) throws -> [String: Rect] {
        let root = LayoutView(identifier: "root", frame: Rect(x: 0, y: 0, width: 320, height: 480))
        if rtl { root.semanticContentAttribute = .forceRightToLeft }
        var views: [String: LayoutView] = [:]
        for (name, size) in sizes {
            let view = FixtureView(identifier: name)
            view.translatesAutoresizingMaskIntoConstraints = false
            if let size { view.intrinsic = Size(width: size.0, height: size.1) }
            root.addSubview(view)
            views[name] = view
        }
        configure(root, views)
        for (k, format) in formats.enumerated() {
            try LayoutConstraint.activate(LayoutConstraint.constraints(withVisualFormat: format, options: k == 0 ? options : [],
                                                                       views: views, superviewSpacing: spacing))
        }
        root.layoutIfNeeded()
        #expect(root.brokenConstraints.isEmpty, "\(root.layoutDiagnostics)")
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        return views.mapValues(\.frame)
    }

    /// Apple's examples, each with the lines that pin it down, the intrinsic sizes, and the
    /// frames in a left-to-right layout.
    static let appendix: [(String, [String], [String: (Double, Double)?], [String: Rect])] = [
        ("Standard Space", ["[button]-[textField]", "H:|-20-[button]", "V:|-20-[button]", "V:|-20-[textField]"],
         ["button": (60, 30), "textField": (97, 30)],
         ["button": Rect(x: 20, y: 20, width: 60, height: 30), "textField": Rect(x: 88, y: 20, width: 97, height: 30)]),
        ("Width Constraint", ["[button(>=50)]", "H:|-20-[button]", "V:|-20-[button]"], ["button": (40, 30)],
         ["button": Rect(x: 20, y: 20, width: 50, height: 30)]),
        ("Connection to Superview", ["|-50-[purpleBox]-50-|", "V:|-50-[purpleBox(100)]"], ["purpleBox": nil],
         ["purpleBox": Rect(x: 50, y: 50, width: 220, height: 100)]),
        ("Vertical Layout", ["V:[topField]-10-[bottomField]", "V:|-20-[topField]", "H:|-[topField]-|", "H:|-[bottomField]-|"],
         ["topField": (97, 30), "bottomField": (97, 30)],
         ["topField": Rect(x: 20, y: 20, width: 280, height: 30), "bottomField": Rect(x: 20, y: 60, width: 280, height: 30)]),
        ("Flush Views", ["[maroonView][blueView]", "H:|-20-[maroonView(100)]", "H:[blueView(50)]",
                         "V:|-20-[maroonView(40)]", "V:|-20-[blueView(40)]"], ["maroonView": nil, "blueView": nil],
         ["maroonView": Rect(x: 20, y: 20, width: 100, height: 40), "blueView": Rect(x: 120, y: 20, width: 50, height: 40)]),
        ("Priority", ["[button(100@20)]", "H:|-20-[button]", "V:|-20-[button(30)]"], ["button": nil],
         ["button": Rect(x: 20, y: 20, width: 100, height: 30)]),
        ("Equal Widths", ["[button1(==button2)]", "H:|-20-[button1]-[button2]", "V:|-20-[button1]", "V:|-20-[button2]"],
         ["button1": (60, 30), "button2": (80, 30)],
         ["button1": Rect(x: 20, y: 20, width: 80, height: 30), "button2": Rect(x: 108, y: 20, width: 80, height: 30)]),
        ("Multiple Predicates", ["[flexibleButton(>=70,<=100)]", "H:|-20-[flexibleButton]", "V:|-20-[flexibleButton]"],
         ["flexibleButton": (120, 30)], ["flexibleButton": Rect(x: 20, y: 20, width: 100, height: 30)]),
        ("A Complete Line of Layout", ["|-[find]-[findNext]-[findField(>=20)]-|", "V:|-20-[find]", "V:|-20-[findNext]",
                                       "V:|-20-[findField]"],
         ["find": (40, 30), "findNext": (70, 30), "findField": (-1, 30)],
         ["find": Rect(x: 20, y: 20, width: 40, height: 30), "findNext": Rect(x: 68, y: 20, width: 70, height: 30),
          "findField": Rect(x: 146, y: 20, width: 154, height: 30)]),
    ]

    @Test("Apple's VFL appendix examples, left to right and right to left", arguments: appendix.map(\.0), [false, true])
    func appendixExample(_ title: String, rtl: Bool) throws {
        let (_, formats, sizes, expected) = try #require(Self.appendix.first { $0.0 == title })
        let frames = try Self.layout(formats, sizes, rtl: rtl)
        for (name, frame) in expected {
            // Right to left mirrors the x positions in the 320-wide root.
            let mirrored = rtl ? Rect(x: 320 - frame.maxX, y: frame.minY, width: frame.width, height: frame.height) : frame
            #expect(frames[name] == mirrored, "\(name)")
        }
    }

    @Test("a direction option overrides the layout direction")
    func directions() throws {
        let sizes: [String: (Double, Double)?] = ["a": (50, 10), "b": (60, 10)]
        let rightToLeft = try Self.layout(["|-[a]-[b]", "V:|[a]", "V:|[b]"], sizes, options: .directionRightToLeft)
        #expect(rightToLeft["a"]?.minX == 250 && rightToLeft["b"]?.minX == 182)
        let leftToRight = try Self.layout(["|-[a]-[b]", "V:|[a]", "V:|[b]"], sizes, rtl: true, options: .directionLeftToRight)
        #expect(leftToRight["a"]?.minX == 20 && leftToRight["b"]?.minX == 78)
        let natural = try Self.layout(["|-[a]-[b]", "V:|[a]", "V:|[b]"], sizes, rtl: true)
        #expect(natural["a"]?.minX == 250 && natural["b"]?.minX == 182)
    }

    @Test("alignment options line the views up across the axis")
    func alignment() throws {
        let sizes: [String: (Double, Double)?] = ["a": (40, 40), "b": (40, 20), "c": (40, 30)]
        let centred = try Self.layout(["|-[a]-[b]-[c]", "V:|-20-[a]"], sizes, options: .alignAllCenterY)
        #expect(centred["b"]?.minY == 30 && centred["c"]?.minY == 25)
        let bottoms = try Self.layout(["|-[a]-[b]-[c]", "V:|-20-[a]"], sizes, options: .alignAllBottom)
        #expect(bottoms["b"]?.minY == 40 && bottoms["c"]?.minY == 30)
        let columns = try Self.layout(["V:|-[a]-[b]-[c]", "H:|-30-[b]"], sizes, options: .alignAllTrailing)
        #expect(columns["a"]?.minX == 30 && columns["c"]?.minX == 30 && columns["c"]?.minY == 96)
    }

    @Test("baseline-to-baseline spacing measures from the last baseline to the next first baseline")
    func baselines() throws {
        let frames = try Self.layout(["V:|-20-[a]-[b]", "H:|[a]", "H:|[b]"], ["a": (40, 30), "b": (40, 30)],
                                     options: .spacingBaselineToBaseline) { _, views in
            for view in views.values { (view as? FixtureView)?.baselineFromBottom = 8 }
        }
        // a's baseline at 20 + 22 = 42; b's first baseline 8 below it, 22 under b's top.
        #expect(frames["b"]?.minY == 28)
    }

    @Test("`|-` means 20 points from the edge, or the layout margin when asked")
    func superviewSpacing() throws {
        let classic = try Self.layout(["|-[a]-|", "V:|-[a]-|"], ["a": nil])
        #expect(classic["a"] == Rect(x: 20, y: 20, width: 280, height: 440))
        let margins = try Self.layout(["|-[a]-|", "V:|-[a]-|"], ["a": nil], spacing: .layoutMargins) { root, _ in
            root.layoutMargins = EdgeInsets(top: 10, left: 16, bottom: 12, right: 4)
        }
        #expect(margins["a"] == Rect(x: 16, y: 10, width: 300, height: 458))
    }

    @Test("the seed's score cell written in VFL")
    func scoreCell() throws {
        let cell = LayoutView(identifier: "cell", frame: Rect(x: 0, y: 0, width: 375, height: 60))
        var views: [String: LayoutView] = [:]
        for (name, w, h) in [("photo", 44.0, 44.0), ("name", 97, 30), ("score", 40, 30), ("stepper", 94, 29)] {
            let view = SizedView(name, w, h)
            cell.addSubview(view)
            views[name] = view
        }
        views["stepper"]!.setContentHuggingPriority(.defaultHigh, for: .horizontal)
        let centring = views["score"]!.centerXAnchor.constraint(equalTo: cell.centerXAnchor)
        centring.priority = .defaultHigh
        try LayoutConstraint.activate(
            LayoutConstraint.constraints(withVisualFormat: "H:|-[photo]-[name(>=95)]-[score(>=40)]-(>=8)-[stepper]-|",
                                         options: .alignAllCenterY, views: views, superviewSpacing: .layoutMargins)
            + LayoutConstraint.constraints(withVisualFormat: "V:|-[photo]-|", views: views, superviewSpacing: .layoutMargins)
            + [views["photo"]!.widthAnchor.constraint(equalTo: views["photo"]!.heightAnchor), centring])
        cell.layoutIfNeeded()
        #expect(views["photo"]!.frame == Rect(x: 8, y: 8, width: 44, height: 44))
        #expect(views["name"]!.frame == Rect(x: 60, y: 15, width: 99.5, height: 30))
        #expect(views["score"]!.frame == Rect(x: 167.5, y: 15, width: 40, height: 30))
        #expect(views["stepper"]!.frame == Rect(x: 273, y: 15.5, width: 94, height: 29))
        cell.frame = Rect(x: 0, y: 0, width: 667, height: 60)
        cell.layoutIfNeeded()
        #expect(views["name"]!.frame.width == 245.5)
        expectDescriptionsRoundTrip(installedConstraints(cell), items: itemsByIdentifier(cell))
    }
}
