/// A column of the simplex tableau: a user variable or one the solver made.
///
/// The index and the kind are packed into one integer; ordering by it orders by index,
/// which is the order of creation. Every tie in the solver is broken by that order, so
/// the same calls always make the same pivots.
struct Symbol: Hashable, Comparable {
    enum Kind: UInt32 {
        /// A user ``Variable``: unrestricted in sign.
        case external = 0
        /// The slack of an inequality: at least zero.
        case slack = 1
        /// One side of the error of a preference: at least zero, and costed.
        case error = 2
        /// The marker of a required equality (kept only while explaining conflicts): fixed at zero.
        case dummy = 3
    }

    let raw: UInt32

    init(index: Int, kind: Kind) { raw = UInt32(index) << 2 | kind.rawValue }

    /// The symbol whose packed value is `raw`.
    init(raw: UInt32) { self.raw = raw }

    var index: Int { Int(raw >> 2) }
    var kind: Kind { Kind(rawValue: raw & 3)! }
    var isExternal: Bool { raw & 3 == 0 }
    var isDummy: Bool { raw & 3 == 3 }
    var isError: Bool { raw & 3 == 2 }
    /// Slack and error symbols may enter and leave the basis while optimizing.
    var isPivotable: Bool { raw & 3 == 1 || raw & 3 == 2 }

    static func < (lhs: Symbol, rhs: Symbol) -> Bool { lhs.raw < rhs.raw }
}

/// Coefficients and constants smaller than this are treated as zero (kiwi uses the same).
let epsilon = 1e-8

@inline(__always) func nearZero(_ value: Double) -> Bool { abs(value) < epsilon }
