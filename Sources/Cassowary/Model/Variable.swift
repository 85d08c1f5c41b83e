import Synchronization

/// A named unknown that a ``Solver`` assigns a value to.
///
/// Variables are compared by identity: two variables with the same name are different
/// unknowns. A solver writes the solved value into ``value`` when you call
/// ``Solver/updateVariables()``.
public final class Variable: Sendable, CustomStringConvertible {
    // A variable is a 37-byte object (a 48-byte block): the name is a one-byte code, the
    // hints four bytes each. A layout makes four variables a view, so each byte counts
    // four times per view of a screen.

    /// The value's bits (inlined into clients, so reading a solved value is one load).
    @usableFromInline let storage: Atomic<UInt64>
    /// The index of this variable's symbol in the tableau that last registered it, or -1: a
    /// hint that spares a dictionary lookup. A tableau trusts it only after checking that
    /// the symbol at that index is this variable and is in use (see
    /// ``Tableau/symbol(for:)``), so a stale hint, or one from another solver, is harmless.
    /// (Symbols are numbered in `Int32`, as a symbol's raw value holds its index in 30 bits.)
    let symbolHint = Atomic<Int32>(-1)
    /// The same for the member of the variable in the equality classes of the solver that
    /// last registered it (see ``EqualityClasses/member(of:)``); for an anchor the classes
    /// made, which is never a member, `-2 - class` (see ``EqualityClasses/klass(ofAnchor:)``).
    let memberHint = Atomic<Int32>(-1)
    /// A number the solver's client keeps for the variable, -1 until it sets one; the solver
    /// never reads it. The layout engine keeps there the place of the variable's view in its
    /// list of views, to find the view a solve moved without a dictionary, and checks it
    /// before use (see `LayoutEngine.owner(of:in:)`).
    package let ownerSlot = Atomic<Int32>(-1)
    /// The name: its index in ``VariableNames/common``, or ``VariableNames/custom`` for a
    /// name kept in ``VariableNames/table``.
    private let nameCode: UInt8

    /// The name used in descriptions, errors and tableau dumps.
    public var name: String {
        guard nameCode == VariableNames.custom else { return VariableNames.common[Int(nameCode)] }
        return VariableNames.table.withLock { $0[ObjectIdentifier(self)] ?? "" }
    }

    /// Creates a variable with a name and a starting value.
    /// - Parameters:
    ///   - name: The name shown in descriptions; it does not need to be unique.
    ///   - value: The value before any solver has written one.
    public init(_ name: String = "", value: Double = 0) {
        self.storage = Atomic(value.bitPattern)
        if name.isEmpty {
            nameCode = 0
        } else {
            nameCode = VariableNames.custom
            VariableNames.table.withLock { $0[ObjectIdentifier(self)] = name }
        }
    }

    /// A variable with one of the names layouts give every variable: no table entry.
    package init(_ name: CommonName, value: Double = 0) {
        storage = Atomic(value.bitPattern)
        nameCode = name.rawValue
    }

    /// The names layouts give every variable, which a variable stores as a one-byte code.
    package enum CommonName: UInt8 {
        /// The edges of an item's rectangle, as the layout engine names its variables.
        case minX = 1, minY, maxX, maxY
        /// A variable the equality classes make to stand for a class.
        case classAnchor
    }

    deinit {
        if nameCode == VariableNames.custom {
            VariableNames.table.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(self)) }
        }
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

/// Where variables keep their names: the names layouts give every variable as a one-byte
/// code, any other in a table, by variable, for as long as the variable lives.
enum VariableNames {
    /// The names stored as their index: none, then those of ``Variable/CommonName``.
    static let common = ["", "minX", "minY", "maxX", "maxY", "class"]
    /// The code of a name kept in ``table``.
    static let custom: UInt8 = .max
    /// The other names.
    static let table = Mutex<[ObjectIdentifier: String]>([:])
}
