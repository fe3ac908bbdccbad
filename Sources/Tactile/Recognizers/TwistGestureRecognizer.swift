/// Recognizes a twist of the device: a quick turn about its long axis, as a
/// wrist turns a key. A discrete gesture: recognized
/// (``GestureRecognizer/State/ended``) once the turn reaches ``angle``
/// within ``maximumDuration``, with its ``isClockwise``.
///
/// It reads the gyroscope readings a ``MotionManager`` hands the scene
/// (``InputSource/motion``). The long axis is y, a phone's held upright; a
/// pad held in both hands turns about x, so set ``axis`` for it.
///
/// ```swift
/// let twist = TwistGestureRecognizer { twist in door.unlock(clockwise: twist.isClockwise) }
/// twist.axis = Vector3(x: 1, y: 0, z: 0)      // a game controller
/// scene.root.addGestureRecognizer(twist)
/// ```
@MainActor
open class TwistGestureRecognizer: MotionGestureRecognizer {
    /// The axis twisted about, in the device's axes (y by default).
    public var axis: Vector3 {
        get { detector.settings.axis }
        set { detector.settings.axis = newValue }
    }
    /// The turn a twist needs, in radians.
    public var angle: Double {
        get { detector.settings.angle }
        set { detector.settings.angle = newValue }
    }
    /// The longest the turn may take, in seconds.
    public var maximumDuration: Double {
        get { detector.settings.maximumDuration }
        set { detector.settings.maximumDuration = newValue }
    }

    /// Whether the last twist turned clockwise, seen from the tip of ``axis``.
    public private(set) var isClockwise = false

    // Exclusivity: every access is a plain read or write of the detector
    // (the state is set, and user code runs, after `add` returns), so the
    // runtime check an open class's stored property costs is off
    // (callgrind: about 115 instructions a reading).
    @exclusivity(unchecked) private var detector = TwistDetector()

    /// A recognizer listening to ``InputSource/motion``, not exclusive.
    public override init() {
        super.init()
    }

    /// Takes a gyroscope reading: a twist recognizes once its turn is big enough.
    open override func receiveGyro(_ data: GyroData) {
        guard let turn = detector.add(rotationRate: data.rotationRate, at: data.timestamp), state == .possible else { return }
        isClockwise = turn < 0
        recognize()
    }

    /// The readings broke off: the turn under way is forgotten.
    open override func readingsBrokeOff() {
        detector.reset()
    }

    /// A new attempt: the motion of the one before (recognized, or failed
    /// because another gesture won) does not count towards it.
    open override func reset() {
        detector.reset()
    }

    // MARK: Rollback

    /// Saves its own progress in scene snapshots (see ``SceneSnapshot``).
    open override var savedStateClass: GestureRecognizer.Type? { TwistGestureRecognizer.self }

    open override func saveState(to writer: inout RecognizerStateWriter) {
        detector.save(to: &writer)
        writer.write(isClockwise)
    }

    open override func restoreState(from reader: inout RecognizerStateReader) {
        detector.restore(from: &reader)
        isClockwise = reader.readBool()
    }
}
