/// How much a constraint matters: ``required`` or a weighted preference.
///
/// The named strengths and ``create(_:_:_:weight:)`` use kiwi's scale (required =
/// 1,001,001,000, strong = 1,000,000, medium = 1,000, weak = 1), and ``value`` reports that
/// number. The solver does not add those numbers together, though: it keeps one objective
/// per *level* and compares them level by level, so no amount of error at a lower level
/// outweighs any error at a higher one, and every coefficient stays near 1. A strength is a
/// list of components, each a level with a weight; errors within one level trade off by
/// weight, as in kiwi. `create(a, b, c)` puts `a` on the strong level, `b` on the medium
/// level and `c` on the weak level.
public struct Strength: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// One weighted level of a strength.
    public struct Component: Sendable, Hashable {
        /// The rank of the level; a higher level always wins over a lower one.
        public let level: Double
        /// The weight of errors at this level.
        public let weight: Double
    }

    /// The weighted levels, highest level first. Empty for ``required`` and for zero.
    public let components: [Component]
    /// Whether the constraint must hold exactly.
    public let isRequired: Bool

    /// A strength with components already checked, filtered and sorted: one a
    /// ``Constraint`` stored.
    @inline(__always) init(storedComponents: [Component], isRequired: Bool) {
        components = storedComponents
        self.isRequired = isRequired
    }

    private init(components: [Component], isRequired: Bool) {
        // A component that is not finite is kept, so that a solver refuses the strength
        // (see ``isFinite``) instead of dropping the component silently.
        func kept(_ c: Component) -> Bool { c.weight > 0 || !c.weight.isFinite || !c.level.isFinite }
        if components.count == 1 {
            self.components = kept(components[0]) ? components : []
        } else {
            let kept = components.filter(kept)
            self.components = kept.allSatisfy { $0.level.isFinite } ? kept.sorted { $0.level > $1.level } : kept
        }
        self.isRequired = isRequired
    }

    /// Whether every level and weight is a finite number. A ``Solver`` refuses a strength
    /// that is not (``SolverError/nonFiniteNumber(_:)``): the initializers keep a NaN or
    /// infinite input as it is, rather than clipping it to a number it never meant.
    public var isFinite: Bool {
        var probe = 0.0
        for component in components { probe += component.level * 0 + component.weight * 0 }
        return probe == 0
    }

    /// kiwi's level for `strong` (1,000,000).
    public static let strongLevel = 1_000_000.0
    /// kiwi's level for `medium` (1,000).
    public static let mediumLevel = 1_000.0
    /// kiwi's level for `weak` (1).
    public static let weakLevel = 1.0

    /// A constraint that must hold; kiwi value 1,001,001,000.
    public static let required = Strength(components: [], isRequired: true)
    /// kiwi's strong preference (1,000,000).
    public static let strong = create(1, 0, 0)
    /// kiwi's medium preference (1,000).
    public static let medium = create(0, 1, 0)
    /// kiwi's weak preference (1).
    public static let weak = create(0, 0, 1)

    /// kiwi's `strength.create(a, b, c, w)`: `a * w` on the strong level, `b * w` on the
    /// medium level and `c * w` on the weak level, each clipped to 0...1000. A NaN or
    /// infinite input is not clipped: the strength is not ``isFinite`` and a solver
    /// refuses it.
    public static func create(_ strong: Double, _ medium: Double, _ weak: Double,
                              weight: Double = 1) -> Strength {
        func clip(_ v: Double) -> Double {
            guard v.isFinite && weight.isFinite else { return .nan }
            let product = v * weight
            return product.isNaN ? .nan : max(0, min(1000, product))
        }
        return Strength(components: [
            Component(level: strongLevel, weight: clip(strong)),
            Component(level: mediumLevel, weight: clip(medium)),
            Component(level: weakLevel, weight: clip(weak)),
        ], isRequired: false)
    }

    /// A strength from a number on kiwi's scale, clipped to 0...required. The number is
    /// split into its strong, medium and weak parts (3,000,000 is strong with weight 3;
    /// 40,000 is medium with weight 40); a value at or above 1,001,001,000 is ``required``.
    /// NaN and infinities are not clipped: the strength is not ``isFinite`` and a solver
    /// refuses it.
    public init(_ value: Double) {
        guard value.isFinite else {
            self.init(components: [Component(level: .nan, weight: .nan)], isRequired: false)
            return
        }
        let v = max(0, value)
        if v >= Strength.required.value {
            self = .required
            return
        }
        let strong = min(1000, (v / Strength.strongLevel).rounded(.down))
        let rest = v - strong * Strength.strongLevel
        let medium = min(1000, (rest / Strength.mediumLevel).rounded(.down))
        let weak = rest - medium * Strength.mediumLevel
        self = Strength.create(strong, medium, weak)
    }

    /// A strength on a level of its own, for clients that want strictly ordered
    /// priorities (Auto Layout's 1...999): `level(750)` always beats any error at
    /// `level(749)`. A NaN or infinite level or weight makes a strength that is not
    /// ``isFinite``, which a solver refuses.
    public static func level(_ level: Double, weight: Double = 1) -> Strength {
        Strength(components: [Component(level: level, weight: weight.isFinite ? max(0, weight) : weight)],
                 isRequired: false)
    }

    /// The strength as one number on kiwi's scale: the sum of level × weight, or
    /// 1,001,001,000 for ``required``.
    public var value: Double {
        isRequired ? 1_001_001_000 : components.reduce(0) { $0 + $1.level * $1.weight }
    }

    /// Orders strengths by ``value``.
    public static func < (lhs: Strength, rhs: Strength) -> Bool { lhs.value < rhs.value }

    /// `required`, `strong`, `medium`, `weak`, or the kiwi number.
    public var description: String {
        switch self {
        case .required: "required"
        case .strong: "strong"
        case .medium: "medium"
        case .weak: "weak"
        default: formatNumber(value)
        }
    }
}
