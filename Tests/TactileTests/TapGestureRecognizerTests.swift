import Testing
@testable import Tactile

/// The tap recognizer through the scene, with the test clock: recognition
/// with its defaults, each setting changing the outcome, each way it fails,
/// every kind of pointer, and bad input. Each test compares the whole log of
/// the layer's handlers and the recognizers' actions, in order.
@MainActor
struct TapGestureRecognizerTests {
    let log = EventLog()
    let scene = Scene(size: Size(width: 400, height: 300))
    let view: RecordingLayer
    let problems = ProblemLog()

    final class ProblemLog {
        var all: [Diagnostic.Problem] = []
    }

    init() {
        view = RecordingLayer("view", frame: Rect(x: 0, y: 0, width: 400, height: 300), log: log)
        view.isMultipleTouchEnabled = true
        scene.root.addChild(view)
        let problems = problems
        scene.diagnostics = { problems.all.append($0.problem) }
    }

    /// A tap recognizer on the view whose action logs `name fires (x, y)`,
    /// the location in window points.
    @discardableResult
    func addTap(_ name: String = "tap", taps: Int = 1, touches: Int = 1) -> TapGestureRecognizer {
        let tap = TapGestureRecognizer { [log] recognizer in
            log.append("\(name) fires \(recognizer.location(in: nil))")
        }
        tap.name = name
        tap.numberOfTapsRequired = taps
        tap.numberOfTouchesRequired = touches
        view.addGestureRecognizer(tap)
        return tap
    }

    /// One finger down at `down` and up at `up`, without moving.
    func tap(_ index: Int64, _ x: Double, _ y: Double, down: Double, up: Double) {
        scene.send(finger(index, .down, x, y, at: down))
        scene.send(finger(index, .up, x, y, at: up))
    }

    // MARK: Defaults

    @Test func theDefaultsAreUIKitsCountsAndFluttersDistancesAndInterval() {
        let tap = TapGestureRecognizer()
        #expect(tap.numberOfTapsRequired == 1)         // UITapGestureRecognizer
        #expect(tap.numberOfTouchesRequired == 1)      // UITapGestureRecognizer
        #expect(tap.allowableMovement == 18)           // Flutter's kTouchSlop
        #expect(tap.maximumTapInterval == 0.3)         // Flutter's kDoubleTapTimeout
        #expect(tap.maximumTapDistance == 100)         // Flutter's kDoubleTapSlop
        #expect(tap.allowedPointerKinds == Set(PointerKind.allCases))
    }

    @Test func aTapWithTheDefaultsRecognizesOnLiftAtWhereTheTouchLifted() {
        let tap = addTap()
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.send(finger(1, .move, 105, 100, at: 0.05))
        scene.send(finger(1, .up, 105, 100, at: 0.1))
        // The layer's touch is cancelled just before the action (the guide's
        // default delivery), and the recognizer is ready for the next tap.
        #expect(log.take() == ["view began 1", "view moved 1", "view cancelled 1", "tap fires (105.0, 100.0)"])
        #expect(tap.state == .possible)
        #expect(problems.all.isEmpty)
    }

    @Test func aTapHeldStillForAWhileIsStillATap() {
        addTap()
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.advanceTime(to: 5)
        scene.send(finger(1, .up, 100, 100, at: 5))
        #expect(log.take() == ["view began 1", "view cancelled 1", "tap fires (100.0, 100.0)"])
    }

    @Test func everyTapOfARapidSeriesIsATapWhenOnlyOneIsRequired() {
        addTap()
        tap(1, 100, 100, down: 0, up: 0.05)
        tap(2, 100, 100, down: 0.1, up: 0.15)
        tap(3, 100, 100, down: 0.2, up: 0.25)
        #expect(log.take().filter { $0.contains("fires") } == Array(repeating: "tap fires (100.0, 100.0)", count: 3))
    }

    // MARK: Movement

    @Test func movingUpToTheSlopIsATapAndBeyondItIsNot() {
        addTap()
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.send(finger(1, .move, 118, 100, at: 0.05))   // exactly 18 points
        scene.send(finger(1, .up, 118, 100, at: 0.1))
        #expect(log.take() == ["view began 1", "view moved 1", "view cancelled 1", "tap fires (118.0, 100.0)"])

        scene.send(finger(2, .down, 100, 100, at: 1))
        scene.send(finger(2, .move, 112, 113, at: 1.05))   // 17.7 points, within
        scene.send(finger(2, .move, 113, 113, at: 1.06))   // 18.4 points: beyond
        scene.send(finger(2, .move, 100, 100, at: 1.07))   // coming back does not undo it
        scene.send(finger(2, .up, 100, 100, at: 1.1))
        // Failed, the tap no longer holds the lift back: the layer ends its touch.
        #expect(log.take() == ["view began 2", "view moved 2", "view moved 2", "view moved 2", "view ended 2"])
    }

    @Test func allowableMovementChangesWhatIsATap() {
        let tap = addTap()
        tap.allowableMovement = 5
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.send(finger(1, .move, 110, 100, at: 0.05))
        scene.send(finger(1, .up, 110, 100, at: 0.1))
        #expect(!log.take().contains { $0.contains("fires") })

        tap.allowableMovement = 30
        scene.send(finger(2, .down, 100, 100, at: 1))
        scene.send(finger(2, .move, 125, 100, at: 1.05))
        scene.send(finger(2, .up, 125, 100, at: 1.1))
        #expect(log.take().filter { $0.contains("fires") } == ["tap fires (125.0, 100.0)"])
    }

    // MARK: Multi-taps

    /// The guide's double-tap example with the real recognizer:
    /// "touchesBegan, touchesBegan, touchesCancelled, touchesCancelled".
    @Test func aDoubleTapGivesTheViewTheGuidesSequence() {
        addTap("double", taps: 2)
        tap(1, 100, 100, down: 0, up: 0.1)
        tap(2, 103, 100, down: 0.2, up: 0.3)
        #expect(log.take() == [
            "view began 1", "view began 2", "view cancelled 1", "view cancelled 2", "double fires (103.0, 100.0)",
        ])
    }

    /// And with delaysTouchesEnded off: "touchesBegan, touchesEnded,
    /// touchesBegan, touchesCancelled".
    @Test func aDoubleTapWithoutDelayingEndsGivesTheViewTheGuidesOtherSequence() {
        addTap("double", taps: 2).delaysTouchesEnded = false
        tap(1, 100, 100, down: 0, up: 0.1)
        tap(2, 103, 100, down: 0.2, up: 0.3)
        #expect(log.take() == [
            "view began 1", "view ended 1", "view began 2", "view cancelled 2", "double fires (103.0, 100.0)",
        ])
    }

    @Test func aLoneTapIsNotADoubleTapAndTheLayerGetsItsLiftWhenTheWindowCloses() {
        let double = addTap("double", taps: 2)
        tap(1, 100, 100, down: 0, up: 0.1)
        scene.advanceTime(to: 0.35)
        #expect(log.take() == ["view began 1"])            // still waiting for a second tap
        #expect(double.state == .possible)
        scene.advanceTime(to: 0.45)                        // the window closed at 0.4
        #expect(log.take() == ["view ended 1"])
        #expect(double.state == .possible)
    }

    @Test func aTripleTapRecognizesOnTheThirdTapOnly() {
        addTap("triple", taps: 3)
        tap(1, 100, 100, down: 0, up: 0.1)
        tap(2, 100, 100, down: 0.2, up: 0.3)
        #expect(!log.lines.contains { $0.contains("fires") })
        tap(3, 100, 100, down: 0.4, up: 0.5)
        #expect(log.take().filter { $0.contains("fires") } == ["triple fires (100.0, 100.0)"])
    }

    @Test func aSecondTapTooLateStartsAnewAttempt() {
        addTap("double", taps: 2)
        tap(1, 100, 100, down: 0, up: 0.1)
        tap(2, 100, 100, down: 0.45, up: 0.5)              // 0.35 s after the lift: too late
        #expect(!log.lines.contains { $0.contains("fires") })
        // The late tap was the first of a new attempt, which a quick third completes.
        tap(3, 100, 100, down: 0.6, up: 0.7)
        #expect(log.take().filter { $0.contains("fires") } == ["double fires (100.0, 100.0)"])
    }

    @Test func maximumTapIntervalChangesWhatIsInTime() {
        let double = addTap("double", taps: 2)
        double.maximumTapInterval = 0.5
        tap(1, 100, 100, down: 0, up: 0.1)
        tap(2, 100, 100, down: 0.55, up: 0.6)              // 0.45 s: in time for 0.5
        #expect(log.take().filter { $0.contains("fires") } == ["double fires (100.0, 100.0)"])

        double.maximumTapInterval = 0.1
        tap(3, 100, 100, down: 2, up: 2.1)
        tap(4, 100, 100, down: 2.25, up: 2.3)              // 0.15 s: too late for 0.1
        scene.advanceTime(to: 3)
        #expect(!log.take().contains { $0.contains("fires") })
    }

    @Test func aSecondTapTooFarAwayFailsTheDoubleTap() {
        let double = addTap("double", taps: 2)
        tap(1, 100, 100, down: 0, up: 0.1)
        tap(2, 201, 100, down: 0.2, up: 0.3)               // 101 points from the first
        scene.advanceTime(to: 1)
        #expect(log.take() == ["view began 1", "view ended 1", "view began 2", "view ended 2"])
        #expect(double.state == .possible)

        double.maximumTapDistance = 150
        tap(3, 100, 100, down: 2, up: 2.1)
        tap(4, 201, 100, down: 2.2, up: 2.3)
        #expect(log.take().filter { $0.contains("fires") } == ["double fires (201.0, 100.0)"])
    }

    /// Each tap is measured from the first, so a triple tap cannot wander
    /// 80 points at a time across the screen.
    @Test func laterTapsAreMeasuredFromTheFirstTap() {
        addTap("triple", taps: 3)
        tap(1, 100, 100, down: 0, up: 0.1)
        tap(2, 180, 100, down: 0.2, up: 0.3)
        tap(3, 260, 100, down: 0.4, up: 0.5)               // 80 from the second, 160 from the first
        scene.advanceTime(to: 1)
        #expect(!log.take().contains { $0.contains("fires") })
    }

    // MARK: Touches

    @Test func aTwoTouchTapRecognizesWhicheverTouchLiftsFirst() {
        addTap("two", touches: 2)
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.send(finger(2, .down, 150, 100, at: 0.02))
        scene.send(finger(1, .up, 100, 100, at: 0.1))
        #expect(!log.lines.contains { $0.contains("fires") })   // one touch is still down
        scene.send(finger(2, .up, 150, 100, at: 0.12))
        #expect(log.take() == ["view began 1", "view began 2", "view cancelled 1,2", "two fires (150.0, 100.0)"])

        scene.send(finger(3, .down, 100, 100, at: 1))
        scene.send(finger(4, .down, 150, 100, at: 1.02))
        scene.send(finger(4, .up, 150, 100, at: 1.1))
        scene.send(finger(3, .up, 100, 100, at: 1.12))
        #expect(log.take().filter { $0.contains("fires") } == ["two fires (100.0, 100.0)"])
    }

    @Test func twoOneTouchTapsInARowAreNotATwoTouchTap() {
        addTap("two", touches: 2)
        tap(1, 100, 100, down: 0, up: 0.1)                 // fails here: lifted before a second landed
        tap(2, 150, 100, down: 0.15, up: 0.2)
        #expect(log.take() == ["view began 1", "view ended 1", "view began 2", "view ended 2"])
    }

    @Test func oneTouchTooManyFailsTheTap() {
        addTap("two", touches: 2)
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.send(finger(2, .down, 150, 100, at: 0.01))
        scene.send(finger(3, .down, 200, 100, at: 0.02))
        scene.send(finger(1, .up, 100, 100, at: 0.1))
        scene.send(finger(2, .up, 150, 100, at: 0.1))
        scene.send(finger(3, .up, 200, 100, at: 0.1))
        #expect(!log.take().contains { $0.contains("fires") })

        // A touch that lands after another of the same tap lifted is one too many as well.
        scene.send(finger(4, .down, 100, 100, at: 1))
        scene.send(finger(5, .down, 150, 100, at: 1.01))
        scene.send(finger(4, .up, 100, 100, at: 1.05))
        scene.send(finger(6, .down, 100, 100, at: 1.06))
        scene.send(finger(5, .up, 150, 100, at: 1.1))
        scene.send(finger(6, .up, 100, 100, at: 1.1))
        #expect(!log.take().contains { $0.contains("fires") })
    }

    @Test func aSecondFingerFailsAOneTouchTap() {
        addTap()
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.send(finger(2, .down, 150, 100, at: 0.02))
        scene.send(finger(1, .up, 100, 100, at: 0.1))
        scene.send(finger(2, .up, 150, 100, at: 0.1))
        #expect(log.take() == ["view began 1", "view began 2", "view ended 1", "view ended 2"])
    }

    /// With multiple touch off (the default), the layer admits one touch at
    /// a time, so the second finger never reaches its recognizers.
    @Test func aSecondFingerTheLayerDoesNotAdmitCannotFailTheTap() {
        view.isMultipleTouchEnabled = false
        addTap()
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.send(finger(2, .down, 150, 100, at: 0.02))
        scene.send(finger(2, .up, 150, 100, at: 0.05))
        scene.send(finger(1, .up, 100, 100, at: 0.1))
        #expect(log.take() == ["view began 1", "view cancelled 1", "tap fires (100.0, 100.0)"])
    }

    @Test func aDoubleTapOfTwoTouches() {
        addTap("double-two", taps: 2, touches: 2)
        for (index, start) in [0.0, 0.2].enumerated() {
            let first = Int64(2 * index + 1)
            scene.send(finger(first, .down, 100, 100, at: start))
            scene.send(finger(first + 1, .down, 150, 100, at: start + 0.01))
            scene.send(finger(first, .up, 100, 100, at: start + 0.08))
            scene.send(finger(first + 1, .up, 150, 100, at: start + 0.09))
        }
        #expect(log.take().filter { $0.contains("fires") } == ["double-two fires (150.0, 100.0)"])
    }

    @Test func countsBelowOneAreRaisedToOne() {
        let tap = addTap()
        tap.numberOfTapsRequired = 0
        tap.numberOfTouchesRequired = -3
        #expect(tap.numberOfTapsRequired == 1 && tap.numberOfTouchesRequired == 1)
        self.tap(1, 100, 100, down: 0, up: 0.1)
        #expect(log.take().filter { $0.contains("fires") } == ["tap fires (100.0, 100.0)"])
    }

    @Test func aCancelledTouchFailsTheTap() {
        let tap = addTap()
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.send(finger(1, .cancel, 100, 100, at: 0.1))
        #expect(log.take() == ["view began 1", "view cancelled 1"])
        #expect(tap.state == .possible)
        // The next tap is recognized as usual.
        self.tap(2, 100, 100, down: 1, up: 1.1)
        #expect(log.take().filter { $0.contains("fires") } == ["tap fires (100.0, 100.0)"])
    }

    @Test func focusLostBetweenTheTapsOfADoubleTapLeavesItWaiting() {
        addTap("double", taps: 2)
        tap(1, 100, 100, down: 0, up: 0.1)
        scene.send(InputEvent(timestamp: 0.15, .interrupted(.focusLost)))   // no touch down: nothing to cancel
        tap(2, 100, 100, down: 0.2, up: 0.3)
        #expect(log.take().filter { $0.contains("fires") } == ["double fires (100.0, 100.0)"])
    }

    // MARK: Pointers

    @Test func theMouseTaps() {
        addTap()
        scene.send(mouse(.down, 100, 100, at: 0))
        scene.send(mouse(.up, 100, 100, at: 0.1))
        #expect(log.take() == ["view began 0", "view cancelled 0", "tap fires (100.0, 100.0)"])
    }

    @Test func theControllerCursorTaps() {
        addTap()
        scene.send(cursor(.down, 100, 100, at: 0))
        scene.send(cursor(.up, 100, 100, at: 0.1))
        #expect(log.take() == ["view began 0", "view cancelled 0", "tap fires (100.0, 100.0)"])
    }

    /// The mouse's mirrored two-contact mode (Alt held) makes a two-touch tap.
    @Test func theMousesSimulatedPairMakesATwoTouchTap() {
        addTap("two", touches: 2)
        var simulator = MouseTouchSimulator()
        var events: [InputEvent] = []
        simulator.press(at: Point(x: 100, y: 100), modifiers: .leftAlt, mouse: 0, windowSize: scene.size, timestamp: 0, into: &events)
        simulator.release(at: Point(x: 100, y: 100), windowSize: scene.size, timestamp: 0.1, into: &events)
        let kinds = events.map { event -> PointerKind? in if case .pointer(let pointer) = event.kind { pointer.kind } else { nil } }
        #expect(kinds == [.simulated, .simulated, .simulated, .simulated])
        for event in events { scene.send(event) }
        // The mirrored contact is at (300, 200): the gesture lifts there last.
        #expect(log.take() == ["view began 0", "view began 1", "view cancelled 0,1", "two fires (300.0, 200.0)"])
    }

    @Test func allowedPointerKindsFiltersWhichTouchesTap() {
        let tap = addTap()
        tap.allowedPointerKinds = [.finger]
        scene.send(mouse(.down, 100, 100, at: 0))
        scene.send(mouse(.up, 100, 100, at: 0.1))
        scene.send(cursor(.down, 100, 100, at: 1))
        scene.send(cursor(.up, 100, 100, at: 1.1))
        // Not the recognizer's: the layer handles them as if it did not exist.
        #expect(log.take() == ["view began 0", "view ended 0", "view began 0", "view ended 0"])
        self.tap(1, 100, 100, down: 2, up: 2.1)
        #expect(log.take() == ["view began 1", "view cancelled 1", "tap fires (100.0, 100.0)"])

        tap.allowedPointerKinds = [.mouse, .controllerCursor]
        self.tap(2, 100, 100, down: 3, up: 3.1)
        scene.send(cursor(.down, 100, 100, at: 4))
        scene.send(cursor(.up, 100, 100, at: 4.1))
        #expect(log.take() == ["view began 2", "view ended 2", "view began 0", "view cancelled 0", "tap fires (100.0, 100.0)"])
    }

    // MARK: Bad input

    @Test func aTouchWithANaNPositionNeverReachesTheRecognizer() {
        let tap = addTap()
        scene.send(finger(1, .down, .nan, 100, at: 0))
        scene.send(finger(1, .up, .nan, 100, at: 0.1))
        #expect(log.take().isEmpty)
        #expect(tap.numberOfTouches == 0 && tap.state == .possible)
        #expect(problems.all == [.nonFiniteValue])
    }

    @Test func aNaNMoveInTheMiddleOfATapIsDroppedAndTheTapStands() {
        addTap()
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.send(finger(1, .move, .nan, .infinity, at: 0.05))
        scene.send(finger(1, .up, 101, 100, at: 0.1))
        #expect(log.take() == ["view began 1", "view cancelled 1", "tap fires (101.0, 100.0)"])
        #expect(problems.all == [.nonFiniteValue])
    }

    @Test func aZeroOrNonFiniteIntervalNeverWaitsForASecondTap() {
        let double = addTap("double", taps: 2)
        for (index, interval) in [0, -1, .nan, .infinity].enumerated() {
            double.maximumTapInterval = interval
            // Both taps at the same instant: even then, no second tap is in time.
            let time = Double(index) * 10
            tap(1, 100, 100, down: time, up: time)
            tap(2, 100, 100, down: time, up: time)
            scene.advanceTime(to: time + 1)
            #expect(double.state == .possible, "interval \(interval)")
        }
        #expect(!log.take().contains { $0.contains("fires") })
        #expect(problems.all.isEmpty)
    }

    @Test func aNaNSlopFailsOnAnyMoveAndAllowsAStillTap() {
        let tap = addTap()
        tap.allowableMovement = .nan
        self.tap(1, 100, 100, down: 0, up: 0.1)
        scene.send(finger(2, .down, 100, 100, at: 1))
        scene.send(finger(2, .move, 100, 100, at: 1.05))
        scene.send(finger(2, .up, 100, 100, at: 1.1))
        #expect(log.take().filter { $0.contains("fires") } == ["tap fires (100.0, 100.0)"])
    }

    // MARK: Helpers

    func cursor(_ phase: PointerEvent.Phase, _ x: Double, _ y: Double, at time: Double) -> InputEvent {
        InputEvent(timestamp: time, .pointer(PointerEvent(phase, id: PointerID(kind: .controllerCursor, device: 3, index: 0), location: Point(x: x, y: y))))
    }
}
