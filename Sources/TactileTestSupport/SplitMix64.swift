/// A small, fast, seeded generator (Steele, Lea and Flood's SplitMix64), so
/// that every run of the fuzz tests sees the same inputs and a failure can be
/// replayed with its seed. Shared by Tactile's test targets, and public so a
/// game's own fuzz tests can use it.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`, or 0 when `bound` is 0.
    public mutating func below(_ bound: Int) -> Int {
        bound <= 0 ? 0 : Int(next() % UInt64(bound))
    }

    /// Any finite `Double`, from a random bit pattern: subnormals, huge
    /// exponents and negative zero included, the numbers a format gets wrong.
    public mutating func finiteDouble() -> Double {
        while true {
            let value = Double(bitPattern: next())
            if value.isFinite { return value }
        }
    }

    /// A float in 0..<1 with 24 random bits, the precision of a `Float`.
    public mutating func unitFloat() -> Float {
        Float(next() >> 40) / Float(1 << 24)
    }
}
