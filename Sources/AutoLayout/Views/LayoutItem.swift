import Cassowary
import Synchronization

/// Something constraints can relate: a ``LayoutView`` or a ``LayoutGuide``.
public protocol LayoutItem: AnyObject, CustomStringConvertible {}

/// A constraint's reference to an item: the item owns its handle and clears it when it goes
/// away, so a constraint sees nil afterwards (the weak semantics of UIKit) while no view
/// needs the side table a weak reference would give it. A view's handle is its
/// ``ItemVariables`` (one object fewer per view); a guide has a plain handle.
///
/// The reference is stored unretained, as an address: reading it to compare or to follow
/// it costs no retain (an `unowned(unsafe)` read retains and releases).
@usableFromInline class ItemHandle {
    /// The item's address, with ``guideBit`` set for a guide (objects are aligned, so the
    /// low bits are free); 0 for none. One word for either kind of item keeps a view's
    /// ``ItemVariables`` small, where a reference for each kind took a word more.
    /// ``ItemVariables`` keeps its ``variablesBit`` here too.
    @exclusivity(unchecked) final var itemBits: UInt = 0
    /// The bit of ``itemBits`` set when the item is a guide.
    static let guideBit: UInt = 1
    /// The bit of ``itemBits`` set when an item's ``ItemVariables`` has made its variables.
    static let variablesBit: UInt = 2

    init() {}

    /// ``itemBits``' address, without the flags.
    private final var address: UnsafeRawPointer? {
        UnsafeRawPointer(bitPattern: itemBits & ~(ItemHandle.guideBit | ItemHandle.variablesBit))
    }

    /// Sets the address and the guide bit, keeping the variables bit.
    private final func setItem(_ address: UnsafeMutableRawPointer?, guide: Bool) {
        let flags = itemBits & ItemHandle.variablesBit
        guard let address else { return itemBits = flags }
        itemBits = UInt(bitPattern: address) | flags | (guide ? ItemHandle.guideBit : 0)
    }

    /// The item when it is a view, unretained.
    final var viewReference: Unmanaged<LayoutView>? {
        get {
            guard itemBits & ItemHandle.guideBit == 0, let address else { return nil }
            return Unmanaged.fromOpaque(address)
        }
        set { setItem(newValue?.toOpaque(), guide: false) }
    }
    /// The item when it is a guide, unretained.
    final var guideReference: Unmanaged<LayoutGuide>? {
        get {
            guard itemBits & ItemHandle.guideBit != 0, let address else { return nil }
            return Unmanaged.fromOpaque(address)
        }
        set { setItem(newValue?.toOpaque(), guide: true) }
    }

    /// The item: its view or its guide, nil once it has gone away.
    final var item: LayoutItem? {
        if let view { return view }
        return guide
    }
    /// The item when it is a view (set by the view): activation finds the view without a cast.
    final var view: LayoutView? { viewReference?.takeUnretainedValue() }
    /// The item when it is a guide (set by the guide), for the same reason.
    final var guide: LayoutGuide? { guideReference?.takeUnretainedValue() }
}

/// The handle of a view or guide (nil for anything else, which validation refuses).
@inlinable func handle(of item: LayoutItem?) -> ItemHandle? {
    switch item {
    case let view as LayoutView: view.handle
    case let guide as LayoutGuide: guide.handle
    default: nil
    }
}

/// The solver variables of an item: the four edges of its alignment rectangle in its root
/// view's coordinates (min x, min y, max x, max y). (A class: passing one costs one retain
/// where a struct of four references costs four.) A view's variables are its handle too; a
/// guide's variables leave the handle part unused.
///
/// Edges rather than an origin and a size: most of what a layout says is then an equality
/// between two variables with unit coefficients (`a.top == b.bottom + 8`, `a.leading ==
/// b.leading + 16`, `a.height == 44` as `maxY - minY == 44`), which the solver keeps out of
/// its tableau as equality classes, so lists, rows and nested views cost no rows at all.
///
/// The four variables are made on first use: a view its engine places through a frame
/// alias (a table's cell, say; see ``FrameAlias``) never has them, as they would never
/// enter the solver. Until they are made, the rectangle is ``values``, which the engine
/// writes for such a view.
@usableFromInline final class ItemVariables: ItemHandle {
    // Four words hold the rectangle ``values`` (its numbers' bits) until the variables are
    // made, and the four variables after: the variables start from the rectangle, and an
    // item that has them reads its rectangle from them, so the two are never needed at
    // once. Sharing the words keeps the object in a 64-byte block instead of 96 (a view
    // has one). ``hasVariables`` says which the words hold.
    //
    // The variables are held unretained, retained once when made and released in `deinit`:
    // reading one (for its value, or to put it in a term) then costs no more than reading a
    // `let` did, where a class reference would be retained and released on every read.
    @exclusivity(unchecked) private var word0: UInt64 = 0
    @exclusivity(unchecked) private var word1: UInt64 = 0
    @exclusivity(unchecked) private var word2: UInt64 = 0
    @exclusivity(unchecked) private var word3: UInt64 = 0

    /// An item without variables yet, at ``Rect/zero``.
    override init() {}

    deinit {
        guard hasVariables else { return }
        Self.variable(word0).release()
        Self.variable(word1).release()
        Self.variable(word2).release()
        Self.variable(word3).release()
    }

    /// Whether the variables were made.
    @inline(__always) var hasVariables: Bool { itemBits & ItemHandle.variablesBit != 0 }

    /// The variable whose address a word holds.
    @inline(__always) private static func variable(_ word: UInt64) -> Unmanaged<Variable> {
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: UInt(truncatingIfNeeded: word)).unsafelyUnwrapped)
    }

    /// A variable's address as a word.
    @inline(__always) private static func word(_ variable: Unmanaged<Variable>) -> UInt64 {
        UInt64(UInt(bitPattern: variable.toOpaque()))
    }

    /// The rectangle the words hold while there are no variables.
    private var wordsRect: Rect {
        Rect(x: Double(bitPattern: word0), y: Double(bitPattern: word1),
             width: Double(bitPattern: word2), height: Double(bitPattern: word3))
    }

    private var minXReference: Unmanaged<Variable>? { hasVariables ? Self.variable(word0) : nil }
    private var minYReference: Unmanaged<Variable>? { hasVariables ? Self.variable(word1) : nil }
    private var maxXReference: Unmanaged<Variable>? { hasVariables ? Self.variable(word2) : nil }
    private var maxYReference: Unmanaged<Variable>? { hasVariables ? Self.variable(word3) : nil }

    /// The rectangle while there are no variables (the variables start from it). Written
    /// only then: an item with variables is placed through them.
    var values: Rect {
        get { hasVariables ? rect : wordsRect }
        set {
            guard !hasVariables else { return assertionFailure("an item's variables are written, not its values") }
            word0 = newValue.minX.bitPattern
            word1 = newValue.minY.bitPattern
            word2 = newValue.width.bitPattern
            word3 = newValue.height.bitPattern
        }
    }

    /// The variable of the rectangle's minimum x (made with the others on first use).
    var minX: Variable {
        if !hasVariables { makeVariables() }
        return Self.variable(word0).takeUnretainedValue()
    }
    /// The variable of the rectangle's minimum y.
    var minY: Variable {
        if !hasVariables { makeVariables() }
        return Self.variable(word1).takeUnretainedValue()
    }
    /// The variable of the rectangle's maximum x.
    var maxX: Variable {
        if !hasVariables { makeVariables() }
        return Self.variable(word2).takeUnretainedValue()
    }
    /// The variable of the rectangle's maximum y.
    var maxY: Variable {
        if !hasVariables { makeVariables() }
        return Self.variable(word3).takeUnretainedValue()
    }

    /// Makes the four variables, starting from ``values``. Their names only show in solver
    /// dumps, so they are the fixed names a variable stores as a one-byte code (building a
    /// name per item costs more than the rest of making the item).
    @inline(never) private func makeVariables() {
        let r = values
        word0 = Self.word(.passRetained(Variable(.minX, value: r.minX)))
        word1 = Self.word(.passRetained(Variable(.minY, value: r.minY)))
        word2 = Self.word(.passRetained(Variable(.maxX, value: r.minX + r.width)))
        word3 = Self.word(.passRetained(Variable(.maxY, value: r.minY + r.height)))
        itemBits |= ItemHandle.variablesBit
        // A view's variables name its slot in its engine; a guide's stay unnamed.
        if let view { setOwnerSlot(view.viewSlot) }
    }

    /// Gives the variables, if they were made, a view's slot in its engine (see
    /// ``LayoutEngine/owner(of:in:)``).
    @inline(__always) func setOwnerSlot(_ index: Int) {
        guard let minX = minXReference else { return }
        let slot = Int32(clamping: index)
        minX._withUnsafeGuaranteedRef { $0.setOwnerSlot(slot) }
        minYReference.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.setOwnerSlot(slot) }
        maxXReference.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.setOwnerSlot(slot) }
        maxYReference.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.setOwnerSlot(slot) }
    }

    /// Whether `variable` is one of these four.
    @inline(__always) func owns(_ variable: Variable) -> Bool {
        // (The words compared as they are: each reference above checks ``hasVariables``
        // again, and this runs for every variable a solve changes.)
        guard hasVariables else { return false }
        let target = Self.word(.passUnretained(variable))
        return word1 == target || word3 == target || word0 == target || word2 == target
    }

    /// The variable of an edge: 0 minX, 1 minY, 2 maxX, 3 maxY (so `edge % 2` is the axis,
    /// 0 for x, and an edge's far side is `edge + 2`). The variables must be made.
    @inline(__always) func variable(at edge: Int) -> Unmanaged<Variable> {
        switch edge {
        case 0: Self.variable(word0)
        case 1: Self.variable(word1)
        case 2: Self.variable(word2)
        default: Self.variable(word3)
        }
    }

    /// The value of an edge's variable, numbered as by ``variable(at:)``; the variables must
    /// be made.
    @inline(__always) func value(at edge: Int) -> Double {
        variable(at: edge)._withUnsafeGuaranteedRef { $0.value }
    }

    /// The solved rectangle (``values`` while there are no variables), each number on a grid
    /// of 2⁻³² points: floating-point noise (`221.00000000000003` for 221, from a size
    /// taken as the difference of two edges) goes, and nothing a screen could show moves.
    var rect: Rect {
        guard hasVariables else { return wordsRect }
        let x = Self.variable(word0)._withUnsafeGuaranteedRef { $0.value }
        let y = Self.variable(word1)._withUnsafeGuaranteedRef { $0.value }
        let maxX = Self.variable(word2)._withUnsafeGuaranteedRef { $0.value }
        let maxY = Self.variable(word3)._withUnsafeGuaranteedRef { $0.value }
        return Rect(x: snapped(x), y: snapped(y), width: snapped(maxX - x), height: snapped(maxY - y))
    }
}

/// A number on the grid of 2⁻³²: exact arithmetic (scaling by a power of two), and no
/// change to a number that is already on it or too large to have finer digits. Halves
/// round away from zero, as `rounded()` does, and the result is the same to the bit.
///
/// (Rounded without libm's `round`, a call of about 25 instructions made four times for
/// each view a solve moves: adding 2⁵² to a magnitude under 2⁵² leaves no fraction bits,
/// so the addition rounds it to an integer, halves to even; a half rounded down is put up.
/// A number of 2²⁰ or more is on the grid already (its last bit is worth 2⁻³² or more),
/// and so is a whole number, which most edges and sizes are: the same addition finds it.)
@inline(__always) func snapped(_ value: Double) -> Double {
    let scale = 4_294_967_296.0, integral = 4_503_599_627_370_496.0  // 2³², 2⁵²
    let magnitude = abs(value)
    // (NaN fails the comparison and is returned as it is.)
    guard magnitude < 1_048_576 else { return value }
    if (magnitude + integral) - integral == magnitude { return value }
    let scaled = magnitude * scale
    var rounded = (scaled + integral) - integral
    if scaled - rounded == 0.5 { rounded += 1 }
    return Double(signOf: value, magnitudeOf: rounded) * (1 / scale)
}

/// Names for items without an identifier: the kind and the object's address, as Apple prints them.
enum ItemNames {
    static func fallback(_ kind: String, _ object: AnyObject) -> String {
        let address = UInt(bitPattern: ObjectIdentifier(object))
        return "\(kind):0x\(String(address % 0x1_0000_0000, radix: 16))"
    }
}
