import Testing
@testable import AutoLayout

/// The grammar of the Visual Format Language as a table: formats and the constraints each
/// makes (as equations), and mistakes with their message and caret.
@Suite struct VisualFormatGrammarTests {
    typealias Options = LayoutConstraint.FormatOptions

    let sv = LayoutView(identifier: "sv", frame: Rect(x: 0, y: 0, width: 320, height: 480))
    let a = LayoutView(identifier: "a"), b = LayoutView(identifier: "b"), c = LayoutView(identifier: "c")
    let loner = LayoutView(identifier: "loner"), twin = LayoutView(identifier: "twin")
    let metrics: [String: Double] = ["m": 12, "big": 100, "prio": 750, "neg": -5, "twin": 3, "inf": .infinity]

    init() {
        for view in [a, b, c, twin] { sv.addSubview(view) }
    }

    var views: [String: LayoutView] { ["a": a, "b": b, "c": c, "loner": loner, "twin": twin] }

    static let valid: [(String, Options, LayoutConstraint.SuperviewSpacing, [String])] = [
        ("[a]", [], .classic, []),
        ("H:[a]", [], .classic, []),
        ("V:[a]", [], .classic, []),
        ("[a]-[b]", [], .classic, ["b.leading == a.trailing + 8"]),
        ("[a][b]", [], .classic, ["b.leading == a.trailing"]),
        ("[a]-0-[b]", [], .classic, ["b.leading == a.trailing"]),
        ("[a]-20-[b]", [], .classic, ["b.leading == a.trailing + 20"]),
        ("[a]-m-[b]", [], .classic, ["b.leading == a.trailing + 12"]),
        ("[a]-(m)-[b]", [], .classic, ["b.leading == a.trailing + 12"]),
        ("[a]-(-22)-[b]", [], .classic, ["b.leading == a.trailing - 22"]),
        ("[a]-(neg)-[b]", [], .classic, ["b.leading == a.trailing - 5"]),
        ("[a]-(10.5)-[b]", [], .classic, ["b.leading == a.trailing + 10.5"]),
        ("[a]-(>=8)-[b]", [], .classic, ["b.leading >= a.trailing + 8"]),
        ("[a]-(<=8@750)-[b]", [], .classic, ["b.leading <= a.trailing + 8 @750"]),
        ("[a]-(==8@prio)-[b]", [], .classic, ["b.leading == a.trailing + 8 @750"]),
        ("[a]-(>=8,<=20)-[b]", [], .classic, ["b.leading >= a.trailing + 8", "b.leading <= a.trailing + 20"]),
        ("[a]-[b]-[c]", [], .classic, ["b.leading == a.trailing + 8", "c.leading == b.trailing + 8"]),
        ("|[a]|", [], .classic, ["a.leading == sv.leading", "sv.trailing == a.trailing"]),
        ("|[a]", [], .classic, ["a.leading == sv.leading"]),
        ("[a]|", [], .classic, ["sv.trailing == a.trailing"]),
        ("|-[a]-|", [], .classic, ["a.leading == sv.leading + 20", "sv.trailing == a.trailing + 20"]),
        ("|-50-[a]-50-|", [], .classic, ["a.leading == sv.leading + 50", "sv.trailing == a.trailing + 50"]),
        ("|-(>=0)-[a]-(>=0@500)-|", [], .classic, ["a.leading >= sv.leading", "sv.trailing >= a.trailing @500"]),
        ("V:|-[a]-[b]-|", [], .classic, ["a.top == sv.top + 20", "b.top == a.bottom + 8", "sv.bottom == b.bottom + 20"]),
        ("V:[a]-10-[b]", [], .classic, ["b.top == a.bottom + 10"]),
        ("[a(44)]", [], .classic, ["a.width == 44"]),
        ("V:[a(44)]", [], .classic, ["a.height == 44"]),
        ("[a(>=50)]", [], .classic, ["a.width >= 50"]),
        ("[a(>=70,<=100)]", [], .classic, ["a.width >= 70", "a.width <= 100"]),
        ("[a(100@20)]", [], .classic, ["a.width == 100 @20"]),
        ("[a(60.6666)]", [], .classic, ["a.width == 60.6666"]),
        ("[a(big)]", [], .classic, ["a.width == 100"]),
        ("[a(-5)]", [], .classic, ["a.width == -5"]),
        ("[a(==b)]", [], .classic, ["a.width == b.width"]),
        ("[a(>=b@750)]", [], .classic, ["a.width >= b.width @750"]),
        ("V:[a(<=b)]", [], .classic, ["a.height <= b.height"]),
        ("|-[a(==b)]-[b]-|", [], .classic,
         ["a.leading == sv.leading + 20", "a.width == b.width", "b.leading == a.trailing + 8", "sv.trailing == b.trailing + 20"]),
        ("H:|-[a]-[b(>=95)]-(>=8)-[c]-|", [], .classic,
         ["a.leading == sv.leading + 20", "b.leading == a.trailing + 8", "b.width >= 95", "c.leading >= b.trailing + 8",
          "sv.trailing == c.trailing + 20"]),
        // Options: alignment across the axis, direction, baseline spacing.
        ("[a]-[b]", .alignAllTop, .classic, ["b.leading == a.trailing + 8", "b.top == a.top"]),
        ("[a]-[b]-[c]", [.alignAllCenterY, .alignAllBottom], .classic,
         ["b.leading == a.trailing + 8", "b.bottom == a.bottom", "b.centerY == a.centerY",
          "c.leading == b.trailing + 8", "c.bottom == b.bottom", "c.centerY == b.centerY"]),
        ("[a][b]", .alignAllLastBaseline, .classic, ["b.leading == a.trailing", "b.lastBaseline == a.lastBaseline"]),
        ("[a][b]", .alignAllFirstBaseline, .classic, ["b.leading == a.trailing", "b.firstBaseline == a.firstBaseline"]),
        ("V:[a]-[b]", .alignAllLeading, .classic, ["b.top == a.bottom + 8", "b.leading == a.leading"]),
        ("V:[a]-[b]", .alignAllTrailing, .classic, ["b.top == a.bottom + 8", "b.trailing == a.trailing"]),
        ("V:[a]-[b]", [.alignAllLeft, .alignAllRight], .classic,
         ["b.top == a.bottom + 8", "b.left == a.left", "b.right == a.right"]),
        ("V:[a]-[b]", .alignAllCenterX, .classic, ["b.top == a.bottom + 8", "b.centerX == a.centerX"]),
        ("[a]", .alignAllTop, .classic, []),
        ("|-[a]-[b]-|", .directionLeftToRight, .classic,
         ["a.left == sv.left + 20", "b.left == a.right + 8", "sv.right == b.right + 20"]),
        ("|-[a]-(>=4)-[b]-|", .directionRightToLeft, .classic,
         ["sv.right == a.right + 20", "a.left >= b.right + 4", "b.left == sv.left + 20"]),
        ("[a(40)]", .directionRightToLeft, .classic, ["a.width == 40"]),
        ("V:|-[a]", .directionLeftToRight, .classic, ["a.top == sv.top + 20"]),
        ("V:[a]-[b]", .spacingBaselineToBaseline, .classic, ["b.firstBaseline == a.lastBaseline + 8"]),
        ("V:|-[a]-12-[b]-|", .spacingBaselineToBaseline, .classic,
         ["a.top == sv.top + 20", "b.firstBaseline == a.lastBaseline + 12", "sv.bottom == b.bottom + 20"]),
        // `|-` on the layout margins.
        ("|-[a]-|", [], .layoutMargins, ["a.leading == sv.leadingMargin", "sv.trailingMargin == a.trailing"]),
        ("V:|-[a]-|", [], .layoutMargins, ["a.top == sv.topMargin", "sv.bottomMargin == a.bottom"]),
        ("|-10-[a]-(>=0)-|", [], .layoutMargins, ["a.leading == sv.leading + 10", "sv.trailing >= a.trailing"]),
        ("|-[a]-[b]-|", .directionLeftToRight, .layoutMargins,
         ["a.left == sv.leftMargin", "b.left == a.right + 8", "sv.rightMargin == b.right"]),
        ("|-[a]-|", .directionRightToLeft, .layoutMargins, ["sv.rightMargin == a.right", "a.left == sv.leftMargin"]),
    ]

    @Test("valid formats make these constraints", arguments: valid)
    func makes(_ format: String, _ options: Options, _ spacing: LayoutConstraint.SuperviewSpacing,
               _ expected: [String]) throws {
        let made = try LayoutConstraint.constraints(withVisualFormat: format, options: options, metrics: metrics,
                                                    views: views, superviewSpacing: spacing)
        #expect(made.map(\.equationDescription) == expected)
        #expect(made.allSatisfy { !$0.isActive })
        expectDescriptionsRoundTrip(made, items: itemsByIdentifier(sv))
        // They can all be activated: every pair is valid.
        try LayoutConstraint.activate(made)
        #expect(made.allSatisfy { $0.isActive })
    }

    static let invalid: [(String, Options, String, Int)] = [
        ("V|[a]", [], "Expected ':' after 'V' to specify vertical arrangement", 1),
        ("H[a]", [], "Expected ':' after 'H' to specify horizontal arrangement", 1),
        ("", [], "It's an empty string.", -1),
        ("H:", [], "Expected a view or '|'", 2),
        ("-[a]", [], "Expected a view or '|'", 0),
        (" H:|[a]", [], "Expected a view or '|'", 0),
        ("H:| [a]", [], "Expected a connection after the '|' character", 3),
        ("H:|-[a] -|", [], "Expected a connection, a view, '|' or the end of the format", 7),
        ("[a]-", [], "Expected a view or '|'", 4),
        ("|-|", [], "Expected a view", 2),
        ("||", [], "Expected a connection after the '|' character", 1),
        ("[a", [], "Unexpectedly ran out of character fodder in the middle of parsing a view", 2),
        ("[a b]", [], "Expected a ']' here. That is how you give the end of a view.", 2),
        ("[a(50]", [], "A predicate on a view's thickness must end with ')' and the view must end with ']'", 5),
        ("[a(50)", [], "Unexpectedly ran out of character fodder in the middle of parsing a view", 6),
        ("[a(50)x]", [], "Expected ']' after specifying thickness.", 6),
        ("[a(==b*2)]", [], "A predicate on a view's thickness must end with ')' and the view must end with ']'", 6),
        ("[zz]", [], "zz is not a key in the views dictionary.", 3),
        ("[a]-[zz]", [], "zz is not a key in the views dictionary.", 7),
        ("[a(zz)]", [], "Encountered metric with name \"zz\", but value was not specified in metrics or views dictionaries", 5),
        ("[a]-zz-[b]", [], "Encountered metric with name \"zz\", but value was not specified in metrics or views dictionaries", 6),
        ("[a(50@zz)]", [], "Encountered metric with name \"zz\", but value was not specified in metrics or views dictionaries", 8),
        ("[a(>50)]", [], "Unknown relation. Must be ==, >=, or <=", 4),
        ("[a(=50)]", [], "Unknown relation. Must be ==, >=, or <=", 4),
        ("[a(!=50)]", [], "Unknown relation. Must be ==, >=, or <=", 4),
        ("|[loner]", [], "Unable to interpret '|' character, because the related view doesn't have a superview", 0),
        ("[loner]|", [], "Unable to interpret '|' character, because the related view doesn't have a superview", 7),
        ("[a]-[b]é", [], "It contains non-ASCII characters.", -1),
        ("[a(50@1001)]", [], "Invalid priority specified: 1001. Priority cannot be higher than NSLayoutPriorityRequired, which is 1000.", 6),
        ("[a(50@0.5)]", [], "A priority must be between 1 and 1000; got 0.5.", 6),
        ("[a(50@0)]", [], "Invalid priority specified: 0. Priority must be greater than 0", 6),
        ("[a]-(5@2000)-[b]", [], "Invalid priority specified: 2000. Priority cannot be higher than NSLayoutPriorityRequired, which is 1000.", 7),
        ("[a]-(5@1e7)-[b]", [], "Invalid priority specified: 1e+07. Priority cannot be higher than NSLayoutPriorityRequired, which is 1000.", 7),
        ("[a]-(5@1234.5678)-[b]", [], "Invalid priority specified: 1234.57. Priority cannot be higher than NSLayoutPriorityRequired, which is 1000.", 7),
        ("[twin]", [], "The name twin is both a view and a metric: rename one of them", 1),
        ("[a(twin)]", [], "The name twin is both a view and a metric: rename one of them", 3),
        ("[m]", [], "m is not a key in the views dictionary.", 2),
        ("[a]-(b)-[c]", [], "It's not possible to set a space equal to the width or height of a view.  Perhaps you want to use a view as a spacer? [view1][spacer(==view1)][view2]", 5),
        ("[a]--[b]", [], "Cannot tell if this - is a minus sign or an accidental extra bar in the connection. Use parentheses around negative numbers.", 4),
        ("[a]-%-[b]", [], "Expected a number or key from the metrics dictionary, but encountered something else", 4),
        ("[a]--22-[b]", [], "Cannot tell if this - is a minus sign or an accidental extra bar in the connection. Use parentheses around negative numbers.", 4),
        ("[a]-8,20-[b]", [], "Expected a '-' here. To specify a list of constraints, you must use parentheses around the list of constraints", 5),
        ("[a]-20[b]", [], "Expected a '-' here", 6),
        ("[a]-(-22)[b]", [], "Expected a '-' here", 9),
        ("[a]-(20-[b]", [], "Expected a ')' at the end of a constraint modifier, or a ',' before another constraint modifier", 7),
        ("[a]-(1", [], "Expected more input", 6),
        ("[a]-(>=8,)-[b]", [], "Expected a number or key from the metrics dictionary, but encountered something else", 9),
        ("[a]|[b]", [], "Expected the end of the format string", 4),
        ("|[a]|x", [], "Expected the end of the format string", 5),
        ("[a]x", [], "Expected a connection, a view, '|' or the end of the format", 3),
        ("[]", [], "Expected a view. View names must start with a letter or an underscore, then contain letters, numbers, and underscores.", 1),
        ("[a(1.2.3)]", [], "Expected a number or a key from the metrics dictionary, but encountered something else", 3),
        ("[a(@750)]", [], "Expected a number or key from the metrics dictionary, but encountered something else", 3),
        ("[a(50@)]", [], "Expected a number or key from the metrics dictionary, but encountered something else", 6),
        ("[a(inf)]", [], "The metric inf is not a finite number", 3),
        ("[a(" + String(repeating: "9", count: 400) + ")]", [], "'" + String(repeating: "9", count: 400) + "' is too large", 3),
        ("[a]-[b]", .alignAllLeading,
         "Options mask required views to be aligned on a horizontal edge, which is not allowed for layout that is also horizontal.", 7),
        ("[a]-[b]", .alignAllCenterX,
         "Options mask required views to be aligned on a horizontal edge, which is not allowed for layout that is also horizontal.", 7),
        ("V:[a]-[b]", .alignAllTop,
         "Options mask required views to be aligned on a vertical edge, which is not allowed for layout that is also vertical.", 9),
        ("V:[a]-[b]", .alignAllLastBaseline,
         "Options mask required views to be aligned on a vertical edge, which is not allowed for layout that is also vertical.", 9),
        ("[a]-[b]", .spacingBaselineToBaseline, "BaselineToBaseline format option not valid for horizontal layout", 7),
        ("[a]", [.directionLeftToRight, .directionRightToLeft],
         "Options ask for both left-to-right and right-to-left direction", 3),
        ("[a]", Options(rawValue: 1 << 7), "Unknown alignment option bits 0x80", 3),
        ("[a]", Options(rawValue: 1 << 24), "Unknown option bits 0x1000000", 3),
    ]

    @Test("invalid formats throw Apple's message with a caret", arguments: invalid)
    func rejects(_ format: String, _ options: Options, _ message: String, _ caret: Int) {
        do {
            let made = try LayoutConstraint.constraints(withVisualFormat: format, options: options, metrics: metrics,
                                                        views: views)
            Issue.record("\(format) made \(made)")
        } catch {
            #expect(error.message == message)
            // A caret of -1 stands for a mistake of the whole format: Apple's text has no caret.
            guard caret >= 0 else {
                #expect(error.isAboutWholeFormat)
                #expect(error.description == "Unable to parse constraint format: \(message)")
                return
            }
            #expect(!error.isAboutWholeFormat)
            #expect(error.position == caret, "\(format): caret at \(error.position)")
            #expect(error.description == "Unable to parse constraint format: \n\(message) \n\(format) \n"
                    + String(repeating: " ", count: caret) + "^")
        }
    }

    @Test func tablesAreLarge() {
        #expect(Self.valid.count >= 50)
        #expect(Self.invalid.count >= 50)
    }
}
