import Foundation
import FixtureSupport
import Testing
@testable import AutoLayout

/// One record of a stack view fixture file.
struct StackViewCase: CustomTestStringConvertible, Sendable {
    let fixture: FixtureRecord
    var testDescription: String { fixture.description }

    /// Every record of every `.json` file in the stack fixtures folder.
    static func all() -> [StackViewCase] {
        Fixtures.records(in: Bundle.module.url(forResource: "StackFixtures", withExtension: nil)).map(StackViewCase.init)
    }
}

/// An arranged view as the records describe it: an intrinsic size, and baselines.
final class StackFixtureView: LayoutView {
    var intrinsic = Size(width: LayoutView.noIntrinsicMetric, height: LayoutView.noIntrinsicMetric)
    var firstBaseline: Double?
    var lastBaseline: Double = 0
    override var intrinsicContentSize: Size { intrinsic }
    override var firstBaselineOffsetFromTop: Double? { firstBaseline }
    override var lastBaselineOffsetFromBottom: Double { lastBaseline }
}

@Suite struct StackViewConformanceTests {
    /// Frames are compared within this (fill proportionally gives fractions).
    static let tolerance = 1e-3

    @Test("Stack view conformance record", arguments: StackViewCase.all())
    func record(_ testCase: StackViewCase) throws {
        let record = try testCase.fixture.decode(StackViewRecord.self)
        let (root, stack, views) = try Self.build(record)
        root.layoutIfNeeded()
        #expect(root.brokenConstraints.isEmpty, "broken: \(root.brokenConstraints)")
        let components: [(String, FrameComponents, (Rect) -> Double)] = [
            ("x", .x, \.minX), ("y", .y, \.minY), ("w", .width, \.width), ("h", .height, \.height)]
        for (name, expected) in record.expectFrames {
            let view = try #require(views[name], "no view \(name)")
            let skipped = Set(record.ambiguous?[name] ?? [])
            let open = view.ambiguousFrameComponents
            for (index, (component, flag, value)) in components.enumerated() where !skipped.contains(component) {
                guard index < expected.count, let want = expected[index] else { continue }
                #expect(abs(value(view.frame) - want) <= Self.tolerance,
                        "\(name).\(component) is \(value(view.frame)), expected \(want)")
                #expect(!open.contains(flag), "\(name).\(component) is ambiguous")
            }
        }
        if let size = record.expectStackSize {
            if size.count > 0, let width = size[0] { #expect(abs(stack.frame.width - width) <= Self.tolerance, "stack width \(stack.frame.width)") }
            if size.count > 1, let height = size[1] { #expect(abs(stack.frame.height - height) <= Self.tolerance, "stack height \(stack.frame.height)") }
        }
    }

    /// A root, the stack at its top left (or at its frame), and the arranged views by name.
    static func build(_ record: StackViewRecord) throws -> (LayoutView, StackView, [String: LayoutView]) {
        let root = LayoutView(identifier: "root", frame: Rect(x: 0, y: 0, width: 10_000, height: 10_000))
        let stack = StackView()
        stack.identifier = "stack"
        stack.translatesAutoresizingMaskIntoConstraints = false
        let s = record.stack
        stack.axis = try #require(["horizontal": LayoutAxis.horizontal, "vertical": .vertical][s.axis])
        stack.distribution = try #require(Self.named(s.distribution, StackView.Distribution.named), "distribution \(s.distribution)")
        stack.alignment = try #require(Self.named(s.alignment, StackView.Alignment.named), "alignment \(s.alignment)")
        stack.spacing = s.spacing
        stack.isBaselineRelativeArrangement = s.isBaselineRelativeArrangement ?? false
        stack.isLayoutMarginsRelativeArrangement = s.isLayoutMarginsRelativeArrangement ?? false
        if let m = s.layoutMargins, m.count == 4 {
            stack.layoutMargins = EdgeInsets(top: m[0], left: m[1], bottom: m[2], right: m[3])
        }
        root.addSubview(stack)
        var views: [String: LayoutView] = [:]
        for spec in record.arranged {
            let view = StackFixtureView(identifier: spec.name)
            if let size = spec.intrinsic, size.count == 2 {
                view.intrinsic = Size(width: size[0] ?? LayoutView.noIntrinsicMetric,
                                      height: size[1] ?? LayoutView.noIntrinsicMetric)
            }
            view.firstBaseline = spec.firstBaselineFromTop
            view.lastBaseline = spec.baselineFromBottom ?? 0
            setPriorities(of: view, hugging: spec.hugging, compression: spec.compression)
            view.isHidden = spec.hidden ?? false
            stack.addArrangedSubview(view)
            views[spec.name] = view
        }
        for (name, value) in s.customSpacingAfter ?? [:] {
            stack.setCustomSpacing(value, after: try #require(views[name], "no view \(name)"))
        }
        let origin = s.frame.map { ($0[0], $0[1]) } ?? (0, 0)
        var outside = [stack.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: origin.0),
                       stack.topAnchor.constraint(equalTo: root.topAnchor, constant: origin.1)]
        if let width = s.frame?[2] ?? s.width { outside.append(stack.widthAnchor.constraint(equalToConstant: width)) }
        if let height = s.frame?[3] ?? s.height { outside.append(stack.heightAnchor.constraint(equalToConstant: height)) }
        try LayoutConstraint.activate(outside)
        return (root, stack, views)
    }

    /// The value a record names, by UIKit's name.
    static func named<Value>(_ name: String, _ names: KeyValuePairs<String, Value>) -> Value? {
        names.first { $0.key == name }?.value
    }
}
