/// Where a recognizer's non-touch sub-events come from: the keyboard, one
/// game controller, or the motion sensors.
///
/// A recognizer that is not driven by touches declares the sources it
/// listens to in ``GestureRecognizer/inputSources``; the scene's arena then
/// hands it every ``InputSubEvent`` from those sources, wherever its layer
/// is in the scene. Recognizers that follow the same source in their
/// current attempt compete as recognizers that share a touch do (see
/// ``GestureArena``): a fighting game gives each player's recognizers that
/// player's controller, and the two players' commands never stop each other.
///
/// ```swift
/// fireball.inputSources = [.controller(padID)]
/// typedCheat.inputSources = [.keyboard]
/// ```
public enum InputSource: Hashable, Sendable {
    /// Every key of the keyboard.
    case keyboard
    /// The buttons and axes of the game controller with this instance id
    /// (SDL's joystick instance id; see ``ControllerEvent``).
    case controller(Int32)
    /// The motion readings the game hands the scene: accelerometer,
    /// gyroscope and fused device motion of whatever ``MotionManager``
    /// source is active.
    case motion
}
