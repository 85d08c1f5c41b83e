/// An object's identity as a dictionary key, hashed with one multiplication.
///
/// `ObjectIdentifier` hashes through SipHash, which costs more than the rest of a lookup;
/// the engine's tables (views, variables, generated constraints) are looked up for every
/// constraint and every solved variable, so they use this key instead. The hash mixes in
/// the table's seed as the standard library's does. (The solver has its own copy: shared
/// across modules with `package` access, lookups cost 45M more instructions in the
/// 1,000-cell benchmark, because the key's hash is no longer specialized into them.)
struct Identity: Hashable {
    let raw: UInt

    @inline(__always) init(_ object: AnyObject) { raw = UInt(bitPattern: ObjectIdentifier(object)) }

    func hash(into hasher: inout Hasher) { hasher.combine(raw) }

    @inline(__always) func _rawHashValue(seed: Int) -> Int {
        // Fibonacci hashing; the high half is folded down because tables use the low bits.
        let h = (raw ^ UInt(bitPattern: seed)) &* 0x9E37_79B9_7F4A_7C15
        return Int(bitPattern: h ^ (h >> 32))
    }
}
