/// What a ``MotionManager`` hands its readings to: a ``Scene``, whose
/// motion recognizers (``ShakeGestureRecognizer``,
/// ``FlickGestureRecognizer``, ``TiltGestureRecognizer``,
/// ``TwistGestureRecognizer``, ``KnockGestureRecognizer``, a game's own
/// ``MotionGestureRecognizer``) listen to them in the arena, and whose own
/// ``Scene/shakeGestureRecognizer`` sends the guide's shake motion events
/// to the first responder and up the responder chain.
///
/// The manager hands it every accelerometer and gyroscope reading it keeps,
/// as ``InputSubEvent``s, and ``InputSubEvent/sourceLost(_:)`` when the
/// readings break off (a gap, a silent sensor, a new source, focus lost,
/// another receiver set). The gyroscope is on only while gyroscope or
/// device-motion updates are: start one for the flick and twist recognizers.
///
/// The manager holds its receiver weakly: the game owns its scene.
///
/// ```swift
/// motion.motionEventReceiver = scene
/// // a responder, made first responder, then gets
/// override func motionEnded(_ motion: Motion, timestamp: Double) { board.reset() }
/// ```
///
/// How a shake becomes a motion event, in one place, is told at
/// ``Scene/motionReadingsStarted(timestamp:)``.
///
/// ## See Also
/// - ``Scene/motionReadingsStarted(timestamp:)``
/// - ``Responder/motionBegan(_:timestamp:)``
@MainActor
public protocol MotionEventReceiver: AnyObject {
    /// Delivers a motion reading, or the loss of the readings, to the
    /// recognizers listening to ``InputSource/motion``.
    func send(_ subEvent: InputSubEvent, timestamp: Double)
    /// The manager starts handing this receiver its readings. Does nothing
    /// by default.
    func motionReadingsStarted(timestamp: Double)
    /// The manager stops handing this receiver its readings, right after
    /// sending it ``InputSubEvent/sourceLost(_:)``. Does nothing by default.
    func motionReadingsStopped(timestamp: Double)
}

extension MotionEventReceiver {
    public func motionReadingsStarted(timestamp: Double) {}
    public func motionReadingsStopped(timestamp: Double) {}
}
