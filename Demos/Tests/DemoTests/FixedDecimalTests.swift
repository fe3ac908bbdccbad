import DemoSupport
import Foundation
import TactileTestSupport
import Testing

/// `fixedDecimal` writes what `String(format: "%.Nf")` (C's printf) writes,
/// which the demos' readouts used before.
@Suite struct FixedDecimalTests {
    /// Ties in binary (rounded half to even), values just off a decimal tie
    /// (0.15 is below it in binary), signs and zeros, tiny, subnormal and
    /// large values, and values that round up into the next whole number.
    static let chosen: [Double] = [
        0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.125, 0.375, -0.125, 0.0625, 0.15, 0.25, 0.35, 1.005, 2.675,
        0.05, -0.05, 0.049999, 0.0004, -0.0004, 0.0005, 0.00049999, 9.995, 9.9995, 99.95, -99.95,
        1e-300, -1e-300, .leastNonzeroMagnitude, 123_456.789, 4_503_599_627_370_495.5, 1e15, -1e15,
        9_007_199_254_740_992, 1.0 / 3, 2.0 / 3, 180 / Double.pi, Double.pi,
    ]

    @Test func fixedDecimalWritesWhatPrintfWrites() {
        var generator = SplitMix64(seed: 14)
        var values = Self.chosen
        for _ in 0..<20_000 {
            // Magnitudes from 1e-4 to 1e6, and quarters and eighths (exact
            // binary ties at two and three decimals).
            let magnitude = pow(10, Double(generator.next() % 1_000) / 100 - 4)
            let value = Double(bitPattern: generator.next() >> 12 | 0x3FF0_0000_0000_0000) - 1
            values.append((generator.next() & 1 == 0 ? 1 : -1) * magnitude * value)
            values.append(Double(Int64(generator.next() % 100_000) - 50_000) / 8)
        }
        for value in values {
            for decimals in 0...3 {
                #expect(fixedDecimal(value, decimals: decimals) == String(format: "%.\(decimals)f", value), "\(value), \(decimals)")
                #expect(fixedDecimal(value, decimals: decimals, sign: true) == String(format: "%+.\(decimals)f", value),
                        "\(value), \(decimals), sign")
            }
        }
    }

    @Test func notFiniteIsWrittenAsPrintfWritesIt() {
        #expect(fixedDecimal(.infinity, decimals: 2) == String(format: "%.2f", Double.infinity))
        #expect(fixedDecimal(-.infinity, decimals: 2) == String(format: "%.2f", -Double.infinity))
        #expect(fixedDecimal(.infinity, decimals: 1, sign: true) == String(format: "%+.1f", Double.infinity))
        #expect(fixedDecimal(.nan, decimals: 2) == String(format: "%.2f", Double.nan))
        #expect(fixedDecimal(.nan, decimals: 2, sign: true) == String(format: "%+.2f", Double.nan))
        #expect(fixedDecimal(-.nan, decimals: 0) == String(format: "%.0f", -Double.nan))
    }
}
