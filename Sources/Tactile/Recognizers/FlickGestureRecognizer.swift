/// Recognizes a flick of the device: a quick turn about its x or y axis
/// and back, as a wrist flicks a phone or a pad to throw, swat or page. A
/// discrete gesture: recognized (``GestureRecognizer/State/ended``) when
/// the turn comes back, with its ``direction``.
///
/// It reads the gyroscope readings a ``MotionManager`` hands the scene
/// (``InputSource/motion``). The rule: the rotation rate about x or y
/// passes ``minimumRate`` one way, then half of it the other way, the
/// device turns at least ``minimumAngle`` and is back within half of that,
/// all within ``maximumDuration``.
///
/// ```swift
/// let flick = FlickGestureRecognizer { flick in ball.throw(toward: flick.direction) }
/// scene.root.addGestureRecognizer(flick)
/// ```
@MainActor
open class FlickGestureRecognizer: MotionGestureRecognizer {
    /// The rotation rate the turn must pass, in rad/s.
    public var minimumRate: Double {
        get { detector.settings.minimumRate }
        set { detector.settings.minimumRate = newValue }
    }
    /// The least the device turns before coming back, in radians.
    public var minimumAngle: Double {
        get { detector.settings.minimumAngle }
        set { detector.settings.minimumAngle = newValue }
    }
    /// The longest the turn and return may take, in seconds.
    public var maximumDuration: Double {
        get { detector.settings.maximumDuration }
        set { detector.settings.maximumDuration = newValue }
    }

    /// Which way the last flick turned the screen.
    public private(set) var direction = FlickDirection.down

    // Exclusivity: every access is a plain read or write of the detector
    // (the state is set, and user code runs, after `add` returns), so the
    // runtime check an open class's stored property costs is off
    // (callgrind: about 115 instructions a reading).
    @exclusivity(unchecked) private var detector = FlickDetector()

    /// A recognizer listening to ``InputSource/motion``, not exclusive.
    public override init() {
        super.init()
    }

    /// Takes a gyroscope reading: a flick recognizes when its turn comes back.
    open override func receiveGyro(_ data: GyroData) {
        guard let flicked = detector.add(rotationRate: data.rotationRate, at: data.timestamp), state == .possible else { return }
        direction = flicked
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
    open override var savedStateClass: GestureRecognizer.Type? { FlickGestureRecognizer.self }

    open override func saveState(to writer: inout RecognizerStateWriter) {
        detector.save(to: &writer)
        writer.write(FlickDirection.allCases.firstIndex(of: direction) ?? 0)
    }

    open override func restoreState(from reader: inout RecognizerStateReader) {
        detector.restore(from: &reader)
        let index = reader.readInt()
        if FlickDirection.allCases.indices.contains(index) { direction = FlickDirection.allCases[index] }
    }
}
