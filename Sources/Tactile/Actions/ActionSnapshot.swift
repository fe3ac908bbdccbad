/// What one game action did during one frame: whether it is pressed, whether
/// it went down or up during the frame (and how often), and its analogue
/// value and vector.
///
/// An ``ActionMap`` builds one per action at the end of each frame's input.
/// Edges are counted, not sampled, so nothing that happened inside a frame is
/// lost: a key pressed and released between two frames reports
/// ``justPressed`` and ``justReleased`` in the next one, with
/// ``isPressed`` false; pressed, released and pressed again reports both
/// edges, ``pressCount`` 2 and ``isPressed`` true.
///
/// ```swift
/// let jump = actions[.jump]
/// if jump.justPressed { player.jump() }
/// player.velocity.x = actions[.move].vector.x * runSpeed
/// camera.zoom *= actions[.zoom].scale
/// ```
///
/// ## See Also
/// - ``ActionMap``
/// - ``ActionBinding``
public struct ActionSnapshot: Hashable, Sendable {
    /// Whether any of the action's bindings is held at the end of the frame.
    public var isPressed: Bool
    /// How many times the action went from released to pressed in the frame.
    public var pressCount: Int
    /// How many times it went from pressed to released in the frame.
    public var releaseCount: Int
    /// The strongest level among the action's held bindings (1 for a key,
    /// the response of an axis, the length of a vector), signed, plus the
    /// rotation its gestures made during the frame, in radians.
    public var value: Double
    /// The longest vector among its bindings (a stick, four keys), plus the
    /// translation its gestures made during the frame, in window points.
    public var vector: Point
    /// The factor its pinch gestures scaled by during the frame: 1 when
    /// nothing pinched. The frames' factors of one pinch multiply to the
    /// pinch's own scale.
    public var scale: Double
    /// How many times a repeating action repeated in the frame: 0 or 1
    /// (see ``ActionRepeat``); always 0 for an action that does not repeat.
    public var repeatCount: Int

    public init(
        isPressed: Bool = false, pressCount: Int = 0, releaseCount: Int = 0, value: Double = 0, vector: Point = .zero, scale: Double = 1,
        repeatCount: Int = 0
    ) {
        self.isPressed = isPressed
        self.pressCount = pressCount
        self.releaseCount = releaseCount
        self.value = value
        self.vector = vector
        self.scale = scale
        self.repeatCount = repeatCount
    }

    /// Whether the action went down during the frame, even if it came up again.
    public var justPressed: Bool { pressCount > 0 }
    /// Whether the action came up during the frame, even if it went down again.
    public var justReleased: Bool { releaseCount > 0 }
    /// Whether a held repeating action repeated during the frame.
    public var justRepeated: Bool { repeatCount > 0 }
    /// Whether the action went down or repeated: when a menu moves.
    public var justPressedOrRepeated: Bool { pressCount > 0 || repeatCount > 0 }

    /// An action that nothing touched.
    public static let idle = ActionSnapshot()
}
