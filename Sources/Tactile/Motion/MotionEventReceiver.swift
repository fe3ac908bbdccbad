/// What a ``MotionManager`` delivers shake motion events to: a ``Scene``,
/// which sends them to its first responder and up the responder chain. The
/// manager also hands it every accelerometer and gyroscope reading it
/// keeps, as ``InputSubEvent``s, for the motion recognizers
/// (``ShakeGestureRecognizer``, ``FlickGestureRecognizer``,
/// ``TiltGestureRecognizer``, ``TwistGestureRecognizer``,
/// ``KnockGestureRecognizer``), and ``InputSubEvent/sourceLost(_:)`` when
/// the readings break off (a gap, a new source, focus lost). The gyroscope
/// is on only while gyroscope or device-motion updates are: start one for
/// the flick and twist recognizers.
///
/// The manager holds its receiver weakly: the game owns its scene.
///
/// ```swift
/// motion.motionEventReceiver = scene
/// // a responder, made first responder, then gets
/// override func motionEnded(_ motion: Motion, timestamp: Double) { board.reset() }
/// ```
///
/// ## See Also
/// - ``Scene/send(_:_:timestamp:)``
/// - ``Responder/motionBegan(_:timestamp:)``
@MainActor
public protocol MotionEventReceiver: AnyObject {
    /// Delivers one phase of a device motion.
    func send(_ motion: Motion, _ phase: MotionPhase, timestamp: Double)
    /// Delivers a motion reading, or the loss of the readings, to the
    /// recognizers listening to ``InputSource/motion``. Does nothing by
    /// default.
    func send(_ subEvent: InputSubEvent, timestamp: Double)
}

extension MotionEventReceiver {
    public func send(_ subEvent: InputSubEvent, timestamp: Double) {}
}

extension Scene: MotionEventReceiver {}
