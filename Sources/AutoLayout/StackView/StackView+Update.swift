// Bringing a stack's constraints up to date: the rules are worked out again (cheap, no
// solver work) and walked beside the constraints the last update made, which are kept in
// the order of their rules. A rule and a constraint match when they have the same role,
// items and attributes; a match whose relation, multiplier and kind of priority are
// unchanged is kept, its constant and priority set in place. Where they do not match, a
// short look ahead tells constraints no longer wanted (a view hidden, say, drops a
// spanning boundary) from rules that are new (its hiding constraint); everything else is
// replaced. So a hide or a spacing change touches a few constraints, with no table.

extension StackView {
    /// How far an update looks ahead among the old constraints for a rule's match.
    static let arrangementLookahead = 8

    /// Updates the stack's constraints to match its arrangement (see
    /// ``arrangementRules()``).
    func updateArrangement() {
        let rules = arrangementRules()
        let old = arrangement
        var kept: [LayoutConstraint] = []
        kept.reserveCapacity(rules.count)
        var made: [LayoutConstraint] = [], retired: [LayoutConstraint] = []
        var next = 0  // the first old constraint not yet kept or retired
        for rule in rules {
            var match: Int?
            for candidate in next..<min(old.count, next + StackView.arrangementLookahead) where rule.matches(old[candidate]) {
                match = candidate
                break
            }
            if let match {
                if match > next { retired += old[next..<match] }
                next = match + 1
                let constraint = old[match]
                if constraint.isActive, constraint.relation == rule.relation, constraint.multiplier == rule.multiplier,
                   constraint.priority.isRequired == rule.priority.isRequired {
                    constraint.constant = rule.constant
                    constraint.priority = rule.priority
                    kept.append(constraint)
                    continue
                }
                retired.append(constraint)
            }
            let constraint = rule.make()
            kept.append(constraint)
            made.append(constraint)
        }
        retired += old[next...]
        arrangement = kept
        // The ones no longer wanted go first, so that a replaced constraint never meets
        // the one replacing it.
        for constraint in retired { constraint.deactivate() }
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
