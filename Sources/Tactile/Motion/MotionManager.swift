/// The single access point to motion: accelerometer, gyroscope and fused
/// device motion, each pulled every frame or pushed to a handler at its
/// update interval, plus the readings for the scene's motion gestures (a
/// shake among them) and device orientation.
///
/// Modelled on the guide's `CMMotionManager`: one manager per game. It
/// consumes the game's ``InputEvent``s (sensor samples from the pump, or from
/// a replayed trace) and is advanced once a frame; it never reads the wall
/// clock and never blocks.
///
/// ## Which clock
///
/// The clock its events are stamped on, because it compares the two. In a
/// game on a ``GameLoop`` (TactileSDL's `SDLApp` has one) that is the game
/// clock, ``GameLoop/clock`` (`app.gameClock`): the loop re-stamps every
/// event on game time before motion sees it and calls ``update()`` each
/// frame, so a paused game pauses its motion too. Only a game with no
/// `GameLoop` at all, which hands the manager its events and calls
/// ``update()`` itself, gives it the clock its pump stamps with.
///
/// ```swift
/// let motion = MotionManager(clock: app.gameClock, sensorControl: app.pump)
/// motion.motionEventReceiver = scene            // motion gestures; shakes reach the first responder
/// motion.deviceMotionUpdateInterval = 1.0 / 60
/// if motion.isDeviceMotionAvailable { motion.startDeviceMotionUpdates() }
/// app.loop.motion = motion                      // events and update() each frame, on game time
///
/// // in Game.update(step:now:)
/// if let attitude = motion.deviceMotion?.attitude { paddle.angle = attitude.roll }
/// ```
///
/// ## Lifecycle of a sensor sample
///
/// ```
/// SDL_SENSORUPDATE / SDL_CONTROLLERSENSORUPDATE ──► SDLEventPump ──► InputEvent .sensor (m/s², rad/s, SDL axes)
///                                                   (or TracePlayer)        │
///                                                                           ▼
///   handle(_:) ── a controller never added, or removed? ──► dropped, with a throttled Diagnostic
///      │        ── not the active source? ──► noted as available (may become the active source)
///      │        ── not finite / absurd / out of order / duplicate? ──► dropped, with a Diagnostic
///      │        ── after a gap? ──► filters restart, shake cancelled, Diagnostic
///      ▼
///   SensorSample.motionValue (g, gravity down; rad/s)
///      ├─► accelerometer: latest value (pull) and history (push)
///      ├─► gyroscope: latest value and history
///      ├─► device motion: bias removed, Mahony fusion ──► attitude, gravity, user acceleration
///      ├─► motionEventReceiver.send(.accelerometer / .gyro) ──► the scene's motion recognizers
///      │     (its shakeGestureRecognizer sends the shake motion events)
///      └─► OrientationDetector ──► orientation, onOrientationChange
///
///   update() ── simulated source makes its readings ──► the same path
///            ── an accelerometer gone silent ──► .sourceLost(.motion) to the receiver
///            └─ push handlers, once per update interval
/// ```
///
/// ## Pull and push
///
/// The guide recommends pulling for games: start updates, then read
/// ``accelerometerData``, ``gyroData`` or ``deviceMotion`` each frame. With
/// a handler (``startAccelerometerUpdates(handler:)`` and the like) the
/// manager also calls it from ``update()``, once per update interval of the
/// game's clock, with the newest value as of each interval's tick and never
/// the same value twice. Real sensors deliver at their own rate (SDL cannot
/// change it); the interval sets the push rate, and the simulated source's
/// rate is its own setting.
///
/// ## Sensors on and off
///
/// Stopping a kind of update stops the sensors nothing else needs: the
/// accelerometer stays on while accelerometer or device-motion updates, a
/// ``motionEventReceiver`` (the scene's motion gestures) or orientation notifications need
/// it; the gyroscope while gyroscope or device-motion updates do. Only the
/// active source's sensors are ever on. The ``SensorControl`` given at
/// creation does the switching.
///
/// ## Sources and availability
///
/// See ``MotionSource`` for how the active source is chosen. Availability
/// (``isAccelerometerAvailable``, ``isGyroAvailable``,
/// ``deviceMotionAvailability``) describes the active source and changes
/// when it does: when a controller with sensors connects or disconnects,
/// ``onSourceChange`` is called, the values of the old source are cleared,
/// the receiver's motion gestures under way are stopped (``InputSubEvent/sourceLost(_:)``), the orientation becomes unknown, and
/// device motion starts a new reference frame.
///
/// ## Bad input
///
/// Every sample is checked before it is used, and nothing is allowed to
/// reach the filters as NaN. See ``Limits`` for the bounds.
///
/// | input | outcome |
/// |---|---|
/// | NaN or infinite value | dropped, ``Diagnostic/Problem/nonFiniteValue`` |
/// | beyond any real sensor's range | dropped, ``Diagnostic/Problem/absurdValue`` |
/// | earlier than the sensor's previous sample, by any amount | dropped, ``Diagnostic/Problem/timeWentBackwards`` |
/// | the same hardware time as the previous | dropped, ``Diagnostic/Problem/repeatedTimestamp`` |
/// | more than ``Limits/maximumGap`` after the previous | kept; fusion re-levels (keeping yaw), filters restart, the receiver's motion gestures are stopped (a shake cancelled); ``Diagnostic/Problem/sampleGap`` |
/// | the sensor's clock restarted: samples more than ``Limits/maximumGap`` behind the previous, going on from there for ``Limits/maximumGap`` | those are dropped (``Diagnostic/Problem/timeWentBackwards``), then the time line restarts as after a gap; ``Diagnostic/Problem/sampleGap`` |
/// | from a controller never added, or removed | dropped, ``Diagnostic/Problem/unknownController``, reported at the 1st, 2nd, 4th, 8th… such sample; no source is made, so the cost per sample stays constant however many ids arrive |
/// | the source disconnects | availability updated, values cleared, motion gestures stopped (a shake cancelled), next source chosen |
/// | the accelerometer goes silent (mid-shake, say) | the receiver's motion gestures are stopped (a shake cancelled) at the first ``update()`` after ``Limits/maximumGap``; ``Diagnostic/Problem/sampleGap`` if a shake was under way |
///
/// ## See Also
/// - ``DeviceMotion``
/// - ``Attitude``
/// - ``LowPassFilter``
/// - ``HighPassFilter``
/// - ``ShakeSettings``
/// - ``OrientationSettings``
/// - ``SimulatedMotion``
@MainActor
public final class MotionManager {
    public typealias AccelerometerHandler = @MainActor (AccelerometerData) -> Void
    public typealias GyroHandler = @MainActor (GyroData) -> Void
    public typealias DeviceMotionHandler = @MainActor (DeviceMotion) -> Void

    /// The update interval until one is set: 1/60 s. The guide's table 4-1
    /// gives 30–60 Hz for games that use motion for real-time input.
    public static let defaultUpdateInterval = 1.0 / 60
    /// The shortest update interval, 0.01 s: the guide's "as small as 10
    /// milliseconds (ms), which corresponds to a 100 Hz update rate".
    public static let minimumUpdateInterval = 0.01

    /// The clock ``update()`` reads: the one the events it handles are
    /// stamped on (the game clock when a ``GameLoop`` feeds it).
    public let clock: any Clock
    /// `clock` again when it is a ``GameClock`` (a ``GameLoop``'s, the usual
    /// one), read by ``update()`` every frame without the protocol's
    /// dynamic call: through `any Clock` the reading was about 130
    /// instructions, twice the game clock's own work (callgrind, Tilt Maze).
    private let gameClock: GameClock?
    /// Turns the sources' sensors on and off; `nil` when the backend cannot.
    public private(set) weak var sensorControl: (any SensorControl)?
    /// Called for every sample dropped or gap found, with what was done.
    public var diagnostics: ((Diagnostic) -> Void)?
    /// The bounds on believable samples.
    @exclusivity(unchecked) public var limits = Limits()

    // MARK: State (the extensions share it)

    // Exclusivity: the fields a sample goes through (the streams, the
    // simulation, the timelines and reading clocks, the estimator, the
    // detectors) are read and written on every sample in plain accesses
    // during which no user code runs (handlers and receivers are called
    // after them), so the runtime's dynamic exclusivity checks are off for
    // them (callgrind: about 20 checks a simulated reading, 1,500
    // instructions, in Tilt Maze).

    @exclusivity(unchecked) var accelerometer = MotionStream<AccelerometerData>(interval: MotionManager.defaultUpdateInterval)
    @exclusivity(unchecked) var gyro = MotionStream<GyroData>(interval: MotionManager.defaultUpdateInterval)
    @exclusivity(unchecked) var deviceMotionStream = MotionStream<DeviceMotion>(interval: MotionManager.defaultUpdateInterval)
    var accelerometerHandler: AccelerometerHandler?
    var gyroHandler: GyroHandler?
    var deviceMotionHandler: DeviceMotionHandler?

    /// Every source known to be available, in the order it became known,
    /// with the sensors it has.
    var knownSources: [(source: MotionSource, sensors: SensorKinds)] = []
    /// The sensors last switched on for each source through ``sensorControl``.
    var enabledSensors: [MotionSource: SensorKinds] = [:]
    /// Controllers added and not removed since (or found open through
    /// ``sensorControl``): the only ones whose samples are believed.
    var connectedControllers: Set<Int32> = []
    /// Controllers that were connected and then removed. SDL never reuses an
    /// instance id in a run, so a sample that still names one is stale, not
    /// a new source; remembered for the diagnostic's wording.
    var removedControllers: Set<Int32> = []
    /// Samples of controllers that are not connected, for rate-limited reports.
    var unknownControllerReports = DiagnosticThrottle()
    @exclusivity(unchecked) var simulator: SimulatedMotion?
    /// The sensors of ``activeSource``, cached for the per-sample check.
    @exclusivity(unchecked) var activeSensors: SensorKinds = []
    /// What ``neededSensors`` was when the sensors were last switched.
    var neededBefore: SensorKinds = []

    @exclusivity(unchecked) var accelerometerTimeline = SampleTimeline()
    @exclusivity(unchecked) var gyroTimeline = SampleTimeline()
    /// Each reading's own time on the game's clock, for the recognizers.
    @exclusivity(unchecked) var accelerometerReadingClock = ReadingClock()
    @exclusivity(unchecked) var gyroReadingClock = ReadingClock()
    @exclusivity(unchecked) var estimator = DeviceMotionEstimator()
    /// Whether the device is jolted or shaken, for the orientation detector
    /// to hold still: fed only while orientation notifications are on. It
    /// decides no shake: the scene's shake recognizer does.
    @exclusivity(unchecked) var disturbance = ShakeDetector()
    /// When the latest accelerometer sample arrived, on the game's clock.
    @exclusivity(unchecked) var lastAccelerationTimestamp: Double?
    /// Whether the receiver has been told that the readings broke off since
    /// the latest accelerometer sample (a silent sensor is reported once).
    @exclusivity(unchecked) var silenceReported = false
    @exclusivity(unchecked) var orientationDetector = OrientationDetector()
    @exclusivity(unchecked) var orientationRequests = 0

    /// The source in use; `nil` when there is none.
    @exclusivity(unchecked) public internal(set) var activeSource: MotionSource?

    /// The source to use when it is available, instead of the automatic
    /// choice; `nil` (the default) chooses automatically.
    public var preferredSource: MotionSource? {
        didSet { selectSource(at: clock.now) }
    }

    /// Called when ``activeSource`` changes (a controller connected or
    /// disconnected, ``preferredSource`` or ``simulation`` set), with the new one.
    public var onSourceChange: ((MotionSource?) -> Void)?

    /// Where the readings go for the motion gestures, usually the game's
    /// ``Scene``: its motion recognizers listen to them, and its
    /// ``Scene/shakeGestureRecognizer`` sends shakes to the first responder
    /// and up the responder chain. Setting one turns the accelerometer on
    /// and tells it (``MotionEventReceiver/motionReadingsStarted(timestamp:)``);
    /// `nil` or another receiver stops the gestures under way with the one
    /// that had them (a shake in progress is cancelled). Not kept alive:
    /// it reads `nil` once the receiver is gone, as a weak reference would.
    public var motionEventReceiver: (any MotionEventReceiver)? {
        get {
            if let scene = receivingScene?.scene { return scene }
            return storedReceiver
        }
        set {
            let oldValue = motionEventReceiver
            // A scene through its reference, not weakly (see `SceneReference`).
            if let scene = newValue as? Scene {
                receivingScene = scene.reference
                storedReceiver = nil
            } else {
                receivingScene = nil
                storedReceiver = newValue
            }
            guard oldValue !== motionEventReceiver else { return }
            if let oldValue {
                oldValue.send(.sourceLost(.motion), timestamp: clock.now)
                oldValue.motionReadingsStopped(timestamp: clock.now)
            }
            motionEventReceiver?.motionReadingsStarted(timestamp: clock.now)
            applySensorPower()
        }
    }
    // Read at every reading: private storage without the runtime's dynamic
    // exclusivity check a public stored property costs (callgrind: about 76
    // instructions a reading); every access is a plain read or write, the
    // receiver's own code running after it.
    @exclusivity(unchecked) private weak var storedReceiver: (any MotionEventReceiver)?
    /// The receiver when it is a scene (the usual one): its reference,
    /// held strongly, which keeps the scene no more alive than a weak
    /// reference would, without making every retain of the scene slow.
    @exclusivity(unchecked) private var receivingScene: SceneReference?

    /// Called when the device orientation changes while orientation
    /// notifications are on, with the new orientation and the time of the
    /// reading that changed it.
    public var onOrientationChange: ((DeviceOrientation, Double) -> Void)?

    /// Makes the game's motion manager.
    ///
    /// - Parameters:
    ///   - clock: the clock the events it handles are stamped on, which
    ///     ``update()`` reads: ``GameLoop/clock`` (`app.gameClock`) when a
    ///     loop feeds it, as it re-stamps events on game time.
    ///   - sensorControl: what turns sensors on and off and knows which
    ///     exist (TactileSDL's `SDLEventPump`); the machine's own sensors are
    ///     asked for now.
    public init(clock: any Clock, sensorControl: (any SensorControl)? = nil) {
        self.clock = clock
        gameClock = clock as? GameClock
        self.sensorControl = sensorControl
        if let sensors = sensorControl?.availableSensors(of: .device), !sensors.isEmpty {
            knownSources.append((.device, sensors))
        }
        selectSource(at: clock.now)
        applySensorPower()
    }

    // MARK: Availability

    /// Every source available now, in the order they became known.
    public var availableSources: [MotionSource] { knownSources.map(\.source) }

    /// The sensors `source` has, as far as the manager knows.
    public func sensors(of source: MotionSource) -> SensorKinds {
        knownSources.first { $0.source == source }?.sensors ?? []
    }

    /// Whether the active source has an accelerometer.
    public var isAccelerometerAvailable: Bool { activeSensors.contains(.accelerometer) }
    /// Whether the active source has a gyroscope.
    public var isGyroAvailable: Bool { activeSensors.contains(.gyroscope) }
    /// How much device motion the active source can give.
    public var deviceMotionAvailability: DeviceMotionAvailability {
        guard activeSensors.contains(.accelerometer) else { return .unavailable }
        return activeSensors.contains(.gyroscope) ? .full : .rollAndPitchOnly
    }
    /// Whether full, fused device motion is available, as Core Motion's
    /// `deviceMotionAvailable`: accelerometer and gyroscope both. See
    /// ``deviceMotionAvailability`` for the accelerometer-only kind.
    public var isDeviceMotionAvailable: Bool { deviceMotionAvailability == .full }

    /// The simulated source (`nil`, the default, for none). When set, it is
    /// used whenever no real source is available.
    public var simulation: SimulatedMotion? {
        get { simulator }
        set {
            let wasOn = simulator != nil
            simulator = newValue
            guard wasOn != (newValue != nil) else { return }
            if newValue != nil {
                knownSources.append((.simulated, .all))
            } else {
                knownSources.removeAll { $0.source == .simulated }
            }
            selectSource(at: clock.now)
        }
    }

    // MARK: Update intervals

    /// Seconds between accelerometer pushes; at least ``minimumUpdateInterval``
    /// (shorter, non-finite or negative values are raised to it).
    public var accelerometerUpdateInterval: Double {
        get { accelerometer.interval }
        set { accelerometer.interval = Self.validInterval(newValue) }
    }

    /// Seconds between gyroscope pushes; at least ``minimumUpdateInterval``.
    public var gyroUpdateInterval: Double {
        get { gyro.interval }
        set { gyro.interval = Self.validInterval(newValue) }
    }

    /// Seconds between device-motion pushes; at least ``minimumUpdateInterval``.
    public var deviceMotionUpdateInterval: Double {
        get { deviceMotionStream.interval }
        set { deviceMotionStream.interval = Self.validInterval(newValue) }
    }

    private static func validInterval(_ interval: Double) -> Double {
        interval.isFinite ? max(interval, minimumUpdateInterval) : defaultUpdateInterval
    }

    // MARK: Accelerometer

    /// The latest accelerometer reading, while accelerometer updates are on.
    public var accelerometerData: AccelerometerData? { accelerometer.latest }
    public var isAccelerometerActive: Bool { accelerometer.isActive }

    /// Starts accelerometer updates for the pull approach: read
    /// ``accelerometerData`` each frame.
    public func startAccelerometerUpdates() {
        accelerometerHandler = nil
        accelerometer.start(pushing: false, now: clock.now)
        applySensorPower()
    }

    /// Starts accelerometer updates and calls `handler` once per
    /// ``accelerometerUpdateInterval`` from ``update()``.
    public func startAccelerometerUpdates(handler: @escaping AccelerometerHandler) {
        accelerometerHandler = handler
        accelerometer.start(pushing: true, now: clock.now)
        applySensorPower()
    }

    /// Stops accelerometer updates, and the accelerometer if nothing else needs it.
    public func stopAccelerometerUpdates() {
        accelerometerHandler = nil
        accelerometer.stop()
        applySensorPower()
    }

    // MARK: Gyroscope

    /// The latest gyroscope reading (biased), while gyroscope updates are on.
    public var gyroData: GyroData? { gyro.latest }
    public var isGyroActive: Bool { gyro.isActive }

    /// Starts gyroscope updates for the pull approach: read ``gyroData`` each frame.
    public func startGyroUpdates() {
        gyroHandler = nil
        gyro.start(pushing: false, now: clock.now)
        applySensorPower()
    }

    /// Starts gyroscope updates and calls `handler` once per ``gyroUpdateInterval``.
    public func startGyroUpdates(handler: @escaping GyroHandler) {
        gyroHandler = handler
        gyro.start(pushing: true, now: clock.now)
        applySensorPower()
    }

    /// Stops gyroscope updates, and the gyroscope if nothing else needs it.
    public func stopGyroUpdates() {
        gyroHandler = nil
        gyro.stop()
        applySensorPower()
    }

    // MARK: Device motion

    /// The latest device motion, while device-motion updates are on.
    public var deviceMotion: DeviceMotion? { deviceMotionStream.latest }
    public var isDeviceMotionActive: Bool { deviceMotionStream.isActive }

    /// Starts device-motion updates for the pull approach: read
    /// ``deviceMotion`` each frame. Starting sets the reference frame (see
    /// ``Attitude``) from the device as it is at the first reading.
    public func startDeviceMotionUpdates() {
        deviceMotionHandler = nil
        startDeviceMotion(pushing: false)
    }

    /// Starts device-motion updates and calls `handler` once per
    /// ``deviceMotionUpdateInterval``.
    public func startDeviceMotionUpdates(handler: @escaping DeviceMotionHandler) {
        deviceMotionHandler = handler
        startDeviceMotion(pushing: true)
    }

    /// Stops device-motion updates, and the sensors nothing else needs.
    public func stopDeviceMotionUpdates() {
        deviceMotionHandler = nil
        deviceMotionStream.stop()
        applySensorPower()
    }

    private func startDeviceMotion(pushing: Bool) {
        if !deviceMotionStream.isActive { estimator.restart() }
        deviceMotionStream.start(pushing: pushing, now: clock.now)
        applySensorPower()
    }

    // MARK: Orientation

    /// The orientation detector's hysteresis and filter.
    public var orientationSettings: OrientationSettings {
        get { orientationDetector.settings }
        set { orientationDetector.settings = newValue }
    }

    /// The device's orientation; ``DeviceOrientation/unknown`` unless
    /// orientation notifications are on and a reading has arrived.
    public var orientation: DeviceOrientation {
        orientationRequests > 0 ? orientationDetector.orientation : .unknown
    }

    public var isGeneratingOrientationNotifications: Bool { orientationRequests > 0 }

    /// Turns orientation updates on (and the accelerometer with them):
    /// ``orientation`` follows the device and ``onOrientationChange`` is
    /// called when it changes. Calls nest with
    /// ``endGeneratingOrientationNotifications()``.
    public func beginGeneratingOrientationNotifications() {
        orientationRequests += 1
        if orientationRequests == 1 { applySensorPower() }
    }

    /// Undoes one ``beginGeneratingOrientationNotifications()``; after the
    /// last, the orientation is unknown and the accelerometer may turn off.
    public func endGeneratingOrientationNotifications() {
        guard orientationRequests > 0 else { return }
        orientationRequests -= 1
        guard orientationRequests == 0 else { return }
        orientationDetector.reset()
        applySensorPower()
    }

    // MARK: Frames

    /// Advances to the clock's `now`: the simulated source makes its
    /// readings, the receiver hears that a silent accelerometer's readings
    /// broke off (a shake under way is cancelled), and push
    /// handlers are called for each interval that has passed. Call once a
    /// frame, after handling the frame's events.
    public func update() {
        let now = gameClock?.now ?? clock.now
        if activeSource == .simulated {
            while let reading = simulator?.nextSample(until: now) {
                process(acceleration: reading.acceleration, sensorTime: nil, timestamp: reading.time)
                process(rotationRate: reading.rotationRate, sensorTime: nil, timestamp: reading.time)
            }
        }
        if !silenceReported, let last = lastAccelerationTimestamp, now - last > limits.maximumGap {
            silenceReported = true
            if (motionEventReceiver as? Scene)?.shakeGestureRecognizer.isShaking == true {
                diagnostics?(Diagnostic(.sampleGap, "no accelerometer reading for \(now - last) s; the shake was cancelled"))
            }
            breakOff(at: now)
        }
        while let value = accelerometer.nextPush(now: now) { accelerometerHandler?(value) }
        while let value = gyro.nextPush(now: now) { gyroHandler?(value) }
        while let value = deviceMotionStream.nextPush(now: now) { deviceMotionHandler?(value) }
    }
}
