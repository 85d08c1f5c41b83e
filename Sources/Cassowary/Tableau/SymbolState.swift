// A symbol's state: what the tableau keeps for each symbol besides its row and its column.

extension Tableau {
    /// What the tableau keeps for each symbol besides its row and its column, in one array
    /// so that making a symbol is one append: the symbol itself, the stamp of the last visit
    /// of its row, how many constraints use its variable, whether its value may have changed
    /// since the last ``updateVariables()``, and the user variable of an external symbol.
    struct SymbolState {
        // 32 bytes: the flag shares a word with the count, and the four-byte fields come
        // before the eight-byte ones (a state per symbol, several symbols per view).
        let symbol: Symbol
        var stamp: UInt32 = 0
        /// ``references`` in the low 31 bits, ``isDirty`` in the top one.
        private var referencesAndDirty: UInt32 = 0
        /// For a basic user variable, when its row was made (see ``definitionCount``), or
        /// later raised (see Tableau+Orders.swift): a row names only basic variables with a
        /// lower order.
        var order: UInt32 = 0
        var variable: Variable? = nil
        /// A user variable's value when values were last refreshed (see
        /// ``refreshValues(_:)``): the rows that name the variable are computed from it.
        /// Kept here rather than read from the variable, which another solver may write.
        var value = 0.0

        init(symbol: Symbol) { self.symbol = symbol }

        /// How many constraints use the symbol's variable (never negative).
        var references: Int32 {
            @inline(__always) get { Int32(bitPattern: referencesAndDirty & Self.countBits) }
            @inline(__always) set {
                assert(newValue >= 0, "a negative reference count")
                referencesAndDirty = referencesAndDirty & ~Self.countBits | UInt32(bitPattern: newValue) & Self.countBits
            }
        }

        /// Whether the symbol's value may have changed since the last ``updateVariables()``.
        var isDirty: Bool {
            @inline(__always) get { referencesAndDirty & ~Self.countBits != 0 }
            @inline(__always) set { referencesAndDirty = newValue ? referencesAndDirty | ~Self.countBits : referencesAndDirty & Self.countBits }
        }

        private static let countBits: UInt32 = 0x7fff_ffff
    }
}
