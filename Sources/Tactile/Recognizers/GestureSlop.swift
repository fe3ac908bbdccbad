/// How far touches must move, in window points, before a recognizer takes
/// the movement as its gesture rather than as the wobble of a touch that is
/// meant to stay put: one distance for fingers, a smaller one for pointers
/// that do not wobble.
///
/// A finger rolls and spreads as it lands, so a touch that its owner meant
/// as a tap drifts by several points; a mouse or a controller cursor stays
/// exactly where it was put, and asking it to travel as far as a finger
/// makes a drag feel stuck. Every built-in continuous recognizer (pan,
/// pinch, rotation, swipe) keeps one of these and picks the distance from
/// the kinds of its touches:
///
/// ```swift
/// let pan = PanGestureRecognizer { _ in }
/// pan.slop = GestureSlop(touch: 30, precisePointer: 2)   // a game with big, sloppy buttons
/// ```
///
/// Distances are in window points, the distance the contacts really went,
/// whatever the scale of the layer the recognizer is on.
///
/// ## See Also
/// - ``PanGestureRecognizer/slop``
/// - ``SwipeGestureRecognizer/slop``
/// - ``RotationGestureRecognizer/slop``
/// - ``PinchGestureRecognizer/slop``
/// - ``TapGestureRecognizer/allowableMovement``
public struct GestureSlop: Hashable, Sendable {
    /// The distance for fingers, in window points.
    public var touch: Double
    /// The distance for the mouse, the mouse's simulated pair and the
    /// controller cursor, in window points.
    public var precisePointer: Double

    public init(touch: Double, precisePointer: Double) {
        self.touch = touch
        self.precisePointer = precisePointer
    }

    /// For gestures that move the touches: pans, swipes, and the arc a
    /// rotation's fingers travel. 18 points for a finger, 2 for the rest.
    ///
    /// 18 is Flutter's `kTouchSlop`, "the distance a touch has to travel for
    /// the framework to be confident that the gesture is a scroll gesture";
    /// Flutter started at 8 and raised it to 18 after complaints that targets
    /// were too hard to hit. (Flutter's own pan doubles it, `kPanSlop`, so
    /// that one-axis drags in scroll views win first; Tactile has no such
    /// drags competing, and 36 points makes a pan feel stuck.) 2 is
    /// Flutter's `kPrecisePointerPanSlop`, its distance for mice and
    /// trackpads.
    public static let drag = GestureSlop(touch: GestureDefaults.touchSlop, precisePointer: GestureDefaults.precisePointerPanSlop)

    /// For gestures that change the distance between touches: pinches.
    /// 18 points for fingers, 1 for the rest: Flutter's `kScaleSlop` (equal
    /// to `kTouchSlop`) and `kPrecisePointerScaleSlop`.
    public static let scale = GestureSlop(touch: GestureDefaults.touchSlop, precisePointer: GestureDefaults.precisePointerScaleSlop)

    /// The distance for a touch of `kind`.
    ///
    /// The mouse's simulated pair counts as precise: both contacts follow
    /// the mouse, which does not wobble, even though they stand for fingers.
    public func distance(for kind: PointerKind) -> Double {
        switch kind {
        // A touchpad finger is a finger, its wobble magnified by the area
        // the pad is stretched onto.
        case .finger, .controllerTouchpad: touch
        case .mouse, .controllerCursor, .simulated: precisePointer
        }
    }
}
