/// Estimates a gyroscope's bias, the rate it reads when nothing turns, by
/// averaging its readings while the device is at rest.
///
/// The guide calls raw gyroscope readings "biased": a device lying still
/// reads a small rate that, integrated, turns the attitude steadily. The
/// bias changes slowly (with temperature), so it is measured whenever the
/// device keeps still: a run of readings lasting ``Settings/restDuration``
/// in which the rate stays within ``Settings/rateTolerance`` of the run's
/// mean, the acceleration within ``Settings/accelerationTolerance`` of the
/// run's first, and the rate below ``Settings/maximumBias``. The bias is then
/// the run's mean rate, refined for as long as the rest lasts.
///
/// ```swift
/// var estimator = GyroBiasEstimator()
/// _ = estimator.add(rotationRate: gyro, acceleration: accel, interval: dt)
/// let unbiased = gyro - estimator.bias
/// ```
///
/// A slow, steady turn about the vertical (below ``Settings/maximumBias``)
/// changes neither reading, and cannot be told from bias: it is taken for
/// bias, which is why the maximum is kept small.
///
/// ## See Also
/// - ``MahonyFilter``
/// - ``DeviceMotion/rotationRate``
struct GyroBiasEstimator: Hashable, Sendable {
    /// When the device counts as at rest.
    struct Settings: Hashable, Sendable {
        /// How long the readings must stay still, in seconds. Half a second
        /// is 50 readings at the guide's 100 Hz, enough to average the
        /// gyroscope's noise down well below its bias, and short enough to
        /// catch a device put down between moves.
        var restDuration: Double = 0.5
        /// How far a rate may stray from the run's mean, in rad/s. 0.02 rad/s
        /// (about 1°/s) is several times the reading noise of phone and pad
        /// gyroscopes (a few hundredths of a degree per second at 100 Hz) and
        /// well below any rotation a hand makes on purpose.
        var rateTolerance: Double = 0.02
        /// How far the acceleration may stray, in g: 0.03 g is a tilt of
        /// about 1.7°, more than accelerometer noise and less than a hand's tremor.
        var accelerationTolerance: Double = 0.03
        /// The largest rate that can be bias, in rad/s. 0.1 rad/s (≈ 5.7°/s)
        /// is above the zero-rate offsets that consumer MEMS gyroscope
        /// datasheets give (a few degrees per second); anything faster is
        /// the device turning.
        var maximumBias: Double = 0.1

        init() {}
    }

    /// What one reading told the estimator.
    enum Update: Hashable, Sendable {
        /// The device moved: a new run of still readings starts with this one.
        case moving
        /// Still, but not yet for ``Settings/restDuration``.
        case settling
        /// This reading completed a rest: ``bias`` was just measured.
        case cameToRest
        /// Still, and already at rest: ``bias`` was refined.
        case resting
    }

    var settings: Settings
    /// The current estimate, in rad/s; zero until the first rest.
    private(set) var bias: Vector3 = .zero
    /// Whether the latest readings form a rest.
    private(set) var isAtRest = false

    private var runSum = Vector3.zero
    private var runCount = 0
    private var runDuration = 0.0
    private var runAcceleration = Vector3.zero

    init(settings: Settings = Settings()) {
        self.settings = settings
    }

    /// Takes one gyroscope reading, with the latest acceleration (`nil` if
    /// none has arrived: no rest can be judged) and the seconds since the
    /// previous reading.
    mutating func add(rotationRate: Vector3, acceleration: Vector3?, interval: Double) -> Update {
        guard let acceleration else {
            reset()
            return .moving
        }
        if runCount == 0 {
            restart(rotationRate, acceleration)
            return .moving
        }
        let mean = runSum / Double(runCount)
        let still = (rotationRate - mean).maximumMagnitude <= settings.rateTolerance
            && (acceleration - runAcceleration).maximumMagnitude <= settings.accelerationTolerance
            && rotationRate.maximumMagnitude <= settings.maximumBias
        guard still else {
            restart(rotationRate, acceleration)
            return .moving
        }
        runSum += rotationRate
        runCount += 1
        runDuration += max(0, interval)
        guard runDuration >= settings.restDuration else { return .settling }
        bias = runSum / Double(runCount)
        defer { isAtRest = true }
        return isAtRest ? .resting : .cameToRest
    }

    /// Forgets the current run (after a gap in the readings), keeping the bias.
    mutating func reset() {
        runCount = 0
        isAtRest = false
    }

    private mutating func restart(_ rate: Vector3, _ acceleration: Vector3) {
        isAtRest = false
        runSum = rate
        runCount = 1
        runDuration = 0
        runAcceleration = acceleration
    }
}
