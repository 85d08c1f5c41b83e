// Which constraints a variable's value comes from: the constraints whose markers, slacks or
// errors its row (references expanded) holds, since the value is the row's constant and
// those symbols sit at zero; the required equalities that name it where they keep no
// marker (the solver's default mode); for a variable of an equality class, the links of
// the class's spanning tree between it and the members those constraints name (its value
// is theirs plus the offsets along that path), or the ground for a class of constants; and
// then, in turn, what the other variables of each such constraint come from.

extension Tableau {
    /// The constraints that determine the variables' current values, each once, in the
    /// order they were added.
    mutating func determiningConstraints(of variables: [Variable]) -> [Constraint] {
        _ = try? rebuildIfNeeded()
        var owners: [Int: Int] = [:]  // symbol index → record slot
        var unmarked: [Identity: [Int]] = [:]  // variable → required equalities without a marker
        for slot in recordSlots.indices {
            guard let record = recordSlots[slot] else { continue }
            if let marker = record.marker { owners[marker.index] = slot }
            if let other = record.other { owners[other.index] = slot }
            if record.marker == nil && record.link < 0 {
                for term in record.constraint.terms.array { unmarked[Identity(term.variable), default: []].append(slot) }
            }
        }
        var slots = Set<Int>()
        var seen = Set<Identity>()
        var queue = variables.filter { seen.insert(Identity($0)).inserted }
        /// Takes a constraint in, and the variables it names to be looked at in turn.
        func take(_ slot: Int) {
            guard slots.insert(slot).inserted else { return }
            for term in recordSlots[slot]!.constraint.terms.array where seen.insert(Identity(term.variable)).inserted {
                queue.append(term.variable)
            }
        }
        while let variable = queue.popLast() {
            for slot in unmarked[Identity(variable)] ?? [] { take(slot) }
            let stand = standIn(for: variable)
            guard let target = stand.variable else {
                // A class of constants: the links down to the ground.
                for slot in pathSlots(from: stand.member!, to: EqualityClasses.ground) { take(slot) }
                continue
            }
            let member = stand.member
            guard let symbol = registeredSymbol(of: target) else { continue }
            for cell in parametricRow(of: symbol).cells where !nearZero(cell.coefficient) {
                guard let slot = owners[cell.symbol.index] else { continue }
                take(slot)
                // The constraint fixes the class through the members it names: the links
                // from the variable to them.
                guard let member else { continue }
                let klass = classes.members[Int(member)].klass
                for term in recordSlots[slot]!.constraint.terms.array {
                    guard let other = classes.member(of: term.variable), classes.members[Int(other)].klass == klass else { continue }
                    for link in pathSlots(from: member, to: other) { take(link) }
                }
            }
        }
        return slots.compactMap { recordSlots[$0] }.sorted { $0.sequence < $1.sequence }.map(\.constraint)
    }

    /// The record slots of the tree links between two members of a class.
    private mutating func pathSlots(from start: Int32, to goal: Int32) -> [Int] {
        (classes.treePath(from: start, to: goal) ?? []).compactMap { link in
            let slot = Int(classes.links[Int(link)].slot)
            return slot >= 0 && slot < recordSlots.count && recordSlots[slot] != nil ? slot : nil
        }
    }
}
