// Silent variables: moves a client learns of from another variable (see
// EqualityClasses+Silence.swift).

extension Solver {
    /// Stops telling ``updateVariables(changedBatches:)``'s callback of the moves `variable`
    /// makes with its equality class while `partner` is in the same class at the same
    /// offset from it (the two then move by the same amount, and the callback hears of
    /// `partner`). Its value is still written, and any other change of it is told. Returns
    /// false, changing nothing, when the two are not in one class (or the solver keeps no
    /// classes). The silence ends by itself when `partner` may leave the class or either
    /// offset change, and by ``endSilence(of:)``.
    package func silence(_ variable: Variable, alongside partner: Variable) -> Bool {
        tableau.silence(variable, alongside: partner)
    }

    /// ``silence(_:alongside:)`` for each pair of `pairs` (unretained: the caller keeps
    /// them), in one call; returns whether each was made silent.
    package func silence(_ pairs: [SilencePair]) -> [Bool] {
        tableau.silence(pairs)
    }

    /// Tells every move of `variable` again.
    package func endSilence(of variable: Variable) {
        tableau.endSilence(of: variable)
    }
}

/// A variable to make silent and the partner it moves with (see
/// ``Solver/silence(_:alongside:)``), unretained.
package struct SilencePair {
    /// The variable whose moves with its class are not to be told.
    package let variable: Unmanaged<Variable>
    /// The variable it moves with, whose moves are told.
    package let partner: Unmanaged<Variable>

    /// A pair of variables the caller keeps alive.
    package init(_ variable: Unmanaged<Variable>, alongside partner: Unmanaged<Variable>) {
        self.variable = variable
        self.partner = partner
    }
}

extension Tableau {
    /// ``Solver/silence(_:alongside:)``.
    mutating func silence(_ variable: Variable, alongside partner: Variable) -> Bool {
        guard usesClasses && !needsRebuild else { return false }
        return classes.silence(variable, alongside: partner)
    }

    /// ``Solver/silence(_:)``.
    mutating func silence(_ pairs: [SilencePair]) -> [Bool] {
        guard usesClasses && !needsRebuild else { return Array(repeating: false, count: pairs.count) }
        return pairs.map { pair in
            pair.variable._withUnsafeGuaranteedRef { v in
                pair.partner._withUnsafeGuaranteedRef { classes.silence(v, alongside: $0) }
            }
        }
    }

    /// ``Solver/endSilence(of:)``.
    mutating func endSilence(of variable: Variable) {
        guard usesClasses else { return }
        classes.endSilence(of: variable)
    }
}
