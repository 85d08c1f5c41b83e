import SeededRandom
import Testing
@testable import AutoLayout

/// Random hierarchies whose updateConstraints and layoutSubviews flag other views, change
/// constants and move views around, with every call recorded. Each run is made twice: once
/// as the engine runs, and once with every pass scanning every view (as passes did before
/// the lists of flagged views). Both must make exactly the same calls, in the same order,
/// with the same frames.
@Suite struct FlaggedViewsFuzzTests {
    final class World {
        var rng: SplitMix64
        var views: [RecordingView] = []
        var roots: [RecordingView] = []
        var constraints: [LayoutConstraint] = []
        var budget = 0
        let log = RecordingView.Log()

        init(seed: UInt64) { rng = SplitMix64(seed: seed) }

        func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &rng)] }
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &rng) < percent }

        /// One random change: flags, a constant, a move, a removal.
        func act() {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0...2: pick(views).setNeedsLayout()
            case 3...4: pick(views).setNeedsUpdateConstraints()
            case 5...6:
                if !constraints.isEmpty { pick(constraints).constant = Double(Int.random(in: 0...40, using: &rng)) }
            case 7...8:
                let view = pick(views), parent = pick(views + roots)
                parent.insertSubview(view, at: Int.random(in: 0...parent.subviews.count, using: &rng))
            default:
                let view = pick(views)
                if chance(50) { view.removeFromSuperview() } else { view.superview?.setNeedsLayout() }
            }
        }

        func hook() {
            guard budget > 0 else { return }
            budget -= 1
            if budget > 300 {
                // A storm of flags: enough to run into the feedback-loop stop.
                for _ in 0..<3 { pick(views).setNeedsLayout() }
                if chance(20) { pick(views).setNeedsUpdateConstraints() }
            } else if chance(60) {
                act()
            }
        }
    }

    func calls(seed: UInt64, scanning: Bool) -> [String] {
        let world = World(seed: seed)
        let log = world.log
        for r in 0..<3 {
            let root = RecordingView("r\(r)", log)
            root.frame = Rect(x: 0, y: 0, width: 200 + Double(r), height: 100)
            root.engine.flaggedViewsAlwaysScan = scanning
            root.layoutDiagnosticsHandler = { diagnostic in
                if case .layoutFeedbackLoop(let views, let passes) = diagnostic {
                    log.calls.append("loop \(passes) " + views.map(\.description).joined(separator: ","))
                }
            }
            world.roots.append(root)
        }
        for index in 0..<40 {
            let view = RecordingView("v\(index)", log)
            let parent = world.pick(world.views + world.roots)
            parent.addSubview(view)
            view.onLayout = { [unowned world] in world.hook() }
            view.updates = { [unowned world] in world.hook() }
            if world.chance(60) {
                let made = [view.widthAnchor.constraint(equalToConstant: Double(Int.random(in: 1...50, using: &world.rng))),
                            view.leadingAnchor.constraint(equalTo: parent.leadingAnchor, constant: 3)]
                for constraint in made { constraint.priority = LayoutPriority(500) }
                try? LayoutConstraint.activate(made)
                world.constraints += made
            }
            world.views.append(view)
        }
        for step in 0..<300 {
            // Now and then the hooks keep flagging views long enough for a feedback loop.
            world.budget = world.chance(8) ? 4000 : Int.random(in: 0...40, using: &world.rng)
            for _ in 0..<Int.random(in: 0...4, using: &world.rng) { world.act() }
            log.calls.append("step \(step)")
            for root in world.roots where world.chance(70) { root.layoutIfNeeded() }
        }
        for view in world.views { log.calls.append("\(view) \(view.frame)") }
        return log.calls
    }

    @Test("the calls and frames of random runs are those of passes that scan every view")
    func sameCallsAsScanning() {
        var lines = 0, loops = 0
        for seed in UInt64(1)...12 {
            let listed = calls(seed: seed, scanning: false), scanned = calls(seed: seed, scanning: true)
            #expect(listed.count == scanned.count, "seed \(seed)")
            if let k = listed.indices.first(where: { $0 < scanned.count && listed[$0] != scanned[$0] }) {
                Issue.record("seed \(seed), line \(k): \(listed[k]) against \(scanned[k])")
            }
            lines += listed.count
            loops += listed.filter { $0.hasPrefix("loop ") }.count
        }
        // The runs must exercise many passes and the feedback-loop stop.
        #expect(lines > 20_000 && loops > 0, "\(lines) lines, \(loops) loops")
    }
}
