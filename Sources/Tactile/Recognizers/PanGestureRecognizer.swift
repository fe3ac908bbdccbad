/// Recognizes a drag: touches that move together, from the moment they have
/// gone farther than a slop until the last of them lifts, and reports how
/// far and how fast.
///
/// A continuous recognizer: its actions run on began, on every change, and
/// on ended or cancelled. ``translation(in:)`` is measured from where the
/// touches landed, so an object moved by it stays under the finger:
///
/// ```swift
/// var start = Point.zero
/// let drag = PanGestureRecognizer { pan in
///     if pan.state == .began { start = piece.position }
///     let moved = pan.translation(in: piece.parent)
///     piece.position = Point(x: start.x + moved.x, y: start.y + moved.y)
///     if pan.state == .ended { piece.fling(pan.velocity(in: piece.parent)) }
/// }
/// piece.addGestureRecognizer(drag)
/// ```
///
/// ## When it begins, changes and ends
///
/// - It **begins** on the move that takes the centroid of its touches
///   farther than ``slop`` from where it started measuring, with at least
///   ``minimumNumberOfTouches`` and at most ``maximumNumberOfTouches``
///   touches down. The translation then already includes the slop: the
///   piece jumps to the finger rather than trailing it by 18 points.
/// - It **changes** on every later move of any of its touches.
/// - It **ends** when fewer than ``minimumNumberOfTouches`` touches remain
///   (for the default of 1, when the last one lifts). ``velocity(in:)`` read
///   in that last action is how fast the touches were going as they lifted,
///   and 0 if they had stopped first.
/// - It is **cancelled** when one of its touches is cancelled (focus lost,
///   layer removed), after it began.
///
/// It **fails** when, before beginning, more than ``maximumNumberOfTouches``
/// touches are down (it leaves them to a recognizer of more fingers, such
/// as a pinch), when its touches all lift first, or when one is cancelled.
///
/// ## Touches joining and leaving
///
/// The translation is the distance the centroid of the touches travelled,
/// added up between changes of the set of touches: when a touch lands or
/// lifts, the centroid jumps, but the translation does not. A second finger
/// put down mid-drag, or one of two lifted, leaves the translation (and the
/// velocity) where it was, and the pan goes on with the touches that are
/// down. Once the pan has begun, touches beyond ``maximumNumberOfTouches``
/// are ignored (see ``GestureRecognizer/ignore(_:)``) and reach the layer as
/// if the pan were not there; before it begins, the pan counts only the
/// movement made with at least ``minimumNumberOfTouches`` down.
///
/// ## Pointers
///
/// Fingers, the mouse, the mouse's simulated pair (two touches, so
/// Alt+Shift-drag is a two-finger pan) and the controller cursor all pan;
/// the slop is smaller for all but fingers (see ``GestureSlop``). Narrow it
/// with ``GestureRecognizer/allowedPointerKinds``.
///
/// ## See Also
/// - ``ScreenEdgePanGestureRecognizer``
/// - ``SwipeGestureRecognizer``
/// - ``VelocityTracker``
@MainActor
open class PanGestureRecognizer: ContinuousGestureRecognizer {
    // Exclusivity: every stored property below is read or written on each
    // touch the recognizer follows, in plain accesses during which no user
    // code runs, so the runtime's dynamic exclusivity checks, which the
    // optimiser keeps for the stored properties of an open class, are off
    // for them (callgrind: about 60 checks a tap on a layer with the seven
    // built-ins, a fifth of its instructions).

    // MARK: Settings
    //
    // Read at each decision, so a change made mid-gesture applies from the
    // next touch that lands, moves or lifts.

    /// The fewest touches that pan; 1 by default, as UIKit's
    /// `UIPanGestureRecognizer`. Values below 1 are raised to 1.
    @exclusivity(unchecked) public var minimumNumberOfTouches = 1 {
        didSet { minimumNumberOfTouches = max(1, minimumNumberOfTouches) }
    }

    /// The most touches that pan; unlimited (`Int.max`) by default, as
    /// UIKit's `UIPanGestureRecognizer` (`NSUIntegerMax`). Values below 1
    /// are raised to 1.
    @exclusivity(unchecked) public var maximumNumberOfTouches = Int.max {
        didSet { maximumNumberOfTouches = max(1, maximumNumberOfTouches) }
    }

    /// How far the touches must go together before the pan begins:
    /// ``GestureSlop/drag`` by default, 18 points for fingers and 2 for the
    /// mouse and the controller cursor. 18 is also the built-in tap's
    /// ``TapGestureRecognizer/allowableMovement``, so a tap on a child gives
    /// up on exactly the move that begins a pan on its parent.
    @exclusivity(unchecked) public var slop = GestureSlop.drag

    // MARK: Progress of the current attempt

    /// How far the touches have gone together, in window points: the
    /// centroid's movement, summed between changes of the set of touches.
    @exclusivity(unchecked) private var travelled = Point.zero
    /// What ``setTranslation(_:in:)`` has added to `travelled`.
    @exclusivity(unchecked) private var adjustment = Point.zero
    /// The centroid and the number of touches at the last sub-event, to
    /// tell a move from a touch joining or leaving.
    @exclusivity(unchecked) private var lastCentroid = Point.zero
    @exclusivity(unchecked) private var lastCount = 0
    /// `travelled` over time; ``setTranslation(_:in:)`` does not touch it,
    /// so resetting the translation in each action keeps the velocity.
    @exclusivity(unchecked) private var velocityX = VelocityTracker()
    @exclusivity(unchecked) private var velocityY = VelocityTracker()

    // MARK: What it reports

    /// How far the touches have moved since they landed, as a vector in
    /// `layer`'s coordinates (window points for `nil`), so that a layer's
    /// rotation and scale apply. Not a change since the last action: apply
    /// it to where the object was when the gesture began, or reset it with
    /// ``setTranslation(_:in:)``. Zero outside a gesture.
    public func translation(in layer: Layer?) -> Point {
        let window = travelled + adjustment
        return layer?.convertVector(fromWindow: window) ?? window
    }

    /// Makes ``translation(in:)`` read `translation` in `layer`'s
    /// coordinates from now on, as later movement adds to it. The velocity
    /// does not change: zeroing the translation in every action, to apply
    /// each step as a delta, still leaves the fling at the end. A
    /// non-finite translation is ignored.
    public func setTranslation(_ translation: Point, in layer: Layer?) {
        let window = layer?.convertVector(toWindow: translation) ?? translation
        guard window.isFinite else { return }
        adjustment = window - travelled
    }

    /// How fast the touches are moving together, in `layer`'s coordinates
    /// per second (window points per second for `nil`), estimated at the
    /// current sub-event's time from the last 100 ms of movement (see
    /// ``VelocityTracker``). Zero when they have rested for 40 ms, and
    /// outside a gesture: read it in the actions.
    public func velocity(in layer: Layer?) -> Point {
        // Both trackers in one walk: they are fed together, at the same times.
        let velocity = VelocityTracker.velocities(&velocityX, &velocityY, at: currentTime)
        let window = Point(x: velocity.x, y: velocity.y)
        return layer?.convertVector(fromWindow: window) ?? window
    }

    // MARK: Deciding

    /// Whether `translation`, in window points, starts the pan: `true`
    /// begins it, `false` fails it, `nil` waits for more movement. Asked on
    /// each move while possible with enough touches down. Override it for a
    /// pan that must start a certain way (``ScreenEdgePanGestureRecognizer``
    /// asks for a start at an edge, heading in).
    open func beginDecision(for translation: Point) -> Bool? {
        let limit = slopDistance(slop)
        return translation.x * translation.x + translation.y * translation.y > limit * limit ? true : nil
    }

    // MARK: Touches

    open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        if state.isActive {
            // Under way with as many touches as it takes: the extra one goes
            // to the layer as if the pan were not there.
            for touch in touches where numberOfTouches > maximumNumberOfTouches { ignore(touch) }
        } else if numberOfTouches > maximumNumberOfTouches {
            state = .failed
            return
        }
        let isFirst = lastCount == 0
        (lastCentroid, lastCount) = touchCentroid()
        // The landing is the first sample: a flick of a single move still
        // has two samples to fit.
        if isFirst { recordSample() }
    }

    open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        let (center, count) = touchCentroid()
        guard count > 0 else { return }
        // The same touches as last time: the centroid moved. Otherwise a
        // touch was ignored in between and the jump is not movement.
        if count == lastCount { travelled = travelled + (center - lastCentroid) }
        (lastCentroid, lastCount) = (center, count)
        if state == .possible && count < minimumNumberOfTouches { forgetMeasurement() }
        recordSample()
        // `count` is `numberOfTouches`: the phases have not changed since.
        // Passed, as the pinch does, so that a move while the pan waits to
        // begin does not count the touches again (and its began, a frame of
        // first recognitions, does not run the getter's code).
        touchesDidMove(touchesDown: count)
    }

    open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        // A touch can move as it lifts: take that in before it leaves.
        var moved = false
        for touch in touches {
            let (center, count) = touchCentroid(including: touch)
            if count == lastCount && center != lastCentroid {
                travelled = travelled + (center - lastCentroid)
                moved = true
            }
        }
        if moved { recordSample() }
        (lastCentroid, lastCount) = touchCentroid()
        touchesDidLift(moved: moved)
    }

    open override func reset() {
        travelled = .zero
        adjustment = .zero
        lastCentroid = .zero
        lastCount = 0
        velocityX.removeAll()
        velocityY.removeAll()
    }

    // MARK: Helpers

    private func recordSample() {
        let now = currentTime
        velocityX.add(travelled.x, at: now)
        velocityY.add(travelled.y, at: now)
    }

    // MARK: The continuous gesture's questions

    open override var minimumNumberOfTouchesToMeasure: Int { minimumNumberOfTouches }

    open override func shouldBegin() -> Bool? {
        beginDecision(for: travelled)
    }

    /// Too few touches to be this pan yet: what they did so far does not count.
    open override func forgetMeasurement() {
        travelled = .zero
        velocityX.removeAll()
        velocityY.removeAll()
    }

    // MARK: Rollback

    /// Saves its own progress in scene snapshots (see ``SceneSnapshot``).
    open override var savedStateClass: GestureRecognizer.Type? { PanGestureRecognizer.self }

    open override func saveState(to writer: inout RecognizerStateWriter) {
        writer.write(travelled)
        writer.write(adjustment)
        writer.write(lastCentroid)
        writer.write(lastCount)
        velocityX.saveInPlace(to: &writer)
        velocityY.saveInPlace(to: &writer)
    }

    open override func restoreState(from reader: inout RecognizerStateReader) {
        travelled = reader.readPoint()
        adjustment = reader.readPoint()
        lastCentroid = reader.readPoint()
        lastCount = reader.readInt()
        velocityX.restore(from: &reader)
        velocityY.restore(from: &reader)
    }
}
