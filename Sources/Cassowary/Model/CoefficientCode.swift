/// One-byte codes for the coefficients a ``TermList`` stores inline.
///
/// A code is a tiny floating-point number: a sign bit, four bits of exponent (−7…7) and
/// three of fraction, so it holds ±(1 + k/8)·2ᵉ exactly, and code 0 holds zero. That covers
/// what layouts make: ±1 for an edge, ±½ for a centre, and multipliers such as 2, 0.75 or
/// 1.5 (and half of them). Any other coefficient has no code, and its list keeps its terms
/// in an array instead.
///
/// So an inline coefficient is always finite, and never beyond the magnitudes at which the
/// solver starts to check its rows (see ``Constraint/numbers``).
@usableFromInline enum CoefficientCode {
    /// The largest magnitude a code holds, and the smallest besides zero.
    static let largest = 240.0, smallest = 0x1p-7

    /// The code of `value`, or nil when no code holds it exactly.
    @inlinable @inline(__always) static func code(of value: Double) -> UInt8? {
        if value == 0 { return 0 }
        let bits = value.bitPattern
        let exponent = Int(truncatingIfNeeded: (bits >> 52) & 0x7ff) - 1023
        guard exponent >= -7 && exponent <= 7, bits & ((1 << 49) - 1) == 0 else { return nil }
        return UInt8(truncatingIfNeeded: bits >> 63) << 7 | UInt8(truncatingIfNeeded: exponent + 8) << 3
            | UInt8(truncatingIfNeeded: (bits >> 49) & 7)
    }

    /// The coefficient a code stands for.
    @inline(__always) static func value(of code: UInt8) -> Double {
        guard code != 0 else { return 0 }
        let sign = UInt64(code >> 7), exponent = UInt64((code >> 3) & 15) + 1015, fraction = UInt64(code & 7)
        return Double(bitPattern: sign << 63 | exponent << 52 | fraction << 49)
    }
}
