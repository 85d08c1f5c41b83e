import Foundation

/// One record of a conformance fixture file: the file it came from, its `name`, and its
/// JSON, to decode with ``decode(_:)``.
public struct FixtureRecord: Sendable {
    /// The fixture file's name (`solver_cases.json`).
    public let file: String
    /// The record's `name`.
    public let name: String
    /// The record as JSON.
    public let json: Data

    /// The record decoded as `type`.
    public func decode<Record: Decodable>(_ type: Record.Type) throws -> Record {
        try JSONDecoder().decode(type, from: json)
    }

    /// `FILE: NAME`, as each record's test case is described.
    public var description: String { "\(file): \(name)" }
}

/// Finds and reads conformance fixtures: every record of every `.json` file of a folder,
/// read whole (the format: `shared/conformance/README.md`), so a file dropped into the
/// folder runs with no code change.
public enum Fixtures {
    /// Every record of every `.json` file in `folder`, files in name order and records in
    /// file order; none when the folder is missing. A file that is not a JSON array of
    /// objects contributes one record named `unreadable`, so a test for it fails instead of
    /// the file being skipped.
    public static func records(in folder: URL?) -> [FixtureRecord] {
        guard let folder,
              let files = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        else { return [] }
        var records: [FixtureRecord] = []
        for file in files.filter({ $0.pathExtension == "json" }).sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) {
            guard let data = try? Data(contentsOf: file),
                  let objects = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
                records.append(FixtureRecord(file: file.lastPathComponent, name: "unreadable", json: Data("{}".utf8)))
                continue
            }
            for object in objects {
                let json = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
                records.append(FixtureRecord(file: file.lastPathComponent, name: object["name"] as? String ?? "?", json: json))
            }
        }
        return records
    }
}

/// A JSON number or string, as fixtures write strengths (`"strong"` or `1000`).
public enum NumberOrName: Decodable, Sendable, Equatable {
    case number(Double)
    case name(String)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else {
            self = .name(try container.decode(String.self))
        }
    }
}

/// A JSON number or boolean, as fixtures write `value` (a suggested value, or whether a
/// constraint is present).
public enum NumberOrBool: Decodable, Sendable, Equatable {
    case number(Double)
    case bool(Bool)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else {
            self = .number(try container.decode(Double.self))
        }
    }

    /// The number, if this is one.
    public var number: Double? { if case .number(let n) = self { n } else { nil } }
    /// The boolean, if this is one.
    public var bool: Bool? { if case .bool(let b) = self { b } else { nil } }
}

/// The error `body` throws when it is an `E`; nil when `body` throws nothing or another
/// error (so a test can tell "refused as expected" from "not refused").
public func thrownError<E: Error>(_ type: E.Type, by body: () throws -> Void) -> E? {
    do {
        try body()
        return nil
    } catch {
        return error as? E
    }
}
