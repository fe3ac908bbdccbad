import Foundation

/// Recognizes a swipe: touches that travel quickly and mostly straight in
/// one of the allowed directions.
///
/// A discrete recognizer: its actions run once, on the move that completes
/// the swipe, while the touches are still down. In the action,
/// ``recognizedDirection`` says which way it went and ``velocity(in:)`` how
/// fast; ``GestureRecognizer/location(in:)`` is where the touches are.
///
/// ```swift
/// let turnPage = SwipeGestureRecognizer { swipe in
///     book.turn(swipe.recognizedDirection == .left ? .forward : .back)
/// }
/// turnPage.direction = [.left, .right]
/// book.addGestureRecognizer(turnPage)
/// ```
///
/// ## What counts as a swipe
///
/// ``numberOfTouchesRequired`` touches land, and their centroid travels at
/// least ``minimumDistance`` along one of the ``direction``s, within
/// ``maximumAngle`` of it, before ``maximumDuration`` has passed since the
/// first touch landed. Distances are in window points.
///
/// It fails:
/// - **too slow**: ``maximumDuration`` passes first (a deadline on the
///   scene's clock, so it fails even if the touches rest);
/// - **off-axis**: once the touches have gone farther than ``slop``, they
///   head more than ``maximumAngle`` away from every allowed direction;
/// - **wrong number of touches**: more than ``numberOfTouchesRequired``
///   land, or a touch lifts before the swipe is complete;
/// - a touch is cancelled.
///
/// Like a pan, it measures the centroid's travel, which stays continuous
/// while the required touches land one after another.
///
/// ## With a pan on the same layer
///
/// A pan begins once the touches pass its slop (18 points for a finger),
/// before a swipe can have travelled its 36; by the arena's rule that the
/// first to recognize wins, the pan then stops the swipe, every time. To
/// let quick flicks be swipes and the rest be pans, make the pan wait:
///
/// ```swift
/// pan.require(toFail: swipe)
/// ```
///
/// A flick then recognizes the swipe (and the pan fails); a slower drag
/// begins the pan as soon as the swipe fails: when the 0.5 s run out, when
/// the drag turns off-axis, or when it lifts. The pan's translation still
/// counts from touch-down. The cost is a pan that starts late, which is why
/// it is not the default.
///
/// ## See Also
/// - ``PanGestureRecognizer``
/// - ``VelocityTracker``
@MainActor
open class SwipeGestureRecognizer: GestureRecognizer {
    // Exclusivity: every stored property below is read or written on each
    // touch the recognizer follows, in plain accesses during which no user
    // code runs, so the runtime's dynamic exclusivity checks, which the
    // optimiser keeps for the stored properties of an open class, are off
    // for them (callgrind: about 60 checks a tap on a layer with the seven
    // built-ins, a fifth of its instructions).

    /// Directions in window space: right is towards greater x, down towards
    /// greater y.
    public struct Direction: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
        public static let all: Direction = [.right, .left, .up, .down]
    }

    // MARK: Settings
    //
    // Read at each decision, so a change made mid-gesture applies from the
    // next touch that lands or moves (the time limit from the next attempt).

    /// The directions that count; right by default, as UIKit's
    /// `UISwipeGestureRecognizer`. An empty set recognizes nothing.
    @exclusivity(unchecked) public var direction: Direction = .right

    /// How many touches swipe together; 1 by default, as UIKit's
    /// `UISwipeGestureRecognizer`. Values below 1 are raised to 1.
    @exclusivity(unchecked) public var numberOfTouchesRequired = 1 {
        didSet { numberOfTouchesRequired = max(1, numberOfTouchesRequired) }
    }

    /// How far the touches must travel along the direction, in window
    /// points; 36 by default.
    ///
    /// 36 is twice Flutter's `kTouchSlop` (the `kSwipeSlop` of WebF, a
    /// Flutter-based engine that adds a swipe recognizer): far enough past
    /// the distance that tells a drag from a sloppy tap that a swipe is
    /// never a tap that rolled, short enough for a flick of the thumb.
    @exclusivity(unchecked) public var minimumDistance = GestureDefaults.swipeMinimumDistance

    /// The most time, in seconds from the first touch landing, the swipe may
    /// take to travel ``minimumDistance``; 0.5 by default.
    ///
    /// 0.5 s is UIKit's documented `minimumPressDuration` for a long press
    /// (and Flutter's `kLongPressTimeout`): by the time a touch could have
    /// become a long press, it is not a flick. Together with the distance it
    /// asks for at least 72 points a second on average, above Flutter's
    /// `kMinFlingVelocity` of 50. A non-finite duration sets no limit.
    @exclusivity(unchecked) public var maximumDuration = GestureDefaults.swipeMaximumDuration

    /// How far, in radians, the movement may stray from an allowed
    /// direction; π/4 (45°) by default.
    ///
    /// 45° is the dominant-axis rule Hammer.js's swipe uses to name a
    /// direction: a movement counts as rightwards when it goes at least as
    /// far right as up or down. The limit is inclusive, so the four
    /// directions cover every movement and a swipe allowed in all four never
    /// fails off-axis; an exactly diagonal movement is within the angle of
    /// both its directions, and when both are allowed the horizontal one
    /// (right or left) is recognized. Narrow it to ask for straighter swipes.
    @exclusivity(unchecked) public var maximumAngle = GestureDefaults.swipeMaximumAngle {
        didSet { slopesAroundMaximumAngle = Self.slopes(around: maximumAngle) }
    }

    /// How far the touches may wander before their heading is judged:
    /// ``GestureSlop/drag`` by default. Within it, any direction is
    /// allowed, since the first few points of a finger's movement say
    /// little about where it is going.
    @exclusivity(unchecked) public var slop = GestureSlop.drag

    // MARK: What it reports

    /// The direction the recognized swipe went, during its action; empty
    /// otherwise.
    @exclusivity(unchecked) public private(set) var recognizedDirection: Direction = []

    /// How fast the touches moved together, in `layer`'s coordinates per
    /// second (window points per second for `nil`), at the current
    /// sub-event's time (see ``VelocityTracker``). Read it in the action.
    public func velocity(in layer: Layer?) -> Point {
        // Both trackers at once and in place, as the pan's: each
        // `velocity(at:)` on a stored tracker copied it whole first, both
        // rings (callgrind, the Gesture Lab's ten-contact trace, the frame a
        // swipe recognizes: 1,116 instructions, and a memcpy's 3 code and
        // 16 data lines no other frame touches).
        let velocity = VelocityTracker.velocities(&velocityX, &velocityY, at: currentTime)
        let window = Point(x: velocity.x, y: velocity.y)
        return layer?.convertVector(fromWindow: window) ?? window
    }

    // MARK: Progress of the current attempt

    /// The centroid's travel since touch-down, in window points, continuous
    /// as touches land.
    @exclusivity(unchecked) private var travelled = Point.zero
    @exclusivity(unchecked) private var lastCentroid = Point.zero
    @exclusivity(unchecked) private var lastCount = 0
    @exclusivity(unchecked) private var velocityX = VelocityTracker()
    @exclusivity(unchecked) private var velocityY = VelocityTracker()

    /// Slopes (sideways over forward travel) just inside and just outside
    /// ``maximumAngle``, kept as it is set so that judging a heading needs
    /// no libm (see `isWithinMaximumAngle(across:along:)`).
    @exclusivity(unchecked) private var slopesAroundMaximumAngle = slopes(around: GestureDefaults.swipeMaximumAngle)

    // MARK: Touches

    open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        guard numberOfTouches <= numberOfTouchesRequired else {
            state = .failed
            return
        }
        if lastCount == 0 {
            // The attempt's first touch starts the clock.
            setDeadline(after: maximumDuration)
            recordSample()
        }
        (lastCentroid, lastCount) = touchCentroid()
    }

    open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        // Nothing more to decide (it recognized and waits for another to
        // fail): no need to measure.
        guard state == .possible, !isWaitingForRequirements else { return }
        let (center, count) = touchCentroid()
        guard count > 0 else { return }
        if count == lastCount { travelled = travelled + (center - lastCentroid) }
        (lastCentroid, lastCount) = (center, count)
        recordSample()

        let distance = (travelled.x * travelled.x + travelled.y * travelled.y).squareRoot()
        guard isBeyondSlop(distance, slop) else { return }
        guard let (heading, progress) = bestDirection() else {
            state = .failed
            return
        }
        guard count == numberOfTouchesRequired, progress >= minimumDistance else { return }
        recognizedDirection = heading
        cancelDeadline()
        state = .recognized
    }

    open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        // Lifting before the swipe was complete. (One that recognized and
        // waits for another recognizer to fail is left to wait.)
        if state == .possible && !isWaitingForRequirements { state = .failed }
    }

    open override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        state = .failed
    }

    /// ``maximumDuration`` passed before the swipe was complete.
    open override func deadlineReached() {
        state = .failed
    }

    open override func reset() {
        recognizedDirection = []
        travelled = .zero
        lastCentroid = .zero
        lastCount = 0
        velocityX.removeAll()
        velocityY.removeAll()
    }

    // MARK: Helpers

    /// The allowed direction the travel is closest to, if it is within
    /// ``maximumAngle`` of it, with how far the touches went along it.
    private func bestDirection() -> (Direction, Double)? {
        var best: (Direction, Double)?
        consider(.right, along: travelled.x, across: travelled.y, into: &best)
        consider(.left, along: -travelled.x, across: travelled.y, into: &best)
        consider(.down, along: travelled.y, across: travelled.x, into: &best)
        consider(.up, along: -travelled.y, across: travelled.x, into: &best)
        return best
    }

    private func consider(_ candidate: Direction, along: Double, across: Double, into best: inout (Direction, Double)?) {
        guard direction.contains(candidate), along > 0 else { return }
        guard isWithinMaximumAngle(across: across, along: along) else { return }
        if along > best?.1 ?? -.infinity { best = (candidate, along) }
    }

    /// Whether a heading `across` sideways for `along` forwards is within
    /// ``maximumAngle`` of the axis: `abs(atan2(across, along)) <=
    /// maximumAngle`, the rule as documented, bit for bit.
    ///
    /// Decided by the heading's slope against two slopes kept for the angle,
    /// and by atan2 only within a nanoradian of it. Why: atan2's code and
    /// tables in libm are lines no other frame touches, fetched from memory
    /// on the move that judges a swipe (callgrind, the Gesture Lab's
    /// ten-contact trace: 26 code and 11 data lines in the frame of the
    /// pan's began, 23 and 9 in the swipe's), where a division and two
    /// comparisons touch none. A slope alone cannot keep the rule exact: the
    /// ratio and tan each round, so a heading exactly at the angle (a
    /// diagonal at the default 45°, whole-point steps at an angle set from
    /// them) would fall either side; hence the band, which real movements
    /// land in about never.
    private func isWithinMaximumAngle(across: Double, along: Double) -> Bool {
        let slope = abs(across) / along
        if slope <= slopesAroundMaximumAngle.within { return true }
        if slope > slopesAroundMaximumAngle.beyond { return false }
        return isWithinMaximumAngleExactly(across: across, along: along)
    }

    // Out of line: the rare path stays out of `touchesMoved`'s lines.
    @inline(never)
    private func isWithinMaximumAngleExactly(across: Double, along: Double) -> Bool {
        abs(atan2(across, along)) <= maximumAngle
    }

    /// The slopes of the headings a nanoradian inside and outside `angle`.
    /// The nanoradian is millions of times the rounding of the ratio, of
    /// tan and of atan2 (about 1e-16 each), so a heading whose slope is at
    /// most the first is within the angle by atan2 too, and one whose slope
    /// is above the second is beyond it.
    private static func slopes(around angle: Double) -> (within: Double, beyond: Double) {
        let margin = 1e-9
        return (slope(at: angle - margin), slope(at: angle + margin))
    }

    /// The slope of a heading `angle` off the axis: −∞ below 0 (no heading's
    /// angle is negative), +∞ from a right angle on (every heading with some
    /// forward travel is within it), NaN for NaN (every comparison with it
    /// fails, so the exact rule decides, and refuses).
    private static func slope(at angle: Double) -> Double {
        if angle < 0 { return -.infinity }
        if angle >= .pi / 2 { return .infinity }
        return tan(angle)
    }

    private func recordSample() {
        let now = currentTime
        velocityX.add(travelled.x, at: now)
        velocityY.add(travelled.y, at: now)
    }

    // MARK: Rollback

    /// Saves its own progress in scene snapshots (see ``SceneSnapshot``).
    open override var savedStateClass: GestureRecognizer.Type? { SwipeGestureRecognizer.self }

    open override func saveState(to writer: inout RecognizerStateWriter) {
        writer.write(recognizedDirection.rawValue)
        writer.write(travelled)
        writer.write(lastCentroid)
        writer.write(lastCount)
        velocityX.saveInPlace(to: &writer)
        velocityY.saveInPlace(to: &writer)
    }

    open override func restoreState(from reader: inout RecognizerStateReader) {
        recognizedDirection = Direction(rawValue: reader.readInt())
        travelled = reader.readPoint()
        lastCentroid = reader.readPoint()
        lastCount = reader.readInt()
        velocityX.restore(from: &reader)
        velocityY.restore(from: &reader)
    }
}
