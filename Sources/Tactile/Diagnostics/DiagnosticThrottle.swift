/// Decides which occurrences of a repeated problem are worth a diagnostic:
/// the 1st, 2nd, 4th, 8th… so that a flood of bad input (a stale controller
/// streaming samples at 1 kHz for an hour) is reported about twenty times,
/// not millions, while the first occurrence is always seen at once.
///
/// Counting occurrences rather than reading a clock keeps it deterministic
/// and immune to bad timestamps, which are what bad input often carries.
/// Each report carries ``count``, the occurrences so far, so nothing is
/// hidden, only summarised. Cost per occurrence: O(1).
package struct DiagnosticThrottle: Sendable {
    /// How many occurrences there have been.
    package private(set) var count = 0

    package init() {}

    /// Counts one occurrence; whether this one should be reported.
    package mutating func occurred() -> Bool {
        count += 1
        // A power of two has one bit set.
        return count & (count - 1) == 0
    }
}
