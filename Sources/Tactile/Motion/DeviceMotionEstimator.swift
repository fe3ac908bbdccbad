/// Turns the active source's readings into ``DeviceMotion`` values: fused
/// with ``MahonyFilter`` when the source has a gyroscope, from the
/// accelerometer alone when it does not.
///
/// In fused mode a value comes out for each gyroscope reading (the gyroscope
/// drives the integration; the latest accelerometer reading corrects it). The
/// first one needs an accelerometer reading to level the reference frame: z
/// up, yaw 0 where the device points, as the guide describes Core Motion's.
/// Without a gyroscope a value comes out for each accelerometer reading.
///
/// The gyroscope's bias is estimated while the device rests
/// (``GyroBiasEstimator``). When a rest is confirmed, the attitude goes back
/// to what it was when the device became still: over that time the device did
/// not turn, so whatever the integration turned it by was bias. Without that,
/// the first half second after start-up would leave a yaw error of the bias
/// times the rest duration.
struct DeviceMotionEstimator: Equatable {
    /// Gravity's low-pass time constant without a gyroscope, in seconds: the
    /// guide's filtering factor 0.1 at the 50 Hz of its listing 4-3
    /// (0.02 s × 0.9 / 0.1), as a time so that it behaves the same at any rate.
    static let gravityTimeConstant = 0.18

    var fusion = MahonyFilter()
    var bias = GyroBiasEstimator()
    /// The latest accelerometer reading, in g.
    private(set) var acceleration: Vector3?
    private var isLevelled = false
    /// The attitude when the current run of still readings began.
    private var attitudeWhenStill = Attitude.identity
    private var gravityFilter = LowPassFilter()
    private var hasGravity = false

    /// Starts a new reference frame: the next values are relative to the
    /// device as it is then. The bias, a property of the sensor, is kept.
    mutating func restart() {
        fusion.attitude = .identity
        resetAfterGap()
    }

    /// Forgets what a gap in the readings made stale; the attitude re-levels
    /// from the next accelerometer reading, keeping its yaw.
    mutating func resetAfterGap() {
        isLevelled = false
        acceleration = nil
        hasGravity = false
        bias.reset()
    }

    /// Takes an accelerometer reading; returns a value in accelerometer-only
    /// mode (`fused` false).
    mutating func add(acceleration: Vector3, interval: Double?, timestamp: Double, fused: Bool) -> DeviceMotion? {
        self.acceleration = acceleration
        guard !fused else { return nil }
        if hasGravity, let interval {
            gravityFilter.factor = LowPassFilter.factor(timeConstant: Self.gravityTimeConstant, interval: interval)
            gravityFilter.filter(acceleration)
        } else {
            // Starting the filter at the first reading, rather than at zero
            // as the guide's listing does, avoids a second of gravity
            // growing from nothing.
            gravityFilter.reset(to: acceleration)
            hasGravity = true
        }
        let gravity = gravityFilter.value.normalized ?? fusion.gravity
        if let levelled = Attitude(gravity: gravity, yaw: 0) { fusion.attitude = levelled }
        return DeviceMotion(
            attitude: fusion.attitude, rotationRate: .zero, gravity: gravity,
            userAcceleration: acceleration - gravity, timestamp: timestamp, isFused: false)
    }

    /// Takes a gyroscope reading; returns the fused value once the reference
    /// frame is levelled.
    mutating func add(rotationRate: Vector3, interval: Double?, timestamp: Double) -> DeviceMotion? {
        switch bias.add(rotationRate: rotationRate, acceleration: acceleration, interval: interval ?? 0) {
        case .moving:
            attitudeWhenStill = fusion.attitude
        case .cameToRest:
            fusion.attitude = attitudeWhenStill
        case .settling, .resting:
            break
        }
        guard let acceleration else { return nil }
        let unbiased = rotationRate - bias.bias
        if !isLevelled {
            fusion.level(gravity: acceleration)
            attitudeWhenStill = fusion.attitude
            isLevelled = true
        } else if let interval {
            fusion.update(rotationRate: unbiased, acceleration: acceleration, interval: interval)
        }
        let gravity = fusion.gravity
        return DeviceMotion(
            attitude: fusion.attitude, rotationRate: unbiased, gravity: gravity,
            userAcceleration: acceleration - gravity, timestamp: timestamp, isFused: true)
    }
}
