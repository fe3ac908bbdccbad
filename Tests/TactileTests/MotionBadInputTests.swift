import TactileTestSupport
import Testing
@testable import Tactile

/// One test per row of ``MotionManager``'s table of bad input (its "Bad
/// input" section), in the table's order, so the documentation and the
/// behaviour cannot drift apart; and the regression tests of issue 17.
@Suite("Motion manager: bad input, row by row")
@MainActor
struct MotionBadInputTests {
    /// A manager on the machine's own sensors with accelerometer updates on,
    /// its diagnostics logged.
    private static func manager(
        _ control: FakeSensorControl = FakeSensorControl()
    ) -> (MotionManager, ManualClock, DiagnosticLog) {
        control.sensors[.device] = control.sensors[.device] ?? .all
        let clock = ManualClock()
        let manager = MotionManager(clock: clock, sensorControl: control)
        let log = DiagnosticLog()
        manager.diagnostics = { log.entries.append($0) }
        manager.startAccelerometerUpdates()
        return (manager, clock, log)
    }

    private static func sample(_ value: Vector3, sensorTime: Double?, at time: Double, source: SensorSource = .device(1)) -> InputEvent {
        InputEvent(timestamp: time, .sensor(SensorSample(kind: .accelerometer, source: source, value: value, sensorTime: sensorTime)))
    }

    private static let level = Vector3(x: 0, y: 0, z: 9.8)

    @Test("row 1: NaN or infinite value: dropped, non-finite-value")
    func nonFiniteValue() {
        let (manager, _, log) = Self.manager()
        manager.handle(Self.sample(Vector3(x: .nan, y: 0, z: 0), sensorTime: 0, at: 0))
        manager.handle(Self.sample(Vector3(x: 0, y: .infinity, z: 0), sensorTime: 0.01, at: 0.01))
        #expect(log.problems == [.nonFiniteValue, .nonFiniteValue])
        #expect(manager.accelerometerData == nil)
    }

    @Test("row 2: beyond any real sensor's range: dropped, absurd-value")
    func absurdValue() {
        let (manager, _, log) = Self.manager()
        manager.handle(Self.sample(Vector3(x: 65 * SensorSample.standardGravity, y: 0, z: 0), sensorTime: 0, at: 0))
        #expect(log.problems == [.absurdValue])
        #expect(manager.accelerometerData == nil)
    }

    @Test("row 3: earlier than the previous sample, by less than the maximum gap: dropped, time-went-backwards")
    func slightlyEarlier() {
        let (manager, _, log) = Self.manager()
        manager.handle(Self.sample(Self.level, sensorTime: 1.0, at: 1.0))
        manager.handle(Self.sample(Vector3(x: 9.8, y: 0, z: 0), sensorTime: 0.9, at: 1.01))
        #expect(log.problems == [.timeWentBackwards])
        #expect(manager.accelerometerData?.timestamp == 1.0)
    }

    @Test("row 3, issue 17: more than 0.5 s older than the previous sample: dropped with time-went-backwards, not kept as a gap")
    func farEarlierIsDroppedNotKept() {
        let (manager, _, log) = Self.manager()
        manager.handle(Self.sample(Self.level, sensorTime: 10.0, at: 10.0))
        manager.handle(Self.sample(Vector3(x: 9.8, y: 0, z: 0), sensorTime: 2.0, at: 10.01))
        #expect(log.problems == [.timeWentBackwards])
        #expect(manager.accelerometerData?.timestamp == 10.0)
        // The time line was not dragged back: the next good sample is an
        // ordinary one, not a gap.
        manager.handle(Self.sample(Self.level, sensorTime: 10.02, at: 10.02))
        #expect(log.problems == [.timeWentBackwards])
        #expect(manager.accelerometerData?.timestamp == 10.02)
    }

    @Test("row 4: the same hardware time as the previous: dropped, repeated-timestamp")
    func repeatedHardwareTime() {
        let (manager, _, log) = Self.manager()
        manager.handle(Self.sample(Self.level, sensorTime: 1.0, at: 1.0))
        manager.handle(Self.sample(Self.level, sensorTime: 1.0, at: 1.01))
        #expect(log.problems == [.repeatedTimestamp])
        #expect(manager.accelerometerData?.timestamp == 1.0)
    }

    @Test("row 5: more than the maximum gap after the previous: kept, sample-gap")
    func gapAfter() {
        let (manager, _, log) = Self.manager()
        manager.handle(Self.sample(Self.level, sensorTime: 1.0, at: 1.0))
        manager.handle(Self.sample(Self.level, sensorTime: 2.0, at: 2.0))
        #expect(log.problems == [.sampleGap])
        #expect(manager.accelerometerData?.timestamp == 2.0)
    }

    @Test("row 6: a sensor clock that restarted: dropped until its run spans the maximum gap, then followed, sample-gap")
    func restartedClock() {
        let (manager, _, log) = Self.manager()
        manager.handle(Self.sample(Self.level, sensorTime: 100.0, at: 1.0))
        // The clock restarts at 0 and ticks on at 100 Hz.
        var time = 1.0
        for tick in 0...50 {
            time += 0.01
            manager.handle(Self.sample(Self.level, sensorTime: Double(tick) * 0.01, at: time))
        }
        #expect(log.problems == Array(repeating: .timeWentBackwards, count: 50) + [.sampleGap])
        #expect(manager.accelerometerData?.timestamp == time)
        // From then on the new clock is the time line.
        manager.handle(Self.sample(Self.level, sensorTime: 0.51, at: time + 0.01))
        #expect(log.problems.count == 51)
        #expect(manager.accelerometerData?.timestamp == time + 0.01)
    }

    @Test("row 6: far-back samples that do not go on from each other never restart the time line")
    func scatteredFarBackSamplesStayDropped() {
        let (manager, _, log) = Self.manager()
        manager.handle(Self.sample(Self.level, sensorTime: 100.0, at: 1.0))
        var random = SplitMix64(seed: 17)
        for index in 0..<500 {
            // Each far-back time is earlier than the one before: no run forms.
            manager.handle(Self.sample(Self.level, sensorTime: 50.0 - Double(index) * 0.05 - Double(random.below(10)) * 0.001, at: 1.0))
        }
        #expect(log.problems == Array(repeating: .timeWentBackwards, count: 500))
        #expect(manager.accelerometerData?.timestamp == 1.0)
    }

    @Test("row 7, issue 17: samples of 20,000 never-added controllers are dropped, make no source, and are reported at powers of two")
    func neverAddedControllers() {
        let (manager, _, log) = Self.manager()
        for id in 0..<20_000 {
            manager.handle(Self.sample(Self.level, sensorTime: nil, at: Double(id) * 0.001, source: .controller(Int32(id))))
        }
        #expect(manager.availableSources == [.device])
        #expect(manager.activeSource == .device)
        // The 1st, 2nd, 4th … 16,384th: 15 reports, each saying how many so far.
        #expect(log.problems == Array(repeating: .unknownController, count: 15))
        #expect(log.entries.first?.detail.contains("controller 0, which was never added") == true)
        #expect(log.entries.last?.detail.contains("16384 such samples so far") == true)
    }

    @Test("row 7: a sample of a removed controller is dropped, unknown-controller")
    func removedController() {
        let control = FakeSensorControl()
        control.sensors[.device] = []
        control.sensors[.controller(3)] = .accelerometer
        let (manager, _, log) = Self.manager(control)
        manager.handle(InputEvent(timestamp: 0, .controller(.added(controller: 3))))
        manager.handle(Self.sample(Self.level, sensorTime: 0.01, at: 0.01, source: .controller(3)))
        #expect(manager.accelerometerData != nil && log.problems.isEmpty)
        manager.handle(InputEvent(timestamp: 0.02, .controller(.removed(controller: 3))))
        manager.handle(Self.sample(Self.level, sensorTime: 0.03, at: 0.03, source: .controller(3)))
        #expect(log.problems == [.unknownController])
        #expect(log.entries.last?.detail.contains("after it was removed") == true)
        #expect(manager.availableSources.isEmpty)
    }

    @Test("row 7: an added controller the backend cannot see into becomes a source at its first sample")
    func addedControllerWithoutListedSensors() {
        let control = FakeSensorControl()
        control.sensors[.device] = []
        let (manager, _, log) = Self.manager(control)
        manager.handle(InputEvent(timestamp: 0, .controller(.added(controller: 9))))
        manager.handle(Self.sample(Self.level, sensorTime: nil, at: 0.01, source: .controller(9)))
        #expect(manager.activeSource == .controller(9) && log.problems.isEmpty)
    }

    @Test("row 7: a controller open in the backend before the manager was made is believed without an added event")
    func controllerOpenBeforeTheManager() {
        let control = FakeSensorControl()
        control.sensors[.device] = []
        control.sensors[.controller(4)] = .all
        let (manager, _, log) = Self.manager(control)
        manager.handle(Self.sample(Self.level, sensorTime: nil, at: 0.01, source: .controller(4)))
        #expect(manager.activeSource == .controller(4) && log.problems.isEmpty)
    }

    @Test("row 8: the source disconnects: values cleared, next source chosen")
    func sourceDisconnects() {
        let control = FakeSensorControl()
        control.sensors[.device] = []
        control.sensors[.controller(5)] = .all
        let (manager, _, _) = Self.manager(control)
        manager.simulation = SimulatedMotion()
        manager.handle(InputEvent(timestamp: 0, .controller(.added(controller: 5))))
        manager.handle(Self.sample(Self.level, sensorTime: 0.01, at: 0.01, source: .controller(5)))
        #expect(manager.activeSource == .controller(5) && manager.accelerometerData != nil)
        manager.handle(InputEvent(timestamp: 0.02, .controller(.removed(controller: 5))))
        #expect(manager.activeSource == .simulated && manager.accelerometerData == nil)
    }

    @Test("row 9: the sensor goes silent mid-shake: cancelled at the first update after the maximum gap")
    func silentMidShake() {
        let (manager, clock, log) = Self.manager()
        let motionLog = MotionLog()
        let scene = motionScene(log: motionLog)
        defer { withExtendedLifetime(scene) {} }
        manager.motionEventReceiver = scene
        feed(manager, clock: clock, from: 0, for: 0.6, acceleration: MotionShakeTests.shaking(start: 0.2, duration: 1))
        #expect(scene.shakeGestureRecognizer.isShaking)
        clock.advance(by: 0.4)
        manager.update()
        #expect(scene.shakeGestureRecognizer.isShaking)
        clock.advance(by: 0.2)
        manager.update()
        #expect(!scene.shakeGestureRecognizer.isShaking)
        #expect(motionLog.take().suffix(2) == ["paddle cancelled shake", "app cancelled shake"])
        #expect(log.problems.last == .sampleGap)
    }

    @Test("the throttle reports the 1st, 2nd, 4th, 8th … occurrence, at a constant cost")
    func throttle() {
        var throttle = DiagnosticThrottle()
        let reported = (1...1000).filter { _ in throttle.occurred() }
        #expect(reported == [1, 2, 4, 8, 16, 32, 64, 128, 256, 512])
        #expect(throttle.count == 1000)
    }
}

/// Diagnostics as they were reported, in order.
@MainActor
final class DiagnosticLog {
    var entries: [Diagnostic] = []
    var problems: [Diagnostic.Problem] { entries.map(\.problem) }
}
