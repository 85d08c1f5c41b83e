import Cassowary

/// The solver strengths of the priorities an engine lowers, each made once
/// (see ``LayoutEngine/lower(_:)``).
///
/// A strength holds an array: made for each constraint, it is an allocation, and a copy of
/// its own that the lowered constraint keeps. A two-sided strength (a view's content size:
/// hugging above the intrinsic size, compression resistance below) is looked up by
/// Cassowary among those made last, under a lock every thread shares; made here once, it
/// is given to each content size as it is. An engine is used by one thread at a time, so
/// the cache needs no lock.
struct StrengthCache {
    /// The optional priorities made into strengths last, the newest first.
    private var single: [(priority: LayoutPriority, strength: Strength)] = []
    /// The pairs of priorities made into two-sided strengths last, the newest first (a
    /// screen has a few: a label's defaults, a button's higher hugging, the one view of a
    /// row that takes the room left).
    private var pairs: [(above: LayoutPriority, below: LayoutPriority, strengths: Cassowary.Constraint.TwoSidedStrengths)] = []

    /// The most optional priorities, and the most pairs, kept (a layout uses a few: UIKit's
    /// defaults, a stack's 999.5, 51 and 25).
    static let limit = 4

    /// The strength of `priority`.
    mutating func strength(of priority: LayoutPriority) -> Strength {
        if priority.isRequired { return .required }
        for entry in single where entry.priority == priority { return entry.strength }
        let made = priority.strength
        StrengthCache.keep((priority, made), in: &single)
        return made
    }

    /// The two-sided strengths of `above` and `below`; nil when either is required.
    mutating func twoSided(above: LayoutPriority, below: LayoutPriority) -> Cassowary.Constraint.TwoSidedStrengths? {
        for entry in pairs where entry.above == above && entry.below == below { return entry.strengths }
        guard let made = Cassowary.Constraint.TwoSidedStrengths(above: strength(of: above), below: strength(of: below)) else {
            return nil
        }
        StrengthCache.keep((above, below, made), in: &pairs)
        return made
    }

    /// Puts `entry` first in `list`, dropping the oldest past ``limit``.
    private static func keep<Entry>(_ entry: Entry, in list: inout [Entry]) {
        if list.count == limit { list.removeLast() }
        list.insert(entry, at: 0)
    }
}
