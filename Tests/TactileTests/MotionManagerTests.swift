import Foundation
import Testing
import TactileTestSupport
@testable import Tactile

/// The motion manager: pull and push, sensors on and off, sources and
/// availability, bad input, the simulated source and replayed traces.
@Suite("Motion manager")
@MainActor
struct MotionManagerTests {
    static func deviceManager(_ sensors: SensorKinds = .all, clock: ManualClock = ManualClock()) -> (MotionManager, FakeSensorControl, ManualClock) {
        let control = FakeSensorControl()
        control.sensors[.device] = sensors
        return (MotionManager(clock: clock, sensorControl: control), control, clock)
    }

    // MARK: Pull and push

    @Test func pullGivesTheLatestReadingInTheGuidesUnits() {
        let (manager, _, clock) = Self.deviceManager()
        #expect(manager.accelerometerData == nil && !manager.isAccelerometerActive)
        manager.handle(accelerometerEvent(faceUpGravity, sensorTime: 0, at: 0))
        #expect(manager.accelerometerData == nil)   // not started: nothing kept

        manager.startAccelerometerUpdates()
        manager.startGyroUpdates()
        clock.advance(by: 0.01)
        // In SDL's units, as the pump delivers it: m/s², away from the earth.
        manager.handle(InputEvent(timestamp: 0.01, .sensor(SensorSample(kind: .accelerometer, source: .device(1), value: Vector3(x: 0, y: 9.80665, z: 0), sensorTime: 0.01))))
        manager.handle(gyroscopeEvent(Vector3(x: 0.1, y: 0, z: 0), sensorTime: 0.01, at: 0.01))
        #expect(manager.accelerometerData == AccelerometerData(acceleration: Vector3(x: 0, y: -1, z: 0), timestamp: 0.01))
        #expect(manager.gyroData == GyroData(rotationRate: Vector3(x: 0.1, y: 0, z: 0), timestamp: 0.01))
        manager.stopAccelerometerUpdates()
        #expect(manager.accelerometerData == nil && !manager.isAccelerometerActive && manager.isGyroActive)
    }

    /// Readings while pulling are kept for the pull only: a handler is
    /// given none of them, even when a snapshot taken while pulling is
    /// restored after it started (its history would otherwise hold them
    /// as not yet delivered).
    @Test func aHandlerIsGivenNoReadingFromBeforeItsStartAfterARestore() throws {
        let (manager, _, clock) = Self.deviceManager()
        manager.startAccelerometerUpdates()
        for reading in 1...5 {
            let time = Double(reading) / 100
            clock.advance(to: time)
            manager.handle(accelerometerEvent(faceUpGravity, sensorTime: time, at: time))
        }
        let whilePulling = manager.snapshot()
        var pushed: [Double] = []
        manager.startAccelerometerUpdates { pushed.append($0.timestamp) }
        try manager.restore(whilePulling)
        clock.advance(to: 0.1)
        manager.update()
        #expect(pushed.isEmpty)
        manager.handle(accelerometerEvent(faceUpGravity, sensorTime: 0.11, at: 0.11))
        clock.advance(to: 0.12)
        manager.update()
        #expect(pushed == [0.11])
    }

    @Test func pushHandlersFireOncePerIntervalAsTheClockAdvances() {
        let (manager, _, clock) = Self.deviceManager()
        var accelerometerPushes: [AccelerometerData] = []
        var motionPushes: [DeviceMotion] = []
        manager.accelerometerUpdateInterval = 0.02
        manager.deviceMotionUpdateInterval = 0.1
        manager.startAccelerometerUpdates { accelerometerPushes.append($0) }
        manager.startDeviceMotionUpdates { motionPushes.append($0) }
        // Readings at 200 Hz, frames at 60 Hz: each frame handles the
        // readings up to its time, then updates.
        var reading = 1
        for frame in 1...60 {
            let now = Double(frame) / 60
            while Double(reading) / 200 <= now {
                let time = Double(reading) / 200
                manager.handle(accelerometerEvent(faceUpGravity, sensorTime: time, at: time))
                manager.handle(gyroscopeEvent(.zero, sensorTime: time, at: time))
                reading += 1
            }
            clock.advance(to: now)
            manager.update()
        }
        #expect(accelerometerPushes.count == 50)
        #expect(motionPushes.count == 10)
        // Each push is the newest reading as of its tick, not the frame's last.
        for (index, data) in accelerometerPushes.enumerated() {
            let tick = Double(index + 1) * 0.02
            #expect(abs(data.timestamp - tick) < 1e-9, "push \(index) carried the reading of \(data.timestamp)")
        }
        #expect(motionPushes.map(\.timestamp).enumerated().allSatisfy { abs($1 - Double($0 + 1) * 0.1) < 1e-9 })

        // No new readings: no pushes, however much time passes.
        clock.advance(by: 1)
        manager.update()
        #expect(accelerometerPushes.count == 50)
        // Stopped: never again.
        manager.stopAccelerometerUpdates()
        manager.handle(accelerometerEvent(faceUpGravity, sensorTime: 2.5, at: 2.5))
        clock.advance(by: 1)
        manager.update()
        #expect(accelerometerPushes.count == 50)
    }

    @Test func aHandlerMayStopItsOwnUpdates() {
        let (manager, _, clock) = Self.deviceManager()
        var pushes = 0
        manager.startAccelerometerUpdates { _ in
            pushes += 1
            manager.stopAccelerometerUpdates()
        }
        for step in 1...10 {
            let time = Double(step) * 0.01
            manager.handle(accelerometerEvent(faceUpGravity, sensorTime: time, at: time))
        }
        clock.advance(by: 0.1)
        manager.update()
        #expect(pushes == 1 && !manager.isAccelerometerActive)
    }

    @Test func intervalsAreKeptAtOrAboveTheGuidesMinimum() {
        let (manager, _, _) = Self.deviceManager()
        #expect(manager.accelerometerUpdateInterval == 1.0 / 60)
        manager.accelerometerUpdateInterval = 0.001
        manager.gyroUpdateInterval = -1
        manager.deviceMotionUpdateInterval = .nan
        #expect(manager.accelerometerUpdateInterval == 0.01 && manager.gyroUpdateInterval == 0.01)
        #expect(manager.deviceMotionUpdateInterval == 1.0 / 60)
    }

    // MARK: Sensors on and off

    @Test func stoppingAKindStopsTheSensorsNothingElseNeeds() {
        let (manager, control, _) = Self.deviceManager()
        #expect(control.takeCalls() == ["device: off"])
        manager.startAccelerometerUpdates()
        #expect(control.takeCalls() == ["device: accelerometer"])
        manager.startDeviceMotionUpdates()
        #expect(control.takeCalls() == ["device: accelerometer+gyroscope"])
        manager.stopAccelerometerUpdates()
        #expect(control.takeCalls().isEmpty)   // device motion still needs both
        manager.startGyroUpdates()
        manager.stopDeviceMotionUpdates()
        #expect(control.takeCalls() == ["device: gyroscope"])
        manager.stopGyroUpdates()
        #expect(control.takeCalls() == ["device: off"])

        let scene = Scene(size: Size(width: 10, height: 10))
        manager.motionEventReceiver = scene   // shake detection needs the accelerometer
        #expect(control.takeCalls() == ["device: accelerometer"])
        manager.motionEventReceiver = nil
        #expect(control.takeCalls() == ["device: off"])
    }

    @Test func onlyTheActiveSourcesSensorsAreOn() {
        let (manager, control, _) = Self.deviceManager()
        control.sensors[.controller(4)] = .all
        manager.startDeviceMotionUpdates()
        manager.handle(InputEvent(timestamp: 0, .controller(.added(controller: 4))))
        #expect(control.takeCalls() == ["device: off", "device: accelerometer+gyroscope", "controller(4): off"])
        manager.preferredSource = .controller(4)
        #expect(control.takeCalls() == ["device: off", "controller(4): accelerometer+gyroscope"])
        manager.stopDeviceMotionUpdates()
        #expect(control.takeCalls() == ["controller(4): off"])
    }

    @Test func restartingUpdatesLaterIsAFreshStartNotAGap() {
        let (manager, _, clock) = Self.deviceManager()
        var diagnostics: [Diagnostic.Problem] = []
        manager.diagnostics = { diagnostics.append($0.problem) }
        manager.startDeviceMotionUpdates()
        feed(manager, clock: clock, from: 0, for: 0.5, acceleration: { _ in faceUpGravity })
        manager.stopDeviceMotionUpdates()
        // Readings that still arrive while nothing needs them are ignored.
        feed(manager, clock: clock, from: 0.51, for: 0.2, acceleration: { _ in faceUpGravity })
        manager.startDeviceMotionUpdates()
        feed(manager, clock: clock, from: 5, for: 0.5, acceleration: { _ in xAxis })
        #expect(diagnostics.isEmpty)
        #expect(manager.deviceMotion.map { close($0.gravity, xAxis, within: 1e-9) } == true)
    }

    // MARK: Sources

    @Test func sourcesAreChosenDeviceFirstThenControllersThenTheSimulation() {
        let clock = ManualClock()
        let control = FakeSensorControl()
        let manager = MotionManager(clock: clock, sensorControl: control)
        var changes: [MotionSource?] = []
        manager.onSourceChange = { changes.append($0) }
        #expect(manager.activeSource == nil && !manager.isAccelerometerAvailable && manager.deviceMotionAvailability == .unavailable)

        manager.simulation = SimulatedMotion()
        #expect(manager.activeSource == .simulated && manager.isDeviceMotionAvailable)

        control.sensors[.controller(5)] = .all
        control.sensors[.controller(6)] = .accelerometer
        manager.handle(InputEvent(timestamp: 1, .controller(.added(controller: 5))))
        manager.handle(InputEvent(timestamp: 1, .controller(.added(controller: 6))))
        manager.handle(InputEvent(timestamp: 1, .controller(.added(controller: 7))))   // no sensors: not a source
        #expect(manager.availableSources == [.simulated, .controller(5), .controller(6)])
        #expect(manager.activeSource == .controller(5))

        manager.preferredSource = .controller(6)
        #expect(manager.activeSource == .controller(6) && manager.deviceMotionAvailability == .rollAndPitchOnly)
        #expect(manager.isAccelerometerAvailable && !manager.isGyroAvailable)

        manager.handle(InputEvent(timestamp: 2, .controller(.removed(controller: 6))))
        #expect(manager.activeSource == .controller(5) && manager.deviceMotionAvailability == .full)
        manager.handle(InputEvent(timestamp: 3, .controller(.removed(controller: 5))))
        #expect(manager.activeSource == .simulated)

        // The machine's own sensors, known from their first sample, come first.
        manager.handle(accelerometerEvent(faceUpGravity, source: .device(9), sensorTime: 1, at: 3))
        #expect(manager.activeSource == .device && manager.sensors(of: .device) == .accelerometer)
        manager.simulation = nil
        #expect(manager.availableSources == [.device])
        #expect(changes == [.simulated, .controller(5), .controller(6), .controller(5), .simulated, .device])
    }

    @Test func aSourceThatGoesAwayTakesItsValuesAndShakeWithIt() {
        let clock = ManualClock()
        let control = FakeSensorControl()
        control.sensors[.controller(3)] = .all
        let manager = MotionManager(clock: clock, sensorControl: control)
        let log = MotionLog()
        let scene = motionScene(log: log)
        defer { withExtendedLifetime(scene) {} }
        manager.motionEventReceiver = scene
        manager.startDeviceMotionUpdates()
        manager.beginGeneratingOrientationNotifications()
        var orientations: [DeviceOrientation] = []
        manager.onOrientationChange = { orientation, _ in orientations.append(orientation) }
        manager.handle(InputEvent(timestamp: 0, .controller(.added(controller: 3))))
        feed(manager, clock: clock, from: 0, for: 0.6, accelerometer: .controller(3), gyroscope: .controller(3),
             acceleration: MotionShakeTests.shaking(start: 0.2, duration: 1))
        #expect(scene.shakeGestureRecognizer.isShaking && manager.deviceMotion != nil && manager.orientation == .faceUp)

        var diagnostics: [Diagnostic.Problem] = []
        manager.diagnostics = { diagnostics.append($0.problem) }
        manager.handle(InputEvent(timestamp: 0.61, .controller(.removed(controller: 3))))
        #expect(log.take() == ["paddle began shake", "app began shake", "paddle cancelled shake", "app cancelled shake"])
        #expect(manager.activeSource == nil && manager.deviceMotionAvailability == .unavailable)
        #expect(manager.deviceMotion == nil && !scene.shakeGestureRecognizer.isShaking && manager.orientation == .unknown)
        #expect(orientations == [.faceUp, .unknown])
        // A straggler from the unplugged pad is stale, not a new source.
        manager.handle(accelerometerEvent(faceUpGravity, source: .controller(3), sensorTime: 0.37, at: 0.37))
        #expect(manager.availableSources.isEmpty && diagnostics == [.unknownController])
    }

    // MARK: Bad input

    @Test func badSamplesAreDroppedWithADiagnosticAndNothingTurnsNaN() {
        let (manager, _, clock) = Self.deviceManager()
        var diagnostics: [Diagnostic.Problem] = []
        manager.diagnostics = { diagnostics.append($0.problem) }
        manager.startAccelerometerUpdates()
        manager.startDeviceMotionUpdates()
        feed(manager, clock: clock, from: 0, for: 0.5, acceleration: { _ in faceUpGravity })
        let good = manager.deviceMotion

        manager.handle(accelerometerEvent(Vector3(x: .nan, y: 0, z: -1), sensorTime: 0.51, at: 0.51))
        manager.handle(gyroscopeEvent(Vector3(x: 0, y: .infinity, z: 0), sensorTime: 0.51, at: 0.51))
        manager.handle(accelerometerEvent(faceUpGravity, sensorTime: .nan, at: 0.51))
        manager.handle(accelerometerEvent(Vector3(x: 200, y: 0, z: -1), sensorTime: 0.51, at: 0.51))
        manager.handle(gyroscopeEvent(Vector3(x: 0, y: 0, z: 500), sensorTime: 0.51, at: 0.51))
        #expect(diagnostics == [.nonFiniteValue, .nonFiniteValue, .nonFiniteValue, .absurdValue, .absurdValue])
        manager.handle(accelerometerEvent(faceUpGravity, sensorTime: 0.4, at: 0.51))   // older than the last
        manager.handle(accelerometerEvent(faceUpGravity, sensorTime: 0.5, at: 0.51))   // the same hardware time
        #expect(diagnostics.suffix(2) == [.timeWentBackwards, .repeatedTimestamp])
        #expect(manager.deviceMotion == good && manager.accelerometerData?.timestamp == 0.5)

        // Without hardware times, equal event times are normal (SDL stamps
        // to the millisecond): kept, no diagnostic.
        diagnostics.removeAll()
        let (coarse, _, _) = Self.deviceManager()
        coarse.diagnostics = { diagnostics.append($0.problem) }
        coarse.startAccelerometerUpdates()
        coarse.handle(accelerometerEvent(faceUpGravity, sensorTime: nil, at: 1))
        coarse.handle(accelerometerEvent(xAxis * -1, sensorTime: nil, at: 1))
        #expect(diagnostics.isEmpty && coarse.accelerometerData?.acceleration == xAxis * -1)
    }

    @Test func afterAGapTheFiltersRestartFromTheNextReading() {
        let (manager, _, clock) = Self.deviceManager()
        var diagnostics: [Diagnostic] = []
        manager.diagnostics = { diagnostics.append($0) }
        manager.startDeviceMotionUpdates()
        feed(manager, clock: clock, from: 0, for: 1, acceleration: { _ in faceUpGravity }, rate: { _ in Vector3(x: 0, y: 0, z: 0.5) })
        let yaw = manager.deviceMotion?.attitude.yaw ?? .nan
        // Two seconds of nothing; meanwhile the device was turned on its
        // side. Integrating the old rate across the gap would invent a turn;
        // the attitude re-levels from the next reading instead, keeping its yaw.
        feed(manager, clock: clock, from: 3, for: 0.02, acceleration: { _ in xAxis })
        #expect(diagnostics.map(\.problem) == [.sampleGap, .sampleGap])
        let motion = manager.deviceMotion
        #expect(motion.map { close($0.gravity, xAxis, within: 1e-6) } == true)
        #expect(motion.map { abs($0.attitude.yaw - yaw) < 1e-3 && abs($0.attitude.roll - .pi / 2) < 1e-3 } == true)

        // One sample from far back is dropped (issue 17: it used to be kept
        // as a gap); a clock that restarted is followed once its run of
        // samples spans the maximum gap (MotionBadInputTests).
        diagnostics.removeAll()
        clock.advance(by: 0.01)
        manager.handle(accelerometerEvent(xAxis, sensorTime: 0.001, at: clock.now))
        #expect(diagnostics.map(\.problem) == [.timeWentBackwards])
    }

    @Test func randomGarbageNeverCrashesOrReachesTheOutputs() {
        var random = SplitMix64(seed: 2024)
        let (manager, _, clock) = Self.deviceManager()
        let scene = Scene(size: Size(width: 10, height: 10))
        manager.motionEventReceiver = scene
        manager.startAccelerometerUpdates { _ in }
        manager.startGyroUpdates()
        manager.startDeviceMotionUpdates()
        manager.beginGeneratingOrientationNotifications()
        manager.simulation = SimulatedMotion()
        func value() -> Double {
            switch random.below(6) {
            case 0: random.finiteDouble()
            case 1: [Double.nan, .infinity, -.infinity, 0, -0.0][random.below(5)]
            default: (Double(random.below(4000)) - 2000) / 100
            }
        }
        for step in 0..<20_000 {
            clock.advance(by: Double(random.below(3)) / 100)
            let time = random.below(10) == 0 ? value() : clock.now + Double(random.below(5)) / 1000
            let source: SensorSource = random.below(4) == 0 ? .controller(Int32(random.below(3))) : .device(Int32(random.below(2)))
            let kind: SensorKind = random.below(2) == 0 ? .accelerometer : .gyroscope
            let sensorTime: Double? = random.below(3) == 0 ? nil : time
            let events: [InputEvent] = [
                InputEvent(timestamp: time, .sensor(SensorSample(kind: kind, source: source, value: Vector3(x: value(), y: value(), z: value()), sensorTime: sensorTime))),
                InputEvent(timestamp: clock.now, .controller(random.below(2) == 0 ? .added(controller: Int32(random.below(3))) : .removed(controller: Int32(random.below(3))))),
                InputEvent(timestamp: clock.now, .key(KeyEvent(isDown: random.below(2) == 0, scancode: Int32(79 + random.below(4)), keycode: 0))),
                InputEvent(timestamp: clock.now, .controller(.axis(controller: 0, axis: .rightX, value: value()))),
            ]
            manager.handle(events[step % 7 == 0 ? random.below(4) : 0])
            if step % 5 == 0 { manager.update() }
            if let motion = manager.deviceMotion {
                #expect(motion.attitude.quaternion.isFinite && motion.gravity.isFinite && motion.userAcceleration.isFinite && motion.rotationRate.isFinite)
            }
            if let data = manager.accelerometerData { #expect(data.acceleration.isFinite) }
            if let simulation = manager.simulation { #expect(simulation.roll.isFinite && simulation.pitch.isFinite) }
        }
        _ = scene
    }

    // MARK: The simulated source

    @Test func theSimulationTiltsWithTheArrowKeysAndShakesWithControlZ() {
        let clock = ManualClock()
        let manager = MotionManager(clock: clock)
        manager.simulation = SimulatedMotion()
        let log = MotionLog()
        let scene = motionScene(log: log)
        defer { withExtendedLifetime(scene) {} }
        manager.motionEventReceiver = scene
        manager.startDeviceMotionUpdates()
        manager.beginGeneratingOrientationNotifications()
        var orientations: [DeviceOrientation] = []
        manager.onOrientationChange = { orientation, _ in orientations.append(orientation) }
        func frames(_ seconds: Double, _ events: [InputEvent.Kind] = []) {
            for kind in events { manager.handle(InputEvent(timestamp: clock.now, kind)) }
            for _ in 0..<Int((seconds * 60).rounded()) {
                clock.advance(by: 1.0 / 60)
                manager.update()
            }
        }
        frames(0.5)
        #expect(orientations == [.faceUp])
        #expect(manager.deviceMotion.map { $0.attitude.quaternion.angle < 1e-9 && $0.isFused } == true)

        // Right arrow held for a second: the right edge goes down a quarter turn.
        frames(1, [.key(KeyEvent(isDown: true, scancode: 79, keycode: 0))])
        frames(0.5, [.key(KeyEvent(isDown: false, scancode: 79, keycode: 0))])
        #expect(abs((manager.simulation?.roll ?? 0) - .pi / 2) < 1e-9)
        // Fused from the simulated gyroscope and accelerometer.
        #expect(manager.deviceMotion.map { abs($0.attitude.roll - .pi / 2) < 1e-3 } == true, "\(String(describing: manager.deviceMotion?.attitude.eulerAngles))")
        #expect(orientations == [.faceUp, .landscapeRight])

        // The right stick adds its own tilt and takes it back when released.
        // Pushed up, on a device already on its side: its top goes down.
        frames(0.5, [.controller(.axis(controller: 0, axis: .rightY, value: -1))])
        #expect(abs((manager.simulation?.pitch ?? 0) + .pi / 2) < 1e-9)
        #expect(orientations == [.faceUp, .landscapeRight, .portraitUpsideDown])
        frames(0.5, [.controller(.axis(controller: 0, axis: .rightY, value: 0))])
        #expect(abs(manager.simulation?.pitch ?? 1) < 1e-9)

        // Control-Z tapped: a whole shake, ended.
        #expect(log.take().isEmpty)
        frames(0.05, [.key(KeyEvent(isDown: true, scancode: 29, keycode: 0, modifiers: .leftControl))])
        frames(1.5, [.key(KeyEvent(isDown: false, scancode: 29, keycode: 0, modifiers: .leftControl))])
        #expect(log.take() == ["paddle began shake", "app began shake", "paddle ended shake", "app ended shake"])
        // Z without Control is the game's.
        frames(1.5, [.key(KeyEvent(isDown: true, scancode: 29, keycode: 0))])
        #expect(log.take().isEmpty)
        // Control-Z held for two seconds: too long, cancelled.
        frames(2, [.key(KeyEvent(isDown: true, scancode: 29, keycode: 0, modifiers: .rightControl))])
        frames(1, [.key(KeyEvent(isDown: false, scancode: 29, keycode: 0))])
        #expect(log.take() == ["paddle began shake", "app began shake", "paddle cancelled shake", "app cancelled shake"])
        // The shakes never turned the device.
        #expect(orientations == [.faceUp, .landscapeRight, .portraitUpsideDown, .landscapeRight])
    }

    @Test func dragsWithTheRightMouseButtonTilt() {
        var simulation = SimulatedMotion()
        simulation.restart(at: 0)
        simulation.handle(InputEvent(timestamp: 0, .mouseButton(MouseButtonEvent(button: .right, isDown: true, location: Point(x: 100, y: 100)))))
        simulation.handle(InputEvent(timestamp: 0, .mouseHover(Point(x: 150, y: 80))))
        simulation.handle(InputEvent(timestamp: 0, .mouseButton(MouseButtonEvent(button: .right, isDown: false, location: Point(x: 150, y: 80)))))
        simulation.handle(InputEvent(timestamp: 0, .mouseHover(Point(x: 400, y: 400))))   // not dragging: no tilt
        for step in 1...100 {
            while simulation.nextSample(until: Double(step) / 100) != nil {}
        }
        #expect(abs(simulation.roll - 0.5) < 1e-9 && abs(simulation.pitch + 0.2) < 1e-9)
    }

    @Test func theSimulationsKeptTrigonometryGivesTheSameReadings() {
        // A still device reads the trigonometry it kept; any other angle,
        // even -0 after 0 (equal, but with sines of opposite signs), is
        // worked out afresh.
        var derived = SimulatedMotion.Derived()
        #expect(derived.cosineAndSine(of: 0) == (1, 0))
        let negativeZero = derived.cosineAndSine(of: -0.0)
        #expect(negativeZero.1 == 0 && negativeZero.1.sign == .minus)
        for (roll, pitch) in [(0.0, 0.0), (0.3, -0.2), (0.3, -0.2), (-0.0, 0.1), (0.0, 0.1), (-0.7, 0.7)] {
            let kept = derived.gravity(roll: roll, pitch: pitch), fresh = Attitude(roll: roll, pitch: pitch, yaw: 0).gravity
            #expect([kept.x, kept.y, kept.z].map(\.bitPattern) == [fresh.x, fresh.y, fresh.z].map(\.bitPattern))
            let (cosine, sine) = derived.cosineAndSine(of: roll)
            #expect(cosine.bitPattern == cos(roll).bitPattern && sine.bitPattern == sin(roll).bitPattern)
        }
        // Not part of the simulation's value: kept for other angles, equal
        // and hashed alike, so that equal simulations stay equal.
        var other = SimulatedMotion.Derived()
        _ = other.gravity(roll: 1, pitch: 1)
        #expect(other == derived && other.hashValue == derived.hashValue)
    }

    // MARK: Recorded traces

    @Test func aRecordedTraceReplaysToTheSameDeviceMotion() throws {
        // Live: a device turning about two axes, read at 100 Hz.
        let clock = ManualClock()
        let (live, _, _) = Self.deviceManager(clock: clock)
        live.startDeviceMotionUpdates()
        var recorder = TraceRecorder(start: 0)
        let rate = Vector3(x: 0.7, y: 0, z: -0.4)
        for index in 0...150 {
            let t = Double(index) / 100
            let gravity = Attitude(quaternion: Quaternion(rotationVector: rate * t)).gravity
            for event in [accelerometerEvent(gravity, sensorTime: t, at: t), gyroscopeEvent(rate, sensorTime: t, at: t)] {
                live.handle(event)
                recorder.record(event)
            }
        }
        // Written out, read back, and played on another clock at 60 frames a second.
        let trace = try Trace(parsing: recorder.text)
        let replayClock = ManualClock(now: 50)
        let (replayed, _, _) = Self.deviceManager(clock: replayClock)
        replayed.startDeviceMotionUpdates()
        var player = TracePlayer(trace, start: 50)
        var events: [InputEvent] = []
        while !player.isFinished {
            replayClock.advance(by: 1.0 / 60)
            events.removeAll()
            player.events(dueBy: replayClock.now, into: &events)
            for event in events { replayed.handle(event) }
            replayed.update()
        }
        let original = try #require(live.deviceMotion)
        let copy = try #require(replayed.deviceMotion)
        #expect(copy.attitude == original.attitude && copy.gravity == original.gravity && copy.rotationRate == original.rotationRate)
        #expect(abs(copy.timestamp - 50 - original.timestamp) < 1e-9)
    }
}
