/// Where a ``MotionManager``'s readings come from.
///
/// The manager uses one source at a time, its ``MotionManager/activeSource``.
/// Unless the game names one (``MotionManager/preferredSource``), it takes
/// the first available in this order, because a game that asks for motion
/// most likely means the thing in the player's hands:
///
/// 1. ``device``: the machine's own sensors (phones, tablets, handhelds;
///    Linux desktops have none).
/// 2. ``controller(_:)``: a game controller with motion sensors
///    (PlayStation and Switch pads), the earliest connected first.
/// 3. ``simulated``: arrow keys, mouse or right stick standing in for
///    tilting, when ``MotionManager/simulation`` is on.
///
/// ```swift
/// motion.onSourceChange = { source in hud.showMotionSource(source) }
/// motion.preferredSource = .controller(padID)   // the pad, even on a phone
/// ```
///
/// Recorded traces need no source of their own: a trace's sensor samples
/// name the device or controller they were recorded from, and replaying them
/// into ``MotionManager/handle(_:)`` makes that source available again, so
/// a replay runs through exactly the code a live session does.
///
/// ## See Also
/// - ``MotionManager/availableSources``
/// - ``SensorSource``
public enum MotionSource: Hashable, Sendable {
    /// Every sensor of the machine itself, together.
    case device
    /// The sensors of the game controller with this instance id.
    case controller(Int32)
    /// Tilt and shake made up from keys, mouse and stick.
    case simulated

    /// The source a sample belongs to.
    @inlinable
    public init(_ source: SensorSource) {
        switch source {
        case .device: self = .device
        case .controller(let id): self = .controller(id)
        }
    }
}
