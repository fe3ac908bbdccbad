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
/// - ``TapGestureRecognizer``: the same touches lifted quickly.
/// - ``GestureRecognizer/location(in:)``: where the press is, on began and
///   each change.
@MainActor
public final class LongPressGestureRecognizer: GestureRecognizer {
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
    public var minimumPressDuration = 0.5

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
    public var allowableMovement = 10.0

    /// How many quick taps come before the press; 0 by default, as UIKit's
    /// `UILongPressGestureRecognizer` (a plain press). Values below 0 are
    /// raised to 0.
    public var numberOfTapsRequired = 0 {
        didSet { numberOfTapsRequired = max(0, numberOfTapsRequired) }
    }

    /// How many touches make the press, and each tap before it; 1 by
    /// default, as UIKit's `UILongPressGestureRecognizer`. Values below 1
    /// are raised to 1. Two or more need the layer's
    /// ``Layer/isMultipleTouchEnabled`` on.
    public var numberOfTouchesRequired = 1 {
        didSet { numberOfTouchesRequired = max(1, numberOfTouchesRequired) }
    }

    /// The most time, in seconds, between one tap lifting and the next tap
    /// or the press landing, when ``numberOfTapsRequired`` is above 0; 0.3
    /// by default: Flutter's `kDoubleTapTimeout`, the same as
    /// ``TapGestureRecognizer/maximumTapInterval`` and for the same reason.
    public var maximumTapInterval = 0.3

    /// How far, in window points, each later tap and the press may land
    /// from the first tap, when ``numberOfTapsRequired`` is above 0; 100 by
    /// default: Flutter's `kDoubleTapSlop`, the same as
    /// ``TapGestureRecognizer/maximumTapDistance`` and for the same reason.
    public var maximumTapDistance = 100.0

    // MARK: Progress of the current attempt

    /// Taps completed before the press.
    private var tapsCompleted = 0
    /// Whether the recognizer has asked to begin: the gesture is under way,
    /// or waiting for a recognizer it requires to fail (its ``state`` still
    /// reads possible then, yet its touches are already the press's).
    private var hasBegun = false
    /// Touches that have landed during the current tap or the press.
    private var touchesLanded = 0
    /// Whether all of the current tap's or the press's touches have been
    /// down together.
    private var allTouchesLanded = false
    /// Where the first touch of the first tap (or of the press, without
    /// taps) landed, in window points.
    private var firstLanding = Point.zero
    /// Where each touch of the current tap or press landed, by identity.
    /// Kept with its capacity between attempts.
    private var landings: [(touch: ObjectIdentifier, location: Point)] = []

    /// Whether the taps are done and the touches down now are the press.
    private var isPressing: Bool { tapsCompleted >= numberOfTapsRequired }

    // MARK: Touches

    public override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        for touch in touches {
            if hasBegun {
                // Not one of the press's touches: it goes to its layer as if
                // this recognizer did not exist, and lifting it ends nothing.
                ignore(touch)
                continue
            }
            if touchesLanded == 0 {
                // The first touch of the next tap or of the press: in time
                // (a late one would have found the recognizer failed by its
                // deadline), and it must land close enough to the first tap.
                cancelDeadline()
                if tapsCompleted == 0 {
                    firstLanding = touch.location
                } else if !(touch.location.distance(to: firstLanding) <= maximumTapDistance) {
                    state = .failed
                    return
                }
            }
            touchesLanded += 1
            guard touchesLanded <= numberOfTouchesRequired else {
                state = .failed
                return
            }
            landings.append((ObjectIdentifier(touch), touch.location))
            guard numberOfTouches == numberOfTouchesRequired else { continue }
            allTouchesLanded = true
            if isPressing && !(minimumPressDuration > 0) && !minimumPressDuration.isNaN {
                begin()
            } else {
                // For the press, the time it must be held; for a tap, the
                // time after which it is held too long to be one.
                setDeadline(after: minimumPressDuration)
            }
        }
    }

    public override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        if hasBegun {
            for touch in touches where touch.location != touch.previousLocation {
                state = .changed
                return
            }
            return
        }
        for touch in touches {
            let id = ObjectIdentifier(touch)
            for landing in landings where landing.touch == id {
                // Written so that a NaN limit fails rather than allows everything.
                if !(touch.location.distance(to: landing.location) <= allowableMovement) {
                    state = .failed
                    return
                }
            }
        }
    }

    public override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        if hasBegun {
            state = .ended
            return
        }
        guard allTouchesLanded, !isPressing else {
            // Lifted before the others landed, or before the press's
            // duration passed: not this gesture.
            state = .failed
            return
        }
        guard numberOfTouches == 0 else { return }   // a tap ends with its last touch
        tapsCompleted += 1
        touchesLanded = 0
        allTouchesLanded = false
        landings.removeAll(keepingCapacity: true)
        setDeadline(after: maximumTapInterval)
    }

    public override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        state = hasBegun ? .cancelled : .failed
    }

    /// The press has been held long enough and begins; or a tap was held
    /// too long, or the next tap or the press did not come in time.
    public override func deadlineReached() {
        if isPressing && allTouchesLanded && numberOfTouches == numberOfTouchesRequired {
            begin()
        } else {
            state = .failed
        }
    }

    private func begin() {
        hasBegun = true
        state = .began
    }

    public override func reset() {
        tapsCompleted = 0
        hasBegun = false
        touchesLanded = 0
        allTouchesLanded = false
        firstLanding = .zero
        landings.removeAll(keepingCapacity: true)
    }
}
