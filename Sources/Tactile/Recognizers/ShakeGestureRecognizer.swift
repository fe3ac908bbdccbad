/// Recognizes shaking of the device, in the arena like any gesture: began
/// when shaking starts, ended if it stops within about a second, cancelled
/// if it lasts longer or turns out not to be a shake (the rule is
/// ``ShakeSettings``'). It listens to ``InputSource/motion``: the
/// accelerometer readings a ``MotionManager`` hands the scene.
///
/// The guide's shake motion event (`motionBegan`, `motionEnded`,
/// `motionCancelled` to the first responder and up the responder chain) is
/// one of these: the scene's own ``Scene/shakeGestureRecognizer``, which
/// the scene puts on its root while a ``MotionManager`` hands it readings.
/// A game's own shake with ``sendsMotionEvents`` on sends them instead
/// (the scene's then defers to it), after the arena has accepted each
/// phase: a shake that a pan under way prevents sends nothing.
///
/// ```swift
/// let shake = ShakeGestureRecognizer { shake in
///     if shake.state == .ended { level.undo() }
/// }
/// shake.require(toFail: pan)          // no shake while the board is dragged
/// scene.root.addGestureRecognizer(shake)
/// ```
///
/// Like every motion recognizer it is not exclusive
/// (``GestureRecognizer/isExclusive`` is `false`): the device's shake,
/// tilt, flick and twist recognizers do not stop each other unless the game
/// makes one exclusive or requires one to fail.
@MainActor
open class ShakeGestureRecognizer: MotionGestureRecognizer {
    /// The rule's thresholds.
    public var settings: ShakeSettings {
        get { detector.settings }
        set { detector.settings = newValue }
    }

    /// Whether each phase goes up the responder chain as a shake motion
    /// event too (off by default): this recognizer, rather than the scene's
    /// ``Scene/shakeGestureRecognizer``, is then the shake the responder
    /// chain hears.
    public var sendsMotionEvents = false

    /// Whether a shake has begun and not yet ended or been cancelled.
    public var isShaking: Bool { state == .began || state == .changed }

    // Exclusivity: every access is a plain read or write of the detector
    // (the state is set, and user code runs, after `add` returns), so the
    // runtime check an open class's stored property costs is off
    // (callgrind: about 115 instructions a reading).
    @exclusivity(unchecked) private var detector = ShakeDetector()

    /// A recognizer listening to ``InputSource/motion``, not exclusive.
    public override init() {
        super.init()
        _ = addAction { shake in shake.sendMotionEvent() }
    }

    /// Takes an accelerometer reading: begins, ends or cancels the shake.
    open override func receiveAccelerometer(_ data: AccelerometerData) {
        guard let phase = detector.add(data.acceleration, at: data.timestamp) else { return }
        apply(phase)
    }

    /// The readings broke off: the arena stops this recognizer; the
    /// detector starts afresh.
    open override func readingsBrokeOff() {
        detector.reset()
    }

    private func apply(_ phase: MotionPhase) {
        switch (phase, state) {
        case (.began, .possible): state = .began
        case (.ended, .began), (.ended, .changed): state = .ended
        case (.cancelled, .began), (.cancelled, .changed): state = .cancelled
        // The gesture was stopped from outside (failed, cancelled) while the
        // detector went on: its later phases are not this attempt's.
        case (.began, _), (.ended, _), (.cancelled, _): break
        }
    }

    open override func reset() {
        // Stopped from outside mid-shake: the detector's shake is over too.
        if detector.isShaking { _ = detector.cancel() }
    }

    private func sendMotionEvent() {
        guard sendsMotionEvents, let scene = layer?.scene else { return }
        switch state {
        case .began: scene.send(.shake, .began, timestamp: currentTime)
        case .ended: scene.send(.shake, .ended, timestamp: currentTime)
        case .cancelled: scene.send(.shake, .cancelled, timestamp: currentTime)
        case .possible, .changed, .failed: break
        }
    }

    // MARK: Rollback

    /// Saves its own progress in scene snapshots (see ``SceneSnapshot``).
    open override var savedStateClass: GestureRecognizer.Type? { ShakeGestureRecognizer.self }

    open override func saveState(to writer: inout RecognizerStateWriter) {
        detector.save(to: &writer)
    }

    open override func restoreState(from reader: inout RecognizerStateReader) {
        detector.restore(from: &reader)
    }
}
