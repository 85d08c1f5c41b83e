// Finding, among the many constraints a view hosts, those that name an item of a subtree
// leaving from under it (see ``LayoutEngine/deactivateConstraints(reachingInto:views:)``)
// without reading every constraint object: read one by one, the 300,000 constraints of
// the root of a list of 100,000 rows made removing one row cost 6.5 ms, most of it
// waiting for memory.

/// A word for each constraint a view hosts, in the order of ``LayoutView/constraints``:
/// two bits, picked by address, for each item the constraint names other than the host.
/// A constraint whose word lacks both bits of every leaving item names none of them, and
/// is passed over without being read; the others are read and checked.
///
/// Made the first time a subtree leaves from under a view that hosts
/// ``HostedConstraintKeys/threshold`` constraints or more (from the constraints, as
/// reading them whole would), and kept in step with the host's constraints by activation
/// and deactivation from then on: 4 bytes a constraint.
final class HostedConstraintKeys {
    /// Hosts with fewer constraints are read whole.
    static let threshold = 256
    /// Leaving subtrees with more items than this are checked against the bits of all of
    /// them together (any bit in common), rather than item by item.
    static let itemsCheckedOneByOne = 8

    /// The words, one for each of the host's constraints.
    @exclusivity(unchecked) private(set) var keys: [UInt32]

    /// The words of the constraints `host` holds now.
    init(host: LayoutView) {
        keys = host.constraints.withUnsafeBufferPointer { constraints in
            [UInt32](unsafeUninitializedCapacity: constraints.count) { words, count in
                for index in constraints.indices {
                    words[index] = Unmanaged.passUnretained(constraints[index])._withUnsafeGuaranteedRef {
                        Self.key(of: $0, host: host)
                    }
                }
                count = constraints.count
            }
        }
    }

    /// Adds the word of a constraint `host` has just taken (the last of its constraints).
    func append(_ constraint: LayoutConstraint, host: LayoutView) {
        keys.append(Self.key(of: constraint, host: host))
    }

    /// Removes the word of the constraint `host` has just let go from `index`.
    func remove(at index: Int) {
        keys.remove(at: index)
    }

    /// The two bits of an item's handle, by its address (objects are 16-byte aligned, so
    /// the address is mixed first, and the bits are read from the top of the product).
    @inline(__always) static func bits(of address: Identity) -> UInt32 {
        let mixed = UInt64(address.raw) &* 0x9E37_79B9_7F4A_7C15
        return 1 << UInt32(mixed >> 59) | 1 << UInt32(mixed >> 54 & 31)
    }

    /// The word of a constraint hosted by `host`.
    static func key(of constraint: LayoutConstraint, host: LayoutView) -> UInt32 {
        let hostAddress = Unmanaged.passUnretained(host).toOpaque()
        @inline(__always) func bits(_ handle: ItemHandle?) -> UInt32 {
            guard let handle, handle.viewReference?.toOpaque() != hostAddress else { return 0 }
            return Self.bits(of: Identity(handle))
        }
        var key = bits(constraint.firstHandle) | bits(constraint.secondHandle)
        if constraint.rare != nil, let extras = constraint.extras {
            for span in [extras.firstSpan, extras.secondSpan] {
                key |= bits(span?.start.itemHandle) | bits(span?.end.itemHandle)
            }
        }
        return key
    }

    /// Appends the constraints of `host` that name an item of `handles`, reading only those
    /// whose word has the bits of one of them; returns false, having appended nothing, if
    /// the words are not one for each constraint (never: the two change together; the
    /// caller then reads the constraints whole rather than trust them).
    func appendConstraints(of host: LayoutView, naming handles: HandleSet, to found: inout [LayoutConstraint]) -> Bool {
        let constraints = host.constraints
        guard keys.count == constraints.count else { return false }
        let addresses = handles.addresses
        let itemBits = addresses.count <= Self.itemsCheckedOneByOne ? addresses.map { Self.bits(of: $0) } : []
        let any = addresses.reduce(UInt32(0)) { $0 | Self.bits(of: $1) }
        keys.withUnsafeBufferPointer { keys in
            for index in keys.indices where keys[index] & any != 0 {
                let key = keys[index]
                guard itemBits.isEmpty || itemBits.contains(where: { key & $0 == $0 }) else { continue }
                let constraint = constraints[index]
                if constraint.relatesItem(handledBy: handles) { found.append(constraint) }
            }
        }
        return true
    }
}

extension LayoutView {
    /// The words of the constraints the view hosts, made now if it has none yet (see
    /// ``HostedConstraintKeys``).
    var hostedKeys: HostedConstraintKeys {
        if let keys = extrasStorage?.hostedKeys { return keys }
        let keys = HostedConstraintKeys(host: self)
        extras.hostedKeys = keys
        return keys
    }
}
