/// Recognises a knock in accelerometer readings: a sharp jolt, such as a
/// tap of a knuckle on the device or the device on the table, after quiet.
///
/// Each reading is compared with a fast low-pass of the readings before it.
/// A knock is a reading that jumps ``Settings/threshold`` or more from it,
/// when nothing jumped half that for ``Settings/quietBefore``, and that has
/// settled back (within half the threshold) by ``Settings/maximumDuration``
/// after the jump: short, where shaking and moving go on.
struct KnockDetector: Sendable {
    struct Settings: Hashable, Sendable {
        var threshold = GestureDefaults.knockThreshold
        var maximumDuration = GestureDefaults.knockDuration
        var quietBefore = GestureDefaults.knockQuietBefore
    }

    var settings = Settings()
    private var baseline: Vector3?
    private var lastTime: Double?
    /// The last time a reading was off by half the threshold or more.
    private var lastDisturbed = -Double.infinity
    /// A jump under way: when it came, and its size.
    private var jolt: (time: Double, size: Double)?

    /// The time constant of the baseline, in seconds: a few readings.
    private static let baselineTimeConstant = 0.05

    /// Takes one reading (g) at `time`; returns the size (g) of a knock it completes.
    mutating func add(acceleration: Vector3, at time: Double) -> Double? {
        guard acceleration.isFinite, time.isFinite else { return nil }
        guard let previous = lastTime, let base = baseline else {
            lastTime = time
            baseline = acceleration
            return nil
        }
        guard time > previous else { return nil }
        lastTime = time
        let off = (acceleration - base).length
        var knocked: Double?
        if let current = jolt {
            if time - current.time > settings.maximumDuration {
                jolt = nil
            } else if off < settings.threshold / 2 {
                jolt = nil
                knocked = current.size
            } else {
                jolt = (current.time, max(current.size, off))
            }
        } else if off >= settings.threshold, time - lastDisturbed >= settings.quietBefore {
            jolt = (time, off)
        }
        if off >= settings.threshold / 2 { lastDisturbed = time }
        baseline = base + (acceleration - base) * LowPassFilter.factor(timeConstant: Self.baselineTimeConstant, interval: time - previous)
        return knocked
    }

    mutating func reset() {
        self = KnockDetector(settings: settings)
    }
}

// MARK: Rollback

extension KnockDetector {
    /// Writes the baseline and the jolt under way; the settings are the recognizer's.
    func save(to writer: inout RecognizerStateWriter) {
        writer.write(baseline)
        writer.write(lastTime)
        writer.write(lastDisturbed)
        writer.write(jolt?.time)
        writer.write(jolt?.size)
    }

    mutating func restore(from reader: inout RecognizerStateReader) {
        baseline = reader.readOptionalVector3()
        lastTime = reader.readOptionalDouble()
        lastDisturbed = reader.readDouble()
        let time = reader.readOptionalDouble()
        let size = reader.readOptionalDouble()
        jolt = time.flatMap { time in size.map { (time, $0) } }
    }
}
