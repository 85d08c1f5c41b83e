import Cassowary
import Testing
@testable import AutoLayout

/// Priorities become solver strengths; the common levels come from a cache and must equal
/// freshly made ones.
@Suite struct PriorityStrengthTests {
    @Test func strengthsMatchTheirLevels() {
        #expect(LayoutPriority.required.strength == .required)
        #expect(LayoutPriority(1000).strength.isRequired)
        for value: Float in [1, 50, 249, 250, 251, 500, 749, 750, 751, 999, 999.5] {
            let strength = LayoutPriority(value).strength
            #expect(strength == .level(Double(value)), "\(value)")
            #expect(!strength.isRequired)
        }
        #expect(LayoutPriority.defaultHigh.strength > LayoutPriority.defaultLow.strength)
        #expect(LayoutPriority(749).strength < LayoutPriority.defaultHigh.strength)
    }

    /// An engine's cache gives the strength a priority would make, whatever it held before,
    /// past its limit and back.
    @Test func cacheGivesTheStrengthsPrioritiesMake() {
        var cache = StrengthCache()
        let values: [Float] = [999.5, 25, 51, 49, 999.5, 300, 25, 1000, 250, 750, 7, 999.5, 1, 49]
        for value in values {
            let priority = LayoutPriority(value)
            #expect(cache.strength(of: priority) == priority.strength, "\(value)")
        }
    }

    /// Two-sided strengths are kept for the last few pairs of priorities: the same pair gives
    /// the same strengths, a pair that differs on either side its own (past the cache's limit
    /// and back), and a required side none.
    @Test func cacheGivesTwoSidedStrengthsForEachPair() throws {
        var cache = StrengthCache()
        /// The strengths above and below of a constraint made with what the cache gives.
        func sides(_ above: Float, _ below: Float) throws -> (above: Strength, below: Strength?) {
            let looked = cache.twoSided(above: LayoutPriority(above), below: LayoutPriority(below))
            let strengths = try #require(looked)
            let made = Cassowary.Constraint(TermList(), constant: 0, equal: strengths)
            return (made.strength, made.belowStrength)
        }
        let pairs: [(Float, Float)] = [(250, 750), (250, 750), (250, 740), (251, 740), (250, 750), (300, 300),
                                       (252, 741), (253, 742), (254, 743), (250, 740), (300, 300), (251, 740)]
        for (above, below) in pairs {
            let made = try sides(above, below)
            #expect(made.above == LayoutPriority(above).strength, "\(above) \(below)")
            #expect(made.below == (above == below ? nil : LayoutPriority(below).strength), "\(above) \(below)")
        }
        #expect(cache.twoSided(above: .required, below: .defaultHigh) == nil)
        #expect(cache.twoSided(above: .defaultLow, below: .required) == nil)
        // A required side left no pair behind that a later lookup could take.
        let after = try sides(250, 750)
        #expect(after.below == LayoutPriority.defaultHigh.strength)
    }

    /// Labels whose content priorities take turns (each pair made, then one made before
    /// asked again) get the widths their own priorities give: with room to spare, the
    /// lowest hugging stretches; squeezed, the lowest compression resistance gives way.
    @Test func contentPrioritiesTakingTurnsLayOutAsTheirOwn() throws {
        func row(width: Double, _ priorities: [(hugging: Float, compression: Float)]) throws -> [Double] {
            let root = LayoutView(frame: Rect(x: 0, y: 0, width: width, height: 100))
            var views: [String: LayoutView] = [:]
            var format = "H:|"
            for (k, pair) in priorities.enumerated() {
                let label = FixtureView()
                label.intrinsic = Size(width: 50, height: 20)
                label.translatesAutoresizingMaskIntoConstraints = false
                label.setContentHuggingPriority(LayoutPriority(pair.hugging), for: .horizontal)
                label.setContentCompressionResistancePriority(LayoutPriority(pair.compression), for: .horizontal)
                root.addSubview(label)
                views["v\(k)"] = label
                format += "[v\(k)]"
            }
            try LayoutConstraint.activate(LayoutConstraint.constraints(withVisualFormat: format + "|", views: views))
            root.layoutIfNeeded()
            return root.subviews.map(\.frame.width)
        }
        #expect(try row(width: 450, [(250, 750), (251, 750), (252, 750), (253, 750), (253, 750)])
            == [250, 50, 50, 50, 50])
        #expect(try row(width: 450, [(253, 750), (252, 750), (251, 750), (253, 750), (250, 750)])
            == [50, 50, 50, 50, 250])
        #expect(try row(width: 120, [(250, 750), (250, 740), (250, 750)]) == [50, 20, 50])
        #expect(try row(width: 120, [(250, 740), (250, 750), (251, 750)]) == [20, 50, 50])
    }
}
