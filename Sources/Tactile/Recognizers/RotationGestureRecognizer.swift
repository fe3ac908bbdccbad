import Foundation

/// Recognizes a rotation: two touches turning about each other, and reports
/// how far they have turned since they landed, in radians, clockwise on
/// screen.
///
/// A continuous recognizer: its actions run on began, on every change, and
/// on ended or cancelled. ``rotation`` has the sign of
/// ``AffineTransform/rotation(_:)``, so a layer given it turns with the
/// fingers:
///
/// ```swift
/// var startAngle = 0.0
/// let turn = RotationGestureRecognizer { rotation in
///     if rotation.state == .began { startAngle = dial.angle }
///     dial.angle = startAngle + rotation.rotation
///     dial.transform = .rotation(dial.angle)
/// }
/// dial.isMultipleTouchEnabled = true
/// dial.addGestureRecognizer(turn)
/// ```
///
/// ## What it measures
///
/// The direction of the line from the first touch to the second (the first
/// two down, in the order they landed). ``rotation`` adds up how that
/// direction turns from one sub-event to the next, each step taken the short
/// way round, so it is not confined to ±π: turning the fingers one and a
/// half times clockwise reads 3π, and a turn through the ±π direction
/// (fingers pointing left) carries on smoothly rather than jumping by 2π.
/// Positive is clockwise on screen, since window y grows down; UIKit's
/// sign is the same. ``velocity`` is how fast it turns, in radians per
/// second.
///
/// - It **begins** once each finger has travelled farther than ``slop``
///   along the arc about their midpoint (18 points for fingers, 2 for the
///   mouse's pair): the turn needed shrinks as the fingers spread, as it
///   does for a dial's knob.
/// - It **changes** on every later move of its touches.
/// - It **ends** when fewer than two touches remain.
/// - It is **cancelled** when one of its touches is cancelled after it began.
///
/// It **fails** when its touches all lift or one is cancelled before it begins.
///
/// When one of the pair lifts and another touch is down, the line is taken
/// from the new pair without a jump in ``rotation``. While the two touches
/// are closer than ``minimumSpan`` their line has no reliable direction (a
/// point's wobble swings it by degrees), so ``rotation`` holds still and
/// follows again from wherever the pair points once they are apart. That
/// includes fingers crossing over each other, whose line flips by π without
/// anyone turning anything.
///
/// ## Pointers and layers
///
/// The mouse's Alt-drag pair rotates: circling the mouse about the window's
/// centre turns the mirrored pair. As for a pinch, the layer the touches
/// land on needs ``Layer/isMultipleTouchEnabled`` for a second touch to
/// reach the recognizer.
///
/// ## See Also
/// - ``PinchGestureRecognizer``
/// - ``AffineTransform``
/// - ``VelocityTracker``
@MainActor
open class RotationGestureRecognizer: ContinuousGestureRecognizer {
    // Exclusivity: every stored property below is read or written on each
    // touch the recognizer follows, in plain accesses during which no user
    // code runs, so the runtime's dynamic exclusivity checks, which the
    // optimiser keeps for the stored properties of an open class, are off
    // for them (callgrind: about 60 checks a tap on a layer with the seven
    // built-ins, a fifth of its instructions).

    // MARK: Settings

    /// How far each finger must travel along its arc before the rotation
    /// begins: ``GestureSlop/drag`` by default, 18 points for fingers and 2
    /// for the mouse and its simulated pair, the same as a pan's, so a
    /// rotation and a pan asked of the same fingers are judged alike.
    @exclusivity(unchecked) public var slop = GestureSlop.drag

    /// The closest, in window points, the two touches may be for their line
    /// to count; 18 by default, Flutter's `kTouchSlop`, for the reason
    /// ``PinchGestureRecognizer/minimumSpan`` gives: closer than a finger's
    /// wobble, the direction from one to the other is mostly wobble.
    @exclusivity(unchecked) public var minimumSpan = GestureDefaults.minimumSpan

    // MARK: What it reports

    /// How far the pair of touches has turned since they landed, in
    /// radians, clockwise on screen; unbounded (see the type's discussion).
    /// Setting it makes later turning add to the new value (a non-finite
    /// value is ignored); it does not change ``velocity``. 0 outside a
    /// gesture.
    public var rotation: Double {
        get { measuredRotation + adjustment }
        set {
            guard newValue.isFinite else { return }
            adjustment = newValue - measuredRotation
        }
    }

    /// How fast the pair is turning, in radians per second, clockwise
    /// positive, at the current sub-event's time (see ``VelocityTracker``);
    /// 0 once the touches have rested for 40 ms. Read it in the actions.
    public var velocity: Double {
        velocityTracker.velocity(at: currentTime)
    }

    // MARK: Progress of the current attempt

    /// The turning measured so far, in radians.
    @exclusivity(unchecked) private var measuredRotation = 0.0
    /// What setting ``rotation`` added.
    @exclusivity(unchecked) private var adjustment = 0.0
    /// The pair the last direction was measured on, by identity.
    @exclusivity(unchecked) private var firstOfPair: ObjectIdentifier?
    @exclusivity(unchecked) private var secondOfPair: ObjectIdentifier?
    /// The direction of the pair's line at the last sub-event, `nil` while
    /// the pair is too close to have one.
    @exclusivity(unchecked) private var lastAngle: Double?
    /// The distance between the pair at the last sub-event.
    @exclusivity(unchecked) private var lastDistance = 0.0
    /// `measuredRotation` over time.
    @exclusivity(unchecked) private var velocityTracker = VelocityTracker()

    // MARK: Touches

    open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        follow()
    }

    open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        follow()
        if lastAngle != nil { velocityTracker.add(measuredRotation, at: currentTime) }
        touchesDidMove()
    }

    open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        // A touch can move as it lifts: take that in, then measure the pair
        // that remains from where it is.
        var moved = false
        for touch in touches {
            if follow(including: touch) { moved = true }
        }
        if moved { velocityTracker.add(measuredRotation, at: currentTime) }
        follow()
        touchesDidLift(moved: moved)
    }

    // MARK: The continuous gesture's questions

    open override var minimumNumberOfTouchesToMeasure: Int { 2 }

    /// Begins once the pair's ends have travelled the slop along the arc.
    open override func shouldBegin() -> Bool? {
        guard lastAngle != nil, isBeyondSlop(abs(measuredRotation) * lastDistance / 2, slop) else { return nil }
        return true
    }

    /// One touch left: no pair to turn until another lands.
    open override func forgetMeasurement() {
        measuredRotation = 0
        velocityTracker.removeAll()
    }

    open override func reset() {
        measuredRotation = 0
        adjustment = 0
        firstOfPair = nil
        secondOfPair = nil
        lastAngle = nil
        lastDistance = 0
        velocityTracker.removeAll()
    }

    // MARK: Helpers

    /// Measures the pair's direction and adds its turn since the last
    /// sub-event, if it is the same pair and was far enough apart then and
    /// now. Returns whether ``rotation`` changed.
    @discardableResult
    private func follow(including lifting: Touch? = nil) -> Bool {
        // The pair's locations and identities, not the touches: handing
        // those out retained and released each (see the helper).
        guard let pair = firstTwoTouchLocations(including: lifting) else {
            lastAngle = nil
            return false
        }
        let samePair = firstOfPair == pair.firstTouch && secondOfPair == pair.secondTouch
        firstOfPair = pair.firstTouch
        secondOfPair = pair.secondTouch
        let dx = pair.second.x - pair.first.x
        let dy = pair.second.y - pair.first.y
        lastDistance = (dx * dx + dy * dy).squareRoot()
        guard lastDistance >= minimumSpan else {
            lastAngle = nil
            return false
        }
        // atan2 of window coordinates, y down: a larger angle is further clockwise.
        let angle = atan2(dy, dx)
        defer { lastAngle = angle }
        guard samePair, let last = lastAngle else { return false }
        // The short way round: a step across ±π is a small turn, not a whole one.
        var step = angle - last
        if step > .pi { step -= 2 * .pi } else if step <= -.pi { step += 2 * .pi }
        measuredRotation += step
        return step != 0
    }

    // MARK: Rollback

    /// Saves its own progress in scene snapshots (see ``SceneSnapshot``).
    open override var savedStateClass: GestureRecognizer.Type? { RotationGestureRecognizer.self }

    open override func saveState(to writer: inout RecognizerStateWriter) {
        writer.write(measuredRotation)
        writer.write(adjustment)
        writer.write(touch: firstOfPair)
        writer.write(touch: secondOfPair)
        writer.write(lastAngle)
        writer.write(lastDistance)
        velocityTracker.saveInPlace(to: &writer)
    }

    open override func restoreState(from reader: inout RecognizerStateReader) {
        measuredRotation = reader.readDouble()
        adjustment = reader.readDouble()
        firstOfPair = reader.readTouch()
        secondOfPair = reader.readTouch()
        lastAngle = reader.readOptionalDouble()
        lastDistance = reader.readDouble()
        velocityTracker.restore(from: &reader)
    }
}
