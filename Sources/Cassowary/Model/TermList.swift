/// The terms of a linear expression, built one at a time: up to four stored inline, more
/// in one array.
///
/// Inline coefficients are kept as one-byte codes (see `CoefficientCode`): the
/// coefficients a layout makes (±1, ±½, a multiplier such as 2 or 0.75, or half of one) have
/// one. A coefficient that has none goes, with the terms before it, to the array, so every
/// coefficient reads back exactly as given.
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
    /// The variables of the terms while they are inline (nil past `count`); nil when the
    /// terms are in the array.
    @usableFromInline var v0: Variable?
    @usableFromInline var v1: Variable?
    @usableFromInline var v2: Variable?
    @usableFromInline var v3: Variable?
    /// Every term when the list holds them in an array: when more than four were appended,
    /// when a coefficient has no code, or when the list took over an expression's array
    /// (see ``init(array:)``). Else empty, and the terms are inline.
    @usableFromInline var storedArray: [Term] = []
    /// The codes of the inline terms' coefficients, one byte each, the first term's lowest
    /// (0 past `count`).
    @usableFromInline var codes: UInt32 = 0
    /// The number of inline terms, or ``inArray`` when the terms are in the array: telling
    /// the two apart reads this byte alone. One byte, and the last field: a ``Constraint``
    /// stores its one-byte fields right after it (see ``Constraint``).
    @usableFromInline var inlineCount: UInt8 = 0
    /// ``inlineCount`` when the terms are in the array.
    @usableFromInline static let inArray: UInt8 = .max

    /// Every term when the list holds them in an array; else empty, and the terms are
    /// inline. (Setting it to a non-empty array moves the list's terms there: the inline
    /// ones must have been moved first, see ``spill()``.)
    @usableFromInline var spilled: [Term] {
        @inline(__always) get { storedArray }
        set {
            storedArray = newValue
            if !newValue.isEmpty {
                inlineCount = TermList.inArray
            } else if !isInline {
                inlineCount = 0
            }
        }
    }

    /// The number of terms.
    @inlinable @inline(__always) var count: Int { isInline ? Int(inlineCount) : spilled.count }

    /// An empty list.
    @inlinable @inline(__always) public init() {}

    /// Adds a term at the end. Terms of one variable may repeat: the constraint adds them
    /// together, as it does for an ``Expression``.
    @inlinable @inline(__always) public mutating func append(_ term: consuming Term) {
        guard isInline, inlineCount < 4, let code = CoefficientCode.code(of: term.coefficient) else {
            return appendSpilled(term)
        }
        switch inlineCount {
        case 0: v0 = term.variable
        case 1: v1 = term.variable
        case 2: v2 = term.variable
        default: v3 = term.variable
        }
        codes |= UInt32(code) << (8 * UInt32(inlineCount))
        inlineCount += 1
    }

    /// ``append(_:)`` of a fifth or later term, or of a coefficient without a code: moves
    /// the inline terms into the array first.
    @usableFromInline mutating func appendSpilled(_ term: consuming Term) {
        spill()
        storedArray.append(term)
        inlineCount = TermList.inArray
    }

    /// Moves the inline terms into the array (which then holds every term).
    @usableFromInline mutating func spill() {
        guard isInline, inlineCount > 0 else { return }
        // Read before the array holds anything.
        var terms: [Term] = []
        terms.reserveCapacity(8)
        for k in 0..<Int(inlineCount) { terms.append(self[k]) }
        v0 = nil
        v1 = nil
        v2 = nil
        v3 = nil
        codes = 0
        inlineCount = 0
        spilled = terms
    }

    /// Whether the terms are stored inline (at most four of them).
    @inlinable @inline(__always) var isInline: Bool { inlineCount != TermList.inArray }

    /// The coefficient of the inline term at a position.
    @inline(__always) private func coefficient(at position: Int) -> Double {
        CoefficientCode.value(of: UInt8(truncatingIfNeeded: codes >> (8 * UInt32(position))))
    }

    /// The coefficient of the term at a position (read without the term's variable).
    @inline(__always) func coefficient(ofTermAt position: Int) -> Double {
        isInline ? coefficient(at: position) : storedArray[position].coefficient
    }

    /// Calls `body` with the variable of the term at a position, borrowed from the list
    /// (reading the term would retain it).
    @inline(__always) func withVariable<Result>(at position: Int, _ body: (Variable) throws -> Result) rethrows -> Result {
        guard isInline else { return try body(storedArray[position].variable) }
        return try unretainedTerm(at: position).0._withUnsafeGuaranteedRef(body)
    }

    /// The term at a position.
    subscript(position: Int) -> Term {
        @inline(__always) get {
            guard isInline else { return storedArray[position] }
            return switch position {
            case 0: Term(v0.unsafelyUnwrapped, coefficient: coefficient(at: 0))
            case 1: Term(v1.unsafelyUnwrapped, coefficient: coefficient(at: 1))
            case 2: Term(v2.unsafelyUnwrapped, coefficient: coefficient(at: 2))
            default: Term(v3.unsafelyUnwrapped, coefficient: coefficient(at: 3))
            }
        }
        set {
            let code = CoefficientCode.code(of: newValue.coefficient)
            if isInline && code == nil { spill() }
            guard isInline, let code else {
                storedArray[position] = newValue
                return
            }
            switch position {
            case 0: v0 = newValue.variable
            case 1: v1 = newValue.variable
            case 2: v2 = newValue.variable
            default: v3 = newValue.variable
            }
            let shift = 8 * UInt32(position)
            codes = codes & ~(0xff << shift) | UInt32(code) << shift
        }
    }

    /// The variable and coefficient of an inline term, the variable not retained: the
    /// caller keeps the list alive while it uses it.
    @inline(__always) func unretainedTerm(at position: Int) -> (Unmanaged<Variable>, Double) {
        switch position {
        case 0: (Unmanaged.passUnretained(v0.unsafelyUnwrapped), coefficient(at: 0))
        case 1: (Unmanaged.passUnretained(v1.unsafelyUnwrapped), coefficient(at: 1))
        case 2: (Unmanaged.passUnretained(v2.unsafelyUnwrapped), coefficient(at: 2))
        default: (Unmanaged.passUnretained(v3.unsafelyUnwrapped), coefficient(at: 3))
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
    /// appearance: what ``Expression/reduced()`` makes of the terms. Terms left that fit
    /// inline are stored inline.
    mutating func reduce() {
        if isInline {
            if !isReduced { reduceInline() }
        } else if spilled.count <= 16 {
            reduceSpilled()
        } else {
            let reduced = Expression(spilled).reduced().terms
            self = TermList()
            if reduced.count > 4 { take(reduced) } else { for term in reduced { append(term) } }
        }
    }

    /// ``reduce()`` of at most sixteen terms in the array: a quadratic merge, with the
    /// terms that are left appended to a new list, and so inline when they fit. An
    /// autoresizing width lowered with its view's left edge is six terms that cancel to
    /// two: kept in an array, they would cost each such constraint a second allocation, as
    /// large again as the constraint.
    @inline(never) private mutating func reduceSpilled() {
        let reduced: TermList? = storedArray.withUnsafeBufferPointer { terms in
            withUnsafeTemporaryAllocation(of: (Unmanaged<Variable>, Double).self, capacity: terms.count) { merged in
                var count = 0, changed = false
                for term in terms {
                    let variable = Unmanaged.passUnretained(term.variable)
                    if term.coefficient == 0 { changed = true }
                    var found = false
                    for i in 0..<count where merged[i].0.toOpaque() == variable.toOpaque() {
                        merged[i].1 += term.coefficient
                        found = true
                        changed = true
                        break
                    }
                    if !found {
                        merged[count] = (variable, term.coefficient)
                        count += 1
                    }
                }
                guard changed else { return nil }
                var list = TermList()
                for (variable, coefficient) in merged.prefix(count) where coefficient != 0 {
                    list.append(Term(variable.takeUnretainedValue(), coefficient: coefficient))
                }
                return list
            }
        }
        if let reduced { self = reduced }
    }

    /// Whether no inline term is zero and no variable appears twice: a few comparisons of
    /// the stored fields, with no copy of a term.
    @inline(__always) private var isReduced: Bool {
        // (Code 0 is the coefficient 0.)
        let c0 = codes & 0xff != 0, c1 = codes & 0xff00 != 0, c2 = codes & 0xff_0000 != 0, c3 = codes & 0xff00_0000 != 0
        switch count {
        case 0: return true
        case 1: return c0
        case 2: return c0 && c1 && v0 !== v1
        case 3: return c0 && c1 && c2 && v0 !== v1 && v0 !== v2 && v1 !== v2
        default:
            return c0 && c1 && c2 && c3 && v0 !== v1 && v0 !== v2 && v0 !== v3
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
