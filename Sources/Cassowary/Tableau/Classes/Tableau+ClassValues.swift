// The values of the classes' members: each is its class's anchor's value plus its offset,
// read on demand and written after each update for the classes whose anchor moved.

extension Tableau {
    /// The value of a variable the classes know: its anchor's value plus its offset (0 for
    /// a variable they do not know).
    mutating func classValue(of variable: Variable) -> Double {
        knownClassValue(of: variable) ?? 0
    }

    /// ``classValue(of:)``, or nil for a variable the classes do not know.
    mutating func knownClassValue(of variable: Variable) -> Double? {
        guard let member = classes.member(of: variable) else { return nil }
        return anchorValue(of: classes.members[Int(member)].klass) + classes.members[Int(member)].offset
    }

    /// Writes the values of the members whose anchor moved or whose class or offset
    /// changed, calling `changed` with those that actually changed (a moved class's members
    /// together, then the others, in batches of at most ``batchLimit``). A silent member
    /// (see ``EqualityClasses/silence(_:alongside:)``) is written but not told when it moved
    /// with its class. `moved` are the anchors the tableau just wrote; every anchor's value
    /// is up to date.
    mutating func writeMembers(movedAnchors moved: [Unmanaged<Variable>], _ changed: ChangedVariables) {
        // The members of a class whose anchor moved are written as the walk finds them; a
        // member also marked dirty is written again below, to the same value (and told here
        // even if silent: its own offset or class changed, so it did not just move with its
        // class).
        var members: [Int32] = []
        for anchor in moved {
            guard let klass = anchor._withUnsafeGuaranteedRef({ classes.klass(ofAnchor: $0) }) else { continue }
            let anchorValue = classes.anchorValue(of: klass)
            guard classes.classes[Int(klass)].written != anchorValue else { continue }
            classes.classes[Int(klass)].written = anchorValue
            let tag = classes.classes[Int(klass)].silentTag
            if let listed = classes.listedMembers(of: klass) {
                classes.memberPool.withUnsafeBufferPointer { pool in
                    Tableau.write(classes.members, UnsafeBufferPointer(rebasing: pool[listed]), anchorValue: anchorValue,
                                  silentTag: tag, changed)
                }
                continue
            }
            members.removeAll(keepingCapacity: true)
            classes.walk(from: classes.classes[Int(klass)].seed, avoiding: -1, into: &members)
            members.withUnsafeBufferPointer { Tableau.write(classes.members, $0, anchorValue: anchorValue, silentTag: tag, changed) }
        }
        guard !classes.dirty.isEmpty else { return }
        withUnsafeTemporaryAllocation(of: Unmanaged<Variable>.self, capacity: Tableau.batchLimit) { batch in
            var count = 0
            while let member = classes.dirty.popLast() {
                guard Int(member) < classes.members.count else { continue }
                classes.members[Int(member)].isDirty = false
                // (A free slot has no variable, and no class to read.)
                guard let reference = classes.members[Int(member)].reference else { continue }
                // The anchors' values were just brought up to date.
                let value = classes.anchorValue(of: classes.members[Int(member)].klass) + classes.members[Int(member)].offset
                guard Tableau.write(value, to: reference) else { continue }
                Tableau.add(reference, to: batch, &count, changed)
            }
            if count > 0 { changed(UnsafeBufferPointer(rebasing: batch[..<count])) }
        }
    }

    /// The most variables told at once. A batch is a temporary table (on the stack while
    /// it is small): one for a class of a hundred thousand members, or for a first
    /// layout's new members, raised the peak memory of a build.
    static let batchLimit = 256

    /// Sets the variables of `chosen` (indices in `members`, of one class whose anchor
    /// moved, whose silent members carry `silentTag`) to the class's anchor value plus each
    /// one's offset, and calls `changed` with those that changed and are not silent (or are
    /// dirty), in batches of up to ``batchLimit``. (Static: a method would copy the tableau
    /// per member.)
    @inline(__always)
    private static func write(_ members: [EqualityClasses.Member], _ chosen: UnsafeBufferPointer<Int32>,
                              anchorValue: Double, silentTag: UInt16, _ changed: ChangedVariables) {
        withUnsafeTemporaryAllocation(of: Unmanaged<Variable>.self, capacity: min(chosen.count, batchLimit)) { batch in
            var count = 0
            members.withUnsafeBufferPointer { members in
                for index in chosen {
                    guard let reference = members[Int(index)].reference,
                          write(anchorValue + members[Int(index)].offset, to: reference),
                          !members[Int(index)].isSilent || members[Int(index)].silentTag != silentTag
                              || members[Int(index)].isDirty else { continue }
                    add(reference, to: batch, &count, changed)
                }
            }
            if count > 0 { changed(UnsafeBufferPointer(rebasing: batch[..<count])) }
        }
    }

    /// Puts a changed variable in the batch, telling the batch first when it is full.
    @inline(__always) private static func add(_ reference: Unmanaged<Variable>, to batch: UnsafeMutableBufferPointer<Unmanaged<Variable>>,
                                              _ count: inout Int, _ changed: ChangedVariables) {
        if count == batch.count {
            changed(UnsafeBufferPointer(batch))
            count = 0
        }
        batch.initializeElement(at: count, to: reference)
        count += 1
    }

    /// Sets a variable's value; returns whether that changed it.
    @inline(__always) private static func write(_ value: Double, to reference: Unmanaged<Variable>) -> Bool {
        reference._withUnsafeGuaranteedRef { variable in
            guard variable.value != value else { return false }
            variable.value = value
            return true
        }
    }
}
