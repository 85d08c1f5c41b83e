// Bringing a stack's constraints up to date: the rules are worked out again (cheap, no
// solver work), and only the constraints that differ are changed in the engine. A
// constraint whose role, items, relation, multiplier and kind of priority are unchanged is
// kept, its constant and priority set in place; the rest are deactivated or made.

extension StackView {
    /// Updates the stack's constraints to match its arrangement (see
    /// ``arrangementRules()``).
    func updateArrangement() {
        let rules = arrangementRules()
        var old = arrangement
        var kept: [ArrangementKey: LayoutConstraint] = [:]
        kept.reserveCapacity(rules.count)
        var made: [LayoutConstraint] = [], replaced: [LayoutConstraint] = []
        for rule in rules where kept[rule.key] == nil {
            let key = rule.key
            if let constraint = old.removeValue(forKey: key) {
                if constraint.isActive, constraint.relation == rule.relation, constraint.multiplier == rule.multiplier,
                   constraint.priority.isRequired == rule.priority.isRequired {
                    constraint.constant = rule.constant
                    constraint.priority = rule.priority
                    kept[key] = constraint
                    continue
                }
                replaced.append(constraint)
            }
            let constraint = rule.make()
            kept[key] = constraint
            made.append(constraint)
        }
        // The ones no longer wanted go first, so that a replaced constraint never meets
        // the one replacing it.
        for constraint in replaced { constraint.deactivate() }
        for constraint in old.values { constraint.deactivate() }
        arrangement = kept
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
