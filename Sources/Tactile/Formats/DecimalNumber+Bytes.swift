// Numbers read straight from a field's bytes, for the trace reader, which
// reads several numbers a line on every line of a replay. Each gives exactly
// what its text counterpart gives for the same bytes: plain decimals short
// enough to be exact take a fast path; everything else (exponents, signs,
// long mantissas, junk) goes through the text path, which decides.

extension DecimalNumber {
    /// The finite, in-range `Double` that `bytes` stand for, or `nil`:
    /// the same as ``parse(_:)`` of the bytes as text.
    ///
    /// Fast path (Clinger's): `-?digits(.digits)?` with at most 15 digits in
    /// all. The digits as an integer are then below 2^53 and the power of
    /// ten below 10^16, so both are exact `Double`s, and one IEEE division
    /// rounds their quotient correctly, which is what `strtod` returns.
    static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        if let value = exactShortDecimal(bytes) { return value }
        return parse(String(decoding: bytes, as: UTF8.self))
    }

    /// The value of a short plain decimal (see ``parse(bytes:)``), or `nil`
    /// for anything else, which is then left to the text path.
    private static func exactShortDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        let count = bytes.count
        let isNegative = count > 0 && bytes[0] == UInt8(ascii: "-")
        let first = isNegative ? 1 : 0
        // 15 digits and a point at most; longer text is left to strtod.
        guard count > first, count - first <= 16 else { return nil }
        var mantissa: UInt64 = 0
        var point = -1
        for index in first..<count {
            let byte = bytes[index]
            let digit = byte &- UInt8(ascii: "0")
            if digit < 10 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
            } else if byte == UInt8(ascii: "."), point < 0 {
                point = index
            } else {
                return nil
            }
        }
        // Digits on both sides of a point ("1." and ".5" go to strtod), 15 in all.
        let fractionDigits = point < 0 ? 0 : count - point - 1
        guard point != first, point < 0 || fractionDigits > 0, point >= 0 || count - first <= 15 else { return nil }
        let magnitude = Double(mantissa) / powersOfTen[fractionDigits]
        return isNegative ? -magnitude : magnitude
    }

    /// 10^0 … 10^15, each exact.
    private static let powersOfTen: [Double] = [
        1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
    ]

    /// The decimal integer that `bytes` stand for, if it fits `Integer`, or
    /// `nil`: the same as `Integer(text, radix: 10)` of the bytes as text.
    ///
    /// Fast path: `-?digits` with at most 18 digits (below 10^18, so no
    /// overflow in `Int64`); anything else goes through the text path.
    static func integer<Integer: FixedWidthInteger>(bytes: UnsafeBufferPointer<UInt8>, as: Integer.Type) -> Integer? {
        let isNegative = bytes.count > 0 && bytes[0] == UInt8(ascii: "-")
        let first = isNegative ? 1 : 0
        // An unsigned type's "-0" is left to the standard library's rule.
        if bytes.count > first, bytes.count - first <= 18, !(isNegative && !Integer.isSigned) {
            var value: Int64 = 0
            var isPlain = true
            for index in first..<bytes.count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else {
                    isPlain = false
                    break
                }
                value = value &* 10 &+ Int64(digit)
            }
            if isPlain { return Integer(exactly: isNegative ? -value : value) }
        }
        return Integer(String(decoding: bytes, as: UTF8.self), radix: 10)
    }
}
