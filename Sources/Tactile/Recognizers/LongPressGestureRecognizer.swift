/// Recognizes a long press ("touch and hold"): touches held down, nearly
/// still, for at least ``minimumPressDuration``.
///
/// A continuous recognizer: it begins when the duration has passed with the
/// touches still down and within ``allowableMovement``, changes each time a
/// touch moves after that, and ends when one of its touches lifts. Its
/// actions run on each of those, and on cancellation.
///
/// ```swift
/// let pickUp = LongPressGestureRecognizer { recognizer in
///     switch recognizer.state {
///     case .began: board.lift(pieceAt: recognizer.location(in: board))
///     case .changed: board.drag(to: recognizer.location(in: board))
///     case .ended: board.drop()
///     default: board.putBack()
///     }
/// }
/// board.addGestureRecognizer(pickUp)
/// ```
///
/// ## The gesture, step by step
///
/// 1. With ``numberOfTapsRequired`` above 0, that many quick taps come
///    first, each of ``numberOfTouchesRequired`` touches, under the rules of
///    ``TapGestureRecognizer``: the next tap within ``maximumTapInterval``
///    and ``maximumTapDistance``, and each tap lifting before
///    ``minimumPressDuration`` (a touch held that long is a press, not a
///    tap, and fails the gesture).
/// 2. The press: ``numberOfTouchesRequired`` touches land. Once they are
///    all down, the recognizer waits ``minimumPressDuration`` on the scene's
///    clock (a deadline, see ``GestureRecognizer/setDeadline(after:)``);
///    with a duration of 0 or less it begins as the last touch lands.
/// 3. Began, when the duration has passed with every touch down.
/// 4. Changed, on every move of one of its touches to a new place.
/// 5. Ended, when any of its touches lifts (as UIKit's long press does);
///    cancelled if a touch is cancelled.
///
/// It fails, before it begins, when:
///
/// - a touch moves more than ``allowableMovement`` from where it landed;
/// - more touches land than ``numberOfTouchesRequired``;
/// - a touch lifts too early: before the press's duration has passed, or,
///   in a tap, before all the tap's touches have landed;
/// - a tap is held for ``minimumPressDuration``, or the next tap lands too
///   late or too far away;
/// - a touch is cancelled.
///
/// ## Once it has begun
///
/// ``allowableMovement`` applies only until the gesture begins: after
/// that the touches may go anywhere, and each move is a change, so a long
/// press can pick something up and drag it. A touch that lands on the
/// recognizer's layers after the gesture has begun is not part of it: the
/// recognizer ignores it (``GestureRecognizer/ignore(_:)``), so it reaches
/// its layer as if the recognizer did not exist, and its lifting does not
/// end the press.
///
/// ## With other recognizers
///
/// Paired with a ``TapGestureRecognizer`` on the same touches, a quick tap
/// lifts before the duration and fails the long press, and the tap
/// recognizes; a hold begins the long press, which, by the arena's default
/// exclusivity, stops the tap. No `require(toFail:)` is needed either way.
///
/// ## See Also
/// - ``TapGestureRecognizer``
/// - ``GestureRecognizer/location(in:)``
@MainActor
open class LongPressGestureRecognizer: GestureRecognizer {
    // Exclusivity: every stored property below is read or written on each
    // touch the recognizer follows, in plain accesses during which no user
    // code runs, so the runtime's dynamic exclusivity checks, which the
    // optimiser keeps for the stored properties of an open class, are off
    // for them (callgrind: about 60 checks a tap on a layer with the seven
    // built-ins, a fifth of its instructions).

    // MARK: Settings
    //
    // Read at each decision, so a change made mid-gesture applies from the
    // next touch that lands, moves or lifts, or the next deadline set.

    /// How long, in seconds, the touches must be held before the gesture
    /// begins; 0.5 by default.
    ///
    /// 0.5 s is the documented default of UIKit's
    /// `UILongPressGestureRecognizer.minimumPressDuration`, and Flutter's
    /// `kLongPressTimeout` is the same 500 ms, so a hold takes as long as a
    /// player used to either expects. 0 or less begins the gesture as
    /// the touches land; a NaN or infinite duration sets no deadline, so the
    /// press never begins and fails when its touches lift.
    @exclusivity(unchecked) public var minimumPressDuration = GestureDefaults.longPressDuration

    /// How far each touch may move from where it landed, in window points,
    /// before the gesture begins; 10 by default. After it has begun,
    /// movement is unlimited (see the type's discussion).
    ///
    /// 10 points is the documented default of UIKit's
    /// `UILongPressGestureRecognizer.allowableMovement`. Being tighter than
    /// the 18 points a finger must go to begin a pan (``GestureSlop/drag``)
    /// matters when the two share a layer: a finger that drags gives up on
    /// the press before the pan begins, so the two never both claim it. A
    /// NaN limit fails the gesture on any move.
    @exclusivity(unchecked) public var allowableMovement = GestureDefaults.longPressAllowableMovement

    /// How many quick taps come before the press; 0 by default, as UIKit's
    /// `UILongPressGestureRecognizer` (a plain press). Values below 0 are
    /// raised to 0.
    @exclusivity(unchecked) public var numberOfTapsRequired = 0 {
        didSet { numberOfTapsRequired = max(0, numberOfTapsRequired) }
    }

    /// How many touches make the press, and each tap before it; 1 by
    /// default, as UIKit's `UILongPressGestureRecognizer`. Values below 1
    /// are raised to 1. Two or more need the layer's
    /// ``Layer/isMultipleTouchEnabled`` on.
    @exclusivity(unchecked) public var numberOfTouchesRequired = 1 {
        didSet {
            numberOfTouchesRequired = max(1, numberOfTouchesRequired)
            taps.reserveLandings(numberOfTouchesRequired)
        }
    }

    /// The most time, in seconds, between one tap lifting and the next tap
    /// or the press landing, when ``numberOfTapsRequired`` is above 0; 0.3
    /// by default: Flutter's `kDoubleTapTimeout`, the same as
    /// ``TapGestureRecognizer/maximumTapInterval`` and for the same reason.
    @exclusivity(unchecked) public var maximumTapInterval = GestureDefaults.doubleTapTimeout

    /// How far, in window points, each later tap and the press may land
    /// from the first tap, when ``numberOfTapsRequired`` is above 0; 100 by
    /// default: Flutter's `kDoubleTapSlop`, the same as
    /// ``TapGestureRecognizer/maximumTapDistance`` and for the same reason.
    @exclusivity(unchecked) public var maximumTapDistance = GestureDefaults.doubleTapSlop

    // MARK: Progress of the current attempt

    @exclusivity(unchecked) private var taps = TapSequence()

    /// Whether the taps are done and the touches down now are the press.
    private var isPressing: Bool { taps.tapsCompleted >= numberOfTapsRequired }

    /// Whether the press has begun, or has asked to and waits for a
    /// recognizer it requires to fail: either way its touches are decided.
    private var hasBegun: Bool { state.isActive || isWaitingForRequirements }

    // MARK: Touches

    open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        for touch in touches {
            if hasBegun {
                // Not one of the press's touches: it goes to its layer as if
                // this recognizer did not exist, and lifting it ends nothing.
                ignore(touch)
                continue
            }
            // The first touch of the next tap or of the press is in time: a
            // late one would have found the recognizer failed by its deadline.
            if taps.isBetweenTaps { cancelDeadline() }
            guard taps.land(touch, touchesRequired: numberOfTouchesRequired, maximumDistance: maximumTapDistance,
                            touchesDown: numberOfTouches) == .accepted
            else {
                state = .failed
                return
            }
            guard numberOfTouches == numberOfTouchesRequired else { continue }
            if isPressing && !(minimumPressDuration > 0) && !minimumPressDuration.isNaN {
                state = .began
            } else {
                // For the press, the time it must be held; for a tap, the
                // time after which it is held too long to be one.
                setDeadline(after: minimumPressDuration)
            }
        }
    }

    open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        if hasBegun {
            for touch in touches where touch.location != touch.previousLocation {
                state = .changed
                return
            }
        } else if taps.hasStrayed(touches, limit: allowableMovement) {
            state = .failed
        }
    }

    open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        if hasBegun {
            state = .ended
            return
        }
        guard taps.allTouchesLanded, !isPressing else {
            // Lifted before the others landed, or before the press's
            // duration passed: not this gesture.
            state = .failed
            return
        }
        guard numberOfTouches == 0 else { return }   // a tap ends with its last touch
        taps.completeTap()
        setDeadline(after: maximumTapInterval)
    }

    open override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        state = hasBegun ? .cancelled : .failed
    }

    /// The press has been held long enough and begins; or a tap was held
    /// too long, or the next tap or the press did not come in time.
    open override func deadlineReached() {
        if isPressing && taps.allTouchesLanded && numberOfTouches == numberOfTouchesRequired {
            state = .began
        } else {
            state = .failed
        }
    }

    open override func reset() {
        taps.reset()
    }

    // MARK: Rollback

    /// Saves its own progress in scene snapshots (see ``SceneSnapshot``).
    open override var savedStateClass: GestureRecognizer.Type? { LongPressGestureRecognizer.self }

    open override func saveState(to writer: inout RecognizerStateWriter) {
        taps.saveInPlace(to: &writer)
    }

    open override func restoreState(from reader: inout RecognizerStateReader) {
        taps.restore(from: &reader)
    }
}
