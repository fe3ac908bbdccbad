/// A number written with a fixed count of decimals, as C's `printf("%.2f")`
/// writes it, without Foundation: the demos' header and panel readouts.
///
/// The demos drew those with `String(format:)`. Its first call in a process
/// looks up the arguments' `CVarArg` conformances by scanning the runtime's
/// conformance tables, about 3,500,000 instructions (callgrind, Tilt Maze's
/// first render), and that scan walks megabytes of read-only data: the frame
/// after it, the first one after the first render, found its input's code
/// and data evicted (issue 14, item 6: the frames that set the input's p99).
/// Each later call still cost about 30,000 instructions (the header's two
/// lines: 92,000 a frame in Tilt Maze, 254,000 in the Gesture Lab's panels).
///
/// The digits are exact, as `printf`'s: the value's binary fraction is
/// scaled in integers and rounded half to even, so 0.125 is "0.12" and 0.15
/// (just below 0.15 in binary) is "0.1"; -0.0 and values that round to zero
/// from below keep their minus sign, as `printf` does.
/// (`FixedDecimalTests` compares the two on ties, signs, tiny and large
/// values and random ones.)
///
/// ```swift
/// fixedDecimal(2.345, decimals: 1)            // "2.3"
/// fixedDecimal(0.5, decimals: 2, sign: true)  // "+0.50"
/// ```
///
/// - Parameters:
///   - value: The number. Not finite, it is written `nan` or `inf`, signed as printf signs it.
///   - decimals: Digits after the point, 0 through 3 (`%.0f` through
///     `%.3f`): with more, the scaled significand would not fit 64 bits.
///   - sign: Whether a positive value gets a `+` (`%+.2f`).
public func fixedDecimal(_ value: Double, decimals: Int, sign: Bool = false) -> String {
    precondition((0...3).contains(decimals), "fixedDecimal: \(decimals) decimals; 0 through 3 are written exactly")
    guard value.isFinite else { return (value.sign == .minus ? "-" : sign ? "+" : "") + (value.isNaN ? "nan" : "inf") }
    var scale: UInt64 = 1
    for _ in 0..<decimals { scale *= 10 }
    let magnitude = value.magnitude
    // magnitude = significand × 2^exponent, the significand below 2^53.
    let significand = magnitude.significandBitPattern | (magnitude.isNormal ? 1 << 52 : 0)
    let exponent = Int(magnitude.exponentBitPattern == 0 ? 1 : magnitude.exponentBitPattern) - 1075
    var whole: UInt64
    if exponent >= 0 {
        // A whole number. Scaled, below 2^63 it fits; no demo draws a
        // larger one, which is written as Double's description instead.
        guard magnitude * Double(scale) < 9.2e18 else { return (value.sign == .minus ? "-" : sign ? "+" : "") + "\(magnitude)" }
        whole = UInt64(magnitude) * scale
    } else {
        // significand × scale / 2^shift, rounded half to even. The product
        // is below 2^53 × 1,000 < 2^63.
        let shift = -exponent
        let scaled = significand * scale
        if shift >= 64 {
            whole = 0  // below 2^63 / 2^64: under a half
        } else {
            whole = scaled >> UInt64(shift)
            let remainder = scaled & ((1 << UInt64(shift)) - 1)
            let half: UInt64 = 1 << UInt64(shift - 1)
            if remainder > half || (remainder == half && whole & 1 == 1) { whole += 1 }
        }
    }
    var text = String(whole / scale)
    if decimals > 0 {
        let fraction = String(whole % scale)
        text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
    if value.sign == .minus { return "-" + text }
    return sign ? "+" + text : text
}
