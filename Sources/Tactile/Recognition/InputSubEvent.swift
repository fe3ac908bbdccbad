/// A sub-event that is not a touch: a key, a controller button or axis, a
/// motion reading, or the loss of its source. The arena hands these to the
/// recognizers that listen to their ``source``, as it hands touches to the
/// recognizers that follow them (see ``GestureArena``).
///
/// The scene makes them from the input events it is sent (keys without
/// their repeats, controller buttons and axes, a controller's removal); a
/// game hands it motion readings with ``Scene/send(_:timestamp:)``:
///
/// ```swift
/// motion.startDeviceMotionUpdates { reading in
///     scene.send(.deviceMotion(reading), timestamp: reading.timestamp)
/// }
/// ```
public enum InputSubEvent: Hashable, Sendable {
    /// A key went down or up (never a repeat).
    case key(KeyEvent)
    /// A controller's button went down or up.
    case button(controller: Int32, button: ControllerButton, isDown: Bool)
    /// A controller's axis moved: sticks −1…1 with +y down, triggers 0…1,
    /// as SDL reports them, with no dead zone applied. A value out of range
    /// or not finite arrives as it was sent: a recognizer decides what it
    /// means (the command recognizers clamp it, and treat NaN as centred).
    case axis(controller: Int32, axis: ControllerAxis, value: Double)
    /// An accelerometer reading, in g.
    case accelerometer(AccelerometerData)
    /// A gyroscope reading, in radians per second.
    case gyro(GyroData)
    /// A fused device-motion reading.
    case deviceMotion(DeviceMotion)
    /// The source went away (a controller was unplugged): nothing more
    /// comes from it, and what a recognizer knew of its state (buttons
    /// held, the stick's direction) no longer holds. Every recognizer
    /// listening to the source gets this; then the arena stops those that
    /// followed it in their attempt (cancelled if under way, failed
    /// otherwise, with ``GestureFailure/sourceLost``).
    case sourceLost(InputSource)

    /// The source the sub-event comes from.
    public var source: InputSource {
        switch self {
        case .key: .keyboard
        case .button(let controller, _, _), .axis(let controller, _, _): .controller(controller)
        case .accelerometer, .gyro, .deviceMotion: .motion
        case .sourceLost(let source): source
        }
    }
}
