/// Gravity as the accelerometer last saw it with the device at rest, for the
/// shake rule: it follows slow turns, and holds still while the hand moves
/// the device, so that what is left is the hand's acceleration.
///
/// A high-pass filter (``HighPassFilter``) also takes gravity out, but it
/// follows the hand's acceleration too: after a push and a brake its
/// low-pass part still lags behind and comes out as a third push of its own
/// (a 0.4 s minimum-jerk move along x, peaking at 2.8 g, left a rebound of
/// about a third of the peak with the guide's 0.18 s time constant: a
/// "reversal" no hand made). This tracker instead:
///
/// | the reading | gravity |
/// |---|---|
/// | within ``ShakeSettings/restingAcceleration`` of gravity (at rest, or turning slowly) | follows it with time constant ``ShakeSettings/gravityTimeConstant`` |
/// | further off (the hand is moving the device) | held |
/// | steady for ``ShakeSettings/settleTime`` (the device was turned while moving, and is still again) | set to the steady reading |
/// | before the readings have first been steady (the readings began mid-motion: after a gap, a new source) | the mean of the readings so far, which a shake's back-and-forth averages out to gravity within a cycle |
struct GravityTracker: Hashable, Sendable {
    /// Gravity in the device's axes, in g; `nil` before the first reading.
    private(set) var gravity: Vector3?
    /// A fast low-pass of the readings, to see that they are steady.
    private var steady = Vector3.zero
    /// How long the readings have been steady, in seconds.
    private var steadyFor = 0.0
    /// Readings averaged while gravity has not yet been seen at rest; `nil`
    /// once it has.
    private var unsettledCount: Double? = 0

    /// The time constant of the steadiness filter, in seconds: a few
    /// readings at 100 Hz, short beside any hand motion.
    private static let steadinessTimeConstant = 0.04

    /// Takes a reading `interval` seconds after the previous one, and returns
    /// the hand's acceleration: the reading less gravity.
    mutating func add(_ reading: Vector3, interval: Double, settings: ShakeSettings) -> Vector3 {
        guard let current = gravity else {
            gravity = reading
            steady = reading
            unsettledCount = 1
            return .zero
        }
        steady = steady + (reading - steady) * LowPassFilter.factor(timeConstant: Self.steadinessTimeConstant, interval: interval)
        if (reading - steady).length < settings.restingAcceleration / 2 {
            steadyFor += interval
        } else {
            steadyFor = 0
        }
        var updated = current
        if steadyFor >= settings.settleTime {
            updated = steady
            unsettledCount = nil
        } else if let count = unsettledCount {
            updated = current + (reading - current) / (count + 1)
            unsettledCount = count + 1
        } else if (reading - current).length < settings.restingAcceleration {
            updated = current + (reading - current) * LowPassFilter.factor(timeConstant: settings.gravityTimeConstant, interval: interval)
        }
        gravity = updated
        return reading - updated
    }

    mutating func reset() {
        self = GravityTracker()
    }
}

// MARK: Rollback

extension GravityTracker {
    func save(to writer: inout RecognizerStateWriter) {
        writer.write(gravity)
        writer.write(steady)
        writer.write(steadyFor)
        writer.write(unsettledCount)
    }

    mutating func restore(from reader: inout RecognizerStateReader) {
        gravity = reader.readOptionalVector3()
        steady = reader.readVector3()
        steadyFor = reader.readDouble()
        unsettledCount = reader.readOptionalDouble()
    }
}
