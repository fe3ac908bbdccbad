/// The guide's low-pass filter (listing 4-5): keeps the slowly changing part
/// of a stream of readings, which for an accelerometer is gravity.
///
/// Each reading moves the output a fixed fraction, the filtering factor, of
/// the way towards it:
///
/// ```
/// value = sample × factor + value × (1 − factor)
/// ```
///
/// exactly as listing 4-5 writes it for each axis. With the guide's factor of
/// 0.1 an output uses 10 % of the new reading and 90 % of the previous
/// output, so it "settles out quickly and responds slowly to sudden but
/// short-lived changes in motion". Like the listing's `accelX`, the output
/// starts at zero (``init(factor:initialValue:)`` can start it elsewhere), so
/// a constant input `g` gives `g × (1 − 0.9ⁿ)` after `n` readings.
///
/// ```swift
/// var gravity = LowPassFilter()              // factor 0.1, as in the guide
/// for data in samples {
///     let filtered = gravity.filter(data.acceleration)
///     level.tilt = filtered
/// }
/// ```
///
/// The factor is per reading, so the filter's time constant depends on the
/// rate readings arrive at: about `interval × (1 − factor) / factor`, 0.18 s
/// for 0.1 at the 50 Hz of the guide's listing 4-3. Code whose readings do
/// not arrive at a steady rate sets ``factor`` from
/// ``factor(timeConstant:interval:)`` before each reading, as Tactile's own
/// detectors do.
///
/// ## See Also
/// - ``HighPassFilter``
/// - ``DeviceMotion``
public struct LowPassFilter: Hashable, Sendable {
    /// The guide's `kFilteringFactor`.
    public static let guideFactor = 0.1

    /// How much of each new reading goes into the output, 0…1: 0 never
    /// moves, 1 follows the input exactly. Values outside are clamped, and a
    /// NaN becomes ``guideFactor``.
    public var factor: Double {
        didSet { factor = Self.clamped(factor) }
    }

    /// The filtered output: the last value ``filter(_:)`` returned.
    public private(set) var value: Vector3

    /// A filter with `factor` (the guide's 0.1 by default) whose output
    /// starts at `initialValue` (zero, as in the guide).
    public init(factor: Double = LowPassFilter.guideFactor, initialValue: Vector3 = .zero) {
        self.factor = Self.clamped(factor)
        value = initialValue
    }

    /// Takes one reading and returns the new output.
    @discardableResult
    public mutating func filter(_ sample: Vector3) -> Vector3 {
        value = Vector3(
            x: (sample.x * factor) + (value.x * (1.0 - factor)),
            y: (sample.y * factor) + (value.y * (1.0 - factor)),
            z: (sample.z * factor) + (value.z * (1.0 - factor)))
        return value
    }

    /// Starts the output again from `value`.
    public mutating func reset(to value: Vector3 = .zero) {
        self.value = value
    }

    /// The factor that gives a time constant of `timeConstant` seconds for
    /// readings `interval` seconds apart: `interval / (timeConstant + interval)`,
    /// the discrete form of an RC low-pass filter. 0 for an interval that is
    /// not positive (nothing happened, nothing changes).
    public static func factor(timeConstant: Double, interval: Double) -> Double {
        guard interval > 0, interval.isFinite else { return 0 }
        guard timeConstant > 0 else { return 1 }
        return interval / (timeConstant + interval)
    }

    private static func clamped(_ factor: Double) -> Double {
        factor.isNaN ? guideFactor : min(1, max(0, factor))
    }
}
