/// What a ``MotionManager`` delivers shake motion events to: a ``Scene``,
/// which sends them to its first responder and up the responder chain.
///
/// ## See Also
/// - ``Scene/send(_:_:timestamp:)``: the delivery.
/// - ``Responder/motionBegan(_:timestamp:)``: where they arrive.
@MainActor
public protocol MotionEventReceiver: AnyObject {
    /// Delivers one phase of a device motion.
    func send(_ motion: Motion, _ phase: MotionPhase, timestamp: Double)
}

extension Scene: MotionEventReceiver {}
