import Testing
@testable import Tactile

/// The guide's shake motion event decided in one place: the scene's own
/// shake recognizer, put on the root while a manager hands the scene its
/// readings; a game's own shake recognizer never makes a second one.
@MainActor
struct SceneShakeTests {
    let clock = ManualClock()
    let manager: MotionManager
    let log = MotionLog()
    let scene: Scene

    init() {
        let control = FakeSensorControl()
        control.sensors[.device] = .accelerometer
        manager = MotionManager(clock: clock, sensorControl: control)
        scene = motionScene(log: log)
        scene.diagnostics = nil
    }

    func shake(from start: Double, for duration: Double = 1.5, shaking: Double = 0.6) {
        feed(manager, clock: clock, from: start, for: duration, gyroscope: nil,
             acceleration: MotionShakeTests.shaking(start: 0.2, duration: shaking))
    }

    @Test func theScenesShakeIsOnTheRootWhileAManagerFeedsTheScene() {
        #expect(scene.shakeGestureRecognizer.layer == nil)
        manager.motionEventReceiver = scene
        #expect(scene.shakeGestureRecognizer.layer === scene.root && scene.root.gestureRecognizers.count == 1)
        #expect(scene.shakeGestureRecognizer.inputSources == [.motion] && scene.shakeGestureRecognizer.allowedPointerKinds.isEmpty)
        shake(from: 0)
        #expect(log.take() == ["paddle began shake", "app began shake", "paddle ended shake", "app ended shake"])
        manager.motionEventReceiver = nil
        #expect(scene.shakeGestureRecognizer.layer == nil && scene.root.gestureRecognizers.isEmpty)
    }

    @Test func aGamesShakeThatSendsMotionEventsIsTheOnlyOneTheChainHears() {
        manager.motionEventReceiver = scene
        let own = ShakeGestureRecognizer()
        own.sendsMotionEvents = true
        var actions: [String] = []
        own.addAction { actions.append($0.state.rawValue) }
        scene.root.children[0].addGestureRecognizer(own)
        shake(from: 0)
        // Once, not twice: the scene's recognizer defers to the game's.
        #expect(log.take() == ["paddle began shake", "app began shake", "paddle ended shake", "app ended shake"])
        #expect(actions == ["began", "ended"])
        // Disabled, the game's sends nothing and the scene's takes over.
        own.isEnabled = false
        shake(from: 2)
        #expect(log.take() == ["paddle began shake", "app began shake", "paddle ended shake", "app ended shake"])
        #expect(actions == ["began", "ended"])
    }

    @Test func aGamesShakeWithoutMotionEventsFiresItsActionBesideTheMotionEvent() {
        manager.motionEventReceiver = scene
        let own = ShakeGestureRecognizer()
        var actions: [String] = []
        own.addAction { actions.append($0.state.rawValue) }
        scene.root.addGestureRecognizer(own)
        shake(from: 0)
        #expect(log.take() == ["paddle began shake", "app began shake", "paddle ended shake", "app ended shake"])
        #expect(actions == ["began", "ended"])
    }

    @Test func theScenesShakeTakesTheArenasRules() {
        manager.motionEventReceiver = scene
        let board = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "board")
        scene.root.addChild(board)
        let pan = PanGestureRecognizer()
        board.addGestureRecognizer(pan)
        scene.shakeGestureRecognizer.require(toFail: pan)
        let finger = PointerID(kind: .finger, device: 1, index: 1)
        scene.send(InputEvent(timestamp: 0, .pointer(PointerEvent(.down, id: finger, location: Point(x: 10, y: 10)))))
        scene.send(InputEvent(timestamp: 0.05, .pointer(PointerEvent(.move, id: finger, location: Point(x: 60, y: 10)))))
        #expect(pan.state == .began)
        // No shake motion event while the board is dragged…
        shake(from: 0.06, for: 0.9)
        #expect(log.take().isEmpty)
        scene.send(InputEvent(timestamp: 1, .pointer(PointerEvent(.up, id: finger, location: Point(x: 60, y: 10)))))
        // …and the same shake goes through once it is not.
        shake(from: 2)
        #expect(log.take() == ["paddle began shake", "app began shake", "paddle ended shake", "app ended shake"])
    }

    @Test func aTapMidShakeLeavesTheShakeAlone() {
        manager.motionEventReceiver = scene
        let board = RecordingLayer("board", frame: Rect(x: 0, y: 0, width: 100, height: 100), log: EventLog())
        scene.root.addChild(board)
        let burst = MotionShakeTests.shaking(start: 0.2, duration: 0.6)
        feed(manager, clock: clock, from: 0, for: 0.65, gyroscope: nil, acceleration: burst)
        #expect(scene.shakeGestureRecognizer.isShaking)
        let finger = PointerID(kind: .finger, device: 1, index: 1)
        scene.send(InputEvent(timestamp: 0.66, .pointer(PointerEvent(.down, id: finger, location: Point(x: 10, y: 10)))))
        scene.send(InputEvent(timestamp: 0.67, .pointer(PointerEvent(.up, id: finger, location: Point(x: 10, y: 10)))))
        // The root's shake follows no touch: the tap neither waits for it
        // nor fails it, and the board has its lift at once.
        #expect(board.log.take() == ["board began 1", "board ended 1"])
        #expect(scene.shakeGestureRecognizer.isShaking)
        feed(manager, clock: clock, from: 0.68, for: 1, gyroscope: nil, acceleration: { burst($0 + 0.68) })
        #expect(log.take() == ["paddle began shake", "app began shake", "paddle ended shake", "app ended shake"])
    }

    @Test func readingsOfOneFrameKeepTheirSensorSpacing() {
        final class Times: MotionGestureRecognizer {
            var times: [Double] = []
            override func receiveAccelerometer(_ data: AccelerometerData) { times.append(data.timestamp) }
        }
        let times = Times()
        scene.root.addGestureRecognizer(times)
        manager.motionEventReceiver = scene
        // A 100 Hz sensor read at 60 frames a second: two readings stamped
        // with one frame's time every other frame (the sensor's clock 5 s
        // ahead of the game's; each reading taken before its frame).
        let readings = [(5.0, 0.0), (5.005, 1.0 / 60), (5.015, 1.0 / 60), (5.025, 2.0 / 60), (5.035, 3.0 / 60), (5.045, 3.0 / 60)]
        for (sensor, frame) in readings {
            clock.advance(to: frame)
            manager.handle(accelerometerEvent(faceUpGravity, source: .device(1), sensorTime: sensor, at: frame))
        }
        // Each at its own time, spaced as measured, never after its frame.
        let expected = [0.0, 0.005, 0.015, 0.025, 0.035, 0.045]
        #expect(times.times.count == 6 && zip(times.times, expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(times.times)")
        // The game clock stands (paused) while the sensor goes on: the
        // readings follow the game clock; they stand with it, never going back.
        clock.advance(to: 0.1)
        manager.handle(accelerometerEvent(faceUpGravity, source: .device(1), sensorTime: 5.5, at: 0.1))
        manager.handle(accelerometerEvent(faceUpGravity, source: .device(1), sensorTime: 5.51, at: 0.1))
        #expect(Array(times.times.suffix(2)).map { ($0 * 1000).rounded() } == [100, 100])
    }
}
