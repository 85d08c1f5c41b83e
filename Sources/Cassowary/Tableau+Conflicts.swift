// Explaining an unsatisfiable constraint: which required constraints it contradicts.
//
// The main tableau has no markers for required equalities, so the explanation replays the
// required constraints connected to the new one (through shared variables) in a solver
// that keeps every marker. The insertion there fails on a row that can never be zero (a
// Farkas certificate): a constraint's marker has a nonzero coefficient in it exactly when
// the constraint takes part in the contradiction. The certificate's set is then made
// minimal by a deletion filter (drop each member in turn and keep the drop when the rest
// still contradicts), up to `deletionFilterLimit` members.

extension Tableau {
    /// Largest certificate the deletion filter is run on; larger ones are reported as found.
    static let deletionFilterLimit = 48

    /// A minimal set of the required constraints in the solver that `constraint` contradicts.
    func conflicts(for constraint: Constraint) -> [Constraint] {
        let required = records.filter { $0.constraint.strength.isRequired }
        var byVariable: [Identity: [Int]] = [:]
        for (position, record) in required.enumerated() {
            for term in record.constraint.expression.terms {
                byVariable[Identity(term.variable), default: []].append(position)
            }
        }
        var queue = constraint.expression.terms.map { Identity($0.variable) }
        var seenVariables = Set(queue)
        var inComponent = [Bool](repeating: false, count: required.count)
        while let variable = queue.popLast() {
            for position in byVariable[variable] ?? [] where !inComponent[position] {
                inComponent[position] = true
                for term in required[position].constraint.expression.terms {
                    let key = Identity(term.variable)
                    if seenVariables.insert(key).inserted { queue.append(key) }
                }
            }
        }
        let component = required.indices.filter { inComponent[$0] }.map { required[$0].constraint }
        var explainer = Tableau(tracksEqualityMarkers: true)
        explainer.storesHints = false
        for member in component { try? explainer.add(member) }
        guard let found = explainer.certificateMembers(for: constraint) else { return component }
        guard found.count <= Tableau.deletionFilterLimit else { return found }
        var kept = found
        var i = 0
        while i < kept.count {
            var trial = kept
            trial.remove(at: i)
            if Tableau.contradicts(constraint, trial) { kept = trial } else { i += 1 }
        }
        return kept
    }

    /// The constraints named by the certificate of `constraint`'s failure, or nil if it fits.
    private mutating func certificateMembers(for constraint: Constraint) -> [Constraint]? {
        certificate = nil
        do throws(StepError) {
            try add(constraint)
            return nil
        } catch {
            guard case .unsatisfiable = error, let proof = certificate else { return nil }
            var owners: [Symbol: Record] = [:]
            for case let record? in recordSlots {
                if let marker = record.marker, record.constraint.strength.isRequired { owners[marker] = record }
            }
            return (proof.row.cells.map(\.symbol) + (proof.basic.map { [$0] } ?? [])).compactMap { owners[$0] }
                .sorted { $0.sequence < $1.sequence }
                .map(\.constraint)
        }
    }

    /// Whether `constraint` cannot hold together with `others`.
    private static func contradicts(_ constraint: Constraint, _ others: [Constraint]) -> Bool {
        var solver = Tableau(tracksEqualityMarkers: false)
        solver.storesHints = false
        do throws(StepError) {
            for other in others { try solver.add(other) }
            try solver.add(constraint)
            return false
        } catch {
            return true
        }
    }
}
