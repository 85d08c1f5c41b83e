// Bringing a stack's constraints up to date: the rules are worked out again (cheap, no
// solver work), and only the constraints that differ are changed in the engine. A
// constraint whose role, items, relation, multiplier and kind of priority are unchanged is
// kept, its constant and priority set in place; the rest are deactivated or made. Each
// constraint the stack keeps is marked with the update that last wanted it; the ones an
// update did not mark are no longer wanted.

/// A constraint a stack keeps, and the update that last wanted it.
struct ArrangedConstraint {
    let constraint: LayoutConstraint
    var generation: UInt
}

extension StackView {
    /// Updates the stack's constraints to match its arrangement (see
    /// ``arrangementRules()``).
    func updateArrangement() {
        let rules = arrangementRules()
        generation &+= 1
        var made: [LayoutConstraint] = [], replaced: [LayoutConstraint] = []
        var wanted = 0
        for rule in rules {
            let key = rule.key
            if let index = arrangement.index(forKey: key) {
                let entry = arrangement.values[index]
                guard entry.generation != generation else { continue }  // (a rule given twice)
                let constraint = entry.constraint
                if constraint.isActive, constraint.relation == rule.relation, constraint.multiplier == rule.multiplier,
                   constraint.priority.isRequired == rule.priority.isRequired {
                    constraint.constant = rule.constant
                    constraint.priority = rule.priority
                    arrangement.values[index].generation = generation
                    wanted += 1
                    continue
                }
                replaced.append(constraint)
            }
            let constraint = rule.make()
            arrangement[key] = ArrangedConstraint(constraint: constraint, generation: generation)
            made.append(constraint)
            wanted += 1
        }
        // The ones no longer wanted go first, so that a replaced constraint never meets
        // the one replacing it.
        for constraint in replaced { constraint.deactivate() }
        if arrangement.count > wanted {
            let stale = arrangement.filter { $0.value.generation != generation }
            for (key, entry) in stale {
                entry.constraint.deactivate()
                arrangement[key] = nil
            }
        }
        for constraint in made { constraint.isActive = true }
    }

    /// Makes the spanner and the gap guides the arrangement needs (one gap after each of
    /// `gapsAfter`), and removes the others.
    func syncGuides(spanner wanted: Bool, gapsAfter views: [LayoutView]) {
        if wanted, spanner == nil {
            let guide = LayoutGuide()
            guide.identifier = "UISV-alignment-spanner"
            addLayoutGuide(guide)
            spanner = guide
        } else if !wanted, let guide = spanner {
            removeLayoutGuide(guide)
            spanner = nil
        }
        guard !views.isEmpty || !gapGuides.isEmpty else { return }
        var unused = gapGuides
        for view in views where unused.removeValue(forKey: Identity(view)) == nil {
            let guide = LayoutGuide()
            guide.identifier = "UISV-distributing"
            addLayoutGuide(guide)
            gapGuides[Identity(view)] = guide
        }
        for (key, guide) in unused {
            removeLayoutGuide(guide)
            gapGuides[key] = nil
        }
    }
}
