import Foundation
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
    /// records (they have `views`), split by whether they need the Visual Format Language.
    static func all(vfl: Bool) -> [AutoLayoutCase] {
        guard let folder = Bundle.module.url(forResource: "Fixtures", withExtension: nil),
              let files = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        else { return [] }
        var cases: [AutoLayoutCase] = []
        for file in files.filter({ $0.pathExtension == "json" }).sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) {
            guard let data = try? Data(contentsOf: file),
                  let records = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { continue }
            for record in records where record["views"] != nil && (record["vfl"] != nil) == vfl {
                let text = (try? JSONSerialization.data(withJSONObject: record)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
                cases.append(AutoLayoutCase(file: file.lastPathComponent, name: record["name"] as? String ?? "?", json: text))
            }
        }
        return cases
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

    @Test("Auto Layout conformance record written in VFL", .disabled("needs the Visual Format Language (issue 4)"),
          arguments: AutoLayoutCase.all(vfl: true))
    func vflRecord(_ testCase: AutoLayoutCase) throws {
        try Self.run(testCase.record)
    }

    @Test func fixturesAreLoaded() {
        #expect(AutoLayoutCase.all(vfl: false).count == 12)
        #expect(AutoLayoutCase.all(vfl: true).count == 38)
    }

    static func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }

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
