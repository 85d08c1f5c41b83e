import Synchronization

/// A named unknown that a ``Solver`` assigns a value to.
///
/// Variables are compared by identity: two variables with the same name are different
/// unknowns. A solver writes the solved value into ``value`` when you call
/// ``Solver/updateVariables()``.
public final class Variable: Sendable, CustomStringConvertible {
    // A variable is a 40-byte object (a 48-byte block): the name and the client's number
    // share a word, the hints take four bytes each. A layout makes four variables a view,
    // so each byte counts four times per view of a screen.

    /// The value's bits (inlined into clients, so reading a solved value is one load).
    @usableFromInline let storage: Atomic<UInt64>
    /// The name and the client's number (see ``ownerSlot``) in one word:
    /// - low bits `01`: the name is one of ``CommonName`` (its code in bits 8–15, 0 for no
    ///   name), the client's bits (see ``clientBits``) in bits 16–23, and the number in the
    ///   high 32 bits;
    /// - low bits `11`: a name of up to seven bytes of UTF-8, in bits 8–63, its length in
    ///   bits 2–4 (no allocation for the short names most code gives);
    /// - low bit `0`: the address of the name's ``NameBox``, retained.
    /// The number stays -1 beside any name but a common one.
    @usableFromInline let nameWord: Atomic<UInt64>
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

    /// The name used in descriptions, errors and tableau dumps.
    public var name: String {
        let word = nameWord.load(ordering: .relaxed)
        switch word & 3 {
        case 1: return CommonName.names[Int(word >> 8 & 0xff)]
        case 3:
            var bytes = word >> 8
            let length = Int(word >> 2 & 7)
            return withUnsafeBytes(of: &bytes) { String(decoding: $0.prefix(length), as: UTF8.self) }
        default: return Self.box(word).takeUnretainedValue().text
        }
    }

    /// The object of a name other than a common one, nil for a common name.
    var nameBox: NameBox? {
        let word = nameWord.load(ordering: .relaxed)
        return word & 1 == 0 ? Self.box(word).takeUnretainedValue() : nil
    }

    /// Creates a variable with a name and a starting value.
    /// - Parameters:
    ///   - name: The name shown in descriptions; it does not need to be unique.
    ///   - value: The value before any solver has written one.
    public init(_ name: String = "", value: Double = 0) {
        self.storage = Atomic(value.bitPattern)
        if name.isEmpty {
            nameWord = Atomic(Self.commonWord(code: 0, slot: -1))
        } else if let short = Self.shortWord(name) {
            nameWord = Atomic(short)
        } else {
            let box = Unmanaged.passRetained(NameBox(name))
            nameWord = Atomic(UInt64(UInt(bitPattern: box.toOpaque())))
        }
    }

    /// A variable with one of the names layouts give every variable: stored as a code, with
    /// room for the client's number beside it.
    package init(_ name: CommonName, value: Double = 0) {
        storage = Atomic(value.bitPattern)
        nameWord = Atomic(Self.commonWord(code: name.rawValue, slot: -1))
    }

    deinit {
        let word = nameWord.load(ordering: .relaxed)
        if word & 1 == 0 { Self.box(word).release() }
    }

    /// A number the solver's client keeps for the variable, -1 until it sets one; the solver
    /// never reads it. The layout engine keeps there the slot of the variable's view in its
    /// table of views, to find the view a solve moved without a dictionary, and checks it
    /// before use (see `LayoutEngine.owner(of:in:)`). Only a variable made with a
    /// ``CommonName``, or with no name, keeps one: for any other it stays -1.
    @inlinable package var ownerSlot: Int32 {
        let word = nameWord.load(ordering: .relaxed)
        return word & 3 == 1 ? Int32(truncatingIfNeeded: word >> 32) : -1
    }

    /// Sets ``ownerSlot`` (for a variable made with a ``CommonName`` or none; else nothing).
    package func setOwnerSlot(_ slot: Int32) {
        let word = nameWord.load(ordering: .relaxed)
        guard word & 3 == 1 else { return }
        nameWord.store(word & 0xffff_ffff | UInt64(UInt32(bitPattern: slot)) << 32, ordering: .relaxed)
    }

    /// Eight bits the solver's client keeps for the variable, 0 until it sets them; the
    /// solver never reads them. Like ``ownerSlot``, only a variable made with a
    /// ``CommonName``, or with no name, keeps them: for any other they stay 0.
    @inlinable package var clientBits: UInt8 {
        let word = nameWord.load(ordering: .relaxed)
        return word & 3 == 1 ? UInt8(truncatingIfNeeded: word >> 16) : 0
    }

    /// Sets ``clientBits`` (for a variable made with a ``CommonName`` or none; else nothing).
    package func setClientBits(_ bits: UInt8) {
        let word = nameWord.load(ordering: .relaxed)
        guard word & 3 == 1 else { return }
        nameWord.store(word & ~(0xff << 16) | UInt64(bits) << 16, ordering: .relaxed)
    }

    /// The word of a common name's code and a client's number.
    private static func commonWord(code: UInt8, slot: Int32) -> UInt64 {
        UInt64(UInt32(bitPattern: slot)) << 32 | UInt64(code) << 8 | 1
    }

    /// The word of a name of up to seven bytes of UTF-8, nil for a longer one.
    private static func shortWord(_ name: String) -> UInt64? {
        var name = name
        return name.withUTF8 { bytes in
            guard bytes.count <= 7 else { return nil }
            var word = UInt64(bytes.count) << 2 | 3
            for k in bytes.indices { word |= UInt64(bytes[k]) << (8 * UInt64(k + 1)) }
            return word
        }
    }

    /// The box whose address a word holds.
    private static func box(_ word: UInt64) -> Unmanaged<NameBox> {
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: UInt(truncatingIfNeeded: word)).unsafelyUnwrapped)
    }

    /// The names layouts give every variable, which a variable stores as a one-byte code.
    package enum CommonName: UInt8 {
        /// The edges of an item's rectangle, as the layout engine names its variables.
        case minX = 1, minY, maxX, maxY
        /// A variable the equality classes make to stand for a class.
        case classAnchor

        /// The names by code (0 for none).
        static let names = ["", "minX", "minY", "maxX", "maxY", "class"]
    }

    /// A name other than a common one, in an object of its own.
    final class NameBox: Sendable {
        let text: String

        init(_ text: String) { self.text = text }
    }

    /// The value last written by ``Solver/updateVariables()`` (or given at creation).
    @inlinable public var value: Double {
        get { Double(bitPattern: storage.load(ordering: .relaxed)) }
        set { storage.store(newValue.bitPattern, ordering: .relaxed) }
    }

    /// The variable's name, or `v` followed by an identity hint when it has none.
    public var description: String {
        let name = name
        return name.isEmpty ? "v\(UInt(bitPattern: ObjectIdentifier(self).hashValue) % 100_000)" : name
    }
}
