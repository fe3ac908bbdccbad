/// The bookkeeping of quick taps in a row, each of a number of touches:
/// which tap this is, whether all its touches have landed, whether a touch
/// strayed. ``TapGestureRecognizer`` and ``LongPressGestureRecognizer``
/// (whose taps come before the press) both keep one; a game's own
/// multi-tap recognizer can too.
///
/// It decides nothing about time: the recognizer sets a deadline for the
/// next tap (``GestureRecognizer/setDeadline(after:)``) and fails when it
/// passes.
///
/// ```swift
/// if taps.isBetweenTaps { cancelDeadline() }     // the next tap came in time
/// guard taps.land(touch, touchesRequired: 1, maximumDistance: 100, touchesDown: numberOfTouches) == .accepted
/// else { state = .failed; return }
/// ```
@MainActor
public struct TapSequence {
    /// What a landing touch means for the sequence.
    public enum Landing: Hashable, Sendable {
        /// Part of the current tap.
        case accepted
        /// The first touch of a later tap, too far from where the first tap
        /// landed.
        case tooFar
        /// One touch more than a tap is made of.
        case tooManyTouches
    }

    /// Taps completed so far.
    public private(set) var tapsCompleted = 0
    /// Touches that have landed during the current tap.
    public private(set) var touchesLanded = 0
    /// Whether all of the current tap's touches have been down together.
    public private(set) var allTouchesLanded = false
    /// Where the first touch of the first tap landed, in window points.
    private var firstLanding = Point.zero
    /// Where each touch of the current tap landed, by identity (an
    /// `ObjectIdentifier` costs no reference counting on every move). Kept
    /// with its capacity between taps; made with room for a tap's touches
    /// (see `init()` and `reserveLandings(_:)`), so that no tap allocates.
    private var landings: [(touch: ObjectIdentifier, location: Point)] = []

    public init() {
        // Room for a one-touch tap's landing now, as the recognizer is
        // made, rather than grown by the first touch that lands: that was
        // an allocation for each tap and long press on the touch's layers
        // in the landing frame, the input's slowest (three in the Gesture
        // Lab's). It costs each recognizer that allocation up front.
        landings.reserveCapacity(1)
    }

    /// Makes room for the landings of a tap of `touches` touches, for a
    /// recognizer whose taps are made of more than one, so that its taps
    /// do not allocate either. Room for ten at most (the fingers of two
    /// hands): a larger setting, even `Int.max`, grows the list as touches
    /// land, as before.
    mutating func reserveLandings(_ touches: Int) {
        let room = min(touches, 10)
        if room > landings.capacity { landings.reserveCapacity(room) }
    }

    /// Whether no touch of a tap is down: the next one to land starts a tap.
    public var isBetweenTaps: Bool { touchesLanded == 0 }

    /// Takes in a touch that landed. The first touch of the first tap sets
    /// the place later taps are measured from (Flutter's `kDoubleTapSlop`
    /// is measured from there, which keeps a triple tap from wandering).
    /// `touchesDown` is how many of the recognizer's touches are down now,
    /// this one included.
    public mutating func land(_ touch: Touch, touchesRequired: Int, maximumDistance: Double, touchesDown: Int) -> Landing {
        if touchesLanded == 0 {
            if tapsCompleted == 0 {
                firstLanding = touch.location
            } else if !(touch.location.distance(to: firstLanding) <= maximumDistance) {
                // Written so that a NaN limit fails rather than allows everything.
                return .tooFar
            }
        }
        touchesLanded += 1
        guard touchesLanded <= touchesRequired else { return .tooManyTouches }
        landings.append((ObjectIdentifier(touch), touch.location))
        if touchesDown == touchesRequired { allTouchesLanded = true }
        return .accepted
    }

    /// Whether one of `touches` has moved more than `limit` from where it
    /// landed in the current tap. A NaN limit counts any move as too far.
    public func hasStrayed(_ touches: [Touch], limit: Double) -> Bool {
        for touch in touches {
            let id = ObjectIdentifier(touch)
            for landing in landings where landing.touch == id {
                if !(touch.location.distance(to: landing.location) <= limit) { return true }
            }
        }
        return false
    }

    /// The current tap's last touch lifted: it counts, and the next touch
    /// to land starts another.
    public mutating func completeTap() {
        tapsCompleted += 1
        touchesLanded = 0
        allTouchesLanded = false
        // From the end, keeping the capacity: `removeAll(keepingCapacity:)`
        // goes through the general `replaceSubrange` (callgrind: about 180
        // instructions for the one landing of a tap).
        while !landings.isEmpty { landings.removeLast() }
    }

    /// Forgets every tap, for the recognizer's next attempt.
    public mutating func reset() {
        tapsCompleted = 0
        touchesLanded = 0
        allTouchesLanded = false
        firstLanding = .zero
        // As in `completeTap()`.
        while !landings.isEmpty { landings.removeLast() }
    }

    // MARK: Rollback

    /// Writes the taps so far, for a recognizer's
    /// ``GestureRecognizer/saveState(to:)``.
    public func save(to writer: inout RecognizerStateWriter) {
        var sequence = self
        sequence.saveInPlace(to: &writer)
    }

    /// What ``save(to:)`` does, on the sequence where it is stored (the
    /// built-ins call this one): called on a class's stored property, the
    /// non-mutating one is handed a copy, which retains and releases the
    /// landings. Mutates nothing.
    mutating func saveInPlace(to writer: inout RecognizerStateWriter) {
        writer.write(tapsCompleted)
        writer.write(touchesLanded)
        writer.write(allTouchesLanded)
        writer.write(firstLanding)
        writer.write(landings.count)
        for index in landings.indices {
            writer.write(touch: landings[index].touch)
            writer.write(landings[index].location)
        }
    }

    /// Reads back what ``save(to:)`` wrote. A landing whose touch the scene
    /// no longer knows is dropped: that touch can never be handed to the
    /// recognizer again.
    public mutating func restore(from reader: inout RecognizerStateReader) {
        tapsCompleted = reader.readInt()
        touchesLanded = reader.readInt()
        allTouchesLanded = reader.readBool()
        firstLanding = reader.readPoint()
        // Emptying an empty array still goes through its general path.
        if !landings.isEmpty { landings.removeAll(keepingCapacity: true) }
        for _ in 0..<max(0, reader.readInt()) {
            let touch = reader.readTouch()
            let location = reader.readPoint()
            if let touch { landings.append((touch, location)) }
        }
    }
}
