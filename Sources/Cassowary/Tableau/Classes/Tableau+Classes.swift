// The tableau's side of the equality classes (see EqualityClasses.swift): links go to the
// classes instead of the tableau, every other constraint is lowered over the classes'
// anchors, and a change of the classes takes out the records that use the members that
// move and puts them back lowered anew. A link whose merge would lower many records anew
// is a row of the tableau instead (see `declinesMerge(relowering:)`).

/// A required equality the classes can hold: `u - v == constant`, or `u == constant` when
/// `v` is nil.
struct LinkForm {
    let u: Variable
    let v: Variable?
    let constant: Double

    /// The link form of a constraint, or nil when it has another form.
    init?(_ constraint: Constraint) {
        guard LinkForm.isLink(constraint) else { return nil }
        // (The terms read in place: a copy of the list would retain each of its variables.)
        let a = constraint.terms.coefficient(ofTermAt: 0)
        u = constraint.terms[0].variable
        v = constraint.terms.count == 2 ? constraint.terms[1].variable : nil
        constant = -constraint.constant / a
    }

    /// Whether a constraint has a link form: a required equality of one variable, or of two
    /// with opposite coefficients.
    static func isLink(_ constraint: Constraint) -> Bool {
        guard constraint.isRequired, constraint.relation == .equal else { return false }
        switch constraint.terms.count {
        case 1:
            return !nearZero(constraint.terms.coefficient(ofTermAt: 0))
        case 2:
            let a = constraint.terms.coefficient(ofTermAt: 0), b = constraint.terms.coefficient(ofTermAt: 1)
            return !nearZero(a) && b == -a
        default:
            return false
        }
    }
}

extension Tableau {
    // MARK: Lowering over the classes

    /// Collects one term of a constraint lowered over the classes: the anchor's cell (or its
    /// row when it is basic), with the member's offset added to `constant`. A member of the
    /// ground adds only its offset.
    @inline(__always) mutating func collectMember(_ variable: Variable, _ coefficient: Double, _ constant: inout Double) {
        let member = classes.memberMaking(variable)
        let klass = classes.members[Int(member)].klass
        constant += coefficient * classes.members[Int(member)].offset
        guard let anchor = classes.anchor(of: klass) else { return }
        // A basic anchor is kept as a reference (see Tableau+Definitions.swift).
        collect(symbol(for: anchor), coefficient)
    }

    /// Notes, for each member a record's constraint mentions, that the record uses it.
    mutating func registerUses(_ slot: Int) {
        let constraint = recordSlots[slot]!.constraint, generation = recordSlots[slot]!.generation
        let records = recordSlots
        // (The terms read in place: a copy of the list would retain each of its variables.)
        for k in 0..<constraint.terms.count where !nearZero(constraint.terms.coefficient(ofTermAt: k)) {
            let member = constraint.terms.withVariable(at: k) { classes.member(of: $0) }!
            classes.addUse(member, slot: Int32(slot), generation: generation) { s, g in
                Int(s) < records.count && records[Int(s)]?.generation == g
            }
        }
    }

    /// Drops one reference to the anchor of each member the constraint mentions, and one
    /// use of the member; the members left unused are freed at the end of the call.
    mutating func releaseThroughClasses(_ constraint: Constraint) {
        let terms = constraint.terms
        for k in 0..<terms.count where !nearZero(terms[k].coefficient) {
            guard let member = classes.member(of: terms[k].variable) else { continue }
            let klass = classes.members[Int(member)].klass
            if let anchor = classes.anchor(of: klass), let symbol = registeredSymbol(of: anchor) {
                let count = states[symbol.index].references - 1
                setReferences(symbol, count)
                if count == 0 {
                    setVariable(Identity(anchor), nil)
                    releasedSymbols.append(symbol)
                }
            }
            classes.setMember(member) { $0.uses -= 1 }
            if classes.members[Int(member)].uses == 0 { releasedMembers.append(member) }
        }
    }

    /// Frees the members that lost their last use or link in this call and did not get one back.
    mutating func pruneMembers() {
        while let member = releasedMembers.popLast() { classes.removeMemberIfUnused(member) }
    }

    /// The live record slots that use any of `members`, each once, in the order the records
    /// were added.
    mutating func recordsUsing(_ members: [Int32]) -> [Int32] {
        var slots: [Int32] = []
        let records = recordSlots
        classes.collectUses(of: members, into: &slots) { s, g in
            Int(s) < records.count && records[Int(s)]?.generation == g
        }
        guard slots.count > 1 else { return slots }
        slots.sort { recordSlots[Int($0)]!.sequence < recordSlots[Int($1)]!.sequence }
        var unique: [Int32] = [slots[0]]
        for slot in slots.dropFirst() where slot != unique[unique.count - 1] { unique.append(slot) }
        return unique
    }

    /// Takes the records in `slots` out of the tableau, lets `change` change the classes,
    /// and puts the records back lowered anew (an edit keeps its suggested value).
    mutating func relowering(_ slots: [Int32], _ change: (inout Tableau) -> Void) throws(StepError) {
        var saved: [(constraint: Constraint, sequence: Int, shift: Double)] = []
        saved.reserveCapacity(slots.count)
        for slot in slots {
            let record = recordSlots[Int(slot)]!
            saved.append((record.constraint, record.sequence, -editConstant(of: record.constraint)))
            try takeOut(Int(slot))
        }
        if !slots.isEmpty { pendingOptimize = true }
        change(&self)
        for (constraint, sequence, shift) in saved {
            try insert(constraint, sequence: sequence, shift: shift, journaled: true)
        }
    }

    /// Splits the records in `slots` into those a shift of `moved` by `delta` can move in
    /// place (each with its marker and the change of its constant) and those to lower anew
    /// (no marker).
    mutating func recordShifts(_ slots: [Int32], moved: [Int32], delta: Double)
        -> (relowered: [Int32], shifted: [(marker: Symbol, constraint: Constraint, change: Double)]) {
        classes.nextStamp()
        let mark = classes.stamp
        for m in moved { classes.members[Int(m)].stamp = mark }
        var relowered: [Int32] = [], shifted: [(marker: Symbol, constraint: Constraint, change: Double)] = []
        for slot in slots {
            guard let marker = recordSlots[Int(slot)].unsafelyUnwrapped.marker else {
                relowered.append(slot)
                continue
            }
            let constraint = recordSlots[Int(slot)].unsafelyUnwrapped.constraint
            var change = 0.0
            func add(_ variable: Variable, _ coefficient: Double) {
                if let m = classes.member(of: variable), classes.members[Int(m)].stamp == mark { change += coefficient * delta }
            }
            // Inline terms are read in place (a copy of the list would retain its variables).
            if constraint.terms.isInline {
                for k in 0..<constraint.terms.count {
                    let (variable, coefficient) = constraint.terms.unretainedTerm(at: k)
                    add(variable.takeUnretainedValue(), coefficient)
                }
            } else {
                for term in constraint.terms.spilled { add(term.variable, term.coefficient) }
            }
            if change != 0 { shifted.append((marker, constraint, change)) }
        }
        return (relowered, shifted)
    }

    /// The suggested value of an edit constraint, or 0 for any other constraint.
    func editConstant(of constraint: Constraint) -> Double {
        guard constraint.terms.count == 1, !constraint.strength.isRequired,
              let info = edits[Identity(constraint.terms[0].variable)], info.constraint === constraint else { return 0 }
        return info.constant
    }

    /// The value of a class's anchor now: the tableau's, or the anchor's last written value
    /// when the tableau does not hold it (0 for the ground).
    mutating func anchorValue(of klass: Int32) -> Double {
        guard let anchor = classes.anchor(of: klass) else { return 0 }
        guard let symbol = registeredSymbol(of: anchor) else { return anchor.value }
        return evaluate(symbol.index)
    }

    // MARK: Links

    /// Adds a link to the classes: redundant, contradictory, or joining two classes. Returns
    /// false, having added nothing, when the classes decline it (see
    /// ``declinesMerge(relowering:)``): the caller adds it as a row.
    mutating func insertLink(_ constraint: Constraint, _ form: LinkForm, sequence: Int) throws(StepError) -> Bool {
        let link: Int32
        if let joined = joiningNewVariable(form) {
            link = joined
        } else {
            guard let planned = try plannedLink(constraint, form) else { return false }
            link = planned
        }
        let slot = addRecord(Record(constraint: constraint, sequence: sequence, link: link), journaled: !batching)
        classes.setLink(link) { $0.slot = Int32(slot) }
        return true
    }

    /// The most records a merge lowers anew; a link whose merge would lower more is kept as
    /// a row instead (see ``declinesMerge(relowering:)``).
    static let mergeRelowerLimit = 3

    /// Whether a link that would merge two classes, lowering the records in `slots` anew,
    /// is better kept as a row of the tableau between their anchors. Each record lowered
    /// anew is taken out and put back (and again when the link goes and the class splits);
    /// a row is one insertion, and one removal through its marker. A stack's hiding link
    /// (`row.height == 0`) merges the row's top and bottom, over which its labels' sizes
    /// are written: six records out and in for each hide and each show. (The classes are
    /// used only while equalities keep their markers, so the row comes out through its
    /// marker, without a rebuild.)
    private func declinesMerge(relowering slots: [Int32]) -> Bool {
        slots.count > Tableau.mergeRelowerLimit
    }

    /// Adds a link as ``EqualityClasses/planLink(_:_:_:)`` plans it (the general path of
    /// ``insertLink(_:_:sequence:)``); returns it, or nil for a merge the classes decline.
    private mutating func plannedLink(_ constraint: Constraint, _ form: LinkForm) throws(StepError) -> Int32? {
        let u = classes.memberMaking(form.u)
        let v = form.v.map { classes.memberMaking($0) } ?? EqualityClasses.ground
        switch classes.planLink(u, v, form.constant) {
        case .redundant:
            return classes.addLink(.init(u: u, v: v, constant: form.constant, inTree: false))
        case .inconsistent:
            linkConflict = (u, v)
            throw .unsatisfiable
        case .merge(let merge):
            if let lost = classes.precisionLoss(merge.moved, delta: merge.delta) {
                throw .failure(.precisionLoss(constraint, residual: lost))
            }
            var moving = merge.moved
            if merge.anchorsInto { moving.append(classes.classes[Int(merge.into)].seed) }
            let relowered = recordsUsing(moving)
            if declinesMerge(relowering: relowered) { return nil }
            var link: Int32 = -1
            try relowering(relowered) { t in
                t.classes.applyMerge(merge)
                link = t.classes.addLink(.init(u: u, v: v, constant: form.constant, inTree: true))
            }
            return link
        }
    }

    /// Adds a link that ties a variable the classes do not know yet to another variable (or
    /// to the ground), without merging classes: the new variable's member goes straight
    /// into the other's class, at the offset the link gives it, and the link joins the
    /// class's tree. Returns the link, or nil when the link is not of that kind
    /// (``insertLink(_:_:sequence:)`` then plans it in full).
    ///
    /// The other variable's class must be the ground or have an anchor of its own: a
    /// self-anchored class gets one when a second member joins it, and the records over its
    /// member are lowered anew, which the merge does. When both variables are new, `u` is
    /// made a class of its own, with an anchor, first. The outcome is the one of the
    /// general path, which would make each new variable a class of its own and merge them:
    /// no record uses a new member, so nothing is lowered anew, and its offset is the known
    /// member's plus or minus the constant, exactly. Most links of a layout are of this
    /// kind: each new view's edges tied to the views before it, or to each other.
    mutating func joiningNewVariable(_ form: LinkForm) -> Int32? {
        let u = classes.member(of: form.u)
        let v: Int32?
        if let variable = form.v { v = classes.member(of: variable) } else { v = EqualityClasses.ground }
        // The known member, and whether the new variable is `u` in `u − v == constant` (a
        // link `v == v + …` has two terms of one variable, which a constraint combines into
        // one, so at most one side is new; `v` is nil only for a variable `form.v` names
        // that the classes do not know).
        let (known, isU): (Int32, Bool)
        switch (u, v) {
        case (nil, let member?): (known, isU) = (member, true)
        case (let member?, nil): (known, isU) = (member, false)
        case (nil, nil): return joiningTwoNewVariables(form)
        default: return nil
        }
        let klass = classes.members[Int(known)].klass
        guard classes.takesMembers(klass) else { return nil }
        return joining(form, known: known, isU: isU, klass: klass)
    }

    /// ``joiningNewVariable(_:)`` for a link between two variables the classes do not know:
    /// `u` gets a class of its own, then `v` joins it, so the anchor starts at `u`'s value
    /// and `v` takes `u − constant`, as the merge would have it.
    @inline(never) private mutating func joiningTwoNewVariables(_ form: LinkForm) -> Int32? {
        guard form.v != nil else { return nil }
        let known = classes.addMember(form.u)
        let klass = classes.members[Int(known)].klass
        classes.giveAnchor(to: klass)
        return joining(form, known: known, isU: false, klass: klass)
    }

    /// Adds the new variable of `form` (`u` when `isU`) to `klass`, the class of the known
    /// member, and the link between them.
    @inline(__always) private mutating func joining(_ form: LinkForm, known: Int32, isU: Bool, klass: Int32) -> Int32 {
        let base = classes.members[Int(known)].offset
        let member = isU ? classes.addMember(form.u, into: klass, offset: base + form.constant)
            : classes.addMember(form.v!, into: klass, offset: base - form.constant)
        return classes.addLink(.init(u: isU ? member : known, v: isU ? known : member, constant: form.constant, inTree: true))
    }

    /// Takes a link out of the classes: a class whose tree it held splits, unless a
    /// redundant link takes its place.
    mutating func eraseLink(_ slot: Int) throws(StepError) {
        let link = recordSlots[slot]!.link
        let (u, v) = (classes.links[Int(link)].u, classes.links[Int(link)].v)
        switch classes.planSides(of: link, newConstant: nil) {
        case .redundant, .inconsistent:
            classes.removeLink(link)
        case .replaced(let replacement):
            classes.setLink(replacement) { $0.inTree = true }
            classes.removeLink(link)
        case .side(let moved, let from, let kept, _):
            // (A side of one member is its own anchor, at offset 0: no value to keep.)
            let value = moved.count == 1 ? 0 : anchorValue(of: from)
            try relowering(recordsUsing(moved)) { t in
                t.classes.applySplit(moved: moved, from: from, kept: kept, anchorValue: value)
                t.classes.removeLink(link)
            }
        }
        removeRecord(at: slot, journaled: true)
        releasedMembers.append(u)
        releasedMembers.append(v)
    }

    /// Replaces a link by `new`: when `new` is the same link with another constant, one
    /// side of it shifts; otherwise the link goes and `new` is added.
    ///
    /// A shift changes the offsets of the side's members and no anchor, so a record over
    /// them keeps its terms and only its constant moves: with `shiftingRecords`, its row is
    /// shifted in place through its marker, as a constant change is (a resize then costs
    /// what it moves). A contradiction found that way, or a shift too large to trust,
    /// throws ``StepError/unsatisfiable`` for the caller to undo and call again without
    /// `shiftingRecords`, which lowers those records anew and explains a conflict.
    mutating func replaceLink(_ slot: Int, with new: Constraint, shiftingRecords: Bool = false) throws(StepError) {
        let record = recordSlots[slot]!
        let link = record.link
        guard let form = LinkForm(new), Tableau.differOnlyInConstant(record.constraint, new) else {
            try eraseLink(slot)
            try insert(new)
            return
        }
        switch classes.planSides(of: link, newConstant: form.constant) {
        case .inconsistent:
            linkConflict = (classes.links[Int(link)].u, classes.links[Int(link)].v)
            throw .unsatisfiable
        case .redundant, .replaced:
            classes.setLink(link) { $0.constant = form.constant }
        case .side(let moved, _, _, let delta):
            if let lost = classes.precisionLoss(moved, delta: delta) {
                throw .failure(.precisionLoss(new, residual: lost))
            }
            var relowered = recordsUsing(moved), shifted: [(marker: Symbol, constraint: Constraint, change: Double)] = []
            if shiftingRecords && !holdsLargeNumbers {
                (relowered, shifted) = recordShifts(relowered, moved: moved, delta: delta)
            }
            try relowering(relowered) { t in
                t.classes.applyShift(moved: moved, delta: delta)
                t.classes.setLink(link) { $0.constant = form.constant }
            }
            for (marker, constraint, change) in shifted {
                if try shiftMarker(marker, of: constraint, by: change).large { throw .unsatisfiable }
            }
        }
        removeRecord(at: slot, journaled: true)
        var replacement = Record(constraint: new, sequence: record.sequence)
        replacement.link = link
        let slot = addRecord(replacement, journaled: true)
        classes.setLink(link) { $0.slot = Int32(slot) }
        try dualOptimize()
        try optimize()
    }
}

extension Tableau {
    /// The classes of more than one member as text: each member's offset from the anchor
    /// (or its value, in the ground's class), and the links, redundant ones marked.
    mutating func classesDump() -> String {
        var out = "Classes\n"
        for klass in classes.classes.indices where classes.classes[klass].count > 1 {
            let members = classes.membersOf(Int32(klass))
            let named = members.compactMap { m -> String? in
                guard let variable = classes.members[Int(m)].variable else { return nil }
                return "\(variable) \(formatNumber(classes.members[Int(m)].offset))"
            }
            out += "  " + (classes.isGround(Int32(klass)) ? "constants: " : "anchor + ") + named.joined(separator: ", ") + "\n"
        }
        for record in records where record.link >= 0 {
            let inTree = classes.links[Int(record.link)].inTree
            out += "  link \(record.constraint)" + (inTree ? "" : " (redundant)") + "\n"
        }
        return out
    }
}
