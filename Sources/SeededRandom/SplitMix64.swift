/// splitmix64: a small, fast generator whose sequence depends only on its seed, for
/// reproducible tests and benchmarks (`Benchmarks/kiwi_bench.py` implements the same one).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The generator's state; the seed.
    public var state: UInt64

    /// Creates a generator from a seed.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension SplitMix64 {
    /// A number in `range`, drawn as `Int.random(in:using:)` draws it from this generator.
    public mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

    /// True `percent` times in a hundred (one draw of ``int(_:)`` in 0...99).
    public mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

    /// One of `items`, which must not be empty (one draw of ``int(_:)``).
    public mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }
}
