// One variable's preferred values: the soft constraints on that variable alone, held as the
// cost they put on its value rather than as a row each.
//
// Why. Each soft constraint `x == b` has a row over its two error symbols, and at the
// optimum `x` sits on one of them (a weighted median of the b's). Every other row is written
// through that one's errors, so each time the median moves, a pivot rewrites every row:
// n constraints on one variable cost O(n²) (20,000 took a minute). Together they are a
// convex, piecewise-linear cost of `x` with a corner at each `b`, and near the value `x`
// has, only the corners next to it matter.
//
// How. The members are kept sorted by value around a center, and summed per place (below
// the center, at it, above it) and kind (`==`, `<=`, `>=`) into one constraint each, with
// the sum of their strengths: those at the center exactly (they prefer the same value),
// those on a side placed at the member of that kind nearest the center. On a side, a
// member's cost is linear in `x` from its value on, so each sum is exact from the nearest
// member to the center, and has the same slope as the members it stands for far away. The
// tableau thus holds at most nine rows for any number of members, and the cost it
// minimizes equals the true one (up to a constant) on the open interval between the
// nearest members on either side.
//
// Where the optimum found has every grouped variable inside its interval, it is the true
// optimum: the two costs agree around it, and a point that is optimal nearby is optimal
// everywhere for a convex cost (lexicographic levels included: a better point far away
// would make the points between better too). Where one is not, that group's center moves
// toward the value its variable took and the tableau is solved again, until every group
// holds (see Solver+PreferredValues.swift).

/// The soft constraints on one variable alone, kept sorted by the value each prefers, around
/// a center (see the comment at the top of this file).
struct PreferredValues {
    /// How a member binds the variable: `==`, `<=` or `>=` its value.
    enum Kind: Int {
        case equal, atMost, atLeast
    }

    /// One soft constraint, as what it prefers.
    struct Member {
        /// The constraint as it was added.
        let constraint: Constraint
        /// The value it prefers: the one that zeroes its expression.
        let value: Double
        /// How it binds the variable (`<=` and `>=` swap with a negative coefficient).
        let kind: Kind
        /// The strength's components, each weight times the size of the variable's
        /// coefficient: the error the tableau would measure is the expression's.
        let weights: [Strength.Component]
        /// Its place in the order of the solver's constraints.
        let sequence: Int
    }

    /// The members of one kind below, at or above the center.
    struct Sum: Equatable {
        /// How many there are.
        var count = 0
        /// Their weights summed per level, the highest level first.
        var weights: [Strength.Component] = []
        /// The value of the one nearest the center (the center's at the center; nil when
        /// there are none).
        var value: Double?
    }

    /// A sum as the tableau holds it: the constraint made for it, and what it was made from.
    struct Installed {
        let constraint: Constraint
        let value: Double
        let weights: [Strength.Component]
    }

    /// The variable.
    let variable: Variable
    /// The members, by value, then in the order they came.
    private(set) var members: [Member] = []
    /// The value around which members are summed (nil while there are none).
    private(set) var center: Double?
    /// The sums by place (0 below the center, 1 above, 2 at it) and kind.
    private(set) var sums = PreferredValues.noSums
    /// Changes since the sums were last added up afresh (each change can leave a rounding
    /// error in a sum of weights; they are added up again once there have been as many
    /// changes as members).
    private var changes = 0
    /// Whether a subtraction cancelled most of a level (see ``exclude(_:side:)``).
    private var needsAddingUp = false
    /// The sums the tableau holds, by slot (`3 × place + kind`).
    var installedSums = [Installed?](repeating: nil, count: PreferredValues.slots)

    /// The number of sums: three places, three kinds.
    static let slots = 9
    private static let noSums = [[Sum]](repeating: [Sum](repeating: Sum(), count: 3), count: 3)

    init(variable: Variable) {
        self.variable = variable
    }

    /// The variable of a constraint that can be a member: a soft constraint on one
    /// variable alone, with a symmetric strength, a finite value, and a cost that is not
    /// zero; else nil. (Allocates nothing: it is asked of every such constraint added.)
    static func candidateVariable(of constraint: Constraint) -> Variable? {
        guard !constraint.isRequired, constraint.belowComponents == nil, constraint.terms.count == 1 else { return nil }
        let term = constraint.terms[0]
        let coefficient = term.coefficient
        guard coefficient != 0, (-constraint.constant / coefficient).isFinite else { return nil }
        var costs = false
        for component in constraint.strengthComponents {
            let weight = component.weight * abs(coefficient)
            guard weight.isFinite else { return nil }
            costs = costs || weight > 0
        }
        return costs ? term.variable : nil
    }

    /// The variable and member a constraint makes when it can be a member (see
    /// ``candidateVariable(of:)``); else nil.
    static func member(of constraint: Constraint, sequence: Int) -> (variable: Variable, member: Member)? {
        guard let variable = candidateVariable(of: constraint) else { return nil }
        let coefficient = constraint.terms[0].coefficient
        let value = -constraint.constant / coefficient
        var kind: Kind = switch constraint.relation {
        case .equal: .equal
        case .lessThanOrEqual: .atMost
        case .greaterThanOrEqual: .atLeast
        }
        if coefficient < 0 && kind != .equal { kind = kind == .atMost ? .atLeast : .atMost }
        let scale = abs(coefficient)
        let weights = constraint.strengthComponents.compactMap { component -> Strength.Component? in
            let weight = component.weight * scale
            return weight > 0 ? Strength.Component(level: component.level, weight: weight) : nil
        }
        return (variable, Member(constraint: constraint, value: value, kind: kind, weights: weights, sequence: sequence))
    }

    /// The positions of the constraints that may be members (soft, with one term): a pass
    /// that reads two stored fields of each, for the batches of a layout, which have none.
    static func candidates(in constraints: [Constraint]) -> [Int] {
        var found: [Int] = []
        constraints.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                let isCandidate = Unmanaged.passUnretained(buffer[index])._withUnsafeGuaranteedRef {
                    !$0.isRequired && $0.terms.count == 1
                }
                if isCandidate { found.append(index) }
            }
        }
        return found
    }

    // MARK: Members

    /// Adds a member (the first one is the center).
    mutating func add(_ member: Member) {
        members.insert(member, at: position(member.value, member.sequence))
        if center == nil { center = member.value }
        include(member, side: place(of: member.value))
    }

    /// Takes out the member of `constraint` (which prefers `value` and came `sequence`th).
    mutating func remove(_ constraint: Constraint, value: Double, sequence: Int) {
        let index = position(value, sequence)
        guard index < members.count, members[index].constraint === constraint else { return }
        let member = members.remove(at: index)
        if members.isEmpty {
            center = nil
            sums = PreferredValues.noSums
            changes = 0
            needsAddingUp = false
            return
        }
        let side = place(of: member.value)
        if exclude(member, side: side) && side < 2 { findNearest(side: side, kind: member.kind) }
        if changes > members.count || needsAddingUp { addUpAfresh() }
    }

    /// Moves the center to `value`: the members it passes change sides.
    mutating func moveCenter(to value: Double) {
        guard let old = center, value != old else { return }
        var stale: [(side: Int, kind: Kind)] = []
        if value > old {
            // Those from the old center up to the new one go below it; those at the new
            // one leave the side above.
            let start = lowerBound(old), middle = lowerBound(value), end = upperBound(value)
            for member in members[start..<middle] {
                if exclude(member, side: member.value == old ? 2 : 1) && member.value != old { stale.append((1, member.kind)) }
                include(member, side: 0)
            }
            for member in members[middle..<end] {
                if exclude(member, side: 1) { stale.append((1, member.kind)) }
                include(member, side: 2)
            }
        } else {
            let start = lowerBound(value), middle = upperBound(value), end = upperBound(old)
            for member in members[start..<middle] {
                if exclude(member, side: 0) { stale.append((0, member.kind)) }
                include(member, side: 2)
            }
            for member in members[middle..<end] {
                if exclude(member, side: member.value == old ? 2 : 0) && member.value != old { stale.append((0, member.kind)) }
                include(member, side: 1)
            }
        }
        center = value
        for kind in 0..<3 where sums[2][kind].count > 0 { sums[2][kind].value = value }
        for (side, kind) in stale { findNearest(side: side, kind: kind) }
        if changes > members.count || needsAddingUp { addUpAfresh() }
    }

    /// The positions of the members at the center (empty at a center no member has), nil
    /// while there are no members.
    var centerIndices: Range<Int>? {
        guard let center, !members.isEmpty else { return nil }
        return lowerBound(center)..<upperBound(center)
    }

    /// The open interval where the sums are exact: between the nearest members below and
    /// above the center.
    var exactRange: (lower: Double, upper: Double) {
        var lower = -Double.infinity, upper = Double.infinity
        for sum in sums[0] where sum.count > 0 { lower = max(lower, sum.value!) }
        for sum in sums[1] where sum.count > 0 { upper = min(upper, sum.value!) }
        return (lower, upper)
    }

    /// The sum for slot `3 × place + kind`, nil when there is no member of that kind there.
    func sum(slot: Int) -> Sum? {
        let sum = sums[slot / 3][slot % 3]
        return sum.count > 0 ? sum : nil
    }

    /// The constraint that stands for a sum in slot `slot`: the variable `==`, `<=` or `>=`
    /// the sum's value, with the sum's weights as its strength.
    func constraint(for sum: Sum, slot: Int) -> Constraint {
        let relation: Relation = switch slot % 3 {
        case Kind.equal.rawValue: .equal
        case Kind.atMost.rawValue: .lessThanOrEqual
        default: .greaterThanOrEqual
        }
        var terms = TermList()
        terms.append(Term(variable))
        return Constraint(terms, constant: -sum.value!, relation,
                          strength: Strength(storedComponents: sum.weights, isRequired: false))
    }

    // MARK: Sums

    /// Where a value is: 0 below the center, 1 above, 2 at it.
    private func place(of value: Double) -> Int {
        guard let center else { return 2 }
        return value < center ? 0 : value > center ? 1 : 2
    }

    private mutating func include(_ member: Member, side: Int) {
        var sum = sums[side][member.kind.rawValue]
        sum.count += 1
        sum.weights = PreferredValues.adding(sum.weights, member.weights, sign: 1).sum
        sum.value = switch side {
        case 0: max(sum.value ?? -.infinity, member.value)
        case 1: min(sum.value ?? .infinity, member.value)
        default: member.value
        }
        sums[side][member.kind.rawValue] = sum
        changes += 1
    }

    /// Takes a member out of its place's sum; returns whether the sum's nearest value must
    /// be found again (it was this member's, and others are left). A subtraction that
    /// cancels most of a level's weight is not trusted: the sums are added up afresh once
    /// the change is done (a level that members still carry is never dropped by rounding).
    private mutating func exclude(_ member: Member, side: Int) -> Bool {
        var sum = sums[side][member.kind.rawValue]
        sum.count -= 1
        changes += 1
        if sum.count == 0 {
            sums[side][member.kind.rawValue] = Sum()
            return false
        }
        let (weights, lossy) = PreferredValues.adding(sum.weights, member.weights, sign: -1)
        sum.weights = weights
        sums[side][member.kind.rawValue] = sum
        if lossy { needsAddingUp = true }
        return sum.value == member.value
    }

    /// Finds the value of the member of `kind` nearest the center on `side`.
    private mutating func findNearest(side: Int, kind: Kind) {
        guard let center, sums[side][kind.rawValue].count > 0 else { return }
        var found: Double?
        if side == 0 {
            var index = lowerBound(center)
            while index > 0 {
                index -= 1
                if members[index].kind == kind {
                    found = members[index].value
                    break
                }
            }
        } else {
            for member in members[upperBound(center)...] where member.kind == kind {
                found = member.value
                break
            }
        }
        sums[side][kind.rawValue].value = found
    }

    /// Adds every sum up again from its members.
    private mutating func addUpAfresh() {
        guard center != nil else { return }
        sums = PreferredValues.noSums
        for member in members { include(member, side: place(of: member.value)) }
        changes = 0
        needsAddingUp = false
    }

    /// `a + sign × b`, both by level from the highest, and whether a subtraction cancelled
    /// most of a level (to under a millionth of what it was), where rounding may have taken
    /// what is left; a level that comes to zero or below is dropped.
    static func adding(_ a: [Strength.Component], _ b: [Strength.Component],
                       sign: Double) -> (sum: [Strength.Component], lossy: Bool) {
        var lossy = false
        var result: [Strength.Component] = []
        result.reserveCapacity(max(a.count, b.count))
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if j == b.count || (i < a.count && a[i].level > b[j].level) {
                result.append(a[i])
                i += 1
            } else if i == a.count || b[j].level > a[i].level {
                if sign > 0 { result.append(b[j]) } else { lossy = true }
                j += 1
            } else {
                let weight = a[i].weight + sign * b[j].weight
                if sign < 0 && weight < 1e-6 * a[i].weight { lossy = true }
                if weight > 0 { result.append(Strength.Component(level: a[i].level, weight: weight)) }
                i += 1
                j += 1
            }
        }
        return (result, lossy)
    }

    // MARK: Positions

    /// Where a member preferring `value`, `sequence`th in order, is or would go.
    private func position(_ value: Double, _ sequence: Int) -> Int {
        var low = 0, high = members.count
        while low < high {
            let middle = (low + high) / 2
            let m = members[middle]
            if m.value < value || (m.value == value && m.sequence < sequence) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The first member whose value is `value` or more.
    private func lowerBound(_ value: Double) -> Int {
        var low = 0, high = members.count
        while low < high {
            let middle = (low + high) / 2
            if members[middle].value < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The first member whose value is more than `value`.
    private func upperBound(_ value: Double) -> Int {
        var low = 0, high = members.count
        while low < high {
            let middle = (low + high) / 2
            if members[middle].value <= value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
