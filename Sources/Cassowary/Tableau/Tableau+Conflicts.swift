// Explaining an unsatisfiable constraint: which required constraints it contradicts.
//
// The explanation replays the required constraints connected to the new one (through
// shared variables) in a tableau that keeps every marker and holds links in equality
// classes. When the new constraint is a link that contradicts its class, the links on the
// class's tree path between its two variables are the explanation. Otherwise the insertion
// fails on a row that can never be zero (a Farkas certificate): a constraint's marker has a
// nonzero coefficient in it exactly when the constraint takes part in the contradiction.
// Links take part through the offsets they put into those constraints' rows: the tree links
// that connect, within each class, the variables of the certificate's constraints and of
// the new one (and the class's ground, if it has one) are added. The set is then made
// minimal by a deletion filter (drop each member in turn and keep the drop when the rest
// still contradicts), up to `deletionFilterLimit` members.

extension Tableau {
    /// Largest certificate the deletion filter is run on; larger ones are reported as found.
    static let deletionFilterLimit = 48

    /// A minimal set of the required constraints in the solver that `constraint` contradicts.
    func conflicts(for constraint: Constraint) -> [Constraint] {
        if LinkForm.isLink(constraint) {
            // A link may contradict the links alone, which go into the classes only: replaying
            // them first costs no rows, and their tree path is a minimal explanation. The
            // links that can be on that path are those joined to the link's variables
            // through links: the classes are made of them alone.
            var links = Tableau(tracksEqualityMarkers: true)
            links.storesHints = false
            for member in requiredComponent(of: constraint, linksOnly: true) { try? links.add(member) }
            do throws(StepError) {
                try links.add(constraint)
            } catch {
                if links.linkConflict != nil { return links.explain(constraint) }
            }
        }
        let component = requiredComponent(of: constraint)
        var explainer = Tableau(tracksEqualityMarkers: true)
        explainer.storesHints = false
        for member in component { try? explainer.add(member) }
        guard let found = explainer.certificateMembers(for: constraint) else { return component }
        guard found.count <= Tableau.deletionFilterLimit else { return found }
        var kept = found
        var i = 0
        while i < kept.count {
            var trial = kept
            trial.remove(at: i)
            if Tableau.contradicts(constraint, trial) { kept = trial } else { i += 1 }
        }
        return kept
    }

    /// The required constraints connected to `constraint` through shared variables (only
    /// links, and through links only, with `linksOnly`), in the order they were added.
    ///
    /// The records are read in their slots and only the component is sorted. (Sorting
    /// every record for each refused constraint made a thousand refusals among two
    /// thousand constraints cost 0.8 billion instructions.)
    private func requiredComponent(of constraint: Constraint, linksOnly: Bool = false) -> [Constraint] {
        var required: [Int] = []
        var byVariable: [Identity: [Int32]] = [:]
        for slot in recordSlots.indices {
            guard let record = recordSlots[slot] else { continue }
            let member = record.constraint
            guard linksOnly ? LinkForm.isLink(member) : member.isRequired else { continue }
            let position = Int32(required.count)
            required.append(slot)
            for k in 0..<member.terms.count {
                member.terms.withVariable(at: k) { byVariable[Identity($0), default: []].append(position) }
            }
        }
        var queue: [Identity] = []
        var seenVariables = Set<Identity>()
        for k in 0..<constraint.terms.count {
            let key = constraint.terms.withVariable(at: k) { Identity($0) }
            if seenVariables.insert(key).inserted { queue.append(key) }
        }
        var inComponent = [Bool](repeating: false, count: required.count)
        var component: [Record] = []
        while let variable = queue.popLast() {
            for position in byVariable[variable] ?? [] where !inComponent[Int(position)] {
                inComponent[Int(position)] = true
                let record = recordSlots[required[Int(position)]]!
                component.append(record)
                for k in 0..<record.constraint.terms.count {
                    let key = record.constraint.terms.withVariable(at: k) { Identity($0) }
                    if seenVariables.insert(key).inserted { queue.append(key) }
                }
            }
        }
        return component.sorted { $0.sequence < $1.sequence }.map(\.constraint)
    }

    /// Notes the row that proves the constraint being added unsatisfiable; an explaining
    /// tableau also names the required constraints whose markers are in it (and
    /// `inserting`, the constraint whose row it is, if any).
    mutating func noteCertificate(_ row: Row, _ basic: Symbol?, inserting: Constraint?) {
        certificate = (row, basic)
        guard !storesHints else { return }
        var owners: [Symbol: Constraint] = [:]
        for case let record? in recordSlots {
            if let marker = record.marker, record.constraint.strength.isRequired { owners[marker] = record.constraint }
        }
        var named = (row.cells.map(\.symbol) + (basic.map { [$0] } ?? [])).compactMap { owners[$0] }
        if let inserting, inserting.strength.isRequired { named.append(inserting) }
        certificateConstraints = named
    }

    /// The constraints named by the failure of `constraint`, or nil if it fits.
    private mutating func certificateMembers(for constraint: Constraint) -> [Constraint]? {
        certificate = nil
        certificateConstraints = []
        do throws(StepError) {
            try add(constraint)
            return nil
        } catch {
            guard case .unsatisfiable = error else { return nil }
            let sequences = Dictionary(recordSlots.compactMap { $0.map { (Identity($0.constraint), $0.sequence) } },
                                       uniquingKeysWith: { a, _ in a })
            var found: [Constraint]
            if let (u, v) = linkConflict {
                found = linkConstraints(classes.treePath(from: u, to: v) ?? [])
            } else {
                guard certificate != nil else { return nil }
                found = certificateConstraints.filter { $0 !== constraint }
                if usesClasses { found += linkConstraints(connectingLinks(of: found + [constraint])) }
            }
            var seen = Set<Identity>()
            return found.filter { sequences[Identity($0)] != nil && seen.insert(Identity($0)).inserted }
                .sorted { sequences[Identity($0)]! < sequences[Identity($1)]! }
        }
    }

    /// The constraints of links, by link index.
    private func linkConstraints(_ links: [Int32]) -> [Constraint] {
        links.compactMap { recordSlots[Int(classes.links[Int($0)].slot)]?.constraint }
    }

    /// The conflicts of a constraint just refused, as ``conflicts(for:)`` finds them; a link
    /// that contradicted its own class (the call's ``linkConflict``) is explained at once by
    /// the tree path between its variables, a minimal set, without replaying anything.
    mutating func explain(_ constraint: Constraint) -> [Constraint] {
        guard let (u, v) = linkConflict, let path = classes.treePath(from: u, to: v) else {
            return conflicts(for: constraint)
        }
        let sequences = path.map { recordSlots[Int(classes.links[Int($0)].slot)]?.sequence ?? 0 }
        return zip(path, sequences).sorted { $0.1 < $1.1 }.compactMap { linkConstraints([$0.0]).first }
    }

    /// The tree links that connect, within each class, the members the constraints
    /// mention (and the ground, in its class): the links through which those constraints
    /// see each other's offsets.
    private mutating func connectingLinks(of constraints: [Constraint]) -> [Int32] {
        var terminals: [Int32: [Int32]] = [:]
        for constraint in constraints {
            let terms = constraint.terms
            for k in 0..<terms.count {
                guard let member = classes.member(of: terms[k].variable) else { continue }
                terminals[classes.members[Int(member)].klass, default: []].append(member)
            }
        }
        var result: [Int32] = []
        for klass in terminals.keys.sorted() {
            var ends = terminals[klass]!
            if classes.isGround(klass) { ends.append(EqualityClasses.ground) }
            result += classes.steinerLinks(connecting: ends)
        }
        return result
    }

    /// Whether `constraint` cannot hold together with `others`.
    private static func contradicts(_ constraint: Constraint, _ others: [Constraint]) -> Bool {
        var solver = Tableau(tracksEqualityMarkers: false)
        solver.storesHints = false
        do throws(StepError) {
            for other in others { try solver.add(other) }
            try solver.add(constraint)
            return false
        } catch {
            return true
        }
    }
}
