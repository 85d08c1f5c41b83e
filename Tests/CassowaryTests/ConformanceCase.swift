import Foundation

/// One record of a solver conformance fixture (format: shared/conformance/README.md), to
/// run in one solver mode.
struct ConformanceCase: CustomTestStringConvertible, Sendable {
    let file: String
    let name: String
    let json: String
    let mode: SolverMode

    var testDescription: String { "\(file): \(name) [\(mode)]" }

    var record: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any] ?? [:]
    }

    /// Every record of every `.json` file in the fixtures folder, in file order, each in
    /// every solver mode.
    static func all() -> [ConformanceCase] {
        guard let folder = Bundle.module.url(forResource: "Fixtures", withExtension: nil),
              let files = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        else { return [] }
        var cases: [ConformanceCase] = []
        for file in files.filter({ $0.pathExtension == "json" }).sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) {
            guard let data = try? Data(contentsOf: file),
                  let records = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { continue }
            for record in records {
                let text = (try? JSONSerialization.data(withJSONObject: record)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
                let name = record["name"] as? String ?? "?"
                for mode in SolverMode.allCases {
                    cases.append(ConformanceCase(file: file.lastPathComponent, name: name, json: text, mode: mode))
                }
            }
        }
        return cases
    }
}

import Testing
