import FixtureSupport

/// An Auto Layout conformance record (format: shared/conformance/README.md), decoded: a
/// layout record (views with sizes, constraints or visual formats, expected frames) or a
/// parse-error record (a visual format and the message it must be refused with).
struct AutoLayoutRecord: Decodable {
    /// The root: its size (`null` on an axis: the fitting size along it), margins, and the
    /// legacy top and bottom layout guides' lengths.
    struct Container: Decodable {
        let width: Double?
        let height: Double?
        /// Whether the record gives `null` for the width or the height (as opposed to
        /// leaving it out).
        let fitsWidth: Bool
        let fitsHeight: Bool
        let layoutMargins: [Double]?
        let topLayoutGuide: Double?
        let bottomLayoutGuide: Double?

        enum CodingKeys: String, CodingKey {
            case width, height, layoutMargins, topLayoutGuide, bottomLayoutGuide
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            width = try c.decodeIfPresent(Double.self, forKey: .width)
            height = try c.decodeIfPresent(Double.self, forKey: .height)
            fitsWidth = c.contains(.width) ? try c.decodeNil(forKey: .width) : false
            fitsHeight = c.contains(.height) ? try c.decodeNil(forKey: .height) : false
            layoutMargins = try c.decodeIfPresent([Double].self, forKey: .layoutMargins)
            topLayoutGuide = try c.decodeIfPresent(Double.self, forKey: .topLayoutGuide)
            bottomLayoutGuide = try c.decodeIfPresent(Double.self, forKey: .bottomLayoutGuide)
        }
    }

    /// One view of a layout record.
    struct ViewSpec: Decodable {
        /// Width and height; `null` for no intrinsic metric.
        let intrinsic: [Double?]?
        let hugging: [Float]?
        let compression: [Float]?
        let baselineFromBottom: Double?
        /// A frame that places the view by its autoresizing mask instead of constraints.
        let fixedFrame: [Double]?
        let superview: String?
    }

    /// `views`: specs by name in a layout record, names only in a parse-error record.
    enum Views: Decodable {
        case specs([String: ViewSpec])
        case names([String])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let names = try? container.decode([String].self) {
                self = .names(names)
            } else {
                self = .specs(try container.decode([String: ViewSpec].self))
            }
        }
    }

    /// `vfl`: one format or several.
    enum Formats: Decodable {
        case one(String)
        case many([String])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let one = try? container.decode(String.self) {
                self = .one(one)
            } else {
                self = .many(try container.decode([String].self))
            }
        }

        var list: [String] {
            switch self {
            case .one(let format): [format]
            case .many(let formats): formats
            }
        }
    }

    let name: String
    let container: Container?
    let views: Views?
    let constraints: [String]?
    let vfl: Formats?
    let metrics: [String: Double]?
    let options: [String]?
    let viewsWithoutSuperview: Bool?
    let expectFrames: [String: [Double?]]?
    let ambiguous: [String: [String]]?
    let expectAmbiguous: Bool?
    let expectConflict: Bool?
    let expectConstraints: [String]?
    let expectConstraintCount: Int?
    let expectParseError: String?
    let caretIndex: Int?
    let messagePrefix: String?

    /// The view specs of a layout record (none for a parse-error record).
    var viewSpecs: [String: ViewSpec] {
        if case .specs(let specs) = views { specs } else { [:] }
    }

    /// The view names of a parse-error record.
    var viewNames: [String] {
        switch views {
        case .names(let names): names
        case .specs(let specs): specs.keys.sorted()
        case nil: []
        }
    }
}
