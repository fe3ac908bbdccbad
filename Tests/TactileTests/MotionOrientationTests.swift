import Foundation
import Testing
@testable import Tactile

/// Device orientation: the six orientations, the tilts at which it changes,
/// hysteresis near a boundary, and the manager's notifications.
@Suite("Motion orientation")
@MainActor
struct MotionOrientationTests {
    /// Gravity for a device held upright and turned `degrees` from portrait
    /// towards landscape right (its right edge going down).
    static func upright(turnedBy degrees: Double) -> Vector3 {
        let angle = degrees * .pi / 180
        return Vector3(x: sin(angle), y: -cos(angle), z: 0)
    }

    /// Feeds `gravity` for half a second at 100 Hz (the filter settles), from `time`.
    static func hold(_ gravity: Vector3, _ detector: inout OrientationDetector, from time: inout Double) -> [DeviceOrientation] {
        var changes: [DeviceOrientation] = []
        for _ in 0..<50 {
            time += 0.01
            if let changed = detector.add(gravity, at: time) { changes.append(changed) }
        }
        return changes
    }

    @Test(arguments: [
        (Vector3(x: 0, y: -1, z: 0), DeviceOrientation.portrait),
        (Vector3(x: 0, y: 1, z: 0), .portraitUpsideDown),
        (Vector3(x: -1, y: 0, z: 0), .landscapeLeft),
        (Vector3(x: 1, y: 0, z: 0), .landscapeRight),
        (Vector3(x: 0, y: 0, z: -1), .faceUp),
        (Vector3(x: 0, y: 0, z: 1), .faceDown),
    ])
    func eachOrientationIsWhereGravityPoints(gravity: Vector3, orientation: DeviceOrientation) {
        var detector = OrientationDetector()
        #expect(detector.orientation == .unknown)
        // Tilted 30° off the axis, still clearly that orientation.
        let tilted = Attitude(quaternion: Quaternion(axis: gravity.cross(Vector3(x: 0.3, y: 0.5, z: 0.8)), angle: 0.5)).quaternion.rotate(gravity)
        var time = 0.0
        #expect(Self.hold(tilted, &detector, from: &time) == [orientation])
        #expect(orientation.gravity == gravity)
    }

    @Test func turningChangesAt67AndAHalfDegreesAndBackAt22AndAHalf() {
        var detector = OrientationDetector()
        var time = 0.0
        #expect(Self.hold(Self.upright(turnedBy: 0), &detector, from: &time) == [.portrait])
        var switchedAt: Double?
        for degrees in stride(from: 1.0, through: 90, by: 1) where switchedAt == nil {
            if Self.hold(Self.upright(turnedBy: degrees), &detector, from: &time) == [.landscapeRight] { switchedAt = degrees }
        }
        #expect(switchedAt == 68)
        var switchedBackAt: Double?
        for degrees in stride(from: 89.0, through: 0, by: -1) where switchedBackAt == nil {
            if Self.hold(Self.upright(turnedBy: degrees), &detector, from: &time) == [.portrait] { switchedBackAt = degrees }
        }
        #expect(switchedBackAt == 22)
    }

    @Test func noiseNearABoundaryDoesNotFlap() {
        // Held at the 45° boundary, wobbling ±20° every reading for 5 s.
        func wobble(_ detector: inout OrientationDetector, start: Double) -> [DeviceOrientation] {
            var changes: [DeviceOrientation] = []
            var time = 0.0
            changes += Self.hold(Self.upright(turnedBy: start), &detector, from: &time)
            for step in 0..<500 {
                time += 0.01
                let degrees = 45 + (step % 2 == 0 ? 20.0 : -20) + 3 * sin(Double(step) / 7)
                if let changed = detector.add(Self.upright(turnedBy: degrees), at: time) { changes.append(changed) }
            }
            return changes
        }
        var fromPortrait = OrientationDetector()
        #expect(wobble(&fromPortrait, start: 0) == [.portrait])
        var fromLandscape = OrientationDetector()
        #expect(wobble(&fromLandscape, start: 90) == [.landscapeRight])

        // The same readings without hysteresis, and with a faster filter,
        // change orientation over and over: what the rule prevents.
        var settings = OrientationDetector.Settings()
        settings.hysteresis = 0
        settings.timeConstant = 0.001
        var flappy = OrientationDetector(settings: settings)
        #expect(wobble(&flappy, start: 0).count > 100)
    }

    @Test func readingsFarFromOneGAreNotGravity() {
        for (scale, expected) in [(1.6, [DeviceOrientation]()), (0.3, []), (1.3, [.faceUp]), (0.7, [.faceUp])] {
            var detector = OrientationDetector()
            var time = 0.0
            #expect(Self.hold(faceUpGravity * scale, &detector, from: &time) == expected, "at \(scale) g")
        }
    }

    @Test func theManagerNotifiesChangesWhileGenerating() {
        let clock = ManualClock()
        let control = FakeSensorControl()
        control.sensors[.device] = .all
        let manager = MotionManager(clock: clock, sensorControl: control)
        var changes: [DeviceOrientation] = []
        manager.onOrientationChange = { orientation, _ in changes.append(orientation) }
        #expect(control.takeCalls() == ["device: off"])

        // Off until asked for: nothing is reported, and the accelerometer stays off.
        feed(manager, clock: clock, from: 0, for: 0.5, acceleration: { _ in faceUpGravity })
        #expect(manager.orientation == .unknown && changes.isEmpty)

        manager.beginGeneratingOrientationNotifications()
        manager.beginGeneratingOrientationNotifications()
        #expect(control.takeCalls() == ["device: accelerometer"])
        feed(manager, clock: clock, from: 1, for: 0.5, acceleration: { _ in faceUpGravity })
        feed(manager, clock: clock, from: 1.51, for: 0.5, acceleration: { _ in Vector3(x: 0, y: -1, z: 0) })
        #expect(changes == [.faceUp, .portrait] && manager.orientation == .portrait)

        // Nested: the first end keeps it going, the second stops it.
        manager.endGeneratingOrientationNotifications()
        #expect(manager.isGeneratingOrientationNotifications && manager.orientation == .portrait)
        manager.endGeneratingOrientationNotifications()
        #expect(!manager.isGeneratingOrientationNotifications && manager.orientation == .unknown)
        #expect(control.takeCalls() == ["device: off"])
        feed(manager, clock: clock, from: 2.02, for: 0.5, acceleration: { _ in faceUpGravity })
        #expect(changes == [.faceUp, .portrait])
        manager.endGeneratingOrientationNotifications()   // one too many: ignored
        #expect(!manager.isGeneratingOrientationNotifications)
    }

    @Test func shakingDoesNotChangeTheOrientation() {
        let clock = ManualClock()
        let manager = MotionManager(clock: clock)
        let log = MotionLog()
        let scene = motionScene(log: log)
        manager.motionEventReceiver = scene
        var changes: [DeviceOrientation] = []
        manager.onOrientationChange = { orientation, _ in changes.append(orientation) }
        manager.beginGeneratingOrientationNotifications()
        // Upright in portrait, shaken hard sideways: the raw readings swing
        // past the landscape boundary, but a shake is not a turn.
        feed(manager, clock: clock, from: 0, for: 2, gyroscope: nil, acceleration: { t in
            let shake = (0.3..<0.9).contains(t) ? xAxis * (2.5 * sin(2 * .pi * 3 * (t - 0.3))) : .zero
            return Vector3(x: 0, y: -1, z: 0) + shake
        })
        #expect(log.take() == ["paddle began shake", "app began shake", "paddle ended shake", "app ended shake"])
        #expect(changes == [.portrait])
        _ = scene
    }
}
