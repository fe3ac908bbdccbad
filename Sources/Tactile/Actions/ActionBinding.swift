/// One way for the player to drive a game action: a key, a controller
/// button or axis, a mouse button or the wheel, a chord, a composite of
/// several inputs, or a gesture recognizer.
///
/// A binding is plain data: it names inputs and says how to read them, and
/// an ``ActionMap`` evaluates it against the devices' state each time one of
/// its inputs changes. Bindings compare equal when they read the same inputs
/// the same way, which is what lets a binding file round-trip exactly.
///
/// What each kind contributes to its action's ``ActionSnapshot``:
///
/// | binding | pressed while | value | vector |
/// |---|---|---|---|
/// | ``key(_:)-enum.case``, ``button(_:)`` | held | 1 | — |
/// | ``axis(_:_:)`` | beyond the dead zone | the response, −scale…scale | — |
/// | ``composite(_:)`` | see ``ActionComposite`` | its axis value, or its vector's length | its vector |
/// | ``gesture(_:_:)`` | see ``GestureReading`` | 1 while a `held` reading is held; a `rotation` reading's change | a `translation` reading's change |
/// | ``mouseButton(_:)`` | held | 1 | — |
/// | ``wheel(_:scale:)`` | never | the notches turned in the frame × scale | — |
/// | ``wheelStep(_:)`` | pressed and released once per notch | — | — |
/// | ``chord(_:)`` | see ``ActionChord`` | 1 | — |
/// | ``command(_:)`` | for the frame it fires (``ActionSnapshot/justPressed``) | — | — |
///
/// ```swift
/// try actions.bind(.jump, to: .key(.space))
/// try actions.bind(.jump, to: .button(.south))
/// try actions.bind(.steer, to: .axis(.leftX, AxisResponse(deadZone: 0.2, scale: 2)))
/// try actions.bind(.move, to: .composite(.wasd))
/// try actions.bind(.zoom, to: .gesture("pinch", .scale))
/// try actions.bind(.fire, to: .mouseButton(.right))
/// try actions.bind(.zoom, to: .wheel(.vertical, scale: 0.1))
/// try actions.bind(.nextWeapon, to: .wheelStep(.up))
/// try actions.bind(.save, to: .chord(ActionChord(holding: .modifier(.control), press: .key(.s))))
/// ```
///
/// ## See Also
/// - ``ActionMap``
/// - ``ActionComposite``
/// - ``ActionChord``
/// - ``ActionMapFile``
public enum ActionBinding: Hashable, Sendable {
    /// A key, by its scancode: the USB HID keyboard usage of the physical
    /// key, as SDL reports it (see ``KeyEvent/scancode`` and ``KeyName``).
    case key(Int32)
    /// A controller button.
    case button(ControllerButton)
    /// One controller axis, through a dead zone, an inversion and a scale.
    case axis(ControllerAxis, AxisResponse)
    /// Several inputs read together as one axis or one 2-D vector.
    case composite(ActionComposite)
    /// A gesture recognizer registered with the map under a name, read one
    /// of the ways ``GestureReading`` lists.
    case gesture(String, GestureReading)
    /// A mouse button; the left one is down while the mouse's contact is
    /// (a ``PointerKind/mouse`` or ``PointerKind/simulated`` pointer).
    case mouseButton(MouseButton)
    /// The wheel turning along an axis, as a per-frame change (``WheelAxis``).
    case wheel(WheelAxis, scale: Double)
    /// Each notch of the wheel turned one way, as a press (``WheelDirection``).
    case wheelStep(WheelDirection)
    /// An input pressed while others are held (``ActionChord``).
    case chord(ActionChord)
    /// A command input registered with the map under a name (a
    /// ``CommandInputRecognizer``, or any discrete recognizer), reported as
    /// pressed for the one frame in which it fires: the same reading as
    /// ``GestureReading/trigger``, in the words a bindings file uses for
    /// specials (`command fireball`).
    case command(String)

    /// The registered name and reading of a gesture or command binding.
    var gestureReading: (name: String, reading: GestureReading)? {
        switch self {
        case .gesture(let name, let reading): (name, reading)
        case .command(let name): (name, .trigger)
        case .key, .button, .axis, .composite, .mouseButton, .wheel, .wheelStep, .chord: nil
        }
    }

    /// The binding's problem, if its numbers are out of range: a dead zone
    /// outside 0..<1, or a scale that is not finite.
    var invalidity: ActionMapError.Problem? {
        switch self {
        case .key(let scancode):
            return (0..<KeyName.scancodeLimit).contains(scancode) ? nil : .unknownKey(String(scancode))
        case .button, .mouseButton, .wheelStep:
            return nil
        case .wheel(_, let scale):
            return scale.isFinite ? nil : .badNumber(option: "scale", text: String(scale))
        case .chord(let chord):
            return chord.invalidity
        case .gesture(let name, _), .command(let name):
            // Refused here, when bound, rather than when saved: a binding
            // file could not hold the name and read it back.
            return ActionMapFile.isWord(name) ? nil : .notAWord(name)
        case .axis(_, let response):
            return response.invalidity
        case .composite(let composite):
            return composite.invalidity
        }
    }
}

/// How a controller axis becomes an action's value: a dead zone, an
/// optional inversion, and a scale.
///
/// The raw axis (−1…1 for sticks with +y down, as SDL reports them; 0…1 for
/// triggers) is zero inside the dead zone; beyond it the remaining travel is
/// rescaled to run from 0 to 1, so the value rises smoothly from the edge of
/// the dead zone instead of jumping to it. Then it is negated if
/// ``isInverted`` and multiplied by ``scale``.
///
/// ```swift
/// AxisResponse(deadZone: 0.2).value(for: 0.6)        // 0.5
/// AxisResponse(isInverted: true).value(for: -1)      // 1: "up is up" for a flight stick
/// ```
public struct AxisResponse: Hashable, Sendable {
    /// The stick dead zone of XInput, `XINPUT_GAMEPAD_LEFT_THUMB_DEADZONE`
    /// (7849 of 32767, 0.24): Microsoft's figure for the resting drift of a
    /// worn stick. SDL applies no dead zone of its own.
    public static let stickDeadZone = 0.24
    /// The trigger threshold of XInput, `XINPUT_GAMEPAD_TRIGGER_THRESHOLD`
    /// (30 of 255, about 0.12): triggers rest firmly at zero and need less.
    public static let triggerDeadZone = 0.12

    /// Raw deflection, 0..<1, below which the value is 0.
    public var deadZone: Double
    /// Whether the value is negated (before scaling).
    public var isInverted: Bool
    /// What full deflection is worth. Must be finite; may be negative.
    public var scale: Double
    /// One half of the axis only, or `nil` for the whole of it. A half reads
    /// its deflection as a positive value (0…1 before inversion and scale)
    /// and is zero on the other side: "left stick down" is the positive half
    /// of ``ControllerAxis/leftY``, a direction for a menu, as Godot's and
    /// Unity's stick directions are.
    public var half: AxisHalf?

    public init(deadZone: Double = AxisResponse.stickDeadZone, isInverted: Bool = false, scale: Double = 1, half: AxisHalf? = nil) {
        self.deadZone = deadZone
        self.isInverted = isInverted
        self.scale = scale
        self.half = half
    }

    /// The response XInput would use for `axis`: the trigger threshold for
    /// triggers, the stick dead zone otherwise.
    public static func standard(for axis: ControllerAxis) -> AxisResponse {
        AxisResponse(deadZone: axis.isTrigger ? triggerDeadZone : stickDeadZone)
    }

    /// The value for a raw axis reading. Readings beyond ±1 count as ±1;
    /// a non-finite reading is 0.
    public func value(for raw: Double) -> Double {
        guard raw.isFinite else { return 0 }
        var raw = raw
        switch half {
        case nil: break
        case .positive: raw = max(0, raw)
        case .negative: raw = max(0, -raw)
        }
        let magnitude = min(1, abs(raw))
        guard magnitude > deadZone else { return 0 }
        let rescaled = (magnitude - deadZone) / (1 - deadZone)
        let signed = raw < 0 ? -rescaled : rescaled
        return (isInverted ? -signed : signed) * scale
    }

    var invalidity: ActionMapError.Problem? {
        if !(deadZone >= 0 && deadZone < 1) { return .deadZoneOutOfRange(deadZone) }
        if !scale.isFinite { return .badNumber(option: "scale", text: String(scale)) }
        return nil
    }
}

/// One side of a controller axis: the half of a stick's travel that is one
/// direction (``AxisResponse/half``).
public enum AxisHalf: String, Hashable, Sendable, CaseIterable {
    /// Right on an x axis, down on a y axis (SDL's +y is down), a trigger's whole travel.
    case positive
    /// Left on an x axis, up on a y axis.
    case negative
}

/// How a binding to a gesture recognizer reads it.
///
/// A recognizer is registered with the map under a name (see
/// ``ActionMap/register(_:as:values:)``); a binding names it and one of these
/// readings. Continuous values are reported as **changes per frame**, so a
/// game adds them up (translation, rotation) or multiplies them (scale)
/// exactly as it would apply a key's per-frame movement, and the changes of
/// all the frames of one gesture add up (or multiply) to the recognizer's
/// own total.
public enum GestureReading: String, Hashable, Sendable, CaseIterable {
    /// Recognition presses and releases the action in the same frame: a
    /// discrete recognizer (a tap, a swipe) when it recognizes, a continuous
    /// one when it begins. Nothing is held.
    case trigger
    /// Pressed from when a continuous recognizer begins until it ends or is
    /// cancelled (a long press is held while the finger stays). A discrete
    /// recognizer, which never is under way, acts as a ``trigger``.
    case held
    /// Held, and the change of the recognizer's translation (a pan's, in
    /// window points) since the last frame added to the action's vector.
    case translation
    /// Held, and the ratio of the recognizer's scale (a pinch's) now to its
    /// scale at the last frame multiplied into the action's ``ActionSnapshot/scale``.
    case scale
    /// Held, and the change of the recognizer's rotation (in radians) since
    /// the last frame added to the action's value.
    case rotation
}
