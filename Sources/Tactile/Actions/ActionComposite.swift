/// Several inputs read together as one axis or one 2-D vector: two keys as
/// a steering axis, four keys or a d-pad as movement, a stick with a radial
/// dead zone.
///
/// Digital parts are keys, controller buttons, mouse buttons or modifier
/// keys (``DigitalInput``), and can be mixed. Vectors follow the window's axes (+x right, +y down, as SDL's
/// sticks do), so a stick and WASD bound to the same action agree.
///
/// | composite | pressed while | value | vector |
/// |---|---|---|---|
/// | ``axis(negative:positive:)`` | either part is held | −1, 0 or 1 (both held: 0) | — |
/// | ``vector(up:down:left:right:)`` | any part is held | the vector's length | unit length, diagonals included |
/// | ``stick(_:_:)`` | beyond the dead zone | the vector's length | see ``StickResponse`` |
///
/// Four-way vectors are normalised, as Unity's default "digital normalized"
/// composite is: moving diagonally is no faster than moving straight.
///
/// ```swift
/// try actions.bind(.move, to: .composite(.wasd))
/// try actions.bind(.move, to: .composite(.dpad))
/// try actions.bind(.move, to: .composite(.stick(.left, StickResponse())))
/// try actions.bind(.turn, to: .composite(.axis(negative: .key(80), positive: .key(79))))  // ← →
/// ```
///
/// ## See Also
/// - ``ActionBinding``
/// - ``AxisResponse``
public enum ActionComposite: Hashable, Sendable {
    /// Two inputs as one axis: −1 while `negative` is held, +1 while `positive` is.
    case axis(negative: DigitalInput, positive: DigitalInput)
    /// Four inputs as a vector of length 0 or 1.
    case vector(up: DigitalInput, down: DigitalInput, left: DigitalInput, right: DigitalInput)
    /// A controller stick as a vector, through a radial dead zone.
    case stick(ControllerStick, StickResponse)

    /// W, S, A and D by position (``PhysicalKey``), which stay where they are
    /// on AZERTY (Z, S, Q, D) and other layouts.
    public static let wasd = ActionComposite.vector(up: .key(PhysicalKey.w), down: .key(PhysicalKey.s), left: .key(PhysicalKey.a), right: .key(PhysicalKey.d))
    /// The arrow keys.
    public static let arrows = ActionComposite.vector(
        up: .key(PhysicalKey.up), down: .key(PhysicalKey.down), left: .key(PhysicalKey.left), right: .key(PhysicalKey.right))
    /// A controller's d-pad.
    public static let dpad = ActionComposite.vector(
        up: .button(.dpadUp), down: .button(.dpadDown), left: .button(.dpadLeft), right: .button(.dpadRight))

    var invalidity: ActionMapError.Problem? {
        switch self {
        case .axis(let negative, let positive):
            return negative.invalidity ?? positive.invalidity
        case .vector(let up, let down, let left, let right):
            return up.invalidity ?? down.invalidity ?? left.invalidity ?? right.invalidity
        case .stick(_, let response):
            return response.invalidity
        }
    }
}

/// A key, a controller button, a mouse button or a modifier key on either
/// side: a part of a composite or a chord.
public enum DigitalInput: Hashable, Sendable {
    /// A key by scancode (a USB HID keyboard usage).
    case key(Int32)
    case button(ControllerButton)
    case mouseButton(MouseButton)
    /// Shift, Control, Alt or GUI, left or right.
    case modifier(ModifierKey)

    var invalidity: ActionMapError.Problem? {
        switch self {
        case .key(let scancode): (0..<KeyName.scancodeLimit).contains(scancode) ? nil : .unknownKey(String(scancode))
        case .button, .mouseButton, .modifier: nil
        }
    }
}

/// A game controller's analogue stick: two axes read as one vector.
public enum ControllerStick: String, Hashable, Sendable, CaseIterable {
    case left, right

    /// The stick's horizontal and vertical axes.
    public var axes: (x: ControllerAxis, y: ControllerAxis) {
        switch self {
        case .left: (.leftX, .leftY)
        case .right: (.rightX, .rightY)
        }
    }
}

/// How a stick becomes a vector: a radial dead zone, inversions, and a scale.
///
/// The dead zone is radial: it is measured on the stick's distance from the
/// centre, not per axis, so a stick pushed gently along a diagonal does not
/// snap to the nearest axis (a per-axis dead zone makes an 8-way cross out
/// of it). Beyond the dead zone the distance is rescaled to 0…1 and capped
/// there (square-gated pads reach about 1.41 at their corners), keeping the
/// direction; then each axis may be inverted, and the vector is scaled.
///
/// ```swift
/// StickResponse(deadZone: 0.2).vector(x: 0.6, y: 0)   // (0.5, 0)
/// ```
public struct StickResponse: Hashable, Sendable {
    /// Distance from the centre, 0..<1, below which the vector is zero.
    /// XInput's stick dead zone by default (see ``AxisResponse/stickDeadZone``).
    public var deadZone: Double
    public var invertsX: Bool
    /// Inverting y makes pushing up positive, as a flight game wants.
    public var invertsY: Bool
    /// What full deflection is worth. Must be finite.
    public var scale: Double

    public init(deadZone: Double = AxisResponse.stickDeadZone, invertsX: Bool = false, invertsY: Bool = false, scale: Double = 1) {
        self.deadZone = deadZone
        self.invertsX = invertsX
        self.invertsY = invertsY
        self.scale = scale
    }

    /// The vector for raw axis readings; non-finite readings count as 0.
    public func vector(x: Double, y: Double) -> Point {
        let x = x.isFinite ? x : 0
        let y = y.isFinite ? y : 0
        let distance = (x * x + y * y).squareRoot()
        guard distance > deadZone else { return .zero }
        let length = min(1, (distance - deadZone) / (1 - deadZone)) * scale
        return Point(x: x / distance * length * (invertsX ? -1 : 1), y: y / distance * length * (invertsY ? -1 : 1))
    }

    var invalidity: ActionMapError.Problem? {
        if !(deadZone >= 0 && deadZone < 1) { return .deadZoneOutOfRange(deadZone) }
        if !scale.isFinite { return .badNumber(option: "scale", text: String(scale)) }
        return nil
    }
}
