/// How a held action repeats, for menu navigation: after an initial delay,
/// at a steady rate, on game time.
///
/// An action marked repeating (``ActionMap/setRepeat(_:for:)``) reports
/// ``ActionSnapshot/repeatCount`` 1 in the frames where a repeat falls due
/// while it stays pressed, whatever holds it: a key, a d-pad button, a stick
/// pushed past its dead zone (``AxisResponse/half``), a chord.
///
/// The rules:
///
/// - The delay runs from the frame whose snapshot reports the press; a new
///   press (released and pressed again) starts it over.
/// - A frame reports at most one repeat, and the next falls one interval
///   after it, or one interval after the frame when the frame was late: a
///   long frame never makes a burst.
/// - Time is the map's ``ActionMap/clock``, game time under a ``GameLoop``:
///   while the game clock is paused (or its scale is 0) no repeat falls due,
///   and when it resumes the schedule carries on where it stood, so nothing
///   piles up. A pause menu that wants repeats while the game is paused
///   gives its own map the base clock.
///
/// ```swift
/// actions.setRepeat(ActionRepeat(), for: .menuDown)   // 0.5 s, then 30 a second
/// if actions[.menuDown].justPressedOrRepeated { menu.selectNext() }
/// ```
///
/// ## See Also
/// - ``ActionDefaults``
/// - ``ActionSnapshot``
public struct ActionRepeat: Hashable, Sendable {
    /// Seconds held before the first repeat: at least 0, finite.
    public var initialDelay: Double
    /// Repeats per second after it: above 0, finite.
    public var rate: Double

    public init(initialDelay: Double = ActionDefaults.repeatDelay, rate: Double = ActionDefaults.repeatRate) {
        self.initialDelay = initialDelay
        self.rate = rate
    }

    /// Seconds between repeats.
    public var interval: Double { 1 / rate }

    var invalidity: ActionMapError.Problem? {
        if !(initialDelay.isFinite && initialDelay >= 0) { return .badNumber(option: "initial delay", text: String(initialDelay)) }
        if !(rate.isFinite && rate > 0) { return .badNumber(option: "rate", text: String(rate)) }
        return nil
    }
}
