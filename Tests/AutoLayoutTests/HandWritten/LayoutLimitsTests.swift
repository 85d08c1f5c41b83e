import FixtureSupport
import Testing
@testable import AutoLayout

/// Numbers beyond ``LayoutLimits`` are refused wherever they enter: thrown by the calls
/// that throw, reported by the setters that cannot, never trapped or laid out as `inf`.
@Suite struct LayoutLimitsTests {
    let a = LayoutView(identifier: "a"), b = LayoutView(identifier: "b")

    /// The ``LayoutError`` `body` throws, if any (see `thrownError(_:by:)`).
    func error(_ body: () throws -> Void) -> LayoutError? { thrownError(LayoutError.self, by: body) }

    /// The errors of the `rejectedValue` diagnostics a hierarchy reported.
    func refusals(_ root: LayoutView) -> [LayoutError] {
        root.layoutDiagnostics.compactMap { if case .rejectedValue(_, let error) = $0 { error } else { nil } }
    }

    @Test func theBounds() {
        #expect(LayoutLimits.maximumValue == 1_000_000_000 && LayoutLimits.maximumMultiplier == 1_000_000)
        #expect(LayoutLimits.contains(1e9) && LayoutLimits.contains(-1e9))
        #expect(!LayoutLimits.contains(1.000001e9) && !LayoutLimits.contains(.nan) && !LayoutLimits.contains(-.infinity))
    }

    @Test func constantsAndMultipliers() throws {
        let big = error { _ = try LayoutConstraint(item: a, attribute: .width, relatedBy: .equal, toItem: nil,
                                                   attribute: .notAnAttribute, constant: 2e9) }
        #expect(big == .valueOutOfRange(what: "the constant", value: 2e9, limit: 1e9))
        #expect(big?.description == "The constant is 2000000000, out of range: layout values must be within "
            + "±1000000000 points (LayoutLimits.maximumValue).")
        let ratio = error { _ = try LayoutConstraint(item: a, attribute: .width, relatedBy: .equal, toItem: b,
                                                     attribute: .width, multiplier: -2e6) }
        #expect(ratio == .valueOutOfRange(what: "the multiplier", value: -2e6, limit: 1e6))
        #expect(ratio?.description == "The multiplier is -2000000, out of range: multipliers must be within "
            + "±1000000 (LayoutLimits.maximumMultiplier).")
        // At the bounds: accepted.
        #expect(error { _ = try LayoutConstraint(item: a, attribute: .width, relatedBy: .equal, toItem: b,
                                                 attribute: .width, multiplier: 1e6, constant: -1e9) } == nil)
        // Apple's messages for NaN and infinities stay.
        #expect(error { _ = try LayoutConstraint(item: a, attribute: .width, relatedBy: .equal, toItem: nil,
                                                 attribute: .notAnAttribute, constant: .nan) } == .nonFiniteConstant)
    }

    @Test func anchorsAndConstantChanges() throws {
        let root = makeRoot(), x = makeChild(in: root, "x")
        let anchored = x.widthAnchor.constraint(equalToConstant: 1e19)
        #expect(error { try anchored.activate() } == .valueOutOfRange(what: "the constant", value: 1e19, limit: 1e9))
        let spanned = x.widthAnchor.constraint(equalTo: x.leadingAnchor.anchorWithOffset(to: x.trailingAnchor),
                                               multiplier: 5e6)
        #expect(error { try spanned.activate() } == .valueOutOfRange(what: "the multiplier", value: 5e6, limit: 1e6))
        let width = x.widthAnchor.constraint(equalToConstant: 10)
        try width.activate()
        #expect(error { try width.setConstant(-3e9) } == .valueOutOfRange(what: "the constant", value: -3e9, limit: 1e9))
        width.constant = 1e300  // refused and reported
        #expect(width.constant == 10)
        #expect(root.layoutDiagnostics.contains { if case .rejected(let c, _) = $0 { c === width } else { false } })
        root.layoutIfNeeded()
        #expect(x.frame.width == 10)
    }

    @Test func equationsAndFormats() throws {
        let items: [String: LayoutItem] = ["a": a, "b": b]
        func equationError(_ text: String) -> EquationError? {
            do throws(EquationError) {
                _ = try LayoutConstraint.parse(text, items: items)
                return nil
            } catch {
                return error
            }
        }
        let inf = equationError("a.width == b.width + inf")
        #expect(inf?.message == "'inf' is not a finite number: a constant must be a number within ±1000000000 points "
            + "(LayoutLimits.maximumValue)")
        #expect(inf?.position == 21)
        #expect(equationError("a.width == NaN")?.position == 11)
        #expect(equationError("a.width == b.width - 1e400")?.message == "'1e400' is not a finite number")
        #expect(equationError("a.width == 2e9")?.message.hasPrefix("The constant is 2000000000, out of range") == true)
        #expect(equationError("a.width == b.width / 0.0000001")?.message.hasPrefix("The multiplier is 10000000, out of range") == true)
        #expect(equationError("a.width == b.width * 1e6 - 1e9") == nil)
        func formatError(_ format: String, metrics: [String: Double] = [:]) -> String? {
            do throws(VisualFormatError) {
                _ = try LayoutConstraint.constraints(withVisualFormat: format, metrics: metrics, views: ["a": a])
                return nil
            } catch {
                return "\(error.position): \(error.message)"
            }
        }
        #expect(formatError("H:|-1e10-[a]") == "4: The constant is 10000000000, out of range: layout values must be "
            + "within ±1000000000 points (LayoutLimits.maximumValue).")
        #expect(formatError("H:[a(<=2e9)]") == "7: The constant is 2000000000, out of range: layout values must be "
            + "within ±1000000000 points (LayoutLimits.maximumValue).")
        #expect(formatError("H:|-(m)-[a]", metrics: ["m": -5e9])?.hasPrefix("5: The metric m is -5000000000, out of range") == true)
        #expect(formatError("H:[a(m)]", metrics: ["m": 1e9]) == nil)
    }

    @Test func framesAreRefusedAndReported() {
        let root = makeRoot(300, 200)
        root.frame = Rect(x: 0, y: 0, width: 1e19, height: 1)
        #expect(root.frame == Rect(x: 0, y: 0, width: 300, height: 200))
        #expect(refusals(root) == [.valueOutOfRange(what: "the frame's width", value: 1e19, limit: 1e9)])
        if case .rejectedValue(let view, _)? = root.layoutDiagnostics.last { #expect(view === root) }
        #expect(root.layoutDiagnostics.last?.description == "Rejected a value for root: The frame's width is 1e+19, "
            + "out of range: layout values must be within ±1000000000 points (LayoutLimits.maximumValue).")
        let child = LayoutView(identifier: "child")
        root.addSubview(child)
        child.center = Point(x: .nan, y: 0)
        #expect(child.frame == .zero)
        #expect(refusals(root).last == .valueOutOfRange(what: "the frame's x", value: .nan, limit: 1e9)
            || refusals(root).last?.description.hasPrefix("The frame's x is nan, not a finite number") == true)
        let made = LayoutView(frame: Rect(x: 0, y: -2e9, width: 1, height: 1))
        #expect(made.frame == .zero)
        #expect(refusals(made) == [.valueOutOfRange(what: "the frame's y", value: -2e9, limit: 1e9)])
        // At the bound, a root lays out.
        let tall = makeRoot(10, 1e9), row = makeChild(in: tall)
        row.bottomAnchor.constraint(equalTo: tall.bottomAnchor).isActive = true
        row.heightAnchor.constraint(equalToConstant: 44.5).isActive = true
        row.widthAnchor.constraint(equalToConstant: 10).isActive = true
        row.leftAnchor.constraint(equalTo: tall.leftAnchor).isActive = true
        tall.layoutIfNeeded()
        #expect(row.frame == Rect(x: 0, y: 1e9 - 44.5, width: 10, height: 44.5))
        #expect(tall.layoutDiagnostics.isEmpty)
    }

    @Test func marginsAndInsets() {
        let root = makeRoot()
        root.layoutMargins = EdgeInsets(top: 1, left: 2e9, bottom: 3, right: 4)
        #expect(root.layoutMargins == EdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
        root.directionalLayoutMargins = DirectionalEdgeInsets(top: 0, leading: 0, bottom: .infinity, trailing: 0)
        root.safeAreaInsets = EdgeInsets(top: .nan, left: 0, bottom: 0, right: 0)
        #expect(root.safeAreaInsets == .zero && root.layoutMargins.bottom == 8)
        #expect(refusals(root).map(\.description).map { String($0.prefix(32)) } == [
            "The layout margins' left is 2000", "The layout margins' bottom is in", "The safe-area insets' top is nan",
        ])
    }

    final class Huge: LayoutView {
        let size: Size
        init(_ size: Size) {
            self.size = size
            super.init(frame: .zero)
        }
        override var intrinsicContentSize: Size { size }
    }

    @Test func intrinsicSizesBeyondTheLimitCountAsNone() {
        let root = makeRoot()
        let huge = Huge(Size(width: 1e300, height: 20))
        huge.identifier = "huge"
        huge.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(huge)
        huge.widthAnchor.constraint(equalToConstant: 50).isActive = true
        root.layoutIfNeeded()
        #expect(huge.frame.width == 50 && huge.frame.height == 20)
        #expect(refusals(root) == [.valueOutOfRange(what: "the intrinsic content width", value: 1e300, limit: 1e9)])
        #expect(root.brokenConstraints.isEmpty)
        let nan = Huge(Size(width: 5, height: .nan))
        root.addSubview(nan)
        root.layoutIfNeeded()
        #expect(refusals(root).count == 2)
    }

    @Test func contentPrioritiesOutsideTheRangeAreRefused() {
        let root = makeRoot(), x = makeChild(in: root)
        x.setContentHuggingPriority(LayoutPriority(Float.nan), for: .horizontal)
        x.setContentCompressionResistancePriority(5000, for: .vertical)
        #expect(x.contentHuggingPriority(for: .horizontal) == .defaultLow)
        #expect(x.contentCompressionResistancePriority(for: .vertical) == .defaultHigh)
        #expect(refusals(root).map(\.description) == ["A priority must be between 1 and 1000; got nan.",
                                                      "A priority must be between 1 and 1000; got 5000."])
    }

    @Test func fittingTargetsBeyondTheLimitAreRefused() {
        let root = makeRoot(100, 50), x = makeChild(in: root)
        x.widthAnchor.constraint(equalToConstant: 30).isActive = true
        let fitted = root.systemLayoutSizeFitting(Size(width: 1e20, height: 50))
        #expect(fitted.width == 100 && fitted.height == 50)
        #expect(refusals(root) == [.valueOutOfRange(what: "the fitting width", value: 1e20, limit: 1e9)])
    }

    final class NaNBaseline: LayoutView {
        override var lastBaselineOffsetFromBottom: Double { .nan }
    }

    @Test("a number the solver refuses is reported as such, not as a conflict")
    func solverRefusalIsReported() {
        let root = makeRoot()
        let label = NaNBaseline(frame: .zero)
        label.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(label)
        let baseline = label.lastBaselineAnchor.constraint(equalTo: root.bottomAnchor)
        baseline.isActive = true
        root.layoutIfNeeded()
        #expect(root.brokenConstraints.contains { $0 === baseline })
        let rejection = root.layoutDiagnostics.compactMap { diagnostic -> LayoutError? in
            if case .rejected(let c, let error) = diagnostic, c === baseline { error } else { nil }
        }.first
        #expect(rejection?.description.hasPrefix("The solver refused the constraint: not a finite number: the constant of") == true)
    }

    @Test("after 100 diagnostics the engine counts the ones it drops")
    func droppedDiagnosticsAreCounted() {
        let root = makeRoot(), x = makeChild(in: root)
        #expect(root.droppedLayoutDiagnosticCount == 0)
        x.widthAnchor.constraint(equalToConstant: 10).isActive = true
        for k in 0..<350 { x.widthAnchor.constraint(equalToConstant: Double(20 + k)).isActive = true }
        root.layoutIfNeeded()
        #expect(root.layoutDiagnostics.count == 100)
        #expect(root.droppedLayoutDiagnosticCount == 250)
    }
}
