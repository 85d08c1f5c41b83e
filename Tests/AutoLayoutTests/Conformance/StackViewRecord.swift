import FixtureSupport

/// A stack view conformance record (format: shared/conformance/README.md): a stack's
/// options, its arranged views, and the frames and size expected.
struct StackViewRecord: Decodable {
    /// The stack's options and outside constraints.
    struct Stack: Decodable {
        let axis: String
        let distribution: String
        let alignment: String
        let spacing: Double
        let customSpacingAfter: [String: Double]?
        let isBaselineRelativeArrangement: Bool?
        let isLayoutMarginsRelativeArrangement: Bool?
        /// Top, left, bottom, right.
        let layoutMargins: [Double]?
        /// `[x, y, width, height]`, or nil: the stack takes its fitting size.
        let frame: [Double]?
        /// Only the width (or height) pinned.
        let width: Double?
        let height: Double?
    }

    /// One arranged view.
    struct Arranged: Decodable {
        let name: String
        /// Width and height; `null` for no intrinsic metric.
        let intrinsic: [Double?]?
        let hidden: Bool?
        let hugging: [Float]?
        let compression: [Float]?
        let firstBaselineFromTop: Double?
        let baselineFromBottom: Double?
    }

    let name: String
    let stack: Stack
    let arranged: [Arranged]
    /// `[x, y, width, height]` relative to the stack; `null` entries are not checked.
    let expectFrames: [String: [Double?]]
    /// The components (`x`, `y`, `w`, `h`) of each view not to assert.
    let ambiguous: [String: [String]]?
    /// The stack's size, for a stack that takes its fitting size; `null` entries unchecked.
    let expectStackSize: [Double?]?
}
