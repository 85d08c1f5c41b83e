import SeededRandom
import Synchronization
import Testing
@testable import AutoLayout

/// Random hierarchies of translated subviews of the root (each with subviews constrained to
/// its edges, margins and centre, or translated in turn), changed at random: frames, masks,
/// translation switched off (then pinned by constraints) and on, margins, root sizes,
/// constants, moves. Each script runs twice, with frame aliases and with every translated
/// view given variables and constraints as before; every frame must match after every step.
@Suite struct FrameAliasFuzzTests {
    final class Script {
        var rng: SplitMix64
        let root = LayoutView(identifier: "root", frame: Rect(x: 0, y: 0, width: 320, height: 480))
        var cells: [LayoutView] = []
        var views: [LayoutView] = []
        var constraints: [LayoutConstraint] = []
        /// The constraints that place a cell while it does not translate its mask.
        var pins: [ObjectIdentifier: [LayoutConstraint]] = [:]

        init(seed: UInt64, aliasing: Bool) {
            rng = SplitMix64(seed: seed)
            root.engine.aliasesTranslatedViews = aliasing
        }
        func rect() -> Rect {
            Rect(x: Double(rng.int(-20...200)), y: Double(rng.int(-20...400)), width: Double(rng.int(0...300)),
                 height: Double(rng.int(0...120)))
        }
        func mask() -> AutoresizingMask { AutoresizingMask(rawValue: rng.int(0...63)) }

        /// A view constrained inside `cell` (fully determined), or a translated one.
        func addSubview(to cell: LayoutView, name: String) throws {
            let sub = LayoutView(identifier: name, frame: rect())
            views.append(sub)
            cell.addSubview(sub)
            if rng.chance(30) {
                sub.autoresizingMask = mask()
                return
            }
            sub.translatesAutoresizingMaskIntoConstraints = false
            let k = Double(rng.int(0...12))
            let horizontal: LayoutConstraint = switch rng.int(0...3) {
            case 0: sub.leadingAnchor.constraint(equalTo: cell.layoutMarginsGuide.leadingAnchor, constant: k)
            case 1: sub.trailingAnchor.constraint(equalTo: cell.trailingAnchor, constant: -k)
            case 2: sub.centerXAnchor.constraint(equalTo: cell.centerXAnchor, constant: k)
            default: sub.leftAnchor.constraint(equalTo: cell.leftAnchor, constant: k)
            }
            let vertical: LayoutConstraint = switch rng.int(0...2) {
            case 0: sub.topAnchor.constraint(equalTo: cell.layoutMarginsGuide.topAnchor, constant: k)
            case 1: sub.centerYAnchor.constraint(equalTo: cell.centerYAnchor)
            default: sub.bottomAnchor.constraint(equalTo: cell.bottomAnchor, constant: -k)
            }
            let made = [horizontal, vertical,
                        rng.chance(50) ? sub.widthAnchor.constraint(equalTo: cell.widthAnchor, multiplier: 0.5)
                            : sub.widthAnchor.constraint(equalToConstant: Double(rng.int(10...60))),
                        rng.chance(50) ? sub.heightAnchor.constraint(equalTo: cell.heightAnchor, constant: -4)
                            : sub.heightAnchor.constraint(equalToConstant: Double(rng.int(10...40)))]
            try LayoutConstraint.activate(made)
            constraints += made
        }

        func build() throws {
            for i in 0..<5 {
                let cell = LayoutView(identifier: "c\(i)", frame: rect())
                cell.autoresizingMask = mask()
                root.addSubview(cell)
                cells.append(cell)
                views.append(cell)
                for j in 0..<rng.int(0...2) { try addSubview(to: cell, name: "c\(i)s\(j)") }
            }
            // Preferences that the frames already decide, installed on the root.
            for cell in cells where rng.chance(50) {
                let c = cell.centerXAnchor.constraint(equalTo: root.centerXAnchor)
                c.priority = 250
                try c.activate()
                constraints.append(c)
            }
        }

        /// One random change.
        func step() throws {
            let cell = rng.pick(cells)
            switch rng.int(0...8) {
            case 0, 1: cell.frame = rect()
            case 2: cell.autoresizingMask = mask()
            case 3:
                if let pinned = pins.removeValue(forKey: ObjectIdentifier(cell)) {
                    LayoutConstraint.deactivate(pinned)
                    cell.translatesAutoresizingMaskIntoConstraints = true
                } else if let parent = cell.superview {
                    cell.translatesAutoresizingMaskIntoConstraints = false
                    let made = [cell.leftAnchor.constraint(equalTo: parent.leftAnchor, constant: Double(rng.int(0...40))),
                                cell.topAnchor.constraint(equalTo: parent.topAnchor, constant: Double(rng.int(0...300))),
                                cell.widthAnchor.constraint(equalToConstant: Double(rng.int(0...200))),
                                cell.heightAnchor.constraint(equalToConstant: Double(rng.int(0...80)))]
                    try LayoutConstraint.activate(made)
                    pins[ObjectIdentifier(cell)] = made
                }
            case 4: root.frame = Rect(x: 0, y: 0, width: Double(rng.int(200...700)), height: Double(rng.int(300...900)))
            case 5:
                if !constraints.isEmpty { rng.pick(constraints).constant = Double(rng.int(-10...30)) }
            case 6: cell.layoutMargins = EdgeInsets(top: Double(rng.int(0...20)), left: Double(rng.int(0...20)),
                                                    bottom: Double(rng.int(0...20)), right: Double(rng.int(0...20)))
            case 7:
                // Out and back in, or into another cell (no longer a subview of the root).
                guard pins[ObjectIdentifier(cell)] == nil else { return }
                let other = rng.pick(cells)
                if other !== cell && cell.superview === root && !other.isDescendant(of: cell) && rng.chance(50) {
                    other.addSubview(cell)
                } else {
                    root.insertSubview(cell, at: rng.int(0...root.subviews.count))
                }
            default:
                try addSubview(to: cell, name: "\(cell.identifier ?? "")n\(rng.int(0...999))")
            }
        }

        /// Every frame (as numbers, with the views' names) and how many constraints are broken.
        func frames() -> Snapshot {
            Snapshot(frames: views.map { ($0.identifier ?? "?", $0.frame) }, broken: root.brokenConstraints.count)
        }
    }

    /// The frames and broken count after one step.
    struct Snapshot: CustomStringConvertible {
        let frames: [(String, Rect)]
        let broken: Int

        /// Whether two snapshots agree: the same views, broken counts, and frames equal to 1e-6
        /// relative (the two ways add the same numbers in different orders).
        func matches(_ other: Snapshot) -> Bool {
            func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-6 * max(1, abs(a), abs(b)) }
            guard broken == other.broken, frames.count == other.frames.count else { return false }
            return zip(frames, other.frames).allSatisfy { a, b in
                a.0 == b.0 && close(a.1.minX, b.1.minX) && close(a.1.minY, b.1.minY)
                    && close(a.1.width, b.1.width) && close(a.1.height, b.1.height)
            }
        }

        var description: String {
            frames.map { "\($0.0)=\($0.1)" }.joined(separator: " ") + " broken=\(broken)"
        }
    }

    func run(seed: UInt64, aliasing: Bool) throws -> [Snapshot] {
        let script = Script(seed: seed, aliasing: aliasing)
        try script.build()
        script.root.layoutIfNeeded()
        var log = [script.frames()]
        for _ in 0..<40 {
            try script.step()
            script.root.layoutIfNeeded()
            log.append(script.frames())
        }
        return log
    }

    @Test("translated subviews of the root are placed alike with and without frame aliases", arguments: 0..<40)
    func sameFrames(seed: Int) throws {
        let aliased = try run(seed: UInt64(seed), aliasing: true)
        let plain = try run(seed: UInt64(seed), aliasing: false)
        #expect(aliased.count == plain.count)
        for (step, (a, p)) in zip(aliased, plain).enumerated() where !a.matches(p) {
            Issue.record("seed \(seed), step \(step):\n aliased \(a)\n plain   \(p)")
            break
        }
    }

    @Test("the score-cell table uses aliases: its cells have no variables in the solver")
    func cellsAreAliased() throws {
        let root = LayoutView(identifier: "root", frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let cell = LayoutView(identifier: "cell", frame: Rect(x: 0, y: 60, width: 375, height: 60))
        cell.autoresizingMask = .flexibleWidth
        root.addSubview(cell)
        let label = LayoutView(identifier: "label")
        label.translatesAutoresizingMaskIntoConstraints = false
        cell.addSubview(label)
        try LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: cell.layoutMarginsGuide.leadingAnchor),
            label.trailingAnchor.constraint(equalTo: cell.layoutMarginsGuide.trailingAnchor),
            label.centerYAnchor.constraint(equalTo: cell.centerYAnchor),
            label.heightAnchor.constraint(equalToConstant: 20),
        ])
        root.layoutIfNeeded()
        #expect(cell.frameAlias != nil)
        #expect(root.engine.solver.constraints.count == 8)  // the root's four and the label's four
        #expect(cell.frame == Rect(x: 0, y: 60, width: 375, height: 60))
        #expect(label.frame == Rect(x: 8, y: 20, width: 359, height: 20))
        root.frame = Rect(x: 0, y: 0, width: 667, height: 375)
        root.layoutIfNeeded()
        #expect(cell.frame == Rect(x: 0, y: 60, width: 667, height: 60))
        #expect(label.frame == Rect(x: 8, y: 20, width: 651, height: 20))
        cell.frame = Rect(x: 10, y: 0, width: 300, height: 40)
        root.layoutIfNeeded()
        #expect(label.frame == Rect(x: 8, y: 10, width: 284, height: 20))
        cell.removeFromSuperview()
        #expect(cell.frameAlias == nil)
    }

    @Test("an aliased view has no variables until it is placed by constraints, and then moves")
    func aliasedViewsMakeVariablesLate() throws {
        let root = LayoutView(identifier: "root", frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let cells = (0..<8).map { LayoutView(identifier: "cell\($0)", frame: Rect(x: 0, y: Double($0) * 60, width: 375, height: 60)) }
        for cell in cells { root.addSubview(cell) }
        root.layoutIfNeeded()
        #expect(cells.allSatisfy { !$0.variables.hasVariables && $0.frameAlias != nil })
        // A small change: the aliases name the moved view.
        cells[3].frame = Rect(x: 0, y: 200, width: 375, height: 50)
        root.layoutIfNeeded()
        #expect(cells[3].frame.minY == 200 && !cells[3].variables.hasVariables)
        // Cell 5 is placed by constraints from now on: its variables are made, naming its place.
        cells[5].translatesAutoresizingMaskIntoConstraints = false
        let top = cells[5].topAnchor.constraint(equalTo: root.topAnchor, constant: 300)
        try LayoutConstraint.activate([top, cells[5].leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                       cells[5].widthAnchor.constraint(equalToConstant: 100),
                                       cells[5].heightAnchor.constraint(equalToConstant: 30)])
        root.layoutIfNeeded()
        #expect(cells[5].variables.hasVariables && cells[5].frame == Rect(x: 0, y: 300, width: 100, height: 30))
        #expect(cells[5].variables.minY.ownerSlot == Int32(cells[5].viewSlot))
        top.constant = 310
        root.layoutIfNeeded()
        #expect(cells[5].frame == Rect(x: 0, y: 310, width: 100, height: 30))
        cells[2].frame = Rect(x: 5, y: 120, width: 300, height: 60)
        root.layoutIfNeeded()
        #expect(cells[2].frame == Rect(x: 5, y: 120, width: 300, height: 60))
    }

    @Test("an aliased view's autoresizing constraints, made late from its alias, are the ones made up front")
    func deferredAutoresizingConstraints() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<200 {
            let root = LayoutView(identifier: "root", frame: Rect(x: 0, y: 0, width: Double(Int.random(in: 0...500, using: &rng)),
                                                                  height: Double(Int.random(in: 0...500, using: &rng))))
            let view = LayoutView(identifier: "v", frame: Rect(x: Double(Int.random(in: -50...300, using: &rng)) / 4,
                                                               y: Double(Int.random(in: -50...300, using: &rng)) / 3,
                                                               width: Double(Int.random(in: 0...300, using: &rng)),
                                                               height: Double(Int.random(in: 0...300, using: &rng))))
            view.autoresizingMask = AutoresizingMask(rawValue: Int.random(in: 0...63, using: &rng))
            root.addSubview(view)
            let engine = root.engine
            let expected = engine.frameConstraints(for: view)
            #expect(view.frameAlias != nil && engine.generatedConstraints(of: view)!.frame.isEmpty)
            // Layout moves the view and the root's size changes: the constraints keep the
            // frame and size they were made for.
            root.layoutIfNeeded()
            root.frame = Rect(x: 0, y: 0, width: 123, height: 456)
            root.layoutIfNeeded()
            let made = engine.madeFrameConstraints(of: view)
            #expect(made.count == 4 && engine.madeFrameConstraints(of: view).elementsEqual(made, by: ===))
            for (a, b) in zip(made, expected) {
                #expect(LayoutEngine.sameShape(a, b) && a.storedConstant.bitPattern == b.storedConstant.bitPattern
                        && a.identifier == b.identifier && a.isAutoresizingConstraint && a.secondItem === b.secondItem
                        && a.extraTerms.map(\.coefficient.bitPattern) == b.extraTerms.map(\.coefficient.bitPattern),
                        "\(a) vs \(b)")
            }
        }
    }
}
