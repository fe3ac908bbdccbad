import Foundation
import Tactile
import TactileTestSupport
import Testing

/// The gesture synthesis helpers, through the public API only (no
/// `@testable`): each built-in recognizer, with its default settings, gets
/// its gesture from a script run by a harness, and recognizes it.
@MainActor
struct InputScriptTests {
    let size = Size(width: 800, height: 600)
    let scene: Scene
    let board: Layer
    let harness: GameHarness
    let center = Point(x: 400, y: 300)

    init() {
        scene = Scene(size: size)
        scene.diagnostics = { Issue.record("diagnostic: \($0)") }
        board = Layer(frame: Rect(x: 0, y: 0, width: 800, height: 600), name: "board")
        board.isMultipleTouchEnabled = true
        scene.root.addChild(board)
        harness = GameHarness(scene: scene)
    }

    func add<R: GestureRecognizer>(_ recognizer: R) -> R {
        board.addGestureRecognizer(recognizer)
        return recognizer
    }

    /// began, then only changes, then ended: a continuous gesture recognized whole.
    func isWholeGesture(_ states: [GestureRecognizer.State]) -> Bool {
        states.count >= 3 && states.first == .began && states.last == .ended
            && states.dropFirst().dropLast().allSatisfy { $0 == .changed }
    }

    @Test func aTapIsATapAndNotADoubleTapOrALongPress() {
        let tap = add(TapGestureRecognizer())
        let double = add(TapGestureRecognizer())
        double.numberOfTapsRequired = 2
        let press = add(LongPressGestureRecognizer())
        var script = InputScript()
        script.tap(at: center)
        harness.run(script)
        #expect(harness.states(of: tap) == [.ended])
        #expect(harness.states(of: double) == [.failed])
        #expect(harness.states(of: press) == [.failed])
    }

    @Test func aDoubleTapsTimesFallInsideTheTapWindow() {
        var script = InputScript()
        script.doubleTap(at: center)
        let times = script.events.map(\.timestamp)
        let phases = script.events.compactMap { event -> PointerEvent.Phase? in
            if case .pointer(let pointer) = event.kind { pointer.phase } else { nil }
        }
        #expect(phases == [.down, .up, .down, .up])
        #expect(times[1] - times[0] < GestureDefaults.longPressDuration)
        #expect(times[2] - times[1] < GestureDefaults.doubleTapTimeout)
        #expect(abs(script.time - times[3] - InputScript.pauseAfterGesture) < 1e-9)

        // A single tap that waits for the double tap to fail: the double wins.
        let single = add(TapGestureRecognizer())
        let double = add(TapGestureRecognizer())
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        harness.run(script)
        #expect(harness.states(of: double) == [.ended])
        #expect(harness.states(of: single) == [.failed])
    }

    @Test func twoTapsAGestureApartAreTwoSingleTaps() {
        let single = add(TapGestureRecognizer())
        let double = add(TapGestureRecognizer())
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        var script = InputScript()
        script.tap(at: center)
        script.tap(at: center)
        harness.run(script)
        #expect(harness.states(of: single) == [.ended, .ended])
        #expect(harness.states(of: double) == [.failed, .failed])
    }

    @Test func aLongPressBeginsWhileHeldAndEndsOnLift() {
        let press = add(LongPressGestureRecognizer())
        let tap = add(TapGestureRecognizer())
        var script = InputScript()
        script.longPress(at: center)
        harness.run(script)
        #expect(harness.states(of: press) == [.began, .ended])
        #expect(harness.states(of: tap) == [.failed])
    }

    @Test func aDragIsAPanThatTravelsTheWholeWay() {
        let pan = add(PanGestureRecognizer())
        var translation = Point.zero
        var script = InputScript()
        script.drag(from: Point(x: 100, y: 100), to: Point(x: 300, y: 150))
        harness.run(script, handle: { _ in
            if pan.state == .changed || pan.state == .began { translation = pan.translation(in: nil) }
        })
        #expect(isWholeGesture(harness.states(of: pan)), "\(harness.states(of: pan))")
        #expect(translation == Point(x: 200, y: 50))
    }

    @Test(arguments: [
        (SwipeGestureRecognizer.Direction.right, "right"), (.left, "left"), (.up, "up"), (.down, "down"),
    ])
    func aSwipeIsRecognizedByItsDirectionOnly(direction: SwipeGestureRecognizer.Direction, name: String) {
        var swipes: [String: SwipeGestureRecognizer] = [:]
        for (each, eachName) in [(SwipeGestureRecognizer.Direction.right, "right"), (.left, "left"), (.up, "up"), (.down, "down")] {
            let swipe = SwipeGestureRecognizer()
            swipe.direction = each
            swipes[eachName] = add(swipe)
        }
        var script = InputScript()
        script.swipe(from: center, direction: direction)
        harness.run(script)
        for (eachName, swipe) in swipes {
            #expect(harness.states(of: swipe) == (eachName == name ? [.ended] : [.failed]), "\(eachName)")
        }
    }

    @Test func aPinchScalesBySpanOverSpan() {
        let pinch = add(PinchGestureRecognizer())
        var scale = 0.0
        var script = InputScript()
        script.pinch(center: center, from: 100, to: 250)
        harness.run(script, handle: { _ in if pinch.state == .changed { scale = pinch.scale } })
        #expect(isWholeGesture(harness.states(of: pinch)), "\(harness.states(of: pinch))")
        #expect(abs(scale - 2.5) < 1e-9)
    }

    @Test func aRotationTurnsByItsAngle() {
        let rotation = add(RotationGestureRecognizer())
        let pinch = add(PinchGestureRecognizer())
        var angle = 0.0
        var script = InputScript()
        script.rotation(center: center, by: .pi / 3)
        harness.run(script, handle: { _ in if rotation.state == .changed { angle = rotation.rotation } })
        #expect(isWholeGesture(harness.states(of: rotation)), "\(harness.states(of: rotation))")
        #expect(abs(angle - .pi / 3) < 1e-9)
        // The span never changes: no pinch.
        #expect(!harness.states(of: pinch).contains(.began))
    }

    @Test(arguments: [InputScript.Edge.left, .right, .top, .bottom])
    func anEdgePanFromEachEdge(edge: InputScript.Edge) {
        let edgePan = add(ScreenEdgePanGestureRecognizer())
        edgePan.edges = .all
        var script = InputScript()
        script.edgePan(from: edge, of: size)
        harness.run(script)
        #expect(isWholeGesture(harness.states(of: edgePan)), "\(harness.states(of: edgePan))")
    }

    @Test func aDragAwayFromTheEdgeIsNoEdgePan() {
        let edgePan = add(ScreenEdgePanGestureRecognizer())
        var script = InputScript()
        script.drag(from: Point(x: 60, y: 300), to: Point(x: 260, y: 300))
        harness.run(script)
        #expect(harness.states(of: edgePan) == [.failed])
    }

    @Test func aTwoFingerTapAndATwoFingerPan() {
        let twoFingerTap = add(TapGestureRecognizer())
        twoFingerTap.numberOfTouchesRequired = 2
        let twoFingerPan = add(PanGestureRecognizer())
        twoFingerPan.minimumNumberOfTouches = 2
        var script = InputScript()
        script.tap(at: [Point(x: 300, y: 300), Point(x: 400, y: 300)], count: 1)
        script.drag(from: [Point(x: 300, y: 300), Point(x: 400, y: 300)], by: Point(x: 0, y: 120))
        harness.run(script)
        // The tap is no pan, and the pan no tap.
        #expect(harness.states(of: twoFingerTap) == [.ended, .failed])
        let panStates = harness.states(of: twoFingerPan)
        #expect(panStates.first == .failed && isWholeGesture(Array(panStates.dropFirst())), "\(panStates)")
    }

    /// Fingers by hand: a second finger lands while the first is held and
    /// lifts first; the layer with no recognizer gets every phase.
    @Test func aHandWrittenMultiFingerSequence() {
        var script = InputScript()
        var first = script.touchDown(at: Point(x: 100, y: 100))
        script.wait(0.1)
        var second = script.touchDown(at: Point(x: 200, y: 100))
        script.move(&first, to: Point(x: 100, y: 140), over: 0.05)
        script.move(&second, to: Point(x: 200, y: 140))
        script.lift(second)
        script.wait(0.05)
        script.lift(first)
        harness.run(script)
        #expect(harness.phases(of: first.id, receivedBy: board) == [.began, .moved, .moved, .moved, .ended])
        #expect(harness.phases(of: second.id, receivedBy: board) == [.began, .moved, .ended])
        #expect(harness.received(by: board).last?.location == Point(x: 100, y: 140))
        #expect(harness.received(by: board).last?.timestamp == script.events.last?.timestamp)
    }

    enum Action: Hashable, CaseIterable { case jump, move, pause }

    @Test func controllerButtonsSticksAndKeysReachAnActionMap() throws {
        let actions = ActionMap(actions: Action.allCases)
        try actions.bind(.jump, to: .button(.south))
        try actions.bind(.move, to: .composite(.stick(.left, StickResponse())))
        try actions.bind(.pause, to: .key(try #require(KeyName.scancode(of: "Space"))))
        harness.loop.addInput(actions)
        var script = InputScript()
        script.connect(controller: 3)
        script.press(.south, on: 3)
        script.push(.left, on: 3, to: Point(x: 1, y: 0))
        script.press(key: try #require(KeyName.scancode(of: "Space")))
        var log: [String] = []
        var wasMoving = false
        harness.run(script, update: { _, _ in
            if actions[.jump].justPressed { log.append("jump") }
            if actions[.pause].justPressed { log.append("pause") }
            let moving = actions[.move].vector.x > 0.9
            if moving != wasMoving { log.append(moving ? "move" : "stop") }
            wasMoving = moving
        })
        #expect(log == ["jump", "move", "stop", "pause"])
    }

    @Test func aTiltTurnsDeviceMotionsGravityAndAShakeReachesTheFirstResponder() {
        final class Shakeable: Layer {
            var motions: [String] = []
            override var canBecomeFirstResponder: Bool { true }
            override func motionBegan(_ motion: Motion, timestamp: Double) { motions.append("began \(motion.rawValue)") }
            override func motionEnded(_ motion: Motion, timestamp: Double) { motions.append("ended \(motion.rawValue)") }
            override func motionCancelled(_ motion: Motion, timestamp: Double) { motions.append("cancelled \(motion.rawValue)") }
        }
        let shakeable = Shakeable(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        board.addChild(shakeable)
        _ = shakeable.becomeFirstResponder()
        let motion = MotionManager(clock: harness.gameClock)
        motion.motionEventReceiver = scene
        motion.startDeviceMotionUpdates()
        harness.loop.motion = motion

        var script = InputScript()
        script.tilt(toRoll: 0.3, pitch: -0.2)
        harness.run(script)
        let expected = Attitude(roll: 0.3, pitch: -0.2, yaw: 0).gravity
        let gravity = motion.deviceMotion?.gravity
        #expect(gravity.map { abs($0.x - expected.x) + abs($0.y - expected.y) + abs($0.z - expected.z) < 1e-3 } == true,
                "\(String(describing: gravity)) against \(expected)")
        #expect(shakeable.motions.isEmpty)

        var shake = InputScript()
        shake.shake()
        harness.run(shake)
        #expect(shakeable.motions == ["began shake", "ended shake"])
    }

    @Test func badDurationsAndDirectionsHaveDefinedOutcomes() {
        var script = InputScript(start: .nan)
        #expect(script.time == 0)
        script.wait(-1)
        script.wait(.infinity)
        #expect(script.time == 0)
        script.swipe(from: center, direction: [], distance: .nan, duration: -3)
        script.swipe(from: center, direction: [.left, .right])
        let locations = script.events.compactMap { event -> Point? in
            if case .pointer(let pointer) = event.kind { pointer.location } else { nil }
        }
        #expect(locations.allSatisfy { $0 == center })
        #expect(zip(script.events, script.events.dropFirst()).allSatisfy { $0.timestamp <= $1.timestamp })
        script.tap(at: [], count: 3)
        script.tap(at: [center], count: 0)
        #expect(script.events.count == locations.count)
        // A harness run with a bad settle still ends, once the events are in.
        let frames = harness.run(script, settle: .nan)
        #expect(frames > 0 && harness.clock.now >= script.events.last!.timestamp)
    }
}
