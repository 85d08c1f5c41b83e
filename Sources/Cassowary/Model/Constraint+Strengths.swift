import Synchronization

// A constraint's strengths in one word (see ``Constraint/strengths``).

extension Constraint {
    /// A constraint's strengths in one word: the components of one strength, or those of
    /// the two sides of a two-sided preference in an object, which the constraints with the
    /// same two share (see ``Split/shared(above:below:)``).
    enum Strengths {
        case same([Strength.Component])
        case split(Split)
    }

    /// The strengths of the two sides of a two-sided preference.
    final class Split: Sendable {
        let above: [Strength.Component]
        let below: [Strength.Component]

        init(above: [Strength.Component], below: [Strength.Component]) {
            self.above = above
            self.below = below
        }

        /// The object for `above` and `below`: the one made last when it has the same
        /// components, since the constraints that have two strengths (a view's content size,
        /// hugging above and resisting compression below) mostly have the same two.
        static func shared(above: Strength, below: Strength) -> Split {
            last.withLock { last in
                if let last, last.above == above.components, last.below == below.components { return last }
                let made = Split(above: above.components, below: below.components)
                last = made
                return made
            }
        }

        private static let last = Mutex<Split?>(nil)
    }

    /// The two strengths of a two-sided preference (see
    /// ``Constraint/init(_:constant:equalAbove:below:)``), made once and given to every
    /// constraint that has them (see ``Constraint/init(_:constant:equal:)``).
    ///
    /// Each constraint made with ``Constraint/init(_:constant:equalAbove:below:)`` looks its
    /// two strengths up among those made last, under a lock that every thread shares. A
    /// caller that makes many such constraints (a layout engine, one for each axis of each
    /// view with a content size) keeps one of these instead: no lookup, and no lock.
    public struct TwoSidedStrengths: Sendable {
        let strengths: Strengths

        /// The strengths `above` and `below`; nil when either is required (write the two
        /// inequalities then).
        public init?(above: Strength, below: Strength) {
            self.init(above: above, below: below, lookingUp: false)
        }

        /// The strengths `above` and `below`, their object looked up among those made last
        /// when `lookingUp` (see ``Split/shared(above:below:)``), else made.
        init?(above: Strength, below: Strength, lookingUp: Bool) {
            guard !above.isRequired, !below.isRequired else { return nil }
            strengths = below == above ? .same(above.components)
                : .split(lookingUp ? .shared(above: above, below: below) : Split(above: above.components, below: below.components))
        }
    }
}
