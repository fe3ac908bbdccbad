/// How Tactile's text formats read a number: plain decimal text that stands
/// for a finite `Double` in range, or nothing.
///
/// Both formats write numbers with `Double.description`, the shortest text
/// that reads back as exactly the same `Double` (subnormals and negative
/// zero included: `5e-324`, `-0.0`), and read them here. `Double.init` alone
/// is too lenient for a file format:
///
/// | text | `Double(text)` | here |
/// |---|---|---|
/// | `0x1p3`, `nan`, `inf`, `infinity` | 8, NaN, ∞, ∞ | refused: not decimal |
/// | `1e999` | ∞ | refused: above the range |
/// | `1e-400` | 0 | refused: below the range (it would silently read as 0) |
/// | `1\0garbage` | 1 (stops at the NUL) | refused: not decimal |
/// | `5e-324`, `-0.0`, `1e-05` | exact | the same |
///
/// A number that rounds to a nonzero subnormal is in range; only one whose
/// nonzero digits round all the way to zero is refused.
enum DecimalNumber {
    /// The finite, in-range `Double` that `text` stands for, or `nil`.
    static func parse(_ text: String) -> Double? {
        var hasNonzeroDigit = false
        var inExponent = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "1")...UInt8(ascii: "9"):
                if !inExponent { hasNonzeroDigit = true }
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                inExponent = true
            case UInt8(ascii: "0"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                break
            default:
                return nil
            }
        }
        guard let value = Double(text), value.isFinite else { return nil }
        // Nonzero digits that read as zero underflowed.
        if value == 0, hasNonzeroDigit { return nil }
        return value
    }
}
