// Silent members: a member whose moves with its class need not be told.
//
// A client that reads differences (a view's frame is its edges less its superview's
// origin) can ask that a member not be told when its class's anchor moves, as long as a
// partner it names stays in the same class at the same offset from it: the two then move
// together, and the client learns of the move from the partner. The silence is kept as a
// flag and a tag on the member; it holds while the tag is its class's. A class changes
// its tag whenever a member may leave it or an offset in it change (a split, a shift), so
// any silence set before ends at once, without a walk of the class; members moved into
// another class lose theirs as they move (see ``EqualityClasses/place(_:into:offset:)``).
// Members joining a class (a merge, a new member) leave the others' partners where they
// were, so they end nothing. Any other change of value (a member's own offset or class)
// makes the member dirty, and dirty members are always told.

extension EqualityClasses {
    /// Ends the silence of every member of `klass` (see ``Member/isSilent``), by giving the
    /// class a new tag. Not journaled: a rollback that restores an older tag restores the
    /// members as they were with it. When the tag comes round to 0 again, every member's
    /// silence ends (a walk of all members once per 65,536 changes of one class).
    mutating func endSilence(in klass: Int32) {
        classes[Int(klass)].silentTag &+= 1
        guard classes[Int(klass)].silentTag == 0 else { return }
        classes[Int(klass)].silentTag = 1
        members.withUnsafeMutableBufferPointer { members in
            for k in members.indices { members[k].isSilent = false }
        }
    }

    /// Makes the member of `variable` silent while `partner`'s member stays in its class at
    /// the same offset from it; false, changing nothing, when they are not in one class.
    mutating func silence(_ variable: Variable, alongside partner: Variable) -> Bool {
        guard let silent = hintedMember(of: variable), let other = hintedMember(of: partner), silent != other else { return false }
        let klass = members[Int(silent)].klass
        guard members[Int(other)].klass == klass else { return false }
        members[Int(silent)].isSilent = true
        members[Int(silent)].silentTag = classes[Int(klass)].silentTag
        return true
    }

    /// Ends the silence of the member of `variable`, if it has one (found even when its
    /// hint went stale: another solver registered the variable since, say).
    mutating func endSilence(of variable: Variable) {
        guard let silent = member(of: variable) else { return }
        members[Int(silent)].isSilent = false
    }

    /// The member of `variable` as its hint names it, or nil, without the index
    /// ``member(of:)`` builds when a hint fails: a variable whose hint went stale is simply
    /// not made silent.
    private func hintedMember(of variable: Variable) -> Int32? {
        member(hinted: variable.memberHint.load(ordering: .relaxed), of: variable)
    }
}
