import Synchronization

/// A named unknown that a ``Solver`` assigns a value to.
///
/// Variables are compared by identity: two variables with the same name are different
/// unknowns. A solver writes the solved value into ``value`` when you call
/// ``Solver/updateVariables()``.
public final class Variable: Sendable, CustomStringConvertible {
    /// The name used in descriptions, errors and tableau dumps.
    public let name: String
    /// The value's bits (inlined into clients, so reading a solved value is one load).
    @usableFromInline let storage: Atomic<UInt64>
    /// The index of this variable's symbol in the tableau that last registered it, or -1: a
    /// hint that spares a dictionary lookup. A tableau trusts it only after checking that
    /// the symbol at that index is this variable and is in use (see
    /// ``Tableau/symbol(for:)``), so a stale hint, or one from another solver, is harmless.
    let symbolHint = Atomic<Int>(-1)
    /// The same for the member of the variable in the equality classes of the solver that
    /// last registered it (see ``EqualityClasses/member(of:)``); for an anchor the classes
    /// made, which is never a member, `-2 - class` (see ``EqualityClasses/klass(ofAnchor:)``).
    /// Members are numbered in `Int32`, so this and ``ownerSlot`` share the eight bytes one
    /// `Int` took.
    let memberHint = Atomic<Int32>(-1)
    /// A number the solver's client keeps for the variable, -1 until it sets one; the solver
    /// never reads it. The layout engine keeps there the place of the variable's view in its
    /// list of views, to find the view a solve moved without a dictionary, and checks it
    /// before use (see `LayoutEngine.owner(of:in:)`).
    package let ownerSlot = Atomic<Int32>(-1)

    /// Creates a variable with a name and a starting value.
    /// - Parameters:
    ///   - name: The name shown in descriptions; it does not need to be unique.
    ///   - value: The value before any solver has written one.
    public init(_ name: String = "", value: Double = 0) {
        self.name = name
        self.storage = Atomic(value.bitPattern)
    }

    /// The value last written by ``Solver/updateVariables()`` (or given at creation).
    @inlinable public var value: Double {
        get { Double(bitPattern: storage.load(ordering: .relaxed)) }
        set { storage.store(newValue.bitPattern, ordering: .relaxed) }
    }

    /// The variable's name, or `v` followed by an identity hint when it has none.
    public var description: String {
        name.isEmpty ? "v\(UInt(bitPattern: ObjectIdentifier(self).hashValue) % 100_000)" : name
    }
}
