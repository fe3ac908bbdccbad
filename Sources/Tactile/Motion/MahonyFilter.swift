import Foundation

/// Sensor fusion: estimates a device's attitude from its gyroscope and
/// accelerometer with Mahony's complementary filter on the rotation group.
///
/// The gyroscope is integrated for the attitude; it is precise from one
/// reading to the next but drifts over time. The accelerometer knows where
/// down is, but only when the device is not being accelerated, and is noisy.
/// Each reading, the filter compares the gravity its attitude predicts with
/// the direction the accelerometer measures, and turns the attitude towards
/// the measurement at a rate proportional to the error (a cross product):
///
/// ```
/// e = â × ĝ                     (â measured, ĝ gravity predicted for the reading's time)
/// ω' = ω + Kp × e               (only when |a| is within tolerance of 1 g)
/// q ← normalize(q × exp(ω' × dt / 2))
/// ```
///
/// Below a crossover of about `Kp` radians per second the accelerometer
/// wins, above it the gyroscope: roll and pitch cannot drift, and quick
/// motions come from the gyroscope alone. Nothing measures the heading, so
/// yaw is relative to where the device pointed when the filter was levelled
/// and drifts with whatever gyroscope bias is left; ``DeviceMotion`` removes
/// the bias first (see ``GyroBiasEstimator``).
///
/// ```swift
/// var fusion = MahonyFilter()
/// fusion.level(gravity: firstAcceleration)
/// for (rate, acceleration, dt) in readings {
///     fusion.update(rotationRate: rate, acceleration: acceleration, interval: dt)
/// }
/// let pitch = fusion.attitude.pitch
/// ```
///
/// ## Why Mahony
///
/// - **Cost**: one cross product, one quaternion exponential and a
///   normalisation per reading, no matrices; a fraction of a microsecond,
///   which matters at a controller's 1 kHz.
/// - **Tuning**: one gain with a physical meaning (the crossover above).
///   Madgwick's gradient-descent filter costs about the same and also has one
///   gain, β, but in units of gyroscope error that are less direct to pick;
///   an extended Kalman filter needs noise models for every sensor and costs
///   several times as much.
/// - **Without a magnetometer** every one of these leaves yaw unobserved:
///   the choice does not change that. Mahony's error term makes it simple to
///   skip the correction while the device is being accelerated (the gate
///   below), which is what keeps a swing from tilting the horizon.
/// - **Exact on constant rates**: the quaternion exponential integrates a
///   constant rotation rate exactly, where the usual first-order update
///   (`q += q × ω × dt / 2`) is off by a term in `(ω dt)²`.
///
/// ## Tunables
///
/// See ``Gains``.
///
/// ## See Also
/// - ``Attitude``
/// - ``GyroBiasEstimator``
/// - ``MotionManager``
struct MahonyFilter: Hashable, Sendable {
    /// How strongly the accelerometer corrects the gyroscope, and when.
    struct Gains: Hashable, Sendable {
        /// Kp, in radians per second per unit of error (the sine of the angle
        /// between measured and predicted gravity). 0.5 is the default of
        /// the reference implementation (x-io Technologies' MahonyAHRS,
        /// `twoKpDef = 2 * 0.5`): a tilt error decays with a time constant of
        /// about 2 s, slow enough that the accelerometer's noise and brief
        /// user accelerations barely move the attitude.
        var proportional: Double = 0.5
        /// The correction is skipped for readings whose magnitude differs
        /// from 1 g by more than this, in g. The user is accelerating the
        /// device and the reading's direction is not the vertical: 0.1 g
        /// tilts it by up to asin(0.1) ≈ 6°, beyond which the gyroscope is
        /// the better guide. (Mahony's integral term is not used: it only
        /// sees roll and pitch errors, and winds up during long motions.
        /// The reference implementation's default `twoKiDef` is 0 too.)
        var accelerationTolerance: Double = 0.1

        init() {}
    }

    var gains: Gains
    /// The current estimate.
    var attitude: Attitude

    init(gains: Gains = Gains(), attitude: Attitude = .identity) {
        self.gains = gains
        self.attitude = attitude
    }

    /// Gravity as the current estimate predicts it, in the device's frame.
    @inlinable
    var gravity: Vector3 { attitude.gravity }

    /// Sets the attitude straight from a gravity measurement, keeping the
    /// yaw: how the filter starts, and restarts after a gap in the readings.
    /// Does nothing when `gravity` has no direction.
    mutating func level(gravity: Vector3) {
        level(gravity: gravity, yaw: attitude.yaw)
    }

    /// Sets the attitude straight from a gravity measurement and a heading.
    mutating func level(gravity: Vector3, yaw: Double) {
        if let levelled = Attitude(gravity: gravity, yaw: yaw) { attitude = levelled }
    }

    /// Advances the estimate by one reading.
    ///
    /// - Parameters:
    ///   - rotationRate: the gyroscope, in rad/s, bias already removed.
    ///   - acceleration: the accelerometer, in g, gravity included; `nil`
    ///     when there is none (the gyroscope alone is integrated).
    ///   - interval: seconds since the previous reading. Not positive or not
    ///     finite: nothing changes.
    mutating func update(rotationRate: Vector3, acceleration: Vector3?, interval: Double) {
        guard interval > 0, interval.isFinite else { return }
        var rate = rotationRate
        if let acceleration {
            let magnitude = acceleration.length
            if magnitude > 0, abs(magnitude - 1) <= gains.accelerationTolerance {
                // The reading was taken at the end of the interval, so it is
                // compared with gravity as it will be then: in the device's
                // frame a fixed vector changes as −ω × ĝ. Compared with the
                // gravity of the interval's start instead, every reading of
                // a turning device would pull the estimate one interval's
                // rotation ahead (0.01 rad at 1 rad/s and 100 Hz).
                let current = gravity
                let predicted = current - rotationRate.cross(current) * interval
                // Turning at Kp·(â × ĝ) moves the predicted gravity towards
                // the measured one, since −(â × ĝ) × ĝ = â − (â·ĝ) ĝ.
                let error = (acceleration / magnitude).cross(predicted)
                rate += error * gains.proportional
            }
        }
        // The device's rotation D changes as dD/dt = D [ω]×, so a constant
        // rate over the interval multiplies on the right by its exponential.
        attitude.quaternion = (attitude.quaternion * Quaternion(rotationVector: rate * interval)).normalized()
    }
}
