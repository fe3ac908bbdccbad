import Foundation
import Testing
@testable import Tactile

/// The motion recognizers in the arena: fed motion readings as a
/// `MotionManager` feeds the scene, their states and actions, the shake's
/// motion events up the responder chain, and their interplay with a pan.
@MainActor
struct MotionRecognizerTests {
    let log = EventLog()
    let scene = Scene(size: Size(width: 400, height: 300))
    let board: RecordingLayer

    init() {
        board = RecordingLayer("board", frame: Rect(x: 0, y: 0, width: 400, height: 300), log: log)
        scene.root.addChild(board)
        scene.diagnostics = nil
    }

    /// Readings at 100 Hz from `start` for `seconds`: accelerometer (g) and,
    /// when given, gyroscope (rad/s), as the manager hands them to the scene.
    func stream(from start: Double = 0, for seconds: Double, acceleration: (Double) -> Vector3 = { _ in faceUpGravity },
                rate: ((Double) -> Vector3)? = nil) {
        for index in 0...Int((seconds * 100).rounded()) {
            let t = Double(index) / 100
            scene.send(.accelerometer(AccelerometerData(acceleration: acceleration(t), timestamp: start + t)), timestamp: start + t)
            if let rate { scene.send(.gyro(GyroData(rotationRate: rate(t), timestamp: start + t)), timestamp: start + t) }
        }
    }

    func logged<R: GestureRecognizer>(_ recognizer: R, _ name: String, detail: @escaping (R) -> String = { _ in "" }) -> R {
        recognizer.name = name
        recognizer.addAction { [log] r in log.append("\(name) \(r.state.rawValue)\(detail(r))") }
        board.addGestureRecognizer(recognizer)
        return recognizer
    }

    @Test func eachMotionGestureFromSensorReadings() {
        _ = logged(ShakeGestureRecognizer(), "shake")
        _ = logged(FlickGestureRecognizer(), "flick") { " \($0.direction)" }
        _ = logged(TwistGestureRecognizer(), "twist") { $0.isClockwise ? " clockwise" : " anticlockwise" }
        _ = logged(KnockGestureRecognizer(), "knock")
        let tilt = logged(TiltGestureRecognizer(), "tilt") { String(format: " %.0f°", $0.tilt * 180 / .pi) }
        // Held still: nothing.
        stream(for: 1, rate: { _ in .zero })
        #expect(log.take().isEmpty)
        // A shake along x.
        stream(from: 1.01, for: 1.5, acceleration: MotionShakeTests.shaking(start: 0.2, duration: 0.6), rate: { _ in .zero })
        #expect(log.take() == ["shake began", "shake ended"])
        // A flick of the top edge towards the player (about −x), and a twist about y.
        stream(from: 2.52, for: 1, rate: MotionGestureDetectorTests.turnAndBack(axis: Vector3(x: -1, y: 0, z: 0), angle: 0.5, duration: 0.3))
        #expect(log.take() == ["flick ended up"])
        stream(from: 3.53, for: 1, rate: { t in (0.2..<0.5).contains(t) ? Vector3(x: 0, y: -.pi / 2 / 0.3, z: 0) : .zero })
        #expect(log.take() == ["twist ended clockwise"])
        // A knock.
        stream(from: 4.54, for: 1, acceleration: { t in abs(t - 0.5) < 0.005 ? faceUpGravity + Vector3(x: 0, y: 0, z: 3) : faceUpGravity })
        #expect(log.take() == ["knock ended"])
        // Tipped 30° about x and back: began, changed while tilted, ended.
        stream(from: 5.55, for: 2.5, acceleration: { t in
            let angle = (0.3..<1.8).contains(t) ? 30 * Double.pi / 180 : 0
            return Vector3(x: 0, y: -sin(angle), z: -cos(angle))
        })
        let lines = log.take()
        #expect(lines.first?.hasPrefix("tilt began 2") == true && lines.last?.hasPrefix("tilt ended") == true, "\(lines)")
        #expect(lines.dropFirst().dropLast().allSatisfy { $0.hasPrefix("tilt changed") } && lines.contains("tilt changed 30°"))
        #expect(tilt.state == .possible)
    }

    @Test func theShakeSendsMotionEventsUpTheResponderChainWhenAsked() {
        final class Shakeable: Layer {
            var motions: [String] = []
            override var canBecomeFirstResponder: Bool { true }
            override func motionBegan(_ motion: Motion, timestamp: Double) { motions.append("began") }
            override func motionEnded(_ motion: Motion, timestamp: Double) { motions.append("ended") }
            override func motionCancelled(_ motion: Motion, timestamp: Double) { motions.append("cancelled") }
        }
        let paddle = Shakeable(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        board.addChild(paddle)
        _ = paddle.becomeFirstResponder()
        let shake = ShakeGestureRecognizer()
        shake.sendsMotionEvents = true
        scene.root.addGestureRecognizer(shake)
        stream(for: 1.5, acceleration: MotionShakeTests.shaking(start: 0.2, duration: 0.6))
        stream(from: 1.51, for: 2.5, acceleration: MotionShakeTests.shaking(start: 0.2, duration: 2))
        #expect(paddle.motions == ["began", "ended", "began", "cancelled"])
        // The readings break off mid-shake (a gap, focus lost): cancelled.
        stream(from: 4.02, for: 0.6, acceleration: MotionShakeTests.shaking(start: 0.1, duration: 0.6))
        scene.send(.sourceLost(.motion), timestamp: 4.7)
        #expect(paddle.motions.suffix(2) == ["began", "cancelled"])
        #expect(shake.state == .possible && shake.lastFailure == nil)
    }

    @Test func aShakeIsPreventedWhileAPanIsUnderWayByRequireToFail() {
        let pan = logged(PanGestureRecognizer(), "pan")
        let shake = logged(ShakeGestureRecognizer(), "shake")
        shake.require(toFail: pan)
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.send(finger(1, .move, 150, 100, at: 0.05))
        #expect(log.take().contains("pan began"))
        stream(from: 0.06, for: 0.8, acceleration: MotionShakeTests.shaking(start: 0.1, duration: 0.6))
        // The shake recognised while the pan it requires to fail was under
        // way: a pan that began has recognized, so the shake fails at once.
        #expect(shake.lastFailure == .requirementRecognized("pan"))
        scene.send(finger(1, .up, 150, 100, at: 0.9))
        #expect(log.take().filter { $0.hasPrefix("shake") }.isEmpty)
        // With the board untouched, the same shake goes through.
        stream(from: 2, for: 1.5, acceleration: MotionShakeTests.shaking(start: 0.2, duration: 0.6))
        #expect(log.take() == ["shake began", "shake ended"])
    }

    @Test func aShakeCanCancelAPanUnderWay() {
        let pan = logged(PanGestureRecognizer(), "pan")
        let shake = logged(ShakeGestureRecognizer(), "shake")
        // Disabling a recognizer cancels its gesture under way (the arena's
        // rule for every recognizer): a shake throws the dragged piece back.
        shake.addAction { _ in
            pan.isEnabled = false
            pan.isEnabled = true
        }
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.send(finger(1, .move, 150, 100, at: 0.05))
        stream(from: 0.06, for: 0.6, acceleration: MotionShakeTests.shaking(start: 0.1, duration: 0.6))
        let lines = log.take().filter { !$0.hasPrefix("board") }
        #expect(Array(lines.prefix(3)) == ["pan began", "shake began", "pan cancelled"], "\(lines)")
        scene.send(finger(1, .move, 200, 100, at: 0.8))
        scene.send(finger(1, .up, 200, 100, at: 0.9))
        #expect(!log.take().contains { $0.hasPrefix("pan") })
    }

    @Test func motionGesturesDoNotStopEachOtherUnlessMadeExclusive() {
        let flick = logged(FlickGestureRecognizer(), "flick") { " \($0.direction)" }
        let twist = logged(TwistGestureRecognizer(), "twist")
        twist.angle = 0.4
        // A quick turn about y and back: a flick right, and (at 0.4 rad)
        // a twist each way.
        let turn = MotionGestureDetectorTests.turnAndBack(axis: Vector3(x: 0, y: 1, z: 0), angle: 0.6, duration: 0.3)
        stream(for: 1, rate: turn)
        #expect(log.take() == ["twist ended", "twist ended", "flick ended right"])
        // Exclusive, the first to recognize stops the other, whose attempt
        // (the turn under way) is over.
        twist.isExclusive = true
        stream(from: 1.01, for: 1, rate: turn)
        #expect(log.take() == ["twist ended", "twist ended"])
        #expect(flick.lastFailure != nil)
    }

    @Test func badReadingsFireNothing() {
        _ = logged(ShakeGestureRecognizer(), "shake")
        _ = logged(FlickGestureRecognizer(), "flick")
        _ = logged(TwistGestureRecognizer(), "twist")
        _ = logged(KnockGestureRecognizer(), "knock")
        _ = logged(TiltGestureRecognizer(), "tilt")
        let nan = Vector3(x: .nan, y: 0, z: .infinity)
        for index in 0..<200 {
            let t = Double(index) / 100
            // A device at rest, with a NaN reading and a wild one stamped
            // half a second in the past after each good one.
            scene.send(.accelerometer(AccelerometerData(acceleration: faceUpGravity, timestamp: t)), timestamp: t)
            scene.send(.gyro(GyroData(rotationRate: .zero, timestamp: t)), timestamp: t)
            scene.send(.accelerometer(AccelerometerData(acceleration: nan, timestamp: t)), timestamp: t)
            scene.send(.gyro(GyroData(rotationRate: nan, timestamp: t)), timestamp: t)
            scene.send(.accelerometer(AccelerometerData(acceleration: faceUpGravity * -4, timestamp: t - 0.5)), timestamp: t)
            scene.send(.gyro(GyroData(rotationRate: Vector3(x: 20, y: 20, z: 0), timestamp: t - 0.5)), timestamp: t)
        }
        #expect(log.take().isEmpty)
    }

    /// A built-in motion recognizer is not handed the readings it does
    /// nothing with once it follows motion (ArenaListeners+Quiet.swift);
    /// a subclass, or one with a delegate, is handed every reading, and a
    /// delegate given later is asked about every reading from then on.
    @Test func readingsABuiltInDoesNothingWithAreLeftOutOnlyForIt() {
        #expect(MotionGestureRecognizer.readingsIgnored(by: ShakeGestureRecognizer()) == 2 | 4)
        #expect(MotionGestureRecognizer.readingsIgnored(by: TiltGestureRecognizer()) == 2 | 4)
        #expect(MotionGestureRecognizer.readingsIgnored(by: KnockGestureRecognizer()) == 2 | 4)
        #expect(MotionGestureRecognizer.readingsIgnored(by: FlickGestureRecognizer()) == 1 | 4)
        #expect(MotionGestureRecognizer.readingsIgnored(by: TwistGestureRecognizer()) == 1 | 4)
        #expect(MotionGestureRecognizer.readingsIgnored(by: CountingShake()) == 0)
        #expect(MotionGestureRecognizer.readingsIgnored(by: PanGestureRecognizer()) == 0)

        let counting = CountingShake()
        board.addGestureRecognizer(counting)
        _ = logged(ShakeGestureRecognizer(), "shake")
        let flick = logged(FlickGestureRecognizer(), "flick")
        let asked = AskedDelegate()
        let tilt = logged(TiltGestureRecognizer(), "tilt")
        tilt.delegate = asked
        stream(for: 1, rate: { _ in .zero })
        // 101 readings of each kind: the subclass got all of them, the
        // delegate was asked about all of them, the shake's detection went on.
        #expect(counting.accelerometer == 101 && counting.gyro == 101)
        #expect(asked.readings == 202)
        stream(from: 1.01, for: 1.5, acceleration: MotionShakeTests.shaking(start: 0.2, duration: 0.6), rate: { _ in .zero })
        #expect(log.take() == ["shake began", "shake ended"])
        // A delegate given to one already left out for accelerometer readings.
        let later = AskedDelegate()
        flick.delegate = later
        stream(from: 2.52, for: 0.5, rate: { _ in .zero })
        #expect(later.readings == 102)
        #expect(counting.accelerometer == 303 && counting.gyro == 303)
    }

    /// A built-in that a gesture stopped before it followed motion (it
    /// takes touches here, and a game's own touch-and-motion recognizer
    /// sharing its touch began on a reading) is back to possible once
    /// reset, not following motion: it is handed every reading again, and
    /// its delegate is asked about each, as before it was stopped. The
    /// arena had worked out, with the shake stopped, that it could be left
    /// out of gyroscope readings, and nothing told it that this no longer held.
    @Test func aBuiltInStoppedBeforeFollowingMotionIsHandedEveryReadingOnceReset() {
        let shake = logged(ShakeGestureRecognizer(), "shake")
        shake.allowedPointerKinds = [.finger]
        let asked = AskedDelegate()
        shake.delegate = asked
        // Added last, so handed each reading first.
        let paddle = logged(TouchAndTiltPaddle(), "paddle")
        scene.send(finger(1, .down, 100, 100, at: 0))
        // The paddle begins on the first reading, exclusive: it stops the
        // shake, which shares its touch and had followed no reading yet.
        stream(for: 0, rate: { _ in .zero })
        #expect(paddle.state == .began)
        #expect(shake.lastFailure == .preventedBy("paddle"))
        #expect(shake.state == .possible)
        // The gyroscope reading of that instant came after the reset.
        #expect(asked.readings == 1)
        stream(from: 0.01, for: 0.04, rate: { _ in .zero })
        #expect(asked.readings == 1 + 10)
        scene.send(finger(1, .up, 100, 100, at: 0.1))
    }

    /// A game's own recognizer that follows a touch and the motion readings:
    /// begins on the first reading with a finger down (a paddle steered by
    /// tilting while held), and goes on until the finger lifts.
    final class TouchAndTiltPaddle: GestureRecognizer {
        override init() {
            super.init()
            inputSources = [.motion]
        }
        override func receive(_ subEvent: InputSubEvent) {
            guard case .accelerometer = subEvent, numberOfTouches > 0 else { return }
            state = state == .possible ? .began : .changed
        }
        override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
            if state.isActive { state = .ended } else { state = .failed }
        }
    }

    final class CountingShake: ShakeGestureRecognizer {
        var accelerometer = 0
        var gyro = 0
        override func receiveAccelerometer(_ data: AccelerometerData) {
            accelerometer += 1
            super.receiveAccelerometer(data)
        }
        override func receiveGyro(_ data: GyroData) { gyro += 1 }
    }

    final class AskedDelegate: GestureRecognizerDelegate {
        var readings = 0
        func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive subEvent: InputSubEvent) -> Bool {
            readings += 1
            return true
        }
    }
}
