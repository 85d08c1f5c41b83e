/// The terms of a linear expression, built one at a time: up to four stored inline, more
/// in one array.
///
/// Inline coefficients are kept as `Float`: the coefficients a layout makes (±1, ±½, a
/// multiplier such as 2 or 0.75) are exact in it. A coefficient that is not goes, with the
/// terms before it, to the array, so every coefficient reads back exactly as given.
///
/// Most constraints have at most four terms. Built from a list, with
/// ``Constraint/init(_:constant:_:strength:)`` or
/// ``Constraint/init(_:constant:equalAbove:below:)``, such a constraint is a single
/// allocation: ``append(_:)`` allocates nothing until a fifth term comes, and the
/// constraint stores the terms inline. The constraint is the same as one made from
/// `Expression(terms, constant: constant)` with the same terms in the same order.
///
/// ```swift
/// var terms = TermList()
/// terms.append(Term(x))
/// terms.append(Term(y, coefficient: -1))
/// let c = Constraint(terms, constant: -10, .equal) // x - y - 10 == 0
/// ```
public struct TermList: Sendable {
    /// The variables and coefficients of the terms while they are inline (nil and zero past
    /// `count`); nil and zero when the terms are in `spilled`.
    @usableFromInline var v0: Variable?
    @usableFromInline var v1: Variable?
    @usableFromInline var v2: Variable?
    @usableFromInline var v3: Variable?
    @usableFromInline var c0: Float = 0
    @usableFromInline var c1: Float = 0
    @usableFromInline var c2: Float = 0
    @usableFromInline var c3: Float = 0
    /// Every term when the list holds them in an array: when more than four were appended,
    /// when a coefficient is not exact as a `Float`, or when the list took over an
    /// expression's array (see ``init(array:)``). Else empty, and the terms are inline.
    @usableFromInline var spilled: [Term] = []
    /// The number of inline terms (0 when the terms are in `spilled`). One byte, and the
    /// last field: a ``Constraint`` stores its one-byte fields right after it, so the list
    /// takes 57 bytes of the constraint instead of 64 and the constraint fits a 112-byte
    /// block (see ``Constraint``).
    @usableFromInline var inlineCount: UInt8 = 0

    /// The number of terms.
    @inlinable @inline(__always) var count: Int { spilled.isEmpty ? Int(inlineCount) : spilled.count }

    /// An empty list.
    @inlinable @inline(__always) public init() {}

    /// Adds a term at the end. Terms of one variable may repeat: the constraint adds them
    /// together, as it does for an ``Expression``.
    @inlinable @inline(__always) public mutating func append(_ term: consuming Term) {
        let coefficient = Float(term.coefficient)
        guard spilled.isEmpty, Double(coefficient) == term.coefficient else { return appendSpilled(term) }
        switch inlineCount {
        case 0: c0 = coefficient; v0 = term.variable
        case 1: c1 = coefficient; v1 = term.variable
        case 2: c2 = coefficient; v2 = term.variable
        case 3: c3 = coefficient; v3 = term.variable
        default: return appendSpilled(term)
        }
        inlineCount += 1
    }

    /// ``append(_:)`` of a fifth or later term, or of a coefficient a `Float` cannot hold:
    /// moves the inline terms into `spilled` first.
    @usableFromInline mutating func appendSpilled(_ term: consuming Term) {
        spill()
        spilled.append(term)
    }

    /// Moves the inline terms into `spilled` (which then holds every term).
    @usableFromInline mutating func spill() {
        guard isInline else { return }
        // Read before `spilled` holds anything.
        var terms: [Term] = []
        terms.reserveCapacity(8)
        for k in 0..<Int(inlineCount) { terms.append(self[k]) }
        v0 = nil
        v1 = nil
        v2 = nil
        v3 = nil
        c0 = 0
        c1 = 0
        c2 = 0
        c3 = 0
        inlineCount = 0
        spilled = terms
    }

    /// Whether the terms are stored inline (at most four of them).
    @inline(__always) var isInline: Bool { spilled.isEmpty }

    /// The term at a position.
    subscript(position: Int) -> Term {
        get {
            guard isInline else { return spilled[position] }
            return switch position {
            case 0: Term(v0.unsafelyUnwrapped, coefficient: Double(c0))
            case 1: Term(v1.unsafelyUnwrapped, coefficient: Double(c1))
            case 2: Term(v2.unsafelyUnwrapped, coefficient: Double(c2))
            default: Term(v3.unsafelyUnwrapped, coefficient: Double(c3))
            }
        }
        set {
            let coefficient = Float(newValue.coefficient)
            if isInline && Double(coefficient) != newValue.coefficient { spill() }
            guard isInline else {
                spilled[position] = newValue
                return
            }
            switch position {
            case 0: v0 = newValue.variable; c0 = coefficient
            case 1: v1 = newValue.variable; c1 = coefficient
            case 2: v2 = newValue.variable; c2 = coefficient
            default: v3 = newValue.variable; c3 = coefficient
            }
        }
    }

    /// The variable and coefficient of an inline term, the variable not retained: the
    /// caller keeps the list alive while it uses it.
    @inline(__always) func unretainedTerm(at position: Int) -> (Unmanaged<Variable>, Double) {
        switch position {
        case 0: (Unmanaged.passUnretained(v0.unsafelyUnwrapped), Double(c0))
        case 1: (Unmanaged.passUnretained(v1.unsafelyUnwrapped), Double(c1))
        case 2: (Unmanaged.passUnretained(v2.unsafelyUnwrapped), Double(c2))
        default: (Unmanaged.passUnretained(v3.unsafelyUnwrapped), Double(c3))
        }
    }

    /// The terms as an array.
    var array: [Term] {
        if !isInline { return spilled }
        var terms: [Term] = []
        terms.reserveCapacity(count)
        for k in 0..<count { terms.append(self[k]) }
        return terms
    }

    /// Makes an empty list hold the given array of terms as it is (see ``init(array:)``).
    @inline(__always) mutating func take(_ terms: [Term]) {
        spilled = terms
    }

    /// A list that holds the given array of terms as it is: a constraint made from an
    /// ``Expression`` keeps the expression's array rather than copy its terms and free it.
    /// Such a list is never appended to (``append(_:)`` fills the inline slots first).
    @inline(__always) init(array terms: [Term]) {
        spilled = terms
    }

    /// Combines the terms of each variable and drops zero terms, keeping the order of first
    /// appearance: what ``Expression/reduced()`` makes of the terms.
    mutating func reduce() {
        if isInline {
            if !isReduced { reduceInline() }
        } else {
            self = TermList(array: Expression(spilled).reduced().terms)
        }
    }

    /// Whether no inline term is zero and no variable appears twice: a few comparisons of
    /// the stored fields, with no copy of a term.
    @inline(__always) private var isReduced: Bool {
        switch count {
        case 0: return true
        case 1: return c0 != 0
        case 2: return c0 != 0 && c1 != 0 && v0 !== v1
        case 3: return c0 != 0 && c1 != 0 && c2 != 0 && v0 !== v1 && v0 !== v2 && v1 !== v2
        default:
            return c0 != 0 && c1 != 0 && c2 != 0 && c3 != 0 && v0 !== v1 && v0 !== v2 && v0 !== v3
                && v1 !== v2 && v1 !== v3 && v2 !== v3
        }
    }

    /// ``reduce()`` of at most four terms that need it: a quadratic merge.
    @inline(never) private mutating func reduceInline() {
        var merged = TermList()
        for k in 0..<count {
            let term = self[k]
            var found = false
            for i in 0..<merged.count where merged[i].variable === term.variable {
                merged[i] = Term(term.variable, coefficient: merged[i].coefficient + term.coefficient)
                found = true
                break
            }
            if !found { merged.append(term) }
        }
        var kept = TermList()
        for i in 0..<merged.count where merged[i].coefficient != 0 { kept.append(merged[i]) }
        self = kept
    }

    /// Whether two lists have the same variables with the same coefficients, in order.
    func hasSameTerms(as other: TermList) -> Bool {
        guard count == other.count else { return false }
        for k in 0..<count {
            let a = self[k], b = other[k]
            guard a.variable === b.variable && a.coefficient == b.coefficient else { return false }
        }
        return true
    }
}
