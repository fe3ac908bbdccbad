import Foundation
import Tactile
import Testing
@testable import TactileSDL
import TactileSDLTestSupport

/// A pump over a real SDL queue feeding a `MotionManager`, with helpers that
/// push `SDL_SENSORUPDATE` and `SDL_CONTROLLERSENSORUPDATE` events as a
/// phone's or a pad's sensors would make them (SDL2's virtual controllers
/// cannot carry sensors, and Linux has no SDL sensor backend).
@MainActor
final class MotionRig {
    let sdl: SDLHarness
    let manager: MotionManager
    /// Where each reading goes.
    enum Target {
        /// The machine's own accelerometer and gyroscope, by SDL instance id.
        case device(accelerometer: Int32, gyroscope: Int32)
        /// A game controller, by instance id.
        case controller(Int32)
    }

    /// Seconds of motion streamed so far, and the sensors' own clock in µs.
    private var streamed = 0.0
    private var sensorMicroseconds: UInt64 = 5_000_000

    /// A rig whose pump has opened these device sensors before the manager
    /// asks which exist.
    init(deviceSensors: [(Int32, SensorKind)] = []) throws {
        sdl = try SDLHarness()
        for (id, kind) in deviceSensors { sdl.pump.registerSensor(instanceID: id, kind: kind) }
        manager = MotionManager(clock: sdl.clock, sensorControl: sdl.pump)
    }

    /// Pushes one reading in the guide's units (g with gravity down, rad/s),
    /// converted to SDL's (m/s² away from the earth) as a sensor reports it.
    func push(_ kind: SensorKind, _ value: Vector3, to target: Target, microseconds: UInt64) {
        let sdlValue = kind == .accelerometer ? value * -SensorSample.standardGravity : value
        var event = SDL_Event()
        switch target {
        case .device(let accelerometer, let gyroscope):
            event.sensor.type = SDL_SENSORUPDATE.rawValue
            event.sensor.which = kind == .accelerometer ? accelerometer : gyroscope
            event.sensor.data = (Float(sdlValue.x), Float(sdlValue.y), Float(sdlValue.z), 0, 0, 0)
            event.sensor.timestamp_us = microseconds
        case .controller(let id):
            event.csensor = SDL_ControllerSensorEvent(
                type: SDL_CONTROLLERSENSORUPDATE.rawValue, timestamp: 0, which: id,
                sensor: (kind == .accelerometer ? SDL_SENSOR_ACCEL : SDL_SENSOR_GYRO).rawValue,
                data: (Float(sdlValue.x), Float(sdlValue.y), Float(sdlValue.z)), timestamp_us: microseconds)
        }
        sdl.push(event)
    }

    /// One frame: the clock advances, the queue is drained through the pump,
    /// every event goes to the manager (and the scene), then the manager updates.
    @discardableResult
    func frame(advancing seconds: Double = 1.0 / 60, scene: Scene? = nil) -> [InputEvent] {
        sdl.clock.advance(by: seconds)
        let events = sdl.drain()
        for event in events {
            manager.handle(event)
            scene?.send(event)
        }
        manager.update()
        return events
    }

    /// Streams `duration` seconds of motion at 100 Hz to `target` (accelerometer
    /// and, when `rate` is given, gyroscope), pushing each frame the readings
    /// that fall in it. `acceleration(t)` and `rate(t)` get seconds since this
    /// stream began.
    func stream(
        _ duration: Double, to target: Target, scene: Scene? = nil,
        acceleration: (Double) -> Vector3, rate: ((Double) -> Vector3)? = nil
    ) {
        let readings = Int((duration * 100).rounded())
        var next = 0
        var elapsed = 0.0
        while next < readings {
            elapsed += 1.0 / 60
            while next < readings, Double(next) / 100 <= elapsed {
                let t = Double(next) / 100
                sensorMicroseconds += 10_000
                push(.accelerometer, acceleration(t), to: target, microseconds: sensorMicroseconds)
                if let rate { push(.gyroscope, rate(t), to: target, microseconds: sensorMicroseconds) }
                next += 1
            }
            frame(scene: scene)
        }
        streamed += duration
    }
}

extension SDLIntegration {
    /// Motion end to end: sensor events pushed into SDL's queue, translated by
    /// the pump, fused, detected and delivered by the motion manager.
    @Suite @MainActor struct MotionIntegration {
        static let faceUp = Vector3(x: 0, y: 0, z: -1)
        static let device = MotionRig.Target.device(accelerometer: 90, gyroscope: 91)

        @Test func deviceSensorsConvertFuseAndReportOrientation() throws {
            let rig = try MotionRig(deviceSensors: [(90, .accelerometer), (91, .gyroscope)])
            let manager = rig.manager
            #expect(manager.availableSources == [.device] && manager.isDeviceMotionAvailable)
            manager.startAccelerometerUpdates()
            manager.startDeviceMotionUpdates()
            manager.beginGeneratingOrientationNotifications()
            var orientations: [DeviceOrientation] = []
            manager.onOrientationChange = { orientation, _ in orientations.append(orientation) }

            // Lying face up: SDL reads +9.81 m/s² on z; the guide's (0, 0, −1) g.
            rig.stream(0.5, to: Self.device, acceleration: { _ in Self.faceUp }, rate: { _ in .zero })
            let flat = try #require(manager.accelerometerData)
            #expect((flat.acceleration - Self.faceUp).maximumMagnitude < 1e-6)
            #expect(orientations == [.faceUp])

            // Stood up at 1 rad/s about x for 1.5 s (86°): fused attitude
            // within 1e-3 rad of exp(ω t), given SDL's float readings.
            let rate = Vector3(x: 1, y: 0, z: 0)
            rig.stream(1.5, to: Self.device,
                       acceleration: { Attitude(quaternion: Quaternion(rotationVector: rate * ($0 + 0.01))).gravity },
                       rate: { _ in rate })
            let motion = try #require(manager.deviceMotion)
            let exact = Quaternion(rotationVector: rate * 1.5)
            #expect(motion.isFused && motion.attitude.quaternion.angle(to: exact) < 1e-3, "\(motion.attitude.eulerAngles)")
            #expect(abs(motion.attitude.pitch - 1.5) < 1e-3)
            #expect(orientations == [.faceUp, .portrait])
            #expect(rig.sdl.diagnostics.isEmpty)
        }

        @Test func aShakeThroughTheQueueReachesTheFirstResponder() throws {
            let rig = try MotionRig(deviceSensors: [(90, .accelerometer)])
            let scene = Scene(size: Size(width: 640, height: 480))
            let responder = ShakeLoggingLayer()
            scene.root.addChild(responder)
            #expect(responder.becomeFirstResponder())
            rig.manager.motionEventReceiver = scene
            #expect(rig.manager.deviceMotionAvailability == .rollAndPitchOnly)

            func shake(for seconds: Double) -> (Double) -> Vector3 {
                { t in
                    let shaking = t >= 0.2 && t < 0.2 + seconds
                    return Self.faceUp + Vector3(x: shaking ? 2 * sin(2 * .pi * 5 * (t - 0.2)) : 0, y: 0, z: 0)
                }
            }
            rig.stream(2, to: Self.device, scene: scene, acceleration: shake(for: 0.6))
            #expect(responder.log == ["began", "ended"])
            rig.stream(3, to: Self.device, scene: scene, acceleration: shake(for: 2))
            #expect(responder.log == ["began", "ended", "began", "cancelled"])
        }

        @Test func aControllerWithSensorsConnectsAndDisconnectsMidStream() throws {
            let rig = try MotionRig()
            let manager = rig.manager
            manager.simulation = SimulatedMotion()
            manager.startDeviceMotionUpdates()
            let scene = Scene(size: Size(width: 640, height: 480))
            let responder = ShakeLoggingLayer()
            scene.root.addChild(responder)
            responder.becomeFirstResponder()
            manager.motionEventReceiver = scene
            var sources: [MotionSource?] = []
            manager.onSourceChange = { sources.append($0) }

            // No sensors on this machine: the simulation stands in.
            for _ in 0..<30 { rig.frame(scene: scene) }
            #expect(manager.activeSource == .simulated && manager.deviceMotion?.isFused == true)

            // A pad connects. SDL's virtual pad has no sensors to report, so it
            // becomes a source with its first sensor event: a pad held in front
            // of you, which SDL reads as +9.81 m/s² on y.
            let pad = try VirtualController()
            let id = pad.instanceID
            #expect(rig.frame(scene: scene).map(\.kind.controllerAdded) == [id])
            #expect(rig.sdl.pump.availableSensors(of: .controller(id)).isEmpty)
            let held = Vector3(x: 0, y: -1, z: 0)
            rig.stream(0.5, to: .controller(id), scene: scene, acceleration: { _ in held }, rate: { _ in .zero })
            #expect(manager.activeSource == .controller(id) && manager.isDeviceMotionAvailable)
            let fromPad = try #require(manager.deviceMotion)
            #expect((fromPad.gravity - held).maximumMagnitude < 1e-6 && fromPad.isFused)
            #expect(abs(fromPad.attitude.pitch - .pi / 2) < 1e-6)

            // Shaking the pad, and it is unplugged mid-shake while readings
            // are still queued behind the removal.
            rig.stream(0.4, to: .controller(id), scene: scene,
                       acceleration: { held + Vector3(x: 2 * sin(2 * .pi * 5 * $0), y: 0, z: 0) }, rate: { _ in .zero })
            #expect(scene.shakeGestureRecognizer.isShaking && responder.log == ["began"])
            pad.detach()
            rig.push(.accelerometer, held, to: .controller(id), microseconds: 99_000_000)
            let events = rig.frame(scene: scene)
            #expect(events.map(\.kind) == [.controller(.removed(controller: id))])
            #expect(rig.sdl.diagnostics.map(\.problem) == [.unknownController])

            // Cleanly gone: shake cancelled, values cleared, back to the simulation.
            #expect(responder.log == ["began", "cancelled"])
            #expect(manager.activeSource == .simulated && manager.availableSources == [.simulated])
            #expect(sources == [.controller(id), .simulated])
            for _ in 0..<10 { rig.frame(scene: scene) }
            let simulated = try #require(manager.deviceMotion)
            #expect((simulated.gravity - Self.faceUp).maximumMagnitude < 1e-9)
        }

        @Test func thePumpIsTheManagersSensorControl() throws {
            let rig = try MotionRig(deviceSensors: [(90, .accelerometer), (91, .gyroscope)])
            let pump = rig.sdl.pump
            #expect(pump.availableSensors(of: .device) == .all)
            #expect(pump.availableSensors(of: .simulated).isEmpty)
            #expect(pump.availableSensors(of: .controller(12345)).isEmpty)
            // Switching test-registered sensors (no SDL handle) and an unknown
            // pad is harmless; their samples still arrive.
            pump.enableSensors([], of: .device)
            pump.enableSensors(.all, of: .controller(12345))
            rig.manager.startAccelerometerUpdates()
            rig.stream(0.1, to: Self.device, acceleration: { _ in Self.faceUp })
            #expect(rig.manager.accelerometerData != nil && rig.sdl.diagnostics.isEmpty)
        }
    }
}

/// A first responder that logs the shake phases it is sent.
@MainActor
private final class ShakeLoggingLayer: Layer {
    private(set) var log: [String] = []
    override init() { super.init(frame: Rect(x: 0, y: 0, width: 10, height: 10), name: "logger") }
    override var canBecomeFirstResponder: Bool { true }
    override func motionBegan(_ motion: Motion, timestamp: Double) { log.append("began") }
    override func motionEnded(_ motion: Motion, timestamp: Double) { log.append("ended") }
    override func motionCancelled(_ motion: Motion, timestamp: Double) { log.append("cancelled") }
}
