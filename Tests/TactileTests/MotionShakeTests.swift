import Foundation
import Testing
@testable import Tactile

/// Shake motion events: the detector's rule, and delivery through the
/// responder chain with began / ended / cancelled.
@Suite("Motion shake")
@MainActor
struct MotionShakeTests {
    /// A device lying face up, shaken along x with `amplitude` g at
    /// `frequency` Hz from `start` for `duration` seconds, read at 100 Hz;
    /// `extra(t)` adds anything else.
    static func shaking(
        start: Double = 0.2, duration: Double, amplitude: Double = 2, frequency: Double = 5
    ) -> (Double) -> Vector3 {
        { t in
            guard t >= start, t < start + duration else { return faceUpGravity }
            return faceUpGravity + xAxis * (amplitude * sin(2 * .pi * frequency * (t - start)))
        }
    }

    /// Runs a detector over `seconds` of readings at 100 Hz.
    static func phases(_ acceleration: (Double) -> Vector3, for seconds: Double) -> [(MotionPhase, Double)] {
        var detector = ShakeDetector()
        var phases: [(MotionPhase, Double)] = []
        for index in 0...Int(seconds * 100) {
            let t = Double(index) / 100
            if let phase = detector.add(acceleration(t), at: t) { phases.append((phase, t)) }
        }
        return phases
    }

    @Test func aShortBurstBeginsThenEnds() {
        let phases = Self.phases(Self.shaking(duration: 0.6), for: 3)
        #expect(phases.map(\.0) == [.began, .ended])
        // Began in the fourth half cycle (0.3–0.4 s in, at 5 Hz); ended once
        // 0.3 s passed without a strong reading after the last one.
        #expect(phases.first.map { $0.1 > 0.5 && $0.1 < 0.6 } == true, "\(phases)")
        #expect(phases.last.map { $0.1 > 0.8 && $0.1 < 1.2 } == true, "\(phases)")
    }

    @Test func shakingLongerThanASecondIsCancelledAndDoesNotBeginAgainUntilQuiet() {
        let long = Self.shaking(duration: 2.5)
        let phases = Self.phases(long, for: 5)
        #expect(phases.map(\.0) == [.began, .cancelled])
        // Cancelled at the first jolt more than a second after the first one.
        #expect(phases.last.map { $0.1 > 1.2 && $0.1 < 1.35 } == true, "\(phases)")

        // Once quiet, a new burst is a new shake.
        let thenShort: (Double) -> Vector3 = { t in t < 3.5 ? long(t) : Self.shaking(start: 3.5, duration: 0.6)(t) }
        #expect(Self.phases(thenShort, for: 6).map(\.0) == [.began, .cancelled, .began, .ended])
    }

    @Test func movingTheDeviceAndStoppingItIsNotAShake() {
        // Accelerate one way for 0.15 s, decelerate for 0.15 s: one reversal.
        let move: (Double) -> Vector3 = { t in
            switch t {
            case 0.5..<0.65: faceUpGravity + xAxis * 1.5
            case 0.65..<0.8: faceUpGravity - xAxis * 1.5
            default: faceUpGravity
            }
        }
        #expect(Self.phases(move, for: 2).isEmpty)
    }

    /// The case against the high-pass filter: a smooth minimum-jerk
    /// move along x, face up, 0.4 s, peaking at 2.8 g, made the old
    /// detector's filter rebound into a reversal of its own (began → ended).
    @Test func aMinimumJerkMoveIsNotAShakeEvenWithAnOvershoot() {
        let duration = 0.4, peak = 2.8
        // The minimum-jerk acceleration profile, 60s − 180s² + 120s³, peaks at 5.77.
        func reach(_ t: Double, start: Double, duration: Double, peak: Double) -> Double {
            let s = (t - start) / duration
            guard s > 0, s < 1 else { return 0 }
            return peak / 5.7735 * (60 * s - 180 * s * s + 120 * s * s * s)
        }
        let move: (Double) -> Vector3 = { t in faceUpGravity + xAxis * reach(t, start: 0.5, duration: duration, peak: peak) }
        #expect(Self.phases(move, for: 2).isEmpty)
        // Overshooting by 15% and coming back in 0.2 s: a third, weaker half cycle.
        let overshoot: (Double) -> Vector3 = { t in
            faceUpGravity + xAxis * (reach(t, start: 0.5, duration: duration, peak: peak * 1.15)
                - reach(t, start: 0.9, duration: 0.2, peak: peak * 0.15 * 4))
        }
        #expect(Self.phases(overshoot, for: 2).isEmpty)
    }

    @Test func pickingTheDeviceUpIsNotAShake() {
        // Turned from face up to upright in 0.4 s while lifted, with a jolt
        // at the start: gravity moves, which the old filter took for a push.
        let pickUp: (Double) -> Vector3 = { t in
            let s = min(1, max(0, (t - 0.5) / 0.4))
            let turn = s * s * s * (10 - 15 * s + 6 * s * s) * .pi / 2
            let lift = (0.5..<0.6).contains(t) ? Vector3(x: 0, y: 0, z: -1.2) : .zero
            return Attitude(roll: 0, pitch: turn, yaw: 0).gravity + lift
        }
        #expect(Self.phases(pickUp, for: 2).isEmpty)
    }

    @Test func badReadingsAreIgnored() {
        var detector = ShakeDetector()
        let burst = Self.shaking(duration: 0.6)
        var phases: [MotionPhase] = []
        for index in 0...300 {
            let t = Double(index) / 100
            // NaN, and a reading from the past, in the middle of the shake.
            if index == 40 { #expect(detector.add(Vector3(x: .nan, y: 0, z: -1), at: t) == nil) }
            if index == 45 { #expect(detector.add(faceUpGravity * 3, at: t - 0.2) == nil) }
            if let phase = detector.add(burst(t), at: t) { phases.append(phase) }
        }
        #expect(phases == [.began, .ended])
    }

    @Test func aBumpOrATiltIsNothing() {
        let bump: (Double) -> Vector3 = { t in (0.5..<0.6).contains(t) ? faceUpGravity + xAxis * 1.5 : faceUpGravity }
        #expect(Self.phases(bump, for: 2).isEmpty)
        // Turning the device up on its edge over a second.
        let tilt: (Double) -> Vector3 = { t in Attitude(roll: 0, pitch: min(1, max(0, t - 0.5)) * .pi / 2, yaw: 0).gravity }
        #expect(Self.phases(tilt, for: 3).isEmpty)
        // A gentle wobble, below the jolt threshold.
        #expect(Self.phases(Self.shaking(duration: 1, amplitude: 0.5), for: 2).isEmpty)
    }

    @Test func theThresholdsAreSettings() {
        var settings = ShakeDetector.Settings()
        settings.maximumDuration = 0.3
        var detector = ShakeDetector(settings: settings)
        var phases: [MotionPhase] = []
        let burst = Self.shaking(duration: 0.6)
        for index in 0...300 {
            let t = Double(index) / 100
            if let phase = detector.add(burst(t), at: t) { phases.append(phase) }
        }
        #expect(phases == [.began, .cancelled])
    }

    // MARK: Through the manager and the responder chain

    static func shakeRig() -> (MotionManager, ManualClock, MotionLog, Scene) {
        let clock = ManualClock()
        let control = FakeSensorControl()
        control.sensors[.device] = .accelerometer
        let manager = MotionManager(clock: clock, sensorControl: control)
        let log = MotionLog()
        let scene = motionScene(log: log)
        manager.motionEventReceiver = scene
        return (manager, clock, log, scene)
    }

    @Test func aShakeIsDeliveredToTheFirstResponderAndUpTheChain() {
        let (manager, clock, log, scene) = Self.shakeRig()
        defer { withExtendedLifetime(scene) {} }
        feed(manager, clock: clock, from: 0, for: 3, gyroscope: nil, acceleration: Self.shaking(duration: 0.6))
        #expect(log.lines == ["paddle began shake", "app began shake", "paddle ended shake", "app ended shake"])
        #expect(log.times[0] > 0.2 && log.times[2] > log.times[0] + 0.4)
        _ = log.take()

        feed(manager, clock: clock, from: 3.01, for: 4, gyroscope: nil, acceleration: { Self.shaking(duration: 2.5)($0) })
        #expect(log.take() == ["paddle began shake", "app began shake", "paddle cancelled shake", "app cancelled shake"])
    }

    @Test func losingFocusOrTheSensorMidShakeCancelsIt() {
        let (manager, clock, log, scene) = Self.shakeRig()
        // The manager holds its receiver weakly, as a game's scene outlives it.
        defer { withExtendedLifetime(scene) {} }
        let burst = Self.shaking(duration: 0.6)
        feed(manager, clock: clock, from: 0, for: 0.65, gyroscope: nil, acceleration: burst)
        #expect(scene.shakeGestureRecognizer.isShaking)
        manager.handle(InputEvent(timestamp: clock.now, .interrupted(.focusLost)))
        #expect(log.take() == ["paddle began shake", "app began shake", "paddle cancelled shake", "app cancelled shake"])

        // The sensor stops sending mid-shake: cancelled once it has been
        // silent for longer than the maximum gap.
        feed(manager, clock: clock, from: 1, for: 0.65, gyroscope: nil, acceleration: burst)
        var diagnostics: [Diagnostic.Problem] = []
        manager.diagnostics = { diagnostics.append($0.problem) }
        #expect(scene.shakeGestureRecognizer.isShaking)
        clock.advance(by: 0.4)
        manager.update()
        #expect(scene.shakeGestureRecognizer.isShaking)
        clock.advance(by: 0.2)
        manager.update()
        #expect(!scene.shakeGestureRecognizer.isShaking)
        #expect(diagnostics == [.sampleGap])
        #expect(log.take() == ["paddle began shake", "app began shake", "paddle cancelled shake", "app cancelled shake"])
    }

    @Test func removingTheReceiverCancelsTheShakeItHad() {
        let (manager, clock, log, scene) = Self.shakeRig()
        defer { withExtendedLifetime(scene) {} }
        feed(manager, clock: clock, from: 0, for: 0.65, gyroscope: nil, acceleration: Self.shaking(duration: 0.6))
        manager.motionEventReceiver = nil
        #expect(log.take() == ["paddle began shake", "app began shake", "paddle cancelled shake", "app cancelled shake"])
        feed(manager, clock: clock, from: 1, for: 2, gyroscope: nil, acceleration: Self.shaking(duration: 0.6))
        #expect(log.take().isEmpty)
    }
}

