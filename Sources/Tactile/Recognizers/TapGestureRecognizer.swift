/// Recognizes taps: one or more quick touches that land and lift without
/// moving, as many times in a row as ``numberOfTapsRequired`` asks.
///
/// A discrete recognizer: its actions run once, when the last touch of the
/// last tap lifts. ``GestureRecognizer/location(in:)`` then gives where that
/// touch lifted.
///
/// ```swift
/// let zoom = TapGestureRecognizer { recognizer in
///     map.zoom(at: recognizer.location(in: map))
/// }
/// zoom.numberOfTapsRequired = 2
/// map.addGestureRecognizer(zoom)
/// ```
///
/// ## What counts as a tap
///
/// One tap of ``numberOfTouchesRequired`` touches: that many touches land,
/// all of them are down together at some moment, and the tap ends when the
/// last of them lifts. The touches may land and lift in any order. For two
/// touches:
///
/// - down-1, down-2, up-1, up-2: one two-touch tap, complete on up-2;
/// - down-1, down-2, up-2, up-1: the same, complete on up-1;
/// - down-1, up-1, down-2, up-2: fails on up-1, which lifted before the
///   second touch landed (two one-touch taps are not a two-touch tap);
/// - down-1, down-2, down-3: fails on down-3, one touch too many.
///
/// The recognizer fails when:
///
/// - a touch moves more than ``allowableMovement`` from where it landed;
/// - more touches land in one tap than ``numberOfTouchesRequired``;
/// - a touch lifts before all the tap's touches have landed;
/// - in a multi-tap, the next tap does not land within
///   ``maximumTapInterval`` of the previous one lifting (too late), or its
///   first touch lands more than ``maximumTapDistance`` from where the first
///   tap's first touch landed (too far);
/// - a touch is cancelled.
///
/// A tap has no time limit while its touches are down: a touch held still
/// for a second and lifted is still a tap. Pair it with a
/// ``LongPressGestureRecognizer`` to tell the two apart: the long press
/// recognizes first and, by the arena's default exclusivity, stops the tap.
///
/// Only touches that reach the recognizer count: a layer with
/// ``Layer/isMultipleTouchEnabled`` off (the default) admits one touch at a
/// time, so a tap of two or more touches needs it on, as in UIKit.
///
/// ## Single and double taps together
///
/// A tap cannot be stopped by a tap that needs fewer taps
/// (``canBePrevented(by:)``), so a single tap and a double tap on the same
/// layer *stack*, as the event-handling guide's note on them describes: a
/// double tap runs the single tap's actions on the first lift and the double
/// tap's on the second. On the second lift both would recognize; the arena
/// hands a sub-event to the most recently added recognizer of a layer first,
/// so add the double tap after the single tap and it recognizes first and
/// stops the single tap's second attempt. (Added the other way round, the
/// single tap recognizes first on the second lift too, cannot stop the
/// double tap, and a double tap runs single, single, double.)
///
/// For mutually exclusive actions, make the single tap wait:
///
/// ```swift
/// single.require(toFail: double)
/// ```
///
/// The single tap then never runs on a double tap, and on a lone tap it runs
/// only once the double tap's ``maximumTapInterval`` has passed without a
/// second tap: the lag the guide warns of.
///
/// ## Pointers
///
/// Fingers, the mouse, the mouse's simulated pair of touches and the
/// controller cursor all make touches, and all of them tap; narrow it with
/// ``GestureRecognizer/allowedPointerKinds``.
///
/// ## See Also
/// - ``LongPressGestureRecognizer``
/// - ``Touch/tapCount``
/// - <doc:WritingARecognizer>
@MainActor
open class TapGestureRecognizer: GestureRecognizer {
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

    /// How many taps in a row make the gesture; 1 by default, as UIKit's
    /// `UITapGestureRecognizer`. Values below 1 are raised to 1.
    @exclusivity(unchecked) public var numberOfTapsRequired = 1 {
        didSet { numberOfTapsRequired = max(1, numberOfTapsRequired) }
    }

    /// How many touches each tap is made of; 1 by default, as UIKit's
    /// `UITapGestureRecognizer`. Values below 1 are raised to 1.
    @exclusivity(unchecked) public var numberOfTouchesRequired = 1 {
        didSet {
            numberOfTouchesRequired = max(1, numberOfTouchesRequired)
            taps.reserveLandings(numberOfTouchesRequired)
        }
    }

    /// How far each touch may move from where it landed, in window points,
    /// before the touches stop being a tap; 18 by default.
    ///
    /// 18 is Flutter's `kTouchSlop`, "the maximum distance that a touch can
    /// travel before the framework becomes confident that it is not a tap".
    /// Flutter started at 8 and raised it to 18 after complaints that
    /// targets were too hard to hit: fingers roll as they land and lift. It
    /// is measured in window points, the distance the finger really went,
    /// whatever the layer's scale. It is the same for every kind of pointer,
    /// as Flutter's tap tolerance is: a click whose mouse wanders a little
    /// is still a click, and where a pan competes, its 2-point slop for the
    /// mouse (``GestureSlop/drag``) takes over first. A NaN limit fails the
    /// tap on any move.
    @exclusivity(unchecked) public var allowableMovement = GestureDefaults.touchSlop

    /// The most time, in seconds, between one tap lifting and the next
    /// landing in a multi-tap; 0.3 by default.
    ///
    /// 0.3 s is Flutter's `kDoubleTapTimeout`, which follows Android's
    /// `DOUBLE_TAP_TIMEOUT` and, like it, runs from the first tap's lift to
    /// the second's landing; ``Scene/TapSettings`` uses the same value, so
    /// this recognizer and ``Touch/tapCount`` agree. It is also how long a
    /// single tap that requires a double tap to fail lags behind a lone tap.
    /// The wait is a deadline on the scene's clock, which passes before any
    /// event at or after it is handled: with 0 or less no next tap is ever
    /// in time, and a NaN or infinite interval sets no deadline, so the
    /// recognizer, left with nothing to wait for, fails as the tap lifts.
    @exclusivity(unchecked) public var maximumTapInterval = GestureDefaults.doubleTapTimeout

    /// How far, in window points, the first touch of each later tap may land
    /// from where the first touch of the first tap landed; 100 by default.
    ///
    /// 100 is Flutter's `kDoubleTapSlop`, the "distance between the initial
    /// position of the first touch and the start position of a potential
    /// second touch". Fingers land loosely on a quick second tap, so it is
    /// far wider than ``allowableMovement``; measuring from the first tap
    /// (not from the previous one) keeps a triple tap from wandering.
    @exclusivity(unchecked) public var maximumTapDistance = GestureDefaults.doubleTapSlop

    // MARK: Progress of the current attempt

    @exclusivity(unchecked) private var taps = TapSequence()

    // MARK: Touches

    open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        for touch in touches {
            // The first touch of a later tap is in time: had it been late,
            // the deadline would have failed the recognizer first.
            if taps.isBetweenTaps { cancelDeadline() }
            guard taps.land(touch, touchesRequired: numberOfTouchesRequired, maximumDistance: maximumTapDistance,
                            touchesDown: numberOfTouches) == .accepted
            else {
                state = .failed
                return
            }
        }
    }

    open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        if taps.hasStrayed(touches, limit: allowableMovement) { state = .failed }
    }

    open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        guard taps.allTouchesLanded else {
            // A touch lifted before the others landed: separate taps, not one.
            state = .failed
            return
        }
        guard numberOfTouches == 0 else { return }   // the tap ends with its last touch
        taps.completeTap()
        if taps.tapsCompleted >= numberOfTapsRequired {
            state = .recognized
        } else {
            // Waiting for the next tap. The deadline also keeps the arena
            // from failing a recognizer left with no touch down.
            setDeadline(after: maximumTapInterval)
        }
    }

    open override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        state = .failed
    }

    /// The next tap did not land in time.
    open override func deadlineReached() {
        state = .failed
    }

    open override func reset() {
        taps.reset()
    }

    // MARK: Working with other recognizers

    /// A tap that needs more taps than `other` cannot be stopped by it, so
    /// that single and double taps stack (see the type's discussion); any
    /// other recognizer that recognizes stops the tap, as usual.
    open override func canBePrevented(by other: GestureRecognizer) -> Bool {
        guard let tap = other as? TapGestureRecognizer else { return true }
        return tap.numberOfTapsRequired >= numberOfTapsRequired
    }

    // MARK: Rollback

    /// Saves its own progress in scene snapshots (see ``SceneSnapshot``).
    open override var savedStateClass: GestureRecognizer.Type? { TapGestureRecognizer.self }

    open override func saveState(to writer: inout RecognizerStateWriter) {
        taps.saveInPlace(to: &writer)
    }

    open override func restoreState(from reader: inout RecognizerStateReader) {
        taps.restore(from: &reader)
    }
}
