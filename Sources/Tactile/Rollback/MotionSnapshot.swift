/// A ``MotionManager``'s reading state as a value, for rollback: the latest
/// accelerometer, gyroscope and device-motion values and their push
/// histories, each sensor's time line and reading clock, the fusion filter
/// (attitude, gyroscope bias, gravity filter), the orientation detector's
/// filter and orientation, the disturbance detector that holds it still,
/// the silent-sensor watch, and the simulated source's state. Take one with
/// ``MotionManager/capture(into:)`` and put it back with
/// ``MotionManager/restore(_:)``; the same readings after it then give the
/// same values, orientations and recognizer readings as they did.
///
/// ## What is not in it
///
/// Settings are the game's: the update intervals, which updates are on and
/// their handlers, ``MotionManager/limits``, ``MotionManager/orientationSettings``,
/// ``MotionManager/preferredSource``. So are the sources: which sources are
/// known and which is active (controllers connect and disconnect outside
/// the frames a game rolls back, as a ``PlayerRoster``'s seats are filled
/// before a match). A restore into a manager whose active source, or whose
/// use of a simulated source, differs from the snapshot's is refused with
/// ``RollbackError/structureChanged(_:)``, changing nothing. The throttle
/// of repeated diagnostics is not saved: a diagnostic is output.
///
/// Capturing into a snapshot used before copies into its own buffers:
/// with a preallocated ring, nothing is allocated once the ring has gone
/// round once. It refers to its manager by identity and is in memory only.
public struct MotionSnapshot: Equatable {
    var manager: ObjectIdentifier?
    var activeSource: MotionSource?
    var hasSimulator = false
    // The interval is a setting, never copied: any value does here.
    var accelerometer = MotionStream<AccelerometerData>(interval: 0)
    var gyro = MotionStream<GyroData>(interval: 0)
    var deviceMotion = MotionStream<DeviceMotion>(interval: 0)
    var accelerometerTimeline = SampleTimeline()
    var gyroTimeline = SampleTimeline()
    var accelerometerReadingClock = ReadingClock()
    var gyroReadingClock = ReadingClock()
    var estimator = DeviceMotionEstimator()
    var disturbance = ShakeDetector()
    var lastAccelerationTimestamp: Double?
    var silenceReported = false
    var orientationDetector = OrientationDetector()
    var simulator: SimulatedMotion?

    /// An empty snapshot, to capture into (a ring is made of these).
    public init() {}

    /// Whether a manager's state was captured here.
    public var isCaptured: Bool { manager != nil }

    public static func == (a: Self, b: Self) -> Bool {
        a.manager == b.manager && a.activeSource == b.activeSource && a.hasSimulator == b.hasSimulator
            && a.accelerometer.hasSameReadings(as: b.accelerometer) && a.gyro.hasSameReadings(as: b.gyro)
            && a.deviceMotion.hasSameReadings(as: b.deviceMotion)
            && a.accelerometerTimeline == b.accelerometerTimeline && a.gyroTimeline == b.gyroTimeline
            && a.accelerometerReadingClock == b.accelerometerReadingClock && a.gyroReadingClock == b.gyroReadingClock
            && a.estimator == b.estimator && a.disturbance == b.disturbance
            && a.lastAccelerationTimestamp?.bitPattern == b.lastAccelerationTimestamp?.bitPattern
            && a.silenceReported == b.silenceReported
            && a.orientationDetector == b.orientationDetector && a.simulator == b.simulator
    }
}

extension MotionManager {
    /// Captures the manager's reading state into `snapshot`, reusing its
    /// buffers; see ``MotionSnapshot`` for what is in it.
    public func capture(into snapshot: inout MotionSnapshot) {
        snapshot.manager = ObjectIdentifier(self)
        snapshot.activeSource = activeSource
        snapshot.hasSimulator = simulator != nil
        accelerometer.copyReadings(into: &snapshot.accelerometer)
        gyro.copyReadings(into: &snapshot.gyro)
        deviceMotionStream.copyReadings(into: &snapshot.deviceMotion)
        snapshot.accelerometerTimeline = accelerometerTimeline
        snapshot.gyroTimeline = gyroTimeline
        snapshot.accelerometerReadingClock = accelerometerReadingClock
        snapshot.gyroReadingClock = gyroReadingClock
        snapshot.estimator = estimator
        snapshot.disturbance = disturbance
        snapshot.lastAccelerationTimestamp = lastAccelerationTimestamp
        snapshot.silenceReported = silenceReported
        snapshot.orientationDetector = orientationDetector
        snapshot.simulator = simulator
    }

    /// A new snapshot of the manager's reading state; see ``capture(into:)``.
    public func snapshot() -> MotionSnapshot {
        var snapshot = MotionSnapshot()
        capture(into: &snapshot)
        return snapshot
    }

    /// Puts the reading state back as `snapshot` had it. Nothing is sent:
    /// no handler runs, no orientation change is reported, the receiver is
    /// told nothing (the scene's own snapshot puts its recognizers back).
    ///
    /// - Throws: what ``checkRestore(_:)`` throws; the manager is then unchanged.
    public func restore(_ snapshot: MotionSnapshot) throws(RollbackError) {
        try checkRestore(snapshot)
        snapshot.accelerometer.copyReadings(into: &accelerometer)
        snapshot.gyro.copyReadings(into: &gyro)
        snapshot.deviceMotion.copyReadings(into: &deviceMotionStream)
        accelerometerTimeline = snapshot.accelerometerTimeline
        gyroTimeline = snapshot.gyroTimeline
        accelerometerReadingClock = snapshot.accelerometerReadingClock
        gyroReadingClock = snapshot.gyroReadingClock
        estimator = snapshot.estimator
        disturbance = snapshot.disturbance
        lastAccelerationTimestamp = snapshot.lastAccelerationTimestamp
        silenceReported = snapshot.silenceReported
        // The orientation settings are the game's: kept as they are now.
        let settings = orientationDetector.settings
        orientationDetector = snapshot.orientationDetector
        orientationDetector.settings = settings
        if snapshot.simulator != nil { simulator = snapshot.simulator }
    }

    /// The checks of ``restore(_:)``, changing nothing.
    ///
    /// - Throws: ``RollbackError/otherMotionManager`` for a snapshot of
    ///   another manager (or an empty one);
    ///   ``RollbackError/structureChanged(_:)`` when the active source, or
    ///   whether a simulated source is set, changed since.
    public func checkRestore(_ snapshot: MotionSnapshot) throws(RollbackError) {
        guard snapshot.manager == ObjectIdentifier(self) else { throw .otherMotionManager }
        guard snapshot.activeSource == activeSource else {
            throw .structureChanged("the motion source was \(snapshot.activeSource.map { "\($0)" } ?? "none"), now \(activeSource.map { "\($0)" } ?? "none")")
        }
        guard snapshot.hasSimulator == (simulator != nil) else {
            throw .structureChanged(snapshot.hasSimulator ? "the simulated motion source was removed" : "a simulated motion source was set")
        }
    }
}
