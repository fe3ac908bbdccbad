import Testing
@testable import Tactile

/// The long-press recognizer through the scene, its duration timed by the
/// test clock (`advanceTime(to:)` and the events' own times): recognition
/// with its defaults, each setting changing the outcome, each way it fails,
/// what happens once it has begun, every kind of pointer, and bad input.
/// Each test compares the whole log of the layer's handlers and the
/// recognizer's actions, in order.
@MainActor
struct LongPressGestureRecognizerTests {
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

    /// A long press on the view whose actions log `press <state> (x, y)`.
    @discardableResult
    func addPress(taps: Int = 0, touches: Int = 1) -> LongPressGestureRecognizer {
        let press = LongPressGestureRecognizer { [log] recognizer in
            log.append("press \(recognizer.state.rawValue) \(recognizer.location(in: nil))")
        }
        press.name = "press"
        press.numberOfTapsRequired = taps
        press.numberOfTouchesRequired = touches
        view.addGestureRecognizer(press)
        return press
    }

    func tap(_ index: Int64, _ x: Double, _ y: Double, down: Double, up: Double) {
        scene.send(finger(index, .down, x, y, at: down))
        scene.send(finger(index, .up, x, y, at: up))
    }

    // MARK: Defaults

    @Test func theDefaultsAreUIKits() {
        let press = LongPressGestureRecognizer()
        #expect(press.minimumPressDuration == 0.5)     // UILongPressGestureRecognizer
        #expect(press.allowableMovement == 10)         // UILongPressGestureRecognizer
        #expect(press.numberOfTapsRequired == 0)       // UILongPressGestureRecognizer
        #expect(press.numberOfTouchesRequired == 1)    // UILongPressGestureRecognizer
        #expect(press.maximumTapInterval == 0.3)       // Flutter's kDoubleTapTimeout
        #expect(press.maximumTapDistance == 100)       // Flutter's kDoubleTapSlop
    }

    @Test func aHoldBeginsWhenTheDurationPassesChangesAsItMovesAndEndsOnLift() {
        let press = addPress()
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.send(finger(1, .move, 104, 100, at: 0.2))
        scene.advanceTime(to: 0.49)
        #expect(log.take() == ["view began 1", "view moved 1"])
        #expect(press.state == .possible)
        scene.advanceTime(to: 0.5)
        #expect(log.take() == ["view cancelled 1", "press began (104.0, 100.0)"])
        #expect(press.state == .began)
        scene.send(finger(1, .move, 110, 120, at: 0.6))
        scene.send(finger(1, .move, 130, 140, at: 0.7))
        scene.send(finger(1, .up, 130, 140, at: 0.8))
        #expect(log.take() == [
            "press changed (110.0, 120.0)", "press changed (130.0, 140.0)", "press ended (130.0, 140.0)",
        ])
        #expect(press.state == .possible)
        #expect(problems.all.isEmpty)
    }

    /// The deadline passes as its own sub-event before a later event, so a
    /// move after the duration, with no frame tick between, first begins
    /// the press where the touch was, then changes it.
    @Test func theDurationPassingIsHandledBeforeTheNextEvent() {
        addPress()
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.send(finger(1, .move, 150, 100, at: 0.7))
        #expect(log.take() == ["view began 1", "view cancelled 1", "press began (100.0, 100.0)", "press changed (150.0, 100.0)"])
    }

    @Test func minimumPressDurationChangesWhenThePressBegins() {
        let press = addPress()
        press.minimumPressDuration = 1
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.advanceTime(to: 0.9)
        #expect(press.state == .possible)
        scene.advanceTime(to: 1)
        #expect(press.state == .began)
        scene.send(finger(1, .up, 100, 100, at: 1.1))

        press.minimumPressDuration = 0.2
        scene.send(finger(2, .down, 100, 100, at: 2))
        scene.send(finger(2, .up, 100, 100, at: 2.25))     // 0.25 s: long enough for 0.2
        #expect(log.take().filter { $0.hasPrefix("press") } == [
            "press began (100.0, 100.0)", "press ended (100.0, 100.0)",
            "press began (100.0, 100.0)", "press ended (100.0, 100.0)",
        ])
    }

    // MARK: Failing before it begins

    @Test func liftingTooSoonFailsAndTheLayerGetsTheLift() {
        let press = addPress()
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.send(finger(1, .up, 100, 100, at: 0.4))
        scene.advanceTime(to: 1)
        #expect(log.take() == ["view began 1", "view ended 1"])
        #expect(press.state == .possible)
    }

    @Test func movingBeyondTheAllowableMovementBeforeItBeginsFails() {
        addPress()
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.send(finger(1, .move, 110, 100, at: 0.1))    // exactly 10: still a press
        scene.advanceTime(to: 0.5)
        scene.send(finger(1, .up, 110, 100, at: 0.6))
        #expect(log.take().filter { $0.hasPrefix("press") } == ["press began (110.0, 100.0)", "press ended (110.0, 100.0)"])

        scene.send(finger(2, .down, 100, 100, at: 1))
        scene.send(finger(2, .move, 106, 108.1, at: 1.1))  // 10.06 points
        scene.advanceTime(to: 2)
        scene.send(finger(2, .up, 106, 108.1, at: 2.1))
        #expect(log.take() == ["view began 2", "view moved 2", "view ended 2"])
    }

    @Test func allowableMovementChangesHowStillThePressMustBe() {
        let press = addPress()
        press.allowableMovement = 30
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.send(finger(1, .move, 125, 100, at: 0.1))
        scene.advanceTime(to: 0.5)
        #expect(press.state == .began)
        scene.send(finger(1, .up, 125, 100, at: 0.6))

        press.allowableMovement = 2
        scene.send(finger(2, .down, 100, 100, at: 1))
        scene.send(finger(2, .move, 103, 100, at: 1.1))
        scene.advanceTime(to: 2)
        #expect(press.state == .possible)
        scene.send(finger(2, .up, 103, 100, at: 2.1))
        #expect(log.take().filter { $0.hasPrefix("press") } == ["press began (125.0, 100.0)", "press ended (125.0, 100.0)"])
    }

    // MARK: Once it has begun

    @Test func movementIsUnlimitedOnceItHasBegun() {
        addPress()
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.advanceTime(to: 0.5)
        scene.send(finger(1, .move, 350, 280, at: 0.6))
        scene.send(finger(1, .move, 350, 280, at: 0.7))    // the same place: no change
        scene.send(finger(1, .move, 20, 20, at: 0.8))
        scene.send(finger(1, .up, 20, 20, at: 0.9))
        #expect(log.take().filter { $0.hasPrefix("press") } == [
            "press began (100.0, 100.0)", "press changed (350.0, 280.0)", "press changed (20.0, 20.0)", "press ended (20.0, 20.0)",
        ])
    }

    /// A touch that lands once the press has begun is not part of it: the
    /// layer gets it whole, and lifting it does not end the press.
    @Test func aTouchLandingAfterItBeganGoesToTheLayerAndDoesNotEndThePress() {
        let press = addPress()
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.advanceTime(to: 0.5)
        scene.send(finger(2, .down, 200, 100, at: 0.6))
        scene.send(finger(2, .move, 220, 100, at: 0.65))
        scene.send(finger(2, .up, 220, 100, at: 0.7))
        #expect(press.state == .began)
        #expect(press.numberOfTouches == 1)
        scene.send(finger(1, .move, 110, 100, at: 0.8))
        scene.send(finger(1, .up, 110, 100, at: 0.9))
        #expect(log.take() == [
            "view began 1", "view cancelled 1", "press began (100.0, 100.0)",
            "view began 2", "view moved 2", "view ended 2",
            "press changed (110.0, 100.0)", "press ended (110.0, 100.0)",
        ])
    }

    @Test func aCancelledTouchCancelsABegunPressAndFailsAnUnbegunOne() {
        let press = addPress()
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.advanceTime(to: 0.5)
        scene.send(finger(1, .cancel, 100, 100, at: 0.6))
        #expect(log.take() == ["view began 1", "view cancelled 1", "press began (100.0, 100.0)", "press cancelled (100.0, 100.0)"])
        #expect(press.state == .possible)

        scene.send(finger(2, .down, 100, 100, at: 1))
        scene.send(finger(2, .cancel, 100, 100, at: 1.1))
        scene.advanceTime(to: 2)
        #expect(log.take() == ["view began 2", "view cancelled 2"])
    }

    @Test func losingFocusCancelsABegunPress() throws {
        addPress()
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.advanceTime(to: 0.6)
        scene.send(InputEvent(timestamp: 0.7, .interrupted(.focusLost)))
        let lines = log.take()
        try #require(lines.count == 4)
        #expect(lines.map { $0.prefix { $0 != "(" } } == ["view began 1", "view cancelled 1", "press began ", "press cancelled "])
        #expect(lines[2] == "press began (100.0, 100.0)")
        #expect(lines[3] == "press cancelled (100.0, 100.0)")
    }

    /// Held long enough while a recognizer it requires to fail is still
    /// deciding, the press waits, still possible; lifted meanwhile, it asks
    /// to end, and when the other fails the arena plays began, then ended.
    @Test func aPressWaitingForARequirementBeginsAndEndsWhenItIsReleased() throws {
        let press = addPress()
        let double = TapGestureRecognizer { [log] _ in log.append("double fires") }
        double.numberOfTapsRequired = 2
        view.addGestureRecognizer(double)
        press.require(toFail: double)
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.advanceTime(to: 0.5)
        scene.send(finger(1, .move, 103, 100, at: 0.55))   // no change while waiting
        #expect(press.state == .possible)
        scene.send(finger(1, .up, 103, 100, at: 0.6))
        scene.advanceTime(to: 0.85)
        #expect(log.take() == ["view began 1", "view moved 1"])
        scene.advanceTime(to: 0.95)                        // the double tap's window closed at 0.9
        #expect(log.take() == ["view cancelled 1", "press began (103.0, 100.0)", "press ended (103.0, 100.0)"])
        #expect(press.state == .possible && double.state == .possible)
    }

    // MARK: Touches

    @Test func aTwoTouchPressTimesFromTheSecondTouchAndEndsWhenEitherLifts() {
        addPress(touches: 2)
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.send(finger(2, .down, 200, 100, at: 0.3))
        scene.advanceTime(to: 0.7)
        #expect(!log.lines.contains { $0.hasPrefix("press") })     // 0.4 s since both were down
        scene.advanceTime(to: 0.8)
        scene.send(finger(2, .move, 200, 140, at: 0.9))
        scene.send(finger(1, .up, 100, 100, at: 1))
        scene.send(finger(2, .up, 200, 140, at: 1.1))
        // Located at the centroid of the touches down (on ended, those
        // still down); the press and its touches are over when the first lifts.
        #expect(log.take() == [
            "view began 1", "view began 2", "view cancelled 1,2", "press began (150.0, 100.0)",
            "press changed (150.0, 120.0)", "press ended (200.0, 140.0)",
        ])
    }

    @Test func tooFewOrTooManyTouchesFail() {
        let press = addPress(touches: 2)
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.advanceTime(to: 2)
        scene.send(finger(1, .up, 100, 100, at: 2))
        #expect(log.take() == ["view began 1", "view ended 1"])

        scene.send(finger(2, .down, 100, 100, at: 3))
        scene.send(finger(3, .down, 150, 100, at: 3.1))
        scene.send(finger(4, .down, 200, 100, at: 3.2))
        scene.advanceTime(to: 5)
        #expect(press.state == .possible)
        for index: Int64 in 2...4 { scene.send(finger(index, .up, 100, 100, at: 5)) }
        #expect(!log.take().contains { $0.hasPrefix("press") })
    }

    @Test func oneOfTwoTouchesLiftingBeforeItBeginsFails() {
        addPress(touches: 2)
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.send(finger(2, .down, 200, 100, at: 0.1))
        scene.send(finger(1, .up, 100, 100, at: 0.3))
        scene.advanceTime(to: 2)
        scene.send(finger(2, .up, 200, 100, at: 2))
        #expect(log.take() == ["view began 1", "view began 2", "view ended 1", "view ended 2"])
    }

    // MARK: Taps before the press

    @Test func aTapThenAHoldBeginsWithOneTapRequired() {
        let press = addPress(taps: 1)
        tap(1, 100, 100, down: 0, up: 0.1)
        scene.send(finger(2, .down, 105, 100, at: 0.3))
        scene.advanceTime(to: 0.79)
        #expect(press.state == .possible)
        scene.advanceTime(to: 0.8)
        scene.send(finger(2, .up, 105, 100, at: 0.9))
        #expect(log.take() == [
            // The tap's touch and the press's are of two multitouch sequences:
            // the layer is told of each apart.
            "view began 1", "view began 2", "view cancelled 1", "view cancelled 2",
            "press began (105.0, 100.0)", "press ended (105.0, 100.0)",
        ])
    }

    @Test func aHoldWithoutTheTapIsNotTheGesture() {
        let press = addPress(taps: 1)
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.advanceTime(to: 0.5)                         // held too long to be the tap
        #expect(log.take() == ["view began 1"])
        #expect(press.state == .possible)
        scene.send(finger(1, .up, 100, 100, at: 1))
        #expect(log.take() == ["view ended 1"])
    }

    @Test func aPressAfterTheTapTooLateOrTooFarFails() {
        let press = addPress(taps: 1)
        tap(1, 100, 100, down: 0, up: 0.1)
        scene.send(finger(2, .down, 100, 100, at: 0.45))   // 0.35 s after the tap
        scene.advanceTime(to: 1.5)
        scene.send(finger(2, .up, 100, 100, at: 1.5))
        tap(3, 100, 100, down: 2, up: 2.1)
        scene.send(finger(4, .down, 201, 100, at: 2.2))    // 101 points from the tap
        scene.advanceTime(to: 3)
        scene.send(finger(4, .up, 201, 100, at: 3))
        #expect(!log.take().contains { $0.hasPrefix("press") })

        press.maximumTapInterval = 0.5
        press.maximumTapDistance = 150
        tap(5, 100, 100, down: 4, up: 4.1)
        scene.send(finger(6, .down, 201, 100, at: 4.5))
        scene.advanceTime(to: 5)
        scene.send(finger(6, .up, 201, 100, at: 5.1))
        #expect(log.take().filter { $0.hasPrefix("press") } == ["press began (201.0, 100.0)", "press ended (201.0, 100.0)"])
    }

    @Test func twoTapsOfTwoTouchesThenATwoTouchPress() {
        addPress(taps: 2, touches: 2)
        var time = 0.0
        for tap in 0..<3 {
            let first = Int64(2 * tap + 1)
            scene.send(finger(first, .down, 100, 100, at: time))
            scene.send(finger(first + 1, .down, 140, 100, at: time + 0.01))
            if tap < 2 {
                scene.send(finger(first, .up, 100, 100, at: time + 0.08))
                scene.send(finger(first + 1, .up, 140, 100, at: time + 0.09))
            }
            time += 0.2
        }
        scene.advanceTime(to: 1)                           // the press's touches were both down at 0.41
        #expect(log.take().filter { $0.hasPrefix("press") } == ["press began (120.0, 100.0)"])
    }

    // MARK: Pointers

    @Test func theMouseAndTheControllerCursorPressAndAllowedPointerKindsFilters() {
        let press = addPress()
        scene.send(mouse(.down, 100, 100, at: 0))
        scene.advanceTime(to: 0.5)
        scene.send(mouse(.up, 100, 100, at: 0.6))
        scene.send(cursor(.down, 200, 100, at: 1))
        scene.advanceTime(to: 1.5)
        scene.send(cursor(.up, 200, 100, at: 1.6))
        #expect(log.take().filter { $0.hasPrefix("press") } == [
            "press began (100.0, 100.0)", "press ended (100.0, 100.0)",
            "press began (200.0, 100.0)", "press ended (200.0, 100.0)",
        ])

        press.allowedPointerKinds = [.finger, .simulated]
        scene.send(mouse(.down, 100, 100, at: 2))
        scene.advanceTime(to: 3)
        scene.send(mouse(.up, 100, 100, at: 3))
        scene.send(cursor(.down, 200, 100, at: 4))
        scene.advanceTime(to: 5)
        scene.send(cursor(.up, 200, 100, at: 5))
        #expect(log.take() == ["view began 0", "view ended 0", "view began 0", "view ended 0"])
    }

    /// The mouse's parallel two-contact mode (Alt+Shift held) makes a
    /// two-touch press, and dragging it changes the press.
    @Test func theMousesSimulatedPairMakesATwoTouchPress() {
        addPress(touches: 2)
        var simulator = MouseTouchSimulator()
        var events: [InputEvent] = []
        simulator.press(at: Point(x: 100, y: 100), modifiers: [.leftAlt, .leftShift], mouse: 0, windowSize: scene.size, timestamp: 0, into: &events)
        for event in events { scene.send(event) }
        scene.advanceTime(to: 0.5)
        events.removeAll()
        simulator.move(to: Point(x: 120, y: 110), windowSize: scene.size, timestamp: 0.6, into: &events)
        simulator.release(at: Point(x: 120, y: 110), windowSize: scene.size, timestamp: 0.7, into: &events)
        for event in events { scene.send(event) }
        // The pair is 80 points apart: the press is between them. Each
        // contact's move is a change of its own.
        #expect(log.take() == [
            "view began 0", "view began 1", "view cancelled 0,1", "press began (140.0, 100.0)",
            "press changed (150.0, 105.0)", "press changed (160.0, 110.0)", "press ended (200.0, 110.0)",
        ])
    }

    // MARK: Bad input

    @Test func aZeroOrNegativeDurationBeginsAsTheTouchLands() {
        let press = addPress()
        for (index, duration) in [0.0, -1].enumerated() {
            press.minimumPressDuration = duration
            let time = Double(index)
            scene.send(finger(1, .down, 100, 100, at: time))
            scene.send(finger(1, .up, 100, 100, at: time))
        }
        #expect(log.take().filter { $0.hasPrefix("press") } == [
            "press began (100.0, 100.0)", "press ended (100.0, 100.0)",
            "press began (100.0, 100.0)", "press ended (100.0, 100.0)",
        ])
    }

    @Test func aNaNOrInfiniteDurationNeverBeginsAndFailsOnLift() {
        let press = addPress()
        for (index, duration) in [Double.nan, .infinity].enumerated() {
            press.minimumPressDuration = duration
            let time = Double(index) * 100
            scene.send(finger(1, .down, 100, 100, at: time))
            scene.advanceTime(to: time + 50)
            #expect(press.state == .possible)
            scene.send(finger(1, .up, 100, 100, at: time + 50))
        }
        #expect(log.take() == ["view began 1", "view ended 1", "view began 1", "view ended 1"])
        #expect(problems.all.isEmpty)
    }

    @Test func aTouchWithANaNPositionNeverReachesThePressAndANaNMoveIsDropped() {
        let press = addPress()
        scene.send(finger(1, .down, .nan, 100, at: 0))
        scene.advanceTime(to: 1)
        scene.send(finger(1, .up, .nan, 100, at: 1))
        #expect(log.take().isEmpty)
        #expect(press.numberOfTouches == 0)

        scene.send(finger(2, .down, 100, 100, at: 2))
        scene.send(finger(2, .move, .nan, 100, at: 2.1))
        scene.advanceTime(to: 2.5)
        scene.send(finger(2, .move, .infinity, 100, at: 2.6))
        scene.send(finger(2, .up, 100, 100, at: 2.7))
        #expect(log.take().filter { $0.hasPrefix("press") } == ["press began (100.0, 100.0)", "press ended (100.0, 100.0)"])
        #expect(problems.all == [.nonFiniteValue, .nonFiniteValue, .nonFiniteValue])
    }

    @Test func countsAreClampedToWhatMakesSense() {
        let press = LongPressGestureRecognizer()
        press.numberOfTapsRequired = -2
        press.numberOfTouchesRequired = 0
        #expect(press.numberOfTapsRequired == 0 && press.numberOfTouchesRequired == 1)
    }

    // MARK: Helpers

    func cursor(_ phase: PointerEvent.Phase, _ x: Double, _ y: Double, at time: Double) -> InputEvent {
        InputEvent(timestamp: time, .pointer(PointerEvent(phase, id: PointerID(kind: .controllerCursor, device: 3, index: 0), location: Point(x: x, y: y))))
    }
}
