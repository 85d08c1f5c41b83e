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
    /// changed, calling `changed` for each that actually changed. `moved` are the anchors
    /// the tableau just wrote; every anchor's value is up to date.
    mutating func writeMembers(movedAnchors moved: [Unmanaged<Variable>], _ changed: (Variable) -> Void) {
        // The members of a class whose anchor moved are written as the walk finds them; a
        // member also marked dirty is written again below, to the same value.
        var members: [Int32] = []
        for anchor in moved {
            guard let klass = anchor._withUnsafeGuaranteedRef({ classes.klass(ofAnchor: $0) }) else { continue }
            let anchorValue = classes.anchorValue(of: klass)
            guard classes.classes[Int(klass)].written != anchorValue else { continue }
            classes.classes[Int(klass)].written = anchorValue
            if let listed = classes.listedMembers(of: klass) {
                for k in listed {
                    Tableau.write(classes.members[Int(classes.memberPool[k])], anchorValue: anchorValue, changed)
                }
                continue
            }
            members.removeAll(keepingCapacity: true)
            classes.walk(from: classes.classes[Int(klass)].seed, avoiding: -1, into: &members)
            for member in members {
                Tableau.write(classes.members[Int(member)], anchorValue: anchorValue, changed)
            }
        }
        while let member = classes.dirty.popLast() {
            guard Int(member) < classes.members.count else { continue }
            classes.members[Int(member)].isDirty = false
            // (A free slot has no variable, and no class to read.)
            guard classes.members[Int(member)].reference != nil else { continue }
            // The anchors' values were just brought up to date.
            let anchorValue = classes.anchorValue(of: classes.members[Int(member)].klass)
            Tableau.write(classes.members[Int(member)], anchorValue: anchorValue, changed)
        }
    }

    /// Sets a member's variable to its class's anchor value plus its offset, calling
    /// `changed` if that changed it. (Static: a method would copy the tableau per member.)
    @inline(__always)
    private static func write(_ member: EqualityClasses.Member, anchorValue: Double, _ changed: (Variable) -> Void) {
        guard let reference = member.reference else { return }
        let value = anchorValue + member.offset
        reference._withUnsafeGuaranteedRef { variable in
            if variable.value != value {
                variable.value = value
                changed(variable)
            }
        }
    }
}
