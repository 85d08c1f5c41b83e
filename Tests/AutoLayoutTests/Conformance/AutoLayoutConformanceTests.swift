import Foundation
import FixtureSupport
import Testing
@testable import AutoLayout

/// One record of an Auto Layout fixture file (format: shared/conformance/README.md).
struct AutoLayoutCase: CustomTestStringConvertible, Sendable {
    let fixture: FixtureRecord
    var testDescription: String { fixture.description }

    /// The record, decoded (a record that does not decode fails its test).
    func record() throws -> AutoLayoutRecord { try fixture.decode(AutoLayoutRecord.self) }

    /// Every layout record of every `.json` file in the fixtures folder, split by whether
    /// it uses the Visual Format Language. A record that does not decode goes with the
    /// layout records written with equations, where its test fails.
    static func all(vfl: Bool) -> [AutoLayoutCase] {
        cases(includingUndecodable: !vfl) { $0.expectParseError == nil && ($0.vfl != nil) == vfl }
    }

    /// Every record that expects a visual format to be rejected.
    static func parseErrors() -> [AutoLayoutCase] {
        cases(includingUndecodable: false) { $0.expectParseError != nil }
    }

    static func cases(includingUndecodable: Bool, where include: (AutoLayoutRecord) -> Bool) -> [AutoLayoutCase] {
        Fixtures.records(in: Bundle.module.url(forResource: "Fixtures", withExtension: nil)).compactMap { fixture in
            guard let record = try? fixture.decode(AutoLayoutRecord.self) else {
                return includingUndecodable ? AutoLayoutCase(fixture: fixture) : nil
            }
            return include(record) ? AutoLayoutCase(fixture: fixture) : nil
        }
    }
}

/// A view with a given intrinsic size and baseline, as the fixtures describe them.
final class FixtureView: LayoutView {
    var intrinsic = Size(width: LayoutView.noIntrinsicMetric, height: LayoutView.noIntrinsicMetric)
    var baselineFromBottom: Double = 0
    override var intrinsicContentSize: Size { intrinsic }
    override var lastBaselineOffsetFromBottom: Double { baselineFromBottom }
    override var firstBaselineOffsetFromTop: Double? {
        intrinsic.height >= 0 && baselineFromBottom > 0 ? intrinsic.height - baselineFromBottom : nil
    }
}

@Suite struct AutoLayoutConformanceTests {
    @Test("Auto Layout conformance record", arguments: AutoLayoutCase.all(vfl: false))
    func record(_ testCase: AutoLayoutCase) throws {
        try Self.run(testCase.record())
    }

    @Test("Auto Layout conformance record written in VFL", arguments: AutoLayoutCase.all(vfl: true))
    func vflRecord(_ testCase: AutoLayoutCase) throws {
        try Self.run(testCase.record())
    }

    @Test("VFL string rejected with Apple's message and caret", arguments: AutoLayoutCase.parseErrors())
    func vflError(_ testCase: AutoLayoutCase) throws {
        let record = try testCase.record()
        let format = try #require(record.vfl?.list.first)
        let superview = LayoutView(identifier: "superview")
        var views: [String: LayoutView] = [:]
        for name in record.viewNames {
            let view = LayoutView(identifier: name)
            if record.viewsWithoutSuperview != true { superview.addSubview(view) }
            views[name] = view
        }
        let expected = try #require(record.expectParseError)
        do {
            _ = try LayoutConstraint.constraints(withVisualFormat: format, options: Self.options(record.options),
                                                 metrics: record.metrics, views: views)
            Issue.record("\(format) was accepted")
        } catch {
            // The README of the conformance folder: a substring of the whole reason.
            #expect(error.description.contains(expected), "\(error.description)")
            if let caret = record.caretIndex { #expect(error.position == caret) }
            let prefix = record.messagePrefix ?? "Unable to parse constraint format"
            #expect(error.description.hasPrefix(prefix))
        }
    }

    @Test("every fixture file is a JSON array of records")
    func fixturesAreReadable() {
        let unreadable = Fixtures.records(in: Bundle.module.url(forResource: "Fixtures", withExtension: nil))
            .filter { $0.name == "unreadable" }.map(\.file)
        #expect(unreadable.isEmpty, "unreadable fixture files: \(unreadable)")
    }

    @Test func fixturesAreLoaded() {
        // Folders are read whole, so only lower bounds: records may be added.
        #expect(AutoLayoutCase.all(vfl: false).count >= 12)
        #expect(AutoLayoutCase.all(vfl: true).count >= 38)
        #expect(AutoLayoutCase.parseErrors().count >= 4)
    }

    /// Format options named as in UIKit (`alignAllTop`, `directionRightToLeft`, …).
    static func options(_ names: [String]?) -> LayoutConstraint.FormatOptions {
        let named = LayoutConstraint.FormatOptions.named
        return (names ?? []).reduce(into: []) { $0.formUnion(named[$1] ?? []) }
    }

    /// The names in brackets of a visual format.
    static func viewNames(in format: String) -> [String] {
        format.split(separator: "[", omittingEmptySubsequences: false).dropFirst().map { part in
            String(part.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        }
    }

    static func run(_ record: AutoLayoutRecord) throws {
        let container = record.container
        let root = LayoutView(identifier: "superview",
                              frame: Rect(x: 0, y: 0, width: container?.width ?? 0, height: container?.height ?? 0))
        if let m = container?.layoutMargins, m.count == 4 {
            root.layoutMargins = EdgeInsets(top: m[0], left: m[1], bottom: m[2], right: m[3])
        }
        var items: [String: LayoutItem] = ["superview": root]
        var views: [String: FixtureView] = [:]
        let specs = record.viewSpecs
        for name in specs.keys.sorted() {
            let spec = specs[name]!
            let view = FixtureView(identifier: name)
            if let intrinsic = spec.intrinsic, intrinsic.count == 2 {
                view.intrinsic = Size(width: intrinsic[0] ?? LayoutView.noIntrinsicMetric,
                                      height: intrinsic[1] ?? LayoutView.noIntrinsicMetric)
            }
            setPriorities(of: view, hugging: spec.hugging, compression: spec.compression)
            view.baselineFromBottom = spec.baselineFromBottom ?? 0
            if let f = spec.fixedFrame, f.count == 4 {
                view.frame = Rect(x: f[0], y: f[1], width: f[2], height: f[3])
            } else {
                view.translatesAutoresizingMaskIntoConstraints = false
            }
            views[name] = view
            items[name] = view
        }
        for name in specs.keys.sorted() {
            let parent = specs[name]!.superview.flatMap { views[$0] } ?? root
            parent.addSubview(views[name]!)
        }
        // The legacy top and bottom layout guides: bands at the top and bottom of the container.
        if let top = container?.topLayoutGuide {
            let guide = LayoutGuide()
            guide.identifier = "topLayoutGuide"
            root.addLayoutGuide(guide)
            try LayoutConstraint.activate([guide.topAnchor.constraint(equalTo: root.topAnchor),
                                           guide.heightAnchor.constraint(equalToConstant: top),
                                           guide.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                           guide.trailingAnchor.constraint(equalTo: root.trailingAnchor)])
            items["topLayoutGuide"] = guide
        }
        if let bottom = container?.bottomLayoutGuide {
            let guide = LayoutGuide()
            guide.identifier = "bottomLayoutGuide"
            root.addLayoutGuide(guide)
            try LayoutConstraint.activate([guide.topAnchor.constraint(equalTo: root.topAnchor, constant: bottom),
                                           guide.bottomAnchor.constraint(equalTo: root.bottomAnchor),
                                           guide.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                           guide.trailingAnchor.constraint(equalTo: root.trailingAnchor)])
            items["bottomLayoutGuide"] = guide
        }
        for equation in record.constraints ?? [] {
            try LayoutConstraint.parse(equation, items: items).activate()
        }
        let formats = record.vfl?.list ?? []
        var made: [LayoutConstraint] = []
        for format in formats {
            // Some parse records list only some of the views they use: make the others.
            for name in viewNames(in: format) where views[name] == nil {
                let view = FixtureView(identifier: name)
                view.translatesAutoresizingMaskIntoConstraints = false
                root.addSubview(view)
                views[name] = view
                items[name] = view
            }
            made += try LayoutConstraint.constraints(withVisualFormat: format, options: options(record.options),
                                                     metrics: record.metrics, views: views)
        }
        try LayoutConstraint.activate(made)
        if let expected = record.expectConstraints {
            #expect(made.map(\.equationDescription) == expected)
        }
        if let count = record.expectConstraintCount { #expect(made.count == count) }
        expectDescriptionsRoundTrip(installedConstraints(root), items: items)
        if container?.fitsWidth == true || container?.fitsHeight == true {
            // A missing container size is the fitting size along that axis.
            let freeWidth = container?.fitsWidth == true, freeHeight = container?.fitsHeight == true
            let fitted = root.systemLayoutSizeFitting(root.frame.size,
                                                      withHorizontalFittingPriority: freeWidth ? .fittingSizeLevel : .required,
                                                      verticalFittingPriority: freeHeight ? .fittingSizeLevel : .required)
            root.frame = Rect(x: 0, y: 0, width: fitted.width, height: fitted.height)
        }
        root.layoutIfNeeded()
        if record.expectConflict == true {
            #expect(!root.brokenConstraints.isEmpty, "expected a conflict")
            return
        }
        #expect(root.brokenConstraints.isEmpty, "unexpected conflicts: \(root.layoutDiagnostics)")
        let ambiguous = record.ambiguous ?? [:]
        for (name, value) in record.expectFrames ?? [:] {
            let frame = name == "superview" ? root.frame : views[name]?.frame ?? .zero
            let got = [frame.minX, frame.minY, frame.width, frame.height]
            for (k, component) in ["x", "y", "w", "h"].enumerated() {
                guard k < value.count, let expected = value[k], !(ambiguous[name]?.contains(component) ?? false) else { continue }
                #expect(abs(got[k] - expected) < 1e-6, "\(name).\(component) = \(got[k]), expected \(expected)")
            }
        }
        // Ambiguity, decided exactly: each component the record lists under `ambiguous` is
        // ambiguous, each other one it gives a value for is determined.
        for (name, value) in record.expectFrames ?? [:] where name != "superview" {
            guard let view = views[name] else { continue }
            let found = view.ambiguousFrameComponents
            for (k, (component, label)) in FrameComponents.named.enumerated() {
                if ambiguous[name]?.contains(label) == true {
                    #expect(found.contains(component), "\(name).\(label) should be ambiguous")
                } else if k < value.count, value[k] != nil {
                    #expect(!found.contains(component), "\(name).\(label) should be determined")
                }
            }
        }
        if let expectAmbiguous = record.expectAmbiguous {
            #expect(views.values.contains { $0.hasAmbiguousLayout } == expectAmbiguous)
        }
    }
}
