// Refusing numbers the solver cannot compute with: NaN and infinities in constants,
// coefficients, strengths and suggested values. A NaN in one row spreads to every row a
// pivot touches and no comparison with it is ever true, so the simplex would run on
// garbage; the calls refuse such input up front with ``SolverError/nonFiniteNumber(_:)``,
// before the tableau changes.

extension Constraint {
    /// Whether the constant, every coefficient and the strengths are finite numbers, and
    /// whether the constant or a coefficient is beyond ``Tableau/largeMagnitude``.
    ///
    /// One pass with no branch per term: `x * 0` is zero for every finite `x` and NaN for
    /// NaN and the infinities, so the sum is zero exactly when all of them are finite.
    var numbers: (finite: Bool, large: Bool) {
        var probe = constant * 0, largest = abs(constant), smallest = Double.infinity
        // Inline coefficients need no look: a code holds only finite numbers between 2⁻⁷
        // and 240 in magnitude, or zero (see ``CoefficientCode``).
        if !terms.isInline {
            terms.spilled.withUnsafeBufferPointer { terms in
                for k in 0..<terms.count {
                    probe += terms[k].coefficient * 0
                    largest = max(largest, abs(terms[k].coefficient))
                    if terms[k].coefficient != 0 { smallest = min(smallest, abs(terms[k].coefficient)) }
                }
            }
        }
        // A tiny coefficient makes large numbers too, once the row is solved for it.
        let large = largest > Tableau.largeMagnitude || smallest < Tableau.smallCoefficient
        // (A required constraint's strength has no components.)
        return (probe == 0 && (isRequired || strength.isFinite && (belowStrength?.isFinite ?? true)), large)
    }

    /// What is not finite, in words (only when ``numbers`` says they are not all finite).
    var nonFiniteDescription: String {
        if !constant.isFinite { return "the constant of \(self) is \(nonFiniteName(constant))" }
        for term in terms.array where !term.coefficient.isFinite {
            return "the coefficient of \(term.variable) in \(self) is \(nonFiniteName(term.coefficient))"
        }
        if !strength.isFinite { return "the strength of \(self) has a level or weight that is not finite" }
        return "the strength below zero of \(self) has a level or weight that is not finite"
    }
}

extension Solver {
    /// Throws ``SolverError/nonFiniteNumber(_:)`` unless every number of the constraint
    /// is finite; notes a number beyond ``Tableau/largeMagnitude`` (see
    /// ``Tableau/holdsLargeNumbers``).
    @inline(__always) func validateNumbers(of constraint: Constraint) throws(SolverError) {
        let numbers = constraint.numbers
        guard numbers.finite else { throw .nonFiniteNumber(constraint.nonFiniteDescription) }
        if numbers.large { tableau.holdsLargeNumbers = true }
    }

    /// Throws ``SolverError/nonFiniteNumber(_:)`` for an edit strength that is not finite.
    func validateEdit(_ variable: Variable, strength: Strength) throws(SolverError) {
        guard strength.isFinite else {
            throw .nonFiniteNumber("the strength of the edit variable \(variable) has a level or weight that is not finite")
        }
    }

    /// Throws ``SolverError/nonFiniteNumber(_:)`` for a suggested value that is not finite.
    func validateSuggestion(_ variable: Variable, _ value: Double) throws(SolverError) {
        guard value.isFinite else { throw .nonFiniteNumber("the value suggested for \(variable) is \(nonFiniteName(value))") }
    }

    /// Whether every constraint of a batch has finite numbers (else the batch is added one
    /// constraint at a time, which reports each refusal in order); notes numbers beyond
    /// ``Tableau/largeMagnitude``.
    func haveFiniteNumbers(_ constraints: [Constraint]) -> Bool {
        var large = false
        // (Each constraint unretained: the array keeps it alive.)
        let finite = constraints.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                let numbers = Unmanaged.passUnretained(buffer[index])._withUnsafeGuaranteedRef { $0.numbers }
                guard numbers.finite else { return false }
                large = large || numbers.large
            }
            return true
        }
        if finite && large { tableau.holdsLargeNumbers = true }
        return finite
    }
}

/// `nan` (never `-nan`), `inf` or `-inf`.
func nonFiniteName(_ value: Double) -> String {
    value.isNaN ? "nan" : value < 0 ? "-inf" : "inf"
}
