// Bringing a stack's constraints up to date: the rules are worked out again (cheap, no
// solver work) and walked beside the constraints the last update made, which are kept in
// the order of their rules. A rule and a constraint match when they have the same role,
// items and attributes; a match whose relation, multiplier and kind of priority are
// unchanged is kept, its constant and priority set in place. Where they do not match, a
// short look ahead tells constraints no longer wanted (a view hidden, say, drops a
// spanning boundary) from rules that are new (its hiding constraint); everything else is
// replaced. So a hide or a spacing change touches a few constraints, with no table.
//
// When nothing but arranged views' hidden states changed, in a fill or fill-equally
// stack, only the rules of the views around them are worked out and walked (see
// ``StackView/updateHiddenStates()``); what is left that grows with the number of views
// is a few scans of flags and counts, with no rule made and no constraint compared. Views
// appended at the end, and one view removed, are taken in the same way
// (``StackView/updateAppended()``, ``StackView/updateRemoved()``).

extension StackView {
    /// How far an update looks ahead among the old constraints for a rule's match.
    static let arrangementLookahead = 8
    /// The most views whose hidden state changed that an update remakes one by one; beyond
    /// it, the whole arrangement is worked out again.
    static let hiddenUpdateLimit = 16

    /// Updates the stack's constraints to match its arrangement (see
    /// ``arrangementRules()``).
    func updateArrangement() {
        defer {
            editsSeen = StackView.editsFromOutside.load(ordering: .relaxed)
            hiddenChanges = []
            pendingRemoval = nil
        }
        if updateHiddenStates() || updateAppended() || updateRemoved() { return }
        needsFullArrangement = false
        let rules = arrangementRules()
        var made: [LayoutConstraint] = [], retired: [LayoutConstraint] = []
        arrangement = reconcile(rules, with: arrangement[...], made: &made, retired: &retired)
        arrangedHidden = arrangedSubviews.map(\.isHidden)
        activate(made, retiring: retired)
    }

    /// The constraints for `rules`, in order: those of `old` (made for the same rules
    /// before the change, in order) that still fit, updated in place, and new ones, listed
    /// in `made`; the old ones no longer wanted are listed in `retired`.
    func reconcile(_ rules: [ArrangementRule], with old: ArraySlice<LayoutConstraint>,
                           made: inout [LayoutConstraint], retired: inout [LayoutConstraint]) -> [LayoutConstraint] {
        // A new stack (or window) has nothing to match: every rule is made, with no look-ahead.
        if old.isEmpty {
            let fresh = rules.map { $0.make() }
            if made.isEmpty { made = fresh } else { made += fresh }
            return fresh
        }
        var kept: [LayoutConstraint] = []
        kept.reserveCapacity(rules.count)
        var next = old.startIndex  // the first old constraint not yet kept or retired
        // The old constraints by what they constrain, made when the look-ahead first misses
        // with more beyond it: a run of more unwanted constraints than it spans (several
        // views hidden at once) would otherwise leave every later rule unmatched.
        var far: [ArrangementKey: Int]?
        for rule in rules {
            var match: Int?
            for candidate in next..<min(old.endIndex, next + StackView.arrangementLookahead) where rule.matches(old[candidate]) {
                match = candidate
                break
            }
            if match == nil && next + StackView.arrangementLookahead < old.endIndex {
                if far == nil {
                    far = Dictionary(old.indices.compactMap { index in ArrangementKey(old[index]).map { ($0, index) } },
                                     uniquingKeysWith: { first, _ in first })
                }
                if let found = far?[ArrangementKey(rule)], found >= next { match = found }
            }
            if let match {
                if match > next { retired += old[next..<match] }
                next = match + 1
                let constraint = old[match]
                if constraint.isActive, constraint.relation == rule.relation, constraint.multiplier == rule.multiplier,
                   constraint.priority.isRequired == rule.priority.isRequired {
                    if constraint.constant != rule.constant { constraint.applyConstant(rule.constant) }
                    if constraint.priority != rule.priority { constraint.applyPriority(rule.priority) }
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
        return kept
    }

    /// Replaces the constraints of `range` of the arrangement by those `rules` want (kept,
    /// changed in place, or made), noting the made and retired ones in `windows`. Windows
    /// are replaced from the back, so that the positions worked out before stay true.
    func replaceWindow(_ range: Range<Int>, with rules: [ArrangementRule], in windows: inout ArrangementWindows) {
        var made: [LayoutConstraint] = [], retired: [LayoutConstraint] = []
        let kept = reconcile(rules, with: arrangement[range], made: &made, retired: &retired)
        arrangement.replaceSubrange(range, with: kept)
        windows.changes.append((made, retired))
    }

    /// Retires and makes the windows' constraints in the order of the rules, as the full
    /// update does (the windows were replaced from the back).
    func activate(_ windows: ArrangementWindows) {
        let changes = windows.changes.reversed()
        activate(changes.flatMap(\.made), retiring: changes.flatMap(\.retired))
    }

    /// Deactivates `retired`, then activates `made`: the ones no longer wanted go first, so
    /// that a replaced constraint never meets the one replacing it.
    func activate(_ made: [LayoutConstraint], retiring retired: [LayoutConstraint]) {
        for constraint in retired { constraint.uninstallFromHost() }
        // They are installed on the stack itself (they name it, its arranged views and its
        // guides): its list grows once for them, geometrically, rather than by doubling
        // from one as they come (three copies of the list for a new row of three views).
        let needed = constraints.count + made.count
        if needed > constraints.capacity { constraints.reserveCapacity(max(needed, 2 * constraints.capacity)) }
        // Each as setting `isActive` would (an error is reported and the rest go on), with
        // the engine held once for them all. (Each constraint unretained: the array keeps it
        // alive.)
        var engine: LayoutEngine?
        made.withUnsafeBufferPointer { made in
            for index in made.indices {
                Unmanaged.passUnretained(made[index])._withUnsafeGuaranteedRef { constraint in
                    do { try constraint.activate(batchRemaining: 1, holding: &engine) } catch {
                        constraint.report(error)
                    }
                }
            }
        }
    }

    /// Brings the constraints up to date when nothing but arranged views' hidden states
    /// changed since the last update, in a fill or fill-equally stack: the chain is remade
    /// from the first changed view to the first shown view after the last one (and over the
    /// views whose place before or after the last visible view changed), and each changed
    /// view's fill-equally rule and spanning boundaries. Every other rule depends on hidden
    /// states only through views that did not change. Returns false, having changed
    /// nothing, when the whole arrangement must be worked out again: another change is
    /// pending, a stack's constraint was changed from outside (see
    /// ``editsFromOutside``), the first visible view changed under fill equally, many views
    /// changed, or the constraints are not as many as the rules say.
    func updateHiddenStates() -> Bool {
        let views = arrangedSubviews, count = views.count
        guard takesLocalUpdates, count > 0, arrangedHidden.count == count else { return false }
        let old = arrangedHidden
        // The views whose state changed, each once, in order (a view hidden and shown
        // again since the last update has not changed).
        guard let reported = hiddenChanges else { return false }
        var changed: [Int] = []
        for index in reported.sorted() where index < count && changed.last != index && views[index].isHidden != old[index] {
            changed.append(index)
        }
        if changed.count > StackView.hiddenUpdateLimit { return false }
        guard let firstChanged = changed.first, let lastChanged = changed.last else { return true }
        let firstVisible = old.firstIndex(of: false)
        if distribution == .fillEqually && firstVisible != views.firstIndex(where: { !$0.isHidden }) { return false }
        guard let parts = arrangementParts() else { return false }

        // The chain: from the first changed view to the first shown one after the last (its
        // baseline follows the last shown view), widened to the views on either side of the
        // last visible view, old and new.
        var low = firstChanged, high = min(count - 1, lastChanged + 1)
        if parts.baselines { high = views[(lastChanged + 1)...].firstIndex { !$0.isHidden } ?? count - 1 }
        let lastVisible = (old: old.lastIndex(of: false) ?? -1, new: views.lastIndex { !$0.isHidden } ?? -1)
        if lastVisible.old != lastVisible.new {
            low = min(low, min(lastVisible.old, lastVisible.new) + 1)
            high = max(high, max(lastVisible.old, lastVisible.new))
        }

        var windows = ArrangementWindows()
        func replace(_ range: Range<Int>, with rules: [ArrangementRule]) { replaceWindow(range, with: rules, in: &windows) }
        // From the back, so that the positions worked out from the old states stay true.
        for index in changed.reversed() {
            guard parts.spanned, let spanner else { break }
            let start = parts.spanningStart + 2 * parts.visibleBefore(index)
            var rules: [ArrangementRule] = []
            if !views[index].isHidden {
                appendSpanningBoundaries(views[index], spanner: spanner, alignment: parts.alignment, to: &rules,
                                         across: parts.across)
            }
            replace(start..<start + (old[index] ? 0 : 2), with: rules)
        }
        for index in changed.reversed() {
            guard parts.fillEqually, let firstVisible else { break }
            let start = parts.distributionStart + parts.visibleBefore(index, besides: firstVisible)
            var rules: [ArrangementRule] = []
            if !views[index].isHidden && index != firstVisible {
                appendFillEqually(views[index], first: views[firstVisible], to: &rules, along: parts.along)
            }
            replace(start..<start + (!old[index] && index != firstVisible ? 1 : 0), with: rules)
        }
        var rules: [ArrangementRule] = []
        appendChainLinks(for: low..<high + 1, to: &rules, views: views, along: parts.along, baselines: parts.baselines)
        replace(parts.chainStart(low)..<parts.chainStart(high + 1), with: rules)

        for index in changed { arrangedHidden[index] = views[index].isHidden }
        activate(windows)
        return true
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

/// The windows of a stack's arrangement an update replaced, each with the constraints it
/// made and retired (see ``StackView/replaceWindow(_:with:in:)``).
struct ArrangementWindows {
    var changes: [(made: [LayoutConstraint], retired: [LayoutConstraint])] = []
}

/// What a stack's constraint constrains, to find it among many (see
/// ``StackView/updateArrangement()``): its role's identifier, items and attributes, which
/// ``ArrangementRule/matches(_:)`` compares.
struct ArrangementKey: Hashable {
    let identifier: String?
    let first: ObjectIdentifier, firstAttribute: LayoutAttribute
    let second: ObjectIdentifier?, secondAttribute: LayoutAttribute

    init(_ rule: ArrangementRule) {
        identifier = rule.role.identifier
        first = ObjectIdentifier(rule.first)
        firstAttribute = rule.firstAttribute
        second = rule.second.map(ObjectIdentifier.init)
        secondAttribute = rule.secondAttribute
    }

    /// Nil for a constraint whose first item has gone away.
    init?(_ constraint: LayoutConstraint) {
        guard let item = constraint.firstItem else { return nil }
        identifier = constraint.identifier
        first = ObjectIdentifier(item)
        firstAttribute = constraint.firstAttribute
        second = constraint.secondItem.map(ObjectIdentifier.init)
        secondAttribute = constraint.secondAttribute
    }
}

extension LayoutConstraint {
    /// A stack view's constraint changed by anything but the stack (its constant, priority
    /// or identifier set, or deactivated): the stacks' next updates work out their whole
    /// arrangements (see ``StackView/editsFromOutside``).
    @inline(__always) func noteEditFromOutside() {
        if origin == .arrangement { StackView.editsFromOutside.add(1, ordering: .relaxed) }
    }
}
