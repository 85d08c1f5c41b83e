/// An incremental Cassowary constraint solver (Badros, Borning & Stuckey, 2001).
///
/// Add required constraints and weighted preferences, mark variables as editable, suggest
/// values for them, and call ``updateVariables()`` to write the solution into each
/// ``Variable``. The solver keeps the tableau between calls, so each change costs what it
/// touches, not the size of the system.
///
/// Guarantees:
/// - **Transactional.** When a call throws, the solver is exactly as it was before it:
///   same tableau, same constraints, same values.
/// - **Explained.** An unsatisfiable required constraint is reported with a minimal set of
///   the required constraints already in the solver that it contradicts.
/// - **Deterministic.** Every pivot and tie is chosen by creation order, never by hashing.
/// - **Strictly ordered strengths.** The objective is lexicographic over strength levels
///   (see ``Strength``).
public final class Solver {
    struct Record {
        let constraint: Constraint
        var marker: Symbol?
        var other: Symbol?
        let sequence: Int
    }

    struct VariableEntry {
        let variable: Variable
        let symbol: Symbol
        var references: Int
    }

    struct EditInfo {
        let constraint: Constraint
        var constant: Double
    }

    // Tableau, indexed by symbol index.
    var symbols: [Symbol] = []
    var rows: [Row?] = []
    /// For each symbol, the indices of basic symbols whose rows may contain it. Entries
    /// are added when a cell is created and dropped lazily when a column is read.
    var columns: [[Int32]] = []
    var stamps: [UInt32] = []
    var stamp: UInt32 = 0
    var objective = Objective()
    var artificial: Row?
    var infeasible: [Symbol] = []
    var scratch: [Symbol] = []
    /// The row that proved the last constraint unsatisfiable (phase one's final objective).
    var certificate: Row?

    // What the user has given the solver.
    var records: [ObjectIdentifier: Record] = [:]
    var edits: [ObjectIdentifier: EditInfo] = [:]
    var variables: [ObjectIdentifier: VariableEntry] = [:]
    var nextSequence = 0

    /// Required equalities have no marker column (see ``init()``), so removing one rebuilds
    /// the tableau, lazily, before the next call that needs it.
    var needsRebuild = false
    /// When set, required equalities get a dummy marker so conflicts can be traced.
    let tracksEqualityMarkers: Bool
    /// When set, an unsatisfiable constraint is explained with its conflicting set.
    let explainsConflicts: Bool

    // Undo journal of the call in progress.
    enum Undo {
        case row(Int, Row?)
        case constant(Int, Double)
        case record(ObjectIdentifier, Record?)
        case edit(ObjectIdentifier, EditInfo?)
        case variable(ObjectIdentifier, VariableEntry?)
    }
    var journal: [Undo] = []
    var journaling = false

    /// Creates an empty solver.
    ///
    /// Required equalities carry no marker column in the tableau. Their marker is pure
    /// bookkeeping (fixed at zero), and keeping it makes every row of a chain
    /// `x[i+1] == x[i] + 10` grow with the chain, which is what makes other Cassowary
    /// implementations quadratic. The price is paid only when a required equality is
    /// removed: the tableau is rebuilt from the constraints (in insertion order) before the
    /// next call that needs it, once for any number of removals.
    public convenience init() {
        self.init(tracksEqualityMarkers: false, explainsConflicts: true)
    }

    init(tracksEqualityMarkers: Bool, explainsConflicts: Bool) {
        self.tracksEqualityMarkers = tracksEqualityMarkers
        self.explainsConflicts = explainsConflicts
    }

    // MARK: Constraints

    /// Adds a constraint.
    /// - Throws: ``SolverError/duplicateConstraint(_:)`` if it is already in the solver;
    ///   ``SolverError/unsatisfiableConstraint(_:conflicts:)`` if it is required and cannot
    ///   hold together with the required constraints already added.
    public func addConstraint(_ constraint: Constraint) throws(SolverError) {
        guard records[ObjectIdentifier(constraint)] == nil else { throw .duplicateConstraint(constraint) }
        try rebuildIfNeeded()
        let mark = begin()
        do throws(StepError) {
            try insert(constraint)
            commit()
        } catch {
            rollback(mark)
            switch error {
            case .unsatisfiable:
                throw .unsatisfiableConstraint(
                    constraint, conflicts: explainsConflicts ? conflicts(for: constraint) : [])
            case .failure(let failure): throw failure
            }
        }
    }

    /// Adds several constraints in order; stops at the first error, keeping those before it.
    public func addConstraints(_ constraints: [Constraint]) throws(SolverError) {
        for constraint in constraints { try addConstraint(constraint) }
    }

    /// Removes a constraint.
    /// - Throws: ``SolverError/unknownConstraint(_:)`` if it is not in the solver.
    public func removeConstraint(_ constraint: Constraint) throws(SolverError) {
        let key = ObjectIdentifier(constraint)
        guard let record = records[key] else { throw .unknownConstraint(constraint) }
        if needsRebuild || (record.marker == nil && constraint.strength.isRequired) {
            records[key] = nil
            needsRebuild = true
            return
        }
        try run { () throws(StepError) in try erase(record) }
    }

    /// Whether the constraint is in the solver.
    public func hasConstraint(_ constraint: Constraint) -> Bool {
        records[ObjectIdentifier(constraint)] != nil
    }

    /// The constraints in the solver, in the order they were added (edit constraints included).
    public var constraints: [Constraint] {
        records.values.sorted { $0.sequence < $1.sequence }.map(\.constraint)
    }

    // MARK: Edit variables

    /// Makes a variable editable: ``suggestValue(_:_:)`` then pulls it toward a value with
    /// the given strength. The edit starts at 0, as in kiwi.
    /// - Throws: ``SolverError/duplicateEditVariable(_:)`` if it is already editable;
    ///   ``SolverError/badRequiredStrength(_:)`` if the strength is required.
    public func addEditVariable(_ variable: Variable, strength: Strength) throws(SolverError) {
        let key = ObjectIdentifier(variable)
        guard edits[key] == nil else { throw .duplicateEditVariable(variable) }
        guard !strength.isRequired else { throw .badRequiredStrength(variable) }
        try rebuildIfNeeded()
        let constraint = Constraint(Expression(variable), .equal, strength: strength)
        try run { () throws(StepError) in
            try insert(constraint)
            setEdit(key, EditInfo(constraint: constraint, constant: 0))
        }
    }

    /// Makes a variable no longer editable.
    /// - Throws: ``SolverError/unknownEditVariable(_:)`` if it is not editable.
    public func removeEditVariable(_ variable: Variable) throws(SolverError) {
        let key = ObjectIdentifier(variable)
        guard let info = edits[key] else { throw .unknownEditVariable(variable) }
        try rebuildIfNeeded()
        try run { () throws(StepError) in
            try erase(records[ObjectIdentifier(info.constraint)]!)
            setEdit(key, nil)
        }
    }

    /// Whether the variable is editable.
    public func hasEditVariable(_ variable: Variable) -> Bool { edits[ObjectIdentifier(variable)] != nil }

    /// Pulls an editable variable toward a value, re-solving with the dual simplex.
    /// - Throws: ``SolverError/unknownEditVariable(_:)`` if it is not editable.
    public func suggestValue(_ variable: Variable, _ value: Double) throws(SolverError) {
        let key = ObjectIdentifier(variable)
        guard edits[key] != nil else { throw .unknownEditVariable(variable) }
        try rebuildIfNeeded()
        try run { () throws(StepError) in try suggest(key, value) }
    }

    // MARK: Results

    /// Writes the current solution into every variable the solver knows.
    public func updateVariables() {
        if (try? rebuildIfNeeded()) == nil { return }
        for entry in variables.values {
            entry.variable.value = rows[entry.symbol.index]?.constant ?? 0
        }
    }

    /// The solved value of a variable (0 for one the solver does not know), without
    /// writing it into the variable.
    public func value(of variable: Variable) -> Double {
        _ = try? rebuildIfNeeded()
        guard let entry = variables[ObjectIdentifier(variable)] else { return 0 }
        return rows[entry.symbol.index]?.constant ?? 0
    }

    /// Removes every constraint and edit variable.
    public func reset() {
        clearTableau()
        records = [:]
        edits = [:]
        nextSequence = 0
        needsRebuild = false
    }

    // MARK: Transactions

    /// What a step inside a transaction can fail with.
    enum StepError: Error {
        case unsatisfiable
        case failure(SolverError)
    }

    /// Where a transaction started: undoing goes back to this point.
    struct Mark {
        let journal: Int
        let objective: (journal: Int, levels: Int, symbols: Int)
        let symbols: Int
        let sequence: Int
    }

    /// Starts journaling every change.
    func begin() -> Mark {
        journaling = true
        objective.journaling = true
        return Mark(journal: journal.count, objective: objective.mark, symbols: symbols.count,
                    sequence: nextSequence)
    }

    /// Keeps the changes since `begin`.
    func commit() {
        journaling = false
        objective.journaling = false
        journal.removeAll(keepingCapacity: true)
        objective.commit()
    }

    /// Undoes every change since `mark`.
    func rollback(_ mark: Mark) {
        rollback(to: mark.journal, symbols: mark.symbols)
        objective.rollback(to: mark.objective, symbols: symbols)
        nextSequence = mark.sequence
        commit()
    }

    /// Runs `body` as one transaction; any failure is undone and rethrown.
    func run(_ body: () throws(StepError) -> Void) throws(SolverError) {
        let mark = begin()
        do throws(StepError) {
            try body()
            commit()
        } catch {
            rollback(mark)
            switch error {
            case .unsatisfiable: throw .internalError("a step that cannot be unsatisfiable was")
            case .failure(let failure): throw failure
            }
        }
    }
}
