/// Recognizes a knock: a sharp jolt of the device after quiet, a knuckle's
/// tap on its back or the device tapped on the table. A discrete gesture:
/// recognized (``GestureRecognizer/State/ended``) when the jolt has
/// settled, with its ``strength``.
///
/// It reads the accelerometer readings a ``MotionManager`` hands the scene
/// (``InputSource/motion``). The rule: a reading ``threshold`` or more from
/// the readings just before it, after ``GestureDefaults/knockQuietBefore``
/// of calm, that settles within ``maximumDuration``; a push or shaking
/// lasts longer.
///
/// ```swift
/// let knock = KnockGestureRecognizer { _ in door.open() }
/// scene.root.addGestureRecognizer(knock)
/// ```
@MainActor
open class KnockGestureRecognizer: MotionGestureRecognizer {
    /// The jump a knock needs, in g.
    public var threshold: Double {
        get { detector.settings.threshold }
        set { detector.settings.threshold = newValue }
    }
    /// The longest a knock's jolt lasts, in seconds.
    public var maximumDuration: Double {
        get { detector.settings.maximumDuration }
        set { detector.settings.maximumDuration = newValue }
    }

    /// The size of the last knock's jump, in g.
    public private(set) var strength = 0.0

    // Exclusivity: every access is a plain read or write of the detector
    // (the state is set, and user code runs, after `add` returns), so the
    // runtime check an open class's stored property costs is off
    // (callgrind: about 115 instructions a reading).
    @exclusivity(unchecked) private var detector = KnockDetector()

    /// A recognizer listening to ``InputSource/motion``, not exclusive.
    public override init() {
        super.init()
    }

    /// Takes an accelerometer reading: a knock recognizes once its jolt settles.
    open override func receiveAccelerometer(_ data: AccelerometerData) {
        guard let size = detector.add(acceleration: data.acceleration, at: data.timestamp), state == .possible else { return }
        strength = size
        recognize()
    }

    /// The readings broke off: the calm before a knock starts again.
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
    open override var savedStateClass: GestureRecognizer.Type? { KnockGestureRecognizer.self }

    open override func saveState(to writer: inout RecognizerStateWriter) {
        detector.save(to: &writer)
        writer.write(strength)
    }

    open override func restoreState(from reader: inout RecognizerStateReader) {
        detector.restore(from: &reader)
        strength = reader.readDouble()
    }
}
