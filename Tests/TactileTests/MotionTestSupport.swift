@testable import Tactile

// Helpers shared by the motion tests: readings in SDL's units as the pump
// makes them, a responder that logs motion events, and a fake sensor control.

/// One g in SDL's units.
let g = SensorSample.standardGravity

/// An accelerometer input event as the pump makes it: `gravity` and
/// `userAcceleration` in the guide's g (gravity pointing down), converted
/// to SDL's m/s² with the opposite sign.
func accelerometerEvent(
    _ acceleration: Vector3, source: SensorSource = .device(1), sensorTime: Double?, at timestamp: Double
) -> InputEvent {
    InputEvent(timestamp: timestamp, .sensor(SensorSample(kind: .accelerometer, source: source, value: acceleration * -g, sensorTime: sensorTime)))
}

/// A gyroscope input event; the rate is the same in both conventions.
func gyroscopeEvent(
    _ rate: Vector3, source: SensorSource = .device(2), sensorTime: Double?, at timestamp: Double
) -> InputEvent {
    InputEvent(timestamp: timestamp, .sensor(SensorSample(kind: .gyroscope, source: source, value: rate, sensorTime: sensorTime)))
}

/// Whether two vectors agree to within `tolerance` on every axis.
func close(_ a: Vector3, _ b: Vector3, within tolerance: Double = 1e-9) -> Bool {
    (a - b).maximumMagnitude <= tolerance
}

let xAxis = Vector3(x: 1, y: 0, z: 0)
let yAxis = Vector3(x: 0, y: 1, z: 0)
let zAxis = Vector3(x: 0, y: 0, z: 1)
/// Gravity on a device lying face up, in g.
let faceUpGravity = Vector3(x: 0, y: 0, z: -1)

/// A layer that logs each motion phase it gets as `name phase motion` and
/// passes it up the responder chain.
@MainActor
final class MotionLoggingLayer: Layer {
    let log: MotionLog
    init(_ name: String, log: MotionLog) {
        self.log = log
        super.init(frame: Rect(x: 0, y: 0, width: 10, height: 10), name: name)
    }
    override var canBecomeFirstResponder: Bool { true }
    override func motionBegan(_ motion: Motion, timestamp: Double) {
        log.append("\(name!) began \(motion.rawValue)", at: timestamp)
        super.motionBegan(motion, timestamp: timestamp)
    }
    override func motionEnded(_ motion: Motion, timestamp: Double) {
        log.append("\(name!) ended \(motion.rawValue)", at: timestamp)
        super.motionEnded(motion, timestamp: timestamp)
    }
    override func motionCancelled(_ motion: Motion, timestamp: Double) {
        log.append("\(name!) cancelled \(motion.rawValue)", at: timestamp)
        super.motionCancelled(motion, timestamp: timestamp)
    }
}

/// The end of the chain: logs what reaches the application.
@MainActor
final class MotionLoggingApplication: Responder {
    let log: MotionLog
    init(log: MotionLog) { self.log = log }
    override func motionBegan(_ motion: Motion, timestamp: Double) { log.append("app began \(motion.rawValue)", at: timestamp) }
    override func motionEnded(_ motion: Motion, timestamp: Double) { log.append("app ended \(motion.rawValue)", at: timestamp) }
    override func motionCancelled(_ motion: Motion, timestamp: Double) { log.append("app cancelled \(motion.rawValue)", at: timestamp) }
}

/// An ordered log of motion deliveries with their times.
@MainActor
final class MotionLog {
    private(set) var lines: [String] = []
    private(set) var times: [Double] = []
    func append(_ line: String, at time: Double) {
        lines.append(line)
        times.append(time)
    }
    func take() -> [String] {
        defer { lines.removeAll(); times.removeAll() }
        return lines
    }
}

/// A scene whose first responder logs motion, under an application that logs too.
@MainActor
func motionScene(log: MotionLog) -> Scene {
    let scene = Scene(size: Size(width: 100, height: 100))
    let layer = MotionLoggingLayer("paddle", log: log)
    scene.root.addChild(layer)
    scene.application = MotionLoggingApplication(log: log)
    _ = layer.becomeFirstResponder()
    return scene
}

/// A backend whose sensors the test decides, logging every switch.
@MainActor
final class FakeSensorControl: SensorControl {
    var sensors: [MotionSource: SensorKinds] = [:]
    private(set) var calls: [String] = []

    func availableSensors(of source: MotionSource) -> SensorKinds { sensors[source] ?? [] }

    func enableSensors(_ kinds: SensorKinds, of source: MotionSource) {
        var names: [String] = []
        if kinds.contains(.accelerometer) { names.append("accelerometer") }
        if kinds.contains(.gyroscope) { names.append("gyroscope") }
        calls.append("\(source): \(names.isEmpty ? "off" : names.joined(separator: "+"))")
    }

    func takeCalls() -> [String] {
        defer { calls.removeAll() }
        return calls
    }
}

/// Feeds a manager one reading of each sensor per `interval` from `start`
/// for `duration` seconds, advancing the clock with them and updating once
/// per reading pair. `acceleration(t)` is in g, `rate(t)` in rad/s; `t` is
/// seconds since `start`. Hardware times are the readings' own.
@MainActor
func feed(
    _ manager: MotionManager, clock: ManualClock, from start: Double, for duration: Double, interval: Double = 0.01,
    accelerometer: SensorSource = .device(1), gyroscope: SensorSource? = .device(2),
    acceleration: (Double) -> Vector3, rate: (Double) -> Vector3 = { _ in .zero }
) {
    let count = Int((duration / interval).rounded())
    for index in 0...count {
        let t = Double(index) * interval
        let time = start + t
        clock.advance(to: time)
        manager.handle(accelerometerEvent(acceleration(t), source: accelerometer, sensorTime: time, at: time))
        if let gyroscope {
            manager.handle(gyroscopeEvent(rate(t), source: gyroscope, sensorTime: time, at: time))
        }
        manager.update()
    }
}
