/// Recognizes the device tilted from rest beyond an angle: a continuous
/// gesture that begins when the tilt reaches ``angle``, changes with every
/// reading while it stays beyond ``angle`` less ``hysteresis``, and ends
/// when the device comes back. Its value is ``tilt``, the angle from rest,
/// and ``direction``, which way it leans.
///
/// It reads the accelerometer readings a ``MotionManager`` hands the scene
/// (``InputSource/motion``), low-passed so that a jolt does not tilt it.
/// Rest is the device lying face up unless ``rest`` says otherwise; set it
/// to `nil` to take the first reading's direction (the way the player holds
/// the device when the recognizer starts).
///
/// ```swift
/// let tilt = TiltGestureRecognizer { tilt in
///     ball.roll(toward: tilt.direction, speed: tilt.tilt)
/// }
/// scene.root.addGestureRecognizer(tilt)
/// ```
@MainActor
open class TiltGestureRecognizer: MotionGestureRecognizer {
    /// The tilt at which the gesture begins, in radians.
    public var angle: Double {
        get { detector.settings.angle }
        set { detector.settings.angle = newValue }
    }
    /// How far back the tilt must come to end, in radians.
    public var hysteresis: Double {
        get { detector.settings.hysteresis }
        set { detector.settings.hysteresis = newValue }
    }
    /// Gravity's direction at rest, in the device's axes (face up,
    /// (0, 0, −1), by default); `nil` takes the first reading's.
    public var rest: Vector3? {
        get { detector.rest }
        set { detector.rest = newValue }
    }

    /// The angle between gravity and rest, in radians.
    public var tilt: Double { detector.angle }
    /// Which way the device leans, in its x–y plane, as a unit vector
    /// (zero when level): +x is the right edge down, +y the top edge down.
    public var direction: Vector3 { detector.direction }

    // Exclusivity: every access is a plain read or write of the detector
    // (the state is set, and user code runs, after `add` returns), so the
    // runtime check an open class's stored property costs is off
    // (callgrind: about 115 instructions a reading).
    @exclusivity(unchecked) private var detector = TiltDetector()

    /// A recognizer listening to ``InputSource/motion``, not exclusive.
    public override init() {
        super.init()
        detector.rest = Vector3(x: 0, y: 0, z: -1)
    }

    /// Takes an accelerometer reading: begins, changes or ends the tilt.
    open override func receiveAccelerometer(_ data: AccelerometerData) {
        let tilted = detector.add(acceleration: data.acceleration, at: data.timestamp)
        switch (state, tilted) {
        case (.possible, true): state = .began
        case (.began, true), (.changed, true): state = .changed
        case (.began, false), (.changed, false): state = .ended
        case (.possible, false), (.ended, _), (.cancelled, _), (.failed, _): break
        }
    }

    /// The readings broke off: the filtered gravity starts again.
    open override func readingsBrokeOff() {
        detector.reset()
    }

    // MARK: Rollback

    /// Saves its own progress in scene snapshots (see ``SceneSnapshot``).
    open override var savedStateClass: GestureRecognizer.Type? { TiltGestureRecognizer.self }

    open override func saveState(to writer: inout RecognizerStateWriter) {
        detector.save(to: &writer)
    }

    open override func restoreState(from reader: inout RecognizerStateReader) {
        detector.restore(from: &reader)
    }
}
