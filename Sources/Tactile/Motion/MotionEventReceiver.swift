/// What a ``MotionManager`` delivers shake motion events to: a ``Scene``,
/// which sends them to its first responder and up the responder chain.
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
}

extension Scene: MotionEventReceiver {}
