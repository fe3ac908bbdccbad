/// Recognizes a pinch: two or more touches moving apart or together, and
/// reports the ratio of their spread to what it was when they landed.
///
/// A continuous recognizer: its actions run on began, on every change, and
/// on ended or cancelled. ``scale`` is not a change since the last action
/// but the whole ratio so far, to be applied to the object as it was when
/// the gesture began, as the event-handling guide says of `scale`:
///
/// ```swift
/// var startZoom = 1.0
/// let zoom = PinchGestureRecognizer { pinch in
///     if pinch.state == .began { startZoom = camera.zoom }
///     camera.zoom = startZoom * pinch.scale
/// }
/// map.isMultipleTouchEnabled = true
/// map.addGestureRecognizer(zoom)
/// ```
///
/// ## What it measures
///
/// The *span* of the touches: for two, the distance between them; for
/// more, twice their mean distance from their centroid, which for two is
/// the same. ``scale`` is the span now over the span
/// when the touches were in place, so content scaled by it stays under the
/// fingers; at `.began` it is already past the slop, about 1.2 for two
/// fingers 100 points apart. ``velocity`` is how fast ``scale`` changes,
/// per second.
///
/// - It **begins** once the span has changed by more than ``slop``
///   (18 points for fingers, 1 for the mouse's pair), with two or more
///   touches down.
/// - It **changes** on every later move of its touches.
/// - It **ends** when fewer than two touches remain: one finger cannot
///   pinch. ``velocity`` read in that last action is how fast the pinch
///   was going, 0 if the fingers had stopped.
/// - It is **cancelled** when one of its touches is cancelled after it began.
///
/// It **fails** when its touches all lift or one is cancelled before it begins.
///
/// A third touch landing, or one of three lifting, leaves ``scale`` where it
/// was: the reference span is rescaled to the new set of touches.
///
/// ## Touches at one point
///
/// Two touches at the same place have no spread to take a ratio of: the
/// reference span is taken only once the touches are ``minimumSpan`` apart,
/// and until then the pinch waits. Once measuring, the span may shrink to
/// nothing (``scale`` 0) without any division by it.
///
/// ## Pointers and layers
///
/// The mouse's Alt-drag pair (see ``MouseTouchSimulator``) pinches: its two
/// contacts mirror each other about the window's centre. A layer with
/// ``Layer/isMultipleTouchEnabled`` off (the default) admits only one touch
/// at a time, and a second touch that the scene does not admit reaches no
/// recognizer; turn it on for the layer the fingers land on, or put the
/// recognizer on a layer whose children each get one of the fingers.
///
/// ## See Also
/// - ``RotationGestureRecognizer``
/// - ``VelocityTracker``
@MainActor
open class PinchGestureRecognizer: ContinuousGestureRecognizer {
    // Exclusivity: every stored property below is read or written on each
    // touch the recognizer follows, in plain accesses during which no user
    // code runs, so the runtime's dynamic exclusivity checks, which the
    // optimiser keeps for the stored properties of an open class, are off
    // for them (callgrind: about 60 checks a tap on a layer with the seven
    // built-ins, a fifth of its instructions).

    // MARK: Settings

    /// How much the span must change before the pinch begins:
    /// ``GestureSlop/scale`` by default, 18 points for fingers and 1 for
    /// the mouse and its simulated pair.
    @exclusivity(unchecked) public var slop = GestureSlop.scale

    /// The smallest span, in window points, that the scale can be measured
    /// from; 18 by default.
    ///
    /// 18 points is Flutter's `kTouchSlop`, the distance a finger may wobble
    /// while meaning to stay put: two touches closer than that are one place
    /// as far as the screen can tell, and a ratio taken from such a span
    /// would be mostly wobble (from 2 points apart to 100 is a scale of 50).
    /// Two real fingertips are never that close; the mouse's mirrored pair
    /// is, when pressed near the window's centre.
    @exclusivity(unchecked) public var minimumSpan = GestureDefaults.minimumSpan

    /// Whether the pinch measures ``velocity``; `true` by default.
    ///
    /// The velocity is fitted to the scale at every move, so a pinch that
    /// tracks it measures the span of all its touches on every move of any
    /// one of them. Turned off, ``velocity`` stays 0 and the pinch measures
    /// its span only when something needs it: ``scale`` read or set, a touch
    /// landing or lifting, a snapshot saved. Every value read is the same,
    /// to the bit, as with the velocity tracked. A game that reads ``scale``
    /// once a frame rather than in every action, as the Tilt Maze does, then
    /// measures once a frame, not once per finger's move: with ten fingers
    /// down a measure and its velocity sample cost about 280 instructions,
    /// a move put off about 150 (it copies where the ten touches are), so the
    /// Tilt Maze's 30-event frames on the ten-contact trace take 45,335
    /// input instructions rather than 49,394 (callgrind). Actions still run
    /// on every change.
    @exclusivity(unchecked) public var tracksVelocity = true

    // MARK: What it reports

    /// The span of the touches over their span when they were in place: 1
    /// while they have not spread or closed, 2 when twice as far apart.
    /// Setting it rescales the reference, so that later movement multiplies
    /// the new value; it does not change ``velocity``'s measure of the
    /// movement. A non-positive or non-finite value is ignored, and so is
    /// any value while the touches are closed to a point (a scale of 0 has
    /// no multiple). 1 outside a gesture.
    public var scale: Double {
        get {
            if hasUnmeasuredMove { measureDeferredMove() }
            return measuredScale * scaleFactor
        }
        set {
            if hasUnmeasuredMove { measureDeferredMove() }
            guard newValue.isFinite, newValue > 0, measuredScale > 0 else { return }
            scaleFactor = newValue / measuredScale
        }
    }

    /// How fast ``scale`` is changing, per second, at the current
    /// sub-event's time (see ``VelocityTracker``): positive while the
    /// touches spread, 0 once they have rested for 40 ms. Read it in the
    /// actions.
    public var velocity: Double {
        guard tracksVelocity else { return 0 }
        return velocityTracker.velocity(at: currentTime) * scaleFactor
    }

    // MARK: Progress of the current attempt

    /// The span the scale is measured against, once the touches are far
    /// enough apart to have one.
    @exclusivity(unchecked) private var referenceSpan: Double?
    /// The span now over `referenceSpan`.
    @exclusivity(unchecked) private var measuredScale = 1.0
    /// What setting ``scale`` multiplied `measuredScale` by.
    @exclusivity(unchecked) private var scaleFactor = 1.0
    /// How many touches there were at the last sub-event, to tell a move
    /// from a touch joining or leaving.
    @exclusivity(unchecked) private var lastCount = 0
    /// The span at the last move.
    @exclusivity(unchecked) private var lastSpan = 0.0
    /// `measuredScale` over time.
    @exclusivity(unchecked) private var velocityTracker = VelocityTracker()
    /// With ``tracksVelocity`` off, the touches have moved since the last
    /// measure: `measuredScale` and `lastSpan` are as of the move before,
    /// and `heardLocations` says where the touches are.
    @exclusivity(unchecked) private var hasUnmeasuredMove = false
    /// While `hasUnmeasuredMove`: where the `lastCount` touches down were
    /// at the last move this recognizer heard of, in the order they landed.
    /// The touches' own locations may already be a sub-event further on (a
    /// delegate or another recognizer asking for the scale before this one
    /// has heard of a move; a touch moving as it lifts), and one may have
    /// been ignored since: the measure put off is of the touches as the
    /// last move left them. Memory of its own (see
    /// ``GestureRecognizer/touchLocations(into:)``), room for
    /// `locationRoom`; only this recognizer reads and writes it, and its
    /// `deinit` frees it.
    nonisolated(unsafe) private var heardLocations = UnsafeMutablePointer<Point>.allocate(capacity: initialLocationRoom)
    /// The next move's locations, swapped with `heardLocations`: the last
    /// move's stay there until the count of touches down is known.
    nonisolated(unsafe) private var nextLocations = UnsafeMutablePointer<Point>.allocate(capacity: initialLocationRoom)
    @exclusivity(unchecked) private var locationRoom = initialLocationRoom
    /// The fingers of two hands, as a recognizer's touch list has room for
    /// from the start (more grow both blocks at a landing, `makeRoom`).
    private nonisolated static let initialLocationRoom = 10

    deinit {
        heardLocations.deallocate()
        nextLocations.deallocate()
    }

    // MARK: Touches

    open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        if hasUnmeasuredMove { measureDeferredMove() }
        let (span, count) = touchSpread()
        if count > locationRoom && !tracksVelocity { makeRoom(for: count) }
        lastCount = count
        rebase(span: span, count: count)
    }

    open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        // Measured later, when something needs it: the pinch has begun (so
        // the move decides nothing), no velocity is fitted to this move's
        // scale, and the touches down are those of the last measure (a
        // landing or a lift measures first; an ignored touch is found here).
        if !tracksVelocity, referenceSpan != nil, state == .began || state == .changed {
            // Where the touches are now, kept aside until the count is known.
            let count = touchLocations(into: UnsafeMutableBufferPointer(start: nextLocations, count: locationRoom))
            if count == lastCount && count <= locationRoom {
                swap(&heardLocations, &nextLocations)
                hasUnmeasuredMove = true
                touchesDidMove(touchesDown: count)
                return
            }
            // A touch was ignored since the last measure: measured now, as
            // below, after the moves put off (with it).
        }
        if hasUnmeasuredMove { measureDeferredMove() }
        let (span, count) = touchSpread()
        lastSpan = span
        guard count > 0 else { return }
        if count != lastCount {
            // A touch was ignored in between: not movement.
            lastCount = count
            rebase(span: span, count: count)
        } else if let reference = referenceSpan {
            measuredScale = span / reference
        } else {
            rebase(span: span, count: count)
        }
        if tracksVelocity, referenceSpan != nil { velocityTracker.add(measuredScale, at: currentTime) }
        // `count` is `numberOfTouches`: the phases have not changed since.
        touchesDidMove(touchesDown: count)
    }

    open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        if hasUnmeasuredMove { measureDeferredMove() }
        // A touch can move as it lifts: take that in before it leaves.
        var moved = false
        let remaining: (span: Double, count: Int)
        // Measured only when there is a scale to move: with no reference
        // span yet, or fewer than two touches last time, the lift changes
        // nothing.
        let canMove = lastCount >= 2 && referenceSpan != nil
        if touches.count == 1 {
            // One touch lifting, as nearly every lift: the spreads with it
            // and without it in two walks of the touches, not four (the
            // same values).
            let spreads = touchSpreads(lifting: touches[0])
            if canMove { moved = takeIn(lift: spreads.including) }
            remaining = spreads.excluding
        } else {
            for touch in touches where canMove {
                if takeIn(lift: spread(including: touch)) { moved = true }
            }
            remaining = touchSpread()
        }
        if moved && tracksVelocity { velocityTracker.add(measuredScale, at: currentTime) }
        lastCount = remaining.count
        if remaining.count >= 2 { rebase(span: remaining.span, count: remaining.count) }
        touchesDidLift(moved: moved)
    }

    open override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        // The actions for `.cancelled` read the scale of the last move.
        if hasUnmeasuredMove { measureDeferredMove() }
        super.touchesCancelled(touches, with: event)
    }

    // MARK: The continuous gesture's questions

    open override var minimumNumberOfTouchesToMeasure: Int { 2 }

    open override func shouldBegin() -> Bool? {
        guard let reference = referenceSpan, isBeyondSlop(abs(lastSpan - reference), slop) else { return nil }
        return true
    }

    /// One touch left: no spread until another lands.
    open override func forgetMeasurement() {
        referenceSpan = nil
        measuredScale = 1
        hasUnmeasuredMove = false
        velocityTracker.removeAll()
    }

    open override func reset() {
        referenceSpan = nil
        measuredScale = 1
        scaleFactor = 1
        lastCount = 0
        hasUnmeasuredMove = false
        velocityTracker.removeAll()
    }

    // MARK: Helpers

    /// Room for `count` locations in both blocks, at a landing (none is
    /// kept aside then).
    private func makeRoom(for count: Int) {
        let room = max(count, 2 * locationRoom)
        heardLocations.deallocate()
        nextLocations.deallocate()
        heardLocations = .allocate(capacity: room)
        nextLocations = .allocate(capacity: room)
        locationRoom = room
    }

    /// Takes the measure that the moves since the last one put off, as the
    /// last of them would have taken it: the same touches, where they were
    /// then, summed in the same order as ``GestureRecognizer/touchSpread()``
    /// sums them, so the same span to the bit. Called before anything reads
    /// or changes the measure, and before the touches followed change.
    @inline(never)
    private func measureDeferredMove() {
        hasUnmeasuredMove = false
        let count = lastCount
        guard let reference = referenceSpan, count > 0 else { return }
        var sumX = 0.0, sumY = 0.0
        for index in 0..<count {
            sumX += heardLocations[index].x
            sumY += heardLocations[index].y
        }
        let center = Point(x: sumX / Double(count), y: sumY / Double(count))
        var sum = 0.0
        for index in 0..<count {
            sum += heardLocations[index].distance(to: center)
        }
        let span = 2 * sum / Double(count)
        lastSpan = span
        measuredScale = span / reference
    }

    /// The span of the touches that are down and `lifting`, and how many
    /// (without a touch lifting, ``GestureRecognizer/touchSpread()``).
    private func spread(including lifting: Touch) -> (span: Double, count: Int) {
        let (center, count) = touchCentroid(including: lifting)
        return (touchSpan(around: center, including: lifting), count)
    }

    /// Takes in the spread as a touch lifts, when the same touches as at
    /// the last move are measured; returns whether the scale changed.
    private func takeIn(lift spread: (span: Double, count: Int)) -> Bool {
        guard spread.count == lastCount, spread.count >= 2, let reference = referenceSpan,
              spread.span / reference != measuredScale else { return false }
        measuredScale = spread.span / reference
        return true
    }

    /// The set of touches changed (or the span just became measurable):
    /// measure from the new span without a jump in the scale.
    private func rebase(span: Double, count: Int) {
        guard count >= 2 else { return }
        guard let reference = referenceSpan else {
            if span >= minimumSpan {
                referenceSpan = span
                measuredScale = 1
            }
            return
        }
        // The reference that gives the new span the scale the old one had.
        // When the fingers had closed to a point (scale 0), no reference
        // keeps 0 for a span that is not: the scale then follows the new
        // span against the old reference.
        let rescaled = span / measuredScale
        if rescaled.isFinite && rescaled > 0 {
            referenceSpan = rescaled
        } else {
            measuredScale = span / reference
        }
    }

    // MARK: Rollback

    /// Saves its own progress in scene snapshots (see ``SceneSnapshot``).
    open override var savedStateClass: GestureRecognizer.Type? { PinchGestureRecognizer.self }

    open override func saveState(to writer: inout RecognizerStateWriter) {
        // Saved as measured, so that a restore needs no touches' history.
        if hasUnmeasuredMove { measureDeferredMove() }
        writer.write(referenceSpan)
        writer.write(measuredScale)
        writer.write(scaleFactor)
        writer.write(lastCount)
        writer.write(lastSpan)
        velocityTracker.saveInPlace(to: &writer)
    }

    open override func restoreState(from reader: inout RecognizerStateReader) {
        referenceSpan = reader.readOptionalDouble()
        measuredScale = reader.readDouble()
        scaleFactor = reader.readDouble()
        lastCount = reader.readInt()
        lastSpan = reader.readDouble()
        hasUnmeasuredMove = false
        velocityTracker.restore(from: &reader)
    }
}
