/// The guide's high-pass filter (listing 4-6): keeps the sudden changes in a
/// stream of readings, which for an accelerometer is the instantaneous
/// motion the user gives the device, with gravity taken out.
///
/// It computes the low-pass value (``LowPassFilter``, same factor) and
/// subtracts it from the current reading:
///
/// ```
/// low    = sample × factor + low × (1 − factor)
/// output = sample − low
/// ```
///
/// A reading that jumps and then holds (a step) comes out as a jump of
/// `(1 − factor)` times its size that decays back to zero, by `(1 − factor)`
/// per reading: a constant such as gravity is removed entirely.
///
/// ```swift
/// var motion = HighPassFilter()              // factor 0.1, as in the guide
/// let jolt = motion.filter(data.acceleration)
/// if jolt.length > 0.5 { player.jump() }
/// ```
///
/// ## Where this differs from the printed listing
///
/// The guide's text says the previous low-pass values are kept and
/// subtracted from the current reading, and this type does that. Listing 4-6
/// as printed stores its *output* back into `accelX`, the variable that the
/// next reading treats as the previous low-pass value. Iterated, that
/// recurrence is `out = (1 − k)(sample − out)`, which for a constant input
/// settles at `(1 − k) / (2 − k)` of it (0.47 of gravity for k = 0.1) instead
/// of zero, swinging about that value on the way: it does not isolate
/// instantaneous motion. Keeping the low-pass state apart is what the text
/// describes and what the filter is for.
///
/// ## See Also
/// - ``LowPassFilter``
/// - ``ShakeSettings``
public struct HighPassFilter: Hashable, Sendable {
    /// The low-pass part, subtracted from each reading.
    public private(set) var lowPass: LowPassFilter

    /// The filtered output: the last value ``filter(_:)`` returned.
    public private(set) var value: Vector3 = .zero

    /// How much of each reading goes into the low-pass part (0.1 in the guide).
    public var factor: Double {
        get { lowPass.factor }
        set { lowPass.factor = newValue }
    }

    /// A filter with `factor` (0.1 by default, as in the guide). The low-pass
    /// part starts at `lowPassValue`: zero as in the guide, in which case the
    /// first reading of a device at rest comes out as 0.9 g; start it at the
    /// first reading to have no such jolt.
    public init(factor: Double = LowPassFilter.guideFactor, lowPassValue: Vector3 = .zero) {
        lowPass = LowPassFilter(factor: factor, initialValue: lowPassValue)
    }

    /// Takes one reading and returns the new output.
    @discardableResult
    public mutating func filter(_ sample: Vector3) -> Vector3 {
        let low = lowPass.filter(sample)
        value = sample - low
        return value
    }

    /// Starts the low-pass part again from `lowPassValue` and the output from zero.
    public mutating func reset(lowPassValue: Vector3 = .zero) {
        lowPass.reset(to: lowPassValue)
        value = .zero
    }
}
