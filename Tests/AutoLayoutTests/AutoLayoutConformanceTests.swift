import Foundation
import FixtureSupport
import Testing
@testable import AutoLayout

/// One record of an Auto Layout fixture file (format: shared/conformance/README.md).
struct AutoLayoutCase: CustomTestStringConvertible, Sendable {
    let file: String
    let name: String
    let json: String
    var testDescription: String { "\(file): \(name)" }
    var record: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any] ?? [:] }

    /// Every record of every `.json` file in the fixtures folder whose records are layout
    /// records (their `views` describe views), split by whether they use the Visual Format Language.
    static func all(vfl: Bool) -> [AutoLayoutCase] {
        records { $0["views"] is [String: Any] && ($0["vfl"] != nil) == vfl }
    }

    /// Every record that expects a visual format to be rejected.
    static func parseErrors() -> [AutoLayoutCase] {
        records { $0["expectParseError"] != nil }
    }

    static func records(where include: ([String: Any]) -> Bool) -> [AutoLayoutCase] {
        Fixtures.records(in: Bundle.module.url(forResource: "Fixtures", withExtension: nil)).compactMap { fixture in
            guard let record = (try? JSONSerialization.jsonObject(with: fixture.json)) as? [String: Any],
                  include(record) else { return nil }
            return AutoLayoutCase(file: fixture.file, name: fixture.name, json: String(decoding: fixture.json, as: UTF8.self))
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
        try Self.run(testCase.record)
    }

    @Test("Auto Layout conformance record written in VFL", arguments: AutoLayoutCase.all(vfl: true))
    func vflRecord(_ testCase: AutoLayoutCase) throws {
        try Self.run(testCase.record)
    }

    @Test("VFL string rejected with Apple's message and caret", arguments: AutoLayoutCase.parseErrors())
    func vflError(_ testCase: AutoLayoutCase) throws {
        let record = testCase.record
        let format = try #require(record["vfl"] as? String)
        let superview = LayoutView(identifier: "superview")
        var views: [String: LayoutView] = [:]
        for name in record["views"] as? [String] ?? [] {
            let view = LayoutView(identifier: name)
            if record["viewsWithoutSuperview"] as? Bool != true { superview.addSubview(view) }
            views[name] = view
        }
        let metrics = (record["metrics"] as? [String: Any] ?? [:]).compactMapValues { Self.number($0) }
        let expected = try #require(record["expectParseError"] as? String)
        do {
            _ = try LayoutConstraint.constraints(withVisualFormat: format, options: Self.options(record["options"]),
                                                 metrics: metrics, views: views)
            Issue.record("\(format) was accepted")
        } catch {
            // The README of the conformance folder: a substring of the whole reason.
            #expect(error.description.contains(expected), "\(error.description)")
            if let caret = record["caretIndex"] as? Int { #expect(error.position == caret) }
            let prefix = record["messagePrefix"] as? String ?? "Unable to parse constraint format"
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
    static func options(_ value: Any?) -> LayoutConstraint.FormatOptions {
        let names = LayoutConstraint.FormatOptions.named
        return (value as? [String] ?? []).reduce(into: []) { $0.formUnion(names[$1] ?? []) }
    }

    static func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }

    /// The names in brackets of a visual format.
    static func viewNames(in format: String) -> [String] {
        format.split(separator: "[", omittingEmptySubsequences: false).dropFirst().map { part in
            String(part.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        }
    }

    static func run(_ record: [String: Any]) throws {
        let container = record["container"] as? [String: Any] ?? [:]
        let root = LayoutView(identifier: "superview",
                              frame: Rect(x: 0, y: 0, width: number(container["width"]) ?? 0,
                                          height: number(container["height"]) ?? 0))
        if let m = container["layoutMargins"] as? [NSNumber], m.count == 4 {
            root.layoutMargins = EdgeInsets(top: m[0].doubleValue, left: m[1].doubleValue,
                                            bottom: m[2].doubleValue, right: m[3].doubleValue)
        }
        var items: [String: LayoutItem] = ["superview": root]
        var views: [String: FixtureView] = [:]
        let specs = record["views"] as? [String: Any] ?? [:]
        for name in specs.keys.sorted() {
            let spec = specs[name] as? [String: Any] ?? [:]
            let view = FixtureView(identifier: name)
            if let intrinsic = spec["intrinsic"] as? [Any] {
                view.intrinsic = Size(width: number(intrinsic[0]) ?? LayoutView.noIntrinsicMetric,
                                      height: number(intrinsic[1]) ?? LayoutView.noIntrinsicMetric)
            }
            if let h = spec["hugging"] as? [NSNumber] {
                view.setContentHuggingPriority(LayoutPriority(h[0].floatValue), for: .horizontal)
                view.setContentHuggingPriority(LayoutPriority(h[1].floatValue), for: .vertical)
            }
            if let c = spec["compression"] as? [NSNumber] {
                view.setContentCompressionResistancePriority(LayoutPriority(c[0].floatValue), for: .horizontal)
                view.setContentCompressionResistancePriority(LayoutPriority(c[1].floatValue), for: .vertical)
            }
            view.baselineFromBottom = number(spec["baselineFromBottom"]) ?? 0
            if let f = spec["fixedFrame"] as? [NSNumber] {
                view.frame = Rect(x: f[0].doubleValue, y: f[1].doubleValue, width: f[2].doubleValue, height: f[3].doubleValue)
            } else {
                view.translatesAutoresizingMaskIntoConstraints = false
            }
            views[name] = view
            items[name] = view
        }
        for name in specs.keys.sorted() {
            let spec = specs[name] as? [String: Any] ?? [:]
            let parent = (spec["superview"] as? String).flatMap { views[$0] } ?? root
            parent.addSubview(views[name]!)
        }
        // The legacy top and bottom layout guides: bands at the top and bottom of the container.
        if let top = number(container["topLayoutGuide"]) {
            let guide = LayoutGuide()
            guide.identifier = "topLayoutGuide"
            root.addLayoutGuide(guide)
            try LayoutConstraint.activate([guide.topAnchor.constraint(equalTo: root.topAnchor),
                                           guide.heightAnchor.constraint(equalToConstant: top),
                                           guide.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                           guide.trailingAnchor.constraint(equalTo: root.trailingAnchor)])
            items["topLayoutGuide"] = guide
        }
        if let bottom = number(container["bottomLayoutGuide"]) {
            let guide = LayoutGuide()
            guide.identifier = "bottomLayoutGuide"
            root.addLayoutGuide(guide)
            try LayoutConstraint.activate([guide.topAnchor.constraint(equalTo: root.topAnchor, constant: bottom),
                                           guide.bottomAnchor.constraint(equalTo: root.bottomAnchor),
                                           guide.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                           guide.trailingAnchor.constraint(equalTo: root.trailingAnchor)])
            items["bottomLayoutGuide"] = guide
        }
        for equation in record["constraints"] as? [String] ?? [] {
            try LayoutConstraint.parse(equation, items: items).activate()
        }
        let formats = record["vfl"] as? [String] ?? (record["vfl"] as? String).map { [$0] } ?? []
        let metrics = (record["metrics"] as? [String: Any] ?? [:]).compactMapValues { number($0) }
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
            made += try LayoutConstraint.constraints(withVisualFormat: format, options: options(record["options"]),
                                                     metrics: metrics, views: views)
        }
        try LayoutConstraint.activate(made)
        if let expected = record["expectConstraints"] as? [String] {
            #expect(made.map(\.equationDescription) == expected)
        }
        if let count = record["expectConstraintCount"] as? Int { #expect(made.count == count) }
        expectDescriptionsRoundTrip(installedConstraints(root), items: items)
        if container["width"] is NSNull || container["height"] is NSNull {
            // A missing container size is the fitting size along that axis.
            let freeWidth = container["width"] is NSNull, freeHeight = container["height"] is NSNull
            let fitted = root.systemLayoutSizeFitting(root.frame.size,
                                                      withHorizontalFittingPriority: freeWidth ? .fittingSizeLevel : .required,
                                                      verticalFittingPriority: freeHeight ? .fittingSizeLevel : .required)
            root.frame = Rect(x: 0, y: 0, width: fitted.width, height: fitted.height)
        }
        root.layoutIfNeeded()
        if record["expectConflict"] as? Bool == true {
            #expect(!root.brokenConstraints.isEmpty, "expected a conflict")
            return
        }
        #expect(root.brokenConstraints.isEmpty, "unexpected conflicts: \(root.layoutDiagnostics)")
        let ambiguous = record["ambiguous"] as? [String: [String]] ?? [:]
        for (name, value) in record["expectFrames"] as? [String: [Any]] ?? [:] {
            let frame = name == "superview" ? root.frame : views[name]?.frame ?? .zero
            let got = [frame.minX, frame.minY, frame.width, frame.height]
            for (k, component) in ["x", "y", "w", "h"].enumerated() {
                guard let expected = number(value[k]), !(ambiguous[name]?.contains(component) ?? false) else { continue }
                #expect(abs(got[k] - expected) < 1e-6, "\(name).\(component) = \(got[k]), expected \(expected)")
            }
        }
    }
}
