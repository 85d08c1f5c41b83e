import FixtureSupport
import Testing

/// A solver conformance record (format: shared/conformance/README.md), decoded.
struct SolverRecord: Decodable {
    /// `lhs OP constant` at a strength (required when absent).
    struct ConstraintSpec: Decodable {
        let lhs: [String: Double]
        let constant: Double?
        let op: String
        let strength: NumberOrName?
    }

    /// An action (`add`, `remove`, `addEdit`, `removeEdit`, `suggest`, `reset`) or an
    /// expectation (`expect`, `expectOneOf`, `expectSatisfies`, `expectError`, …).
    struct Step: Decodable {
        let op: String
        let id: String?
        let constraint: ConstraintSpec?
        let `var`: String?
        let strength: NumberOrName?
        let value: NumberOrBool?
        let tolerance: Double?
        let values: [String: Double]?
        let alternatives: [[String: Double]]?
        let error: String?
        let vars: [String: Bool]?
    }

    let name: String
    let variables: [String]?
    let steps: [Step]
}

/// One record of a solver conformance fixture, to run in one solver mode.
struct ConformanceCase: CustomTestStringConvertible, Sendable {
    let fixture: FixtureRecord
    let mode: SolverMode

    var testDescription: String { "\(fixture.description) [\(mode)]" }

    /// Every record of every `.json` file in the fixtures folder, in file order, each in
    /// every solver mode.
    static func all() -> [ConformanceCase] {
        Fixtures.records(in: Bundle.module.url(forResource: "Fixtures", withExtension: nil)).flatMap { fixture in
            SolverMode.allCases.map { ConformanceCase(fixture: fixture, mode: $0) }
        }
    }
}

import Foundation
