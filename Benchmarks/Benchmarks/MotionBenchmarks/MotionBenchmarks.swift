import Benchmark
import BenchmarkSupport
import Tactile
import TactileSDL
import TactileSDLTestSupport

// What motion costs per sensor sample. The bar: one fused sample
// costs a small fraction of a 1 kHz sample period (1 ms) and allocates
// nothing.
//
// Each iteration handles 1000 samples (`scalingFactor: .kilo`), so the rows
// marked `*` read per sample (a "fused sample" is one accelerometer reading
// and one gyroscope reading, which is what one step of fusion consumes).
//
// | benchmark | measures |
// |---|---|
// | SDL push+poll (floor) | `SDL_PushEvent` + `SDL_PollEvent`, as in InputBenchmarks: SDL's own cost, in this run |
// | Manager: fused sample | `MotionManager.handle` of an accelerometer and a gyroscope event, with device motion, push history, shake detection and orientation on: the whole per-sample path |
// | Scene: sensor pair through the motion recognizers | an accelerometer and a gyroscope reading sent to a scene whose root has a shake, flick, tilt, twist and knock recognizer: the arena's gathering and delivery and the five rules, per pair (the bar: a sample through all motion recognizers ≤ 1 µs) |
// | Pump+manager: controller sensor pair | the pump's `translate` of an `SDL_CONTROLLERSENSORUPDATE` pair from a (virtual) pad, then the manager: everything after SDL's queue |
// | Push+poll+translate+fuse (drain) | push the pair into SDL's queue, `drain(into:)`, handle: the whole path a game pays, against twice the floor |
//
// The floor is registered from BenchmarkSupport, so that the figures it is
// compared with come from the same run.
//
// ## Isolation
//
// `MotionManager` is main-actor isolated; its benchmarks are `async`
// closures isolated to the main actor, as SceneBenchmarks explains: the
// runner hops onto the main actor once per run, outside the measurement,
// and the measured loops have no suspension point.

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        // No `.cpuTotal`: see InputBenchmarks (ticks of 10 ms, and reading
        // it allocates inside the measurement).
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 10_000
    )

    registerSDLFloorBenchmark()

    Benchmark("Manager: fused sample") { @MainActor (benchmark, fixture: ManagerFixture) async in
        let manager = fixture.manager
        let readings = MotionReadings.turning
        let before = fixture.pushes
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            let reading = readings[index]
            let time = fixture.nextTime()
            manager.handle(InputEvent(timestamp: time, .sensor(SensorSample(kind: .accelerometer, source: .device(1), value: reading.sdlAcceleration, sensorTime: time))))
            manager.handle(InputEvent(timestamp: time, .sensor(SensorSample(kind: .gyroscope, source: .device(2), value: reading.rate, sensorTime: time))))
        }
        benchmark.stopMeasurement()
        fixture.expectFusion(in: benchmark, since: before)
    } setup: { @MainActor in
        ManagerFixture()
    }

    Benchmark("Scene: sensor pair through the motion recognizers") { @MainActor (benchmark, fixture: RecognizerFixture) async in
        let scene = fixture.scene
        let readings = MotionReadings.turning
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            let reading = readings[index]
            let time = fixture.nextTime()
            scene.send(.accelerometer(AccelerometerData(acceleration: reading.acceleration, timestamp: time)), timestamp: time)
            scene.send(.gyro(GyroData(rotationRate: reading.rate, timestamp: time)), timestamp: time)
        }
        benchmark.stopMeasurement()
        fixture.expectListening(in: benchmark)
    } setup: { @MainActor in
        RecognizerFixture()
    }

    Benchmark("Pump+manager: controller sensor pair") { @MainActor (benchmark, fixture: PadFixture) async in
        let readings = MotionReadings.turning
        var buffer = PadFixture.frameBuffer()
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            buffer.removeAll(keepingCapacity: true)
            let (accelerometer, gyroscope) = fixture.events(readings[index])
            fixture.pump.translate(accelerometer, into: &buffer)
            fixture.pump.translate(gyroscope, into: &buffer)
            for event in buffer { fixture.manager.handle(event) }
        }
        benchmark.stopMeasurement()
        fixture.expectFusion(buffer, in: benchmark)
    } setup: { @MainActor in
        try PadFixture()
    }

    Benchmark("Push+poll+translate+fuse (drain)") { @MainActor (benchmark, fixture: PadFixture) async in
        let readings = MotionReadings.turning
        var buffer = PadFixture.frameBuffer()
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            buffer.removeAll(keepingCapacity: true)
            var (accelerometer, gyroscope) = fixture.events(readings[index])
            SDL_PushEvent(&accelerometer)
            SDL_PushEvent(&gyroscope)
            fixture.pump.drain(into: &buffer)
            for event in buffer { fixture.manager.handle(event) }
        }
        benchmark.stopMeasurement()
        fixture.expectFusion(buffer, in: benchmark)
    } setup: { @MainActor in
        try PadFixture()
    }
}

// MARK: - Readings

/// 1000 readings of a device turning at a constant rate about a tilted axis,
/// a second at 1 kHz: what a pad's sensors send while it is being turned.
/// The values repeat each iteration while the times go on, so the attitude
/// jumps back once a second: the accelerometer's correction has work to do,
/// as it does in play.
struct MotionReadings: Sendable {
    /// Gyroscope, rad/s.
    let rate: Vector3
    /// Accelerometer in g (gravity down), the guide's convention.
    let acceleration: Vector3
    /// The same in SDL's m/s² (away from the earth), as the pump delivers it.
    var sdlAcceleration: Vector3 { acceleration * -SensorSample.standardGravity }

    static let turning: [MotionReadings] = {
        let rate = Vector3(x: 0.6, y: -0.4, z: 0.3)
        return (0..<1000).map { index in
            let attitude = Attitude(quaternion: Quaternion(rotationVector: rate * (Double(index) / 1000)))
            return MotionReadings(rate: rate, acceleration: attitude.gravity)
        }
    }()
}

// MARK: - Fixtures

/// A motion manager over a device with both sensors, doing everything a
/// game might ask of it: device motion pushed at 60 Hz, accelerometer
/// pulled, shakes to a scene, orientation notifications.
@MainActor
final class ManagerFixture {
    let clock = ManualClock(now: 100)
    let manager: MotionManager
    let scene = Scene(size: Size(width: 800, height: 600))
    private(set) var pushes = 0
    private var time = 100.0

    init() {
        manager = MotionManager(clock: clock)
        manager.diagnostics = { diagnostic in
            fatalError("benchmark fixture: unexpected diagnostic \(diagnostic)")
        }
        manager.motionEventReceiver = scene
        manager.startAccelerometerUpdates()
        manager.startDeviceMotionUpdates { [unowned self] _ in pushes += 1 }
        manager.beginGeneratingOrientationNotifications()
        // The device becomes the source with its first samples: outside
        // the measurement, where that bookkeeping allocates once.
        let first = MotionReadings.turning[0]
        manager.handle(InputEvent(timestamp: time, .sensor(SensorSample(kind: .accelerometer, source: .device(1), value: first.sdlAcceleration, sensorTime: time))))
        manager.handle(InputEvent(timestamp: time, .sensor(SensorSample(kind: .gyroscope, source: .device(2), value: first.rate, sensorTime: time))))
        precondition(manager.activeSource == .device && manager.isDeviceMotionAvailable, "the device is not the source")
    }

    /// The next sample's time: 1 kHz, continuing across iterations.
    func nextTime() -> Double {
        time += 0.001
        return time
    }

    /// Fails the benchmark unless the samples were fused; then advances the
    /// clock so the pushes are delivered (outside the measurement).
    func expectFusion(in benchmark: Benchmark, since before: Int) {
        guard let motion = manager.deviceMotion, motion.isFused, motion.attitude.quaternion.isFinite else {
            benchmark.error("no fused device motion: \(String(describing: manager.deviceMotion))")
            return
        }
        clock.advance(to: time)
        manager.update()
        if pushes == before { benchmark.error("no device motion was pushed") }
    }
}

/// A scene with every motion recognizer on its root, as a game that uses
/// them all has it.
@MainActor
final class RecognizerFixture {
    let scene = Scene(size: Size(width: 800, height: 600))
    private var time = 100.0

    init() {
        for recognizer: GestureRecognizer in [ShakeGestureRecognizer(), FlickGestureRecognizer(), TiltGestureRecognizer(),
                                              TwistGestureRecognizer(), KnockGestureRecognizer()] {
            scene.root.addGestureRecognizer(recognizer)
        }
        // The recognizers start following motion with the first readings:
        // outside the measurement, where that bookkeeping allocates once.
        for _ in 0..<3 {
            let time = nextTime()
            scene.send(.accelerometer(AccelerometerData(acceleration: MotionReadings.turning[0].acceleration, timestamp: time)), timestamp: time)
            scene.send(.gyro(GyroData(rotationRate: .zero, timestamp: time)), timestamp: time)
        }
    }

    /// The next reading's time: 1 kHz, continuing across iterations.
    func nextTime() -> Double {
        time += 0.001
        return time
    }

    /// Fails the benchmark unless all five recognizers are in play.
    func expectListening(in benchmark: Benchmark) {
        if scene.arena.recognizers.count != 5 {
            benchmark.error("expected the five motion recognizers in play, got \(scene.arena.recognizers.map { type(of: $0) })")
        }
    }
}

/// A pump with a virtual game controller open, and a manager taking the
/// pad's sensor events. SDL2's virtual pads have no sensors, so the events
/// are made here, exactly as SDL's PlayStation driver would send them.
@MainActor
final class PadFixture {
    let window: OpaquePointer
    let clock = ManualClock(now: 100)
    let pump: SDLEventPump
    let manager: MotionManager
    let controller: Int32
    /// Held so that the pad stays plugged in.
    private let pad: VirtualController
    private var microseconds: UInt64 = 1_000_000

    init() throws {
        try SDLSetup.start(videoDriver: .dummy)
        guard let window = SDL_CreateWindow("tactile-bench", 0, 0, 640, 480, SDL_WINDOW_HIDDEN.rawValue) else {
            throw SDLError("SDL_CreateWindow")
        }
        self.window = window
        pump = SDLEventPump(window: window, clock: clock)
        pump.diagnostics = { diagnostic in
            fatalError("benchmark fixture: unexpected diagnostic \(diagnostic)")
        }
        SDL_PumpEvents()
        SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)

        pad = try VirtualController()
        controller = pad.instanceID

        manager = MotionManager(clock: clock, sensorControl: pump)
        manager.diagnostics = { diagnostic in
            fatalError("benchmark fixture: unexpected diagnostic \(diagnostic)")
        }
        manager.startDeviceMotionUpdates()
        var events: [InputEvent] = []
        pump.drain(into: &events)
        for event in events { manager.handle(event) }
        guard events.count == 1, case .controller(.added(controller, _)) = events[0].kind else {
            preconditionFailure("the pad was not added: \(events)")
        }
        // The pad becomes the source with its first samples.
        var buffer: [InputEvent] = []
        let (accelerometer, gyroscope) = self.events(MotionReadings.turning[0])
        pump.translate(accelerometer, into: &buffer)
        pump.translate(gyroscope, into: &buffer)
        for event in buffer { manager.handle(event) }
        precondition(manager.activeSource == .controller(controller), "the pad is not the source")
    }

    isolated deinit {
        for index in 0..<SDL_NumJoysticks() where SDL_JoystickGetDeviceInstanceID(index) == controller {
            SDL_JoystickDetachVirtual(index)
        }
        SDL_PumpEvents()
        SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
        SDL_DestroyWindow(window)
    }

    static func frameBuffer() -> [InputEvent] {
        var buffer: [InputEvent] = []
        buffer.reserveCapacity(64)
        return buffer
    }

    /// The pad's accelerometer and gyroscope events for one reading, 1 ms after the last.
    func events(_ reading: MotionReadings) -> (SDL_Event, SDL_Event) {
        microseconds += 1000
        let acceleration = reading.sdlAcceleration
        var accelerometer = SDL_Event()
        accelerometer.csensor = SDL_ControllerSensorEvent(
            type: SDL_CONTROLLERSENSORUPDATE.rawValue, timestamp: 0, which: controller, sensor: SDL_SENSOR_ACCEL.rawValue,
            data: (Float(acceleration.x), Float(acceleration.y), Float(acceleration.z)), timestamp_us: microseconds)
        var gyroscope = SDL_Event()
        gyroscope.csensor = SDL_ControllerSensorEvent(
            type: SDL_CONTROLLERSENSORUPDATE.rawValue, timestamp: 0, which: controller, sensor: SDL_SENSOR_GYRO.rawValue,
            data: (Float(reading.rate.x), Float(reading.rate.y), Float(reading.rate.z)), timestamp_us: microseconds)
        return (accelerometer, gyroscope)
    }

    /// Fails the benchmark unless the last pair became two samples and fused.
    func expectFusion(_ buffer: [InputEvent], in benchmark: Benchmark) {
        let samples = buffer.filter { if case .sensor = $0.kind { true } else { false } }
        if samples.count != 2 || buffer.count != 2 {
            benchmark.error("expected two sensor samples per pair, got \(buffer)")
        }
        if manager.deviceMotion?.isFused != true {
            benchmark.error("no fused device motion from the pad")
        }
    }
}
