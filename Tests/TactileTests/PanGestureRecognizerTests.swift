import Testing
@testable import Tactile

/// The pan through the scene: when it begins, what it reports, each
/// setting changing the outcome, and touches joining and leaving.
@MainActor
struct PanGestureRecognizerTests {
    let log = EventLog()
    let scene = Scene(size: Size(width: 400, height: 300))
    let view: RecordingLayer
    let pan = PanGestureRecognizer()

    init() {
        view = RecordingLayer("view", frame: Rect(x: 0, y: 0, width: 400, height: 300), log: log)
        view.isMultipleTouchEnabled = true
        scene.root.addChild(view)
        view.addGestureRecognizer(pan)
        pan.addAction { [log] recognizer in
            let pan = recognizer
            log.append("pan \(pan.state.rawValue) \(rounded(pan.translation(in: nil)))")
        }
    }

    // MARK: Recognition with the defaults

    @Test func itBeginsPastTheSlopChangesWithEveryMoveAndEndsOnLift() {
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.send(finger(1, .move, 110, 100, at: 0.02))     // 10 points: within the slop
        scene.send(finger(1, .move, 120, 100, at: 0.04))     // 20: past it
        scene.send(finger(1, .move, 130, 105, at: 0.06))
        scene.send(finger(1, .up, 130, 105, at: 0.08))
        #expect(log.take() == [
            "view began 1", "view moved 1",
            // Measured from touch-down, slop included: the piece jumps to the finger.
            "view cancelled 1", "pan began (20.0, 0.0)",
            "pan changed (30.0, 5.0)",
            "pan ended (30.0, 5.0)",
        ])
        #expect(pan.state == .possible && pan.translation(in: nil) == .zero)
    }

    @Test func aTouchThatStaysWithinTheSlopFailsItAndReachesTheLayer() {
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.send(finger(1, .move, 112, 110, at: 0.1))      // 15.6 points
        scene.send(finger(1, .up, 112, 110, at: 0.2))
        #expect(log.take() == ["view began 1", "view moved 1", "view ended 1"])
        #expect(pan.state == .possible)
    }

    // MARK: Settings

    /// 5 points is past the slop of the mouse and the controller cursor
    /// (2) but not of a finger (18).
    @Test(arguments: [(PointerKind.finger, false), (.mouse, true), (.controllerCursor, true), (.simulated, true)])
    func theSlopDependsOnThePointerKind(kind: PointerKind, begins: Bool) {
        scene.send(pointer(kind, 0, .down, 100, 100, at: 0))
        scene.send(pointer(kind, 0, .move, 104, 103, at: 0.1))
        #expect(log.lines.contains("pan began (4.0, 3.0)") == begins)
    }

    @Test func aSmallerSlopBeginsSooner() {
        pan.slop = GestureSlop(touch: 8, precisePointer: 2)
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.send(finger(1, .move, 110, 100, at: 0.1))
        #expect(log.take().last == "pan began (10.0, 0.0)")
    }

    /// Movement counts only with enough fingers down; one of two lifting
    /// ends a two-finger pan.
    @Test func aMinimumOfTwoTouches() {
        pan.minimumNumberOfTouches = 2
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.send(finger(1, .move, 150, 100, at: 0.1))      // one finger: does not count
        scene.send(finger(2, .down, 200, 100, at: 0.2))      // centroid (175, 100)
        scene.send(finger(1, .move, 160, 100, at: 0.3))      // centroid moved 5
        scene.send(finger(1, .move, 190, 100, at: 0.4))      // 20
        scene.send(finger(1, .up, 190, 100, at: 0.5))
        #expect(log.take().filter { $0.hasPrefix("pan") } == ["pan began (20.0, 0.0)", "pan ended (20.0, 0.0)"])
    }

    /// Too many touches before it begins: it fails, leaving them to a
    /// recognizer of more fingers.
    @Test func tooManyTouchesBeforeBeginningFailIt() {
        pan.maximumNumberOfTouches = 1
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.send(finger(2, .down, 200, 100, at: 0.1))
        scene.send(finger(1, .move, 150, 100, at: 0.2))
        scene.send(finger(1, .up, 150, 100, at: 0.3))
        scene.send(finger(2, .up, 200, 100, at: 0.4))
        #expect(log.take() == [
            "view began 1", "view began 2", "view moved 1", "view ended 1", "view ended 2",
        ])
    }

    /// Once it has begun, a touch beyond the maximum is ignored: it reaches
    /// the layer, and the pan goes on with its own.
    @Test func aTouchBeyondTheMaximumAfterBeginningIsIgnored() {
        pan.maximumNumberOfTouches = 1
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.send(finger(1, .move, 130, 100, at: 0.1))
        scene.send(finger(2, .down, 300, 200, at: 0.2))
        scene.send(finger(2, .move, 310, 200, at: 0.3))
        scene.send(finger(1, .move, 140, 100, at: 0.4))
        scene.send(finger(2, .up, 310, 200, at: 0.5))
        scene.send(finger(1, .up, 140, 100, at: 0.6))
        #expect(log.take() == [
            "view began 1", "view cancelled 1", "pan began (30.0, 0.0)",
            "view began 2", "view moved 2",
            "pan changed (40.0, 0.0)",
            "view ended 2",
            "pan ended (40.0, 0.0)",
        ])
    }

    @Test func allowedPointerKindsLeaveOtherPointersToTheLayer() {
        pan.allowedPointerKinds = [.finger]
        scene.send(mouse(.down, 100, 100, at: 0))
        scene.send(mouse(.move, 160, 100, at: 0.1))
        scene.send(mouse(.up, 160, 100, at: 0.2))
        #expect(log.take() == ["view began 0", "view moved 0", "view ended 0"])
    }

    // MARK: What it reports

    /// A vector in a layer's space: the layer's scale and rotation apply,
    /// its position does not.
    @Test func translationAndVelocityInALayersSpace() throws {
        let scaled = Layer(frame: Rect(x: 300, y: 200, width: 40, height: 40))
        scaled.transform = .scale(x: 2, y: 2)
        let turned = Layer(frame: Rect(x: 300, y: 20, width: 40, height: 40))
        turned.transform = .rotation(.pi / 2)
        scene.root.addChild(scaled)
        scene.root.addChild(turned)
        var seen: [(Point, Point, Point, Point)] = []
        pan.addAction { recognizer in
            let pan = recognizer
            seen.append((pan.translation(in: scaled), pan.velocity(in: scaled), pan.translation(in: turned), pan.velocity(in: turned)))
        }
        scene.send(finger(1, .down, 100, 100, at: 0))
        for step in 1...5 {                                  // 300 points per second, rightwards
            scene.send(finger(1, .move, 100 + 6 * Double(step), 100, at: 0.02 * Double(step)))
        }
        let (inScaled, scaledVelocity, inTurned, turnedVelocity) = try #require(seen.last)
        #expect(rounded(inScaled) == Point(x: 15, y: 0))
        #expect(rounded(scaledVelocity) == Point(x: 150, y: 0))
        // Turned a quarter clockwise, the layer's x axis points down the
        // window: rightwards on screen is its −y.
        #expect(rounded(inTurned) == Point(x: 0, y: -30))
        #expect(rounded(turnedVelocity) == Point(x: 0, y: -300))
    }

    /// The guide's pattern of applying each step as a delta: the
    /// translation is zeroed in every action, and the fling at the end
    /// still has the drag's speed.
    @Test func zeroingTheTranslationInEachActionKeepsTheVelocity() {
        var steps: [Point] = []
        var fling = Point.zero
        pan.addAction { recognizer in
            let pan = recognizer
            steps.append(pan.translation(in: nil))
            pan.setTranslation(.zero, in: nil)
            if pan.state == .ended { fling = pan.velocity(in: nil) }
        }
        for (step, time) in Sampling.rate(60).times(from: 0, for: 0.1).enumerated() {
            scene.send(finger(1, step == 0 ? .down : .move, 100 + 10 * Double(step), 100, at: time))
        }
        scene.send(finger(1, .up, 160, 100, at: 0.1))
        #expect(steps.map(rounded) == [
            Point(x: 20, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 0), Point(x: 0, y: 0),
        ])
        #expect(isClose(fling, to: Point(x: 600, y: 0), within: 0.005))
    }

    /// Constant-speed drags, lifted on the last move: the velocity in the
    /// ended action is the drag's, within 0.5%.
    @Test(arguments: Sampling.all)
    func theVelocityOfAConstantSpeedDrag(sampling: Sampling) {
        let speed = Point(x: 640, y: -260)
        var ended = Point.zero
        pan.addAction { recognizer in
            let pan = recognizer
            if pan.state == .ended { ended = pan.velocity(in: nil) }
        }
        let times = sampling.times(from: 10, for: 0.3)
        for (step, time) in times.enumerated() {
            let elapsed = time - times[0]
            scene.send(finger(1, step == 0 ? .down : .move, 50 + speed.x * elapsed, 250 + speed.y * elapsed, at: time))
        }
        let last = times.last! - times[0]
        scene.send(finger(1, .up, 50 + speed.x * last, 250 + speed.y * last, at: times.last! + 0.008))
        #expect(isClose(ended, to: speed, within: 0.005), "\(ended)")
    }

    /// A finger that stops and then lifts was not moving when it lifted,
    /// whether it went quiet or kept reporting the same place.
    @Test(arguments: [false, true])
    func aPauseBeforeTheLiftLeavesNoVelocity(reportsWhileResting: Bool) {
        var ended = Point(x: .nan, y: .nan)
        pan.addAction { recognizer in
            let pan = recognizer
            if pan.state == .ended { ended = pan.velocity(in: nil) }
        }
        let times = Sampling.rate(60).times(from: 0, for: 0.2)
        for (step, time) in times.enumerated() {
            scene.send(finger(1, step == 0 ? .down : .move, 100 + 900 * time, 100, at: time))
        }
        if reportsWhileResting {
            for time in Sampling.rate(60).times(from: 0.2, for: 0.15).dropFirst() {
                scene.send(finger(1, .move, 280, 100, at: time))
            }
        }
        scene.send(finger(1, .up, 280, 100, at: 0.36))
        #expect(ended == .zero)
    }

    /// A second finger landing far away, or one of two lifting, moves the
    /// centroid but not the translation.
    @Test func touchesJoiningAndLeavingKeepTheTranslationContinuous() {
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.send(finger(1, .move, 140, 100, at: 0.02))
        scene.send(finger(2, .down, 300, 200, at: 0.04))     // centroid jumps to (220, 150)
        scene.send(finger(1, .move, 150, 100, at: 0.06))     // centroid moves 5
        scene.send(finger(2, .move, 300, 220, at: 0.08))     // and 10 down
        scene.send(finger(1, .up, 150, 100, at: 0.10))       // centroid jumps to (300, 220)
        scene.send(finger(2, .move, 310, 220, at: 0.12))
        scene.send(finger(2, .up, 310, 220, at: 0.14))
        #expect(log.take().filter { $0.hasPrefix("pan") } == [
            "pan began (40.0, 0.0)",
            "pan changed (45.0, 0.0)",
            "pan changed (45.0, 10.0)",
            "pan changed (55.0, 10.0)",
            "pan ended (55.0, 10.0)",
        ])
    }

    /// A touch that moves as it lifts: the last step counts.
    @Test func movementInTheLiftCounts() {
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.send(finger(1, .move, 130, 100, at: 0.02))
        scene.send(finger(1, .up, 136, 108, at: 0.04))
        #expect(log.take().filter { $0.hasPrefix("pan") } == ["pan began (30.0, 0.0)", "pan ended (36.0, 8.0)"])
    }

    @Test func focusLossCancelsAPanUnderWay() {
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.send(finger(1, .move, 130, 100, at: 0.02))
        scene.send(InputEvent(timestamp: 0.04, .interrupted(.focusLost)))
        #expect(log.take().filter { $0.hasPrefix("pan") } == ["pan began (30.0, 0.0)", "pan cancelled (30.0, 0.0)"])
        #expect(pan.state == .possible)
        #expect(scene.arena.recognizers.isEmpty)
    }
}
