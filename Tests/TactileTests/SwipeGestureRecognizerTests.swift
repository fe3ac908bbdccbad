import Foundation
import Testing
@testable import Tactile

/// The swipe: recognition with its defaults, each setting changing the
/// outcome, and each way it fails.
@MainActor
struct SwipeGestureRecognizerTests {
    let log = EventLog()
    let scene = Scene(size: Size(width: 400, height: 300))
    let view: RecordingLayer
    let swipe = SwipeGestureRecognizer()

    init() {
        view = RecordingLayer("view", frame: Rect(x: 0, y: 0, width: 400, height: 300), log: log)
        view.isMultipleTouchEnabled = true
        scene.root.addChild(view)
        view.addGestureRecognizer(swipe)
        swipe.addAction { [log] recognizer in
            let swipe = recognizer
            log.append("swipe \(swipe.recognizedDirection) \(rounded(swipe.velocity(in: nil)))")
        }
    }

    /// Moves finger 1 from `start` in a straight line at `heading` radians
    /// (clockwise from rightwards), `step` points per event at 60 Hz, for
    /// `events` events from time `time`, then lifts.
    func flick(
        from start: Point = Point(x: 200, y: 150), heading: Double = 0, step: Double = 12, events: Int = 4,
        at time: Double = 0, lift: Bool = true
    ) {
        scene.send(finger(1, .down, start.x, start.y, at: time))
        for event in 1...events {
            let distance = step * Double(event)
            scene.send(finger(1, .move, start.x + distance * cos(heading), start.y + distance * sin(heading), at: time + Double(event) / 60))
        }
        if lift {
            let distance = step * Double(events)
            scene.send(finger(1, .up, start.x + distance * cos(heading), start.y + distance * sin(heading), at: time + Double(events + 1) / 60))
        }
    }

    var swipes: [String] { log.lines.filter { $0.hasPrefix("swipe") } }

    // MARK: Recognition with the defaults

    /// Rightwards, 12 points a frame: 36 points on the third move, and the
    /// swipe recognizes there, with the touch still down.
    @Test func aQuickStraightSwipeRecognizesOnTheMoveThatCompletesIt() {
        flick()
        #expect(log.take() == [
            "view began 1", "view moved 1", "view moved 1",
            "view cancelled 1", "swipe Direction(rawValue: 1) (720.0, 0.0)",
        ])
        #expect(swipe.state == .possible && swipe.recognizedDirection == [])
    }

    // MARK: Settings

    typealias Direction = SwipeGestureRecognizer.Direction

    /// Allowed directions, the heading of a quick flick (radians clockwise
    /// from rightwards), and the direction recognized (`nil`: it fails).
    nonisolated static let directionCases: [(Direction, Double, Direction?)] = [
        (.right, 0, .right),
        (.right, .pi, nil),                  // leftwards: the wrong way
        (.left, .pi, .left),
        ([.up, .down], -.pi / 2, .up),
        ([.up, .down], 0, nil),
        (.all, .pi / 2 + 0.3, .down),        // 17° off straight down
    ]

    @Test(arguments: directionCases)
    func theDirectionsDecide(allowed: Direction, heading: Double, recognized: Direction?) {
        var seen: Direction?
        swipe.addAction { recognizer in seen = recognizer.recognizedDirection }
        swipe.direction = allowed
        flick(heading: heading)
        #expect(seen == recognized)
    }

    /// Exactly diagonal: 45° off both axes, which is within the default
    /// maximum angle of each (the rule is inclusive, as the documentation
    /// says); with both allowed, the horizontal direction takes the tie.
    /// Steps of whole points, so the heading is exactly 45°.
    @Test(arguments: [(Direction.right, Direction.right), (.down, .down), ([.right, .down], .right), (.up, nil)] as [(Direction, Direction?)])
    func exactlyDiagonalIsWithinTheAngle(allowed: Direction, recognized: Direction?) {
        var seen: Direction?
        swipe.addAction { recognizer in seen = recognizer.recognizedDirection }
        swipe.direction = allowed
        scene.send(finger(1, .down, 100, 100, at: 0))
        for event in 1...4 {
            scene.send(finger(1, .move, 100 + 12 * Double(event), 100 + 12 * Double(event), at: Double(event) / 60))
        }
        scene.send(finger(1, .up, 148, 148, at: 5.0 / 60))
        #expect(seen == recognized)
    }

    // MARK: The angle's boundary
    //
    // The heading is judged against ``maximumAngle`` to the last bit: these
    // pin the rule down where a change in how it is computed would show.

    /// Moves finger 1 from (20, 150) by `step` four times (whole points, so
    /// every travel has the same exact heading), then lifts; whether the
    /// rightwards swipe recognized.
    func swipesRight(by step: Point, at time: Double) -> Bool {
        var seen = false
        swipe.addAction { _ in seen = true }
        scene.send(finger(1, .down, 20, 150, at: time))
        for event in 1...4 {
            scene.send(finger(1, .move, 20 + step.x * Double(event), 150 + step.y * Double(event), at: time + Double(event) / 60))
        }
        scene.send(finger(1, .up, 20 + step.x * 4, 150 + step.y * 4, at: time + 5.0 / 60))
        return seen
    }

    /// A movement exactly at the maximum angle is within it, and one bit
    /// less of angle leaves it out, whatever the angle: the steps' headings
    /// are atan2 of whole numbers, down and up, narrow and wide.
    @Test(arguments: [(12.0, 0.0), (10, 1), (12, 5), (12, 12), (12, 21), (12, 24), (10, 24), (12, -5), (12, -21)])
    func aHeadingExactlyAtTheMaximumAngleIsWithinIt(x: Double, y: Double) {
        let angle = abs(atan2(y, x))
        swipe.maximumAngle = angle
        #expect(swipesRight(by: Point(x: x, y: y), at: 0))
        swipe.maximumAngle = angle.nextDown
        #expect(!swipesRight(by: Point(x: x, y: y), at: 1))
    }

    /// Just inside and just outside the default 45° and a 60° setting, a
    /// millionth of a radian either way (12 points along a step, so the
    /// travel along reaches the minimum distance).
    @Test(arguments: [(Double.pi / 4, nil), (60 * Double.pi / 180, 60 * Double.pi / 180)] as [(Double, Double?)])
    func justInsideAndJustOutsideTheAngle(limit: Double, setting: Double?) {
        if let setting { swipe.maximumAngle = setting }
        for (index, sign) in [1.0, -1.0].enumerated() {
            let time = 4 * Double(index)
            let inside = sign * (limit - 1e-6), outside = sign * (limit + 1e-6)
            #expect(swipesRight(by: Point(x: 12, y: 12 * tan(inside)), at: time))
            #expect(!swipesRight(by: Point(x: 12, y: 12 * tan(outside)), at: time + 1))
        }
    }

    /// A right angle or more lets every heading with some forward travel
    /// through, however steep; straight across has none and fails. (No
    /// minimum distance, so the first move out of the slop decides.)
    @Test(arguments: [Double.pi / 2, 2, .infinity])
    func aRightAngleOrMoreAcceptsEveryForwardHeading(angle: Double) {
        swipe.maximumAngle = angle
        swipe.minimumDistance = 0
        #expect(swipesRight(by: Point(x: 0.5, y: 30), at: 0))
        #expect(swipesRight(by: Point(x: 1e-9, y: -30), at: 1))
        #expect(!swipesRight(by: Point(x: 0, y: 30), at: 2))
        #expect(!swipesRight(by: Point(x: -0.5, y: 30), at: 3))
    }

    /// A negative or NaN maximum angle accepts no heading, not even
    /// straight along the direction; 0, and -0 with it, accept only that.
    @Test(arguments: [-0.1, -Double.leastNonzeroMagnitude, .nan, -.infinity])
    func aNegativeOrNaNAngleAcceptsNoHeading(angle: Double) {
        swipe.maximumAngle = angle
        #expect(!swipesRight(by: Point(x: 12, y: 0), at: 0))
    }

    @Test(arguments: [0.0, -0.0])
    func aZeroAngleAcceptsOnlyAStraightMovement(angle: Double) {
        swipe.maximumAngle = angle
        #expect(swipesRight(by: Point(x: 12, y: 0), at: 0))
        #expect(!swipesRight(by: Point(x: 12, y: 1e-9), at: 1))
    }

    /// With no slop, a travel of zero length (the touch back where it
    /// landed) is not judged, so it does not fail the swipe; a movement
    /// straight across (no travel along the direction) does.
    @Test func aZeroLengthTravelIsNotJudged() {
        swipe.slop = GestureSlop(touch: 0, precisePointer: 0)
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.send(finger(1, .move, 105, 100, at: 0.01))
        scene.send(finger(1, .move, 100, 100, at: 0.02))
        #expect(scene.arena.recognizers.contains { $0 === swipe })
        scene.send(finger(1, .move, 140, 100, at: 0.03))
        #expect(swipes.count == 1)
        scene.send(finger(1, .up, 140, 100, at: 0.04))
        scene.send(finger(1, .down, 100, 100, at: 1))
        scene.send(finger(1, .move, 100, 101, at: 1.01))
        #expect(!scene.arena.recognizers.contains { $0 === swipe })
        scene.send(finger(1, .up, 100, 101, at: 1.02))
    }

    /// 30 points falls short of the default 36 and the touch lifts: failed.
    @Test func theMinimumDistance() {
        flick(step: 10, events: 3)
        #expect(swipes.isEmpty)
        _ = log.take()
        swipe.minimumDistance = 25
        flick(step: 10, events: 3, at: 1)
        #expect(swipes == ["swipe Direction(rawValue: 1) (600.0, 0.0)"])
    }

    /// Too slow: 36 points in 0.6 s runs past the 0.5 s allowed. The
    /// deadline fails it at 0.5 s, even with the finger resting.
    @Test func tooSlowFailsAtTheMaximumDuration() {
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.send(finger(1, .move, 120, 100, at: 0.3))
        scene.advanceTime(to: 0.49)
        #expect(scene.arena.recognizers.contains { $0 === swipe })
        scene.advanceTime(to: 0.5)
        #expect(!scene.arena.recognizers.contains { $0 === swipe })
        scene.send(finger(1, .move, 136, 100, at: 0.6))
        scene.send(finger(1, .up, 136, 100, at: 0.7))
        #expect(swipes.isEmpty)
        #expect(log.take() == ["view began 1", "view moved 1", "view moved 1", "view ended 1"])
    }

    @Test func aLongerMaximumDurationAcceptsTheSlowSwipe() {
        swipe.maximumDuration = 1
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.send(finger(1, .move, 120, 100, at: 0.3))
        scene.send(finger(1, .move, 136, 100, at: 0.6))
        // Samples 0.3 s apart say nothing of the speed at the end (see
        // VelocityTracker): the velocity is 0.
        #expect(swipes == ["swipe Direction(rawValue: 1) (0.0, 0.0)"])
    }

    /// 50° off rightwards is off-axis for the default 45°; it fails as soon
    /// as the touch leaves the slop, and an angle of 60° lets it through.
    @Test func offAxisFailsUnlessTheAngleAllowsIt() {
        let heading = -50 * Double.pi / 180
        flick(heading: heading, step: 12, events: 4, lift: false)
        #expect(swipes.isEmpty)
        #expect(!scene.arena.recognizers.contains { $0 === swipe })
        scene.send(finger(1, .up, 0, 0, at: 1))
        _ = log.take()

        swipe.maximumAngle = 60 * Double.pi / 180
        flick(heading: heading, step: 12, events: 6, at: 2)
        #expect(swipes.count == 1)
    }

    // MARK: Number of touches

    @Test func twoFingersSwipeWhenTwoAreRequired() {
        swipe.numberOfTouchesRequired = 2
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.send(finger(2, .down, 100, 160, at: 0.01))
        for step in 1...3 {
            let x = 100 + 14 * Double(step)
            scene.send(finger(1, .move, x, 100, at: 0.01 + Double(step) / 60))
            scene.send(finger(2, .move, x, 160, at: 0.01 + Double(step) / 60 + 0.001))
        }
        #expect(swipes.count == 1)
        #expect(swipes.first?.hasPrefix("swipe Direction(rawValue: 1)") == true)
    }

    /// One finger when two are required fails as it lifts; a third finger
    /// fails at once.
    @Test func theWrongNumberOfTouchesFails() {
        swipe.numberOfTouchesRequired = 2
        flick(step: 20, events: 3)
        #expect(swipes.isEmpty)
        scene.send(finger(1, .down, 100, 100, at: 1))
        scene.send(finger(2, .down, 100, 150, at: 1.01))
        scene.send(finger(3, .down, 100, 200, at: 1.02))
        #expect(!scene.arena.recognizers.contains { $0 === swipe })
    }

    @Test func liftingBeforeTheSwipeIsCompleteFailsIt() {
        flick(step: 10, events: 2)
        #expect(swipes.isEmpty)
        #expect(log.take() == ["view began 1", "view moved 1", "view moved 1", "view ended 1"])
    }

    @Test func theMouseAndTheControllerCursorSwipeToo() {
        for (index, kind) in [PointerKind.mouse, .controllerCursor].enumerated() {
            let start = 2.0 * Double(index)
            scene.send(pointer(kind, 0, .down, 100, 100, at: start))
            scene.send(pointer(kind, 0, .move, 130, 100, at: start + 0.02))
            scene.send(pointer(kind, 0, .move, 150, 100, at: start + 0.04))
            scene.send(pointer(kind, 0, .up, 150, 100, at: start + 0.06))
        }
        #expect(swipes == ["swipe Direction(rawValue: 1) (1250.0, 0.0)", "swipe Direction(rawValue: 1) (1250.0, 0.0)"])
    }
}
