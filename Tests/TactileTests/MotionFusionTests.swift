import Foundation
import Testing
@testable import Tactile

/// Sensor fusion: exact integration of known rotations, correction by
/// gravity, the gyroscope's bias at rest, reference attitudes, and device
/// motion without a gyroscope.
@Suite("Motion fusion")
@MainActor
struct MotionFusionTests {
    /// A manager over a device with both sensors, device motion started.
    static func fusedManager(clock: ManualClock) -> MotionManager {
        let control = FakeSensorControl()
        control.sensors[.device] = .all
        let manager = MotionManager(clock: clock, sensorControl: control)
        manager.startDeviceMotionUpdates()
        return manager
    }

    /// The attitude reached from the reference by turning at the constant
    /// body rate `rate` for `t` seconds: exp(ω t).
    static func exact(_ rate: Vector3, after t: Double) -> Attitude {
        Attitude(quaternion: Quaternion(rotationVector: rate * t))
    }

    nonisolated static let rates = [xAxis, yAxis, zAxis, Vector3(x: 0.6, y: -0.3, z: 0.2) * 2]

    @Test("the gyroscope alone integrates a constant rate exactly (within 1e-9 rad after 3 s)", arguments: rates)
    func gyroscopeIntegrationIsExactForConstantRates(rate: Vector3) {
        var fusion = MahonyFilter()
        for _ in 0..<300 { fusion.update(rotationRate: rate, acceleration: nil, interval: 0.01) }
        #expect(fusion.attitude.quaternion.angle(to: Self.exact(rate, after: 3).quaternion) < 1e-9)
    }

    @Test("fused device motion tracks a known rotation (within 1e-4 rad after 3 s at 100 Hz)", arguments: rates)
    func deviceMotionTracksAKnownRotation(rate: Vector3) {
        let clock = ManualClock(now: 10)
        let manager = Self.fusedManager(clock: clock)
        var worst = 0.0
        feed(manager, clock: clock, from: 10, for: 3, acceleration: { Self.exact(rate, after: $0).gravity }, rate: { _ in rate })
        // The readings are consistent with the exact motion, so the
        // accelerometer's correction has next to nothing to do: what is left
        // is the second-order term of its gravity prediction.
        let motion = manager.deviceMotion
        #expect(motion?.isFused == true)
        if let motion {
            worst = motion.attitude.quaternion.angle(to: Self.exact(rate, after: 3).quaternion)
            #expect(close(motion.rotationRate, rate, within: 1e-12))
            #expect(close(motion.gravity, Self.exact(rate, after: 3).gravity, within: 1e-4))
            #expect(close(motion.userAcceleration, .zero, within: 1e-4))
        }
        #expect(worst < 1e-4, "attitude off by \(worst) rad")
    }

    @Test func theAccelerometerPullsAWrongTiltBackAndIgnoresUserAcceleration() {
        var fusion = MahonyFilter(attitude: Attitude(roll: 0.3, pitch: -0.2, yaw: 0.7))
        // A reading far from 1 g is the user accelerating: no correction.
        let before = fusion.attitude
        fusion.update(rotationRate: .zero, acceleration: Vector3(x: 1.2, y: 0, z: -1), interval: 0.01)
        #expect(fusion.attitude.quaternion.angle(to: before.quaternion) < 1e-12)
        // At rest, the tilt error decays with a time constant of about
        // 1 / Kp = 2 s: under 1 % of it is left after 12 s. The correction
        // turns about horizontal axes only, so the heading stays roughly
        // where it was (the Euler yaw moves a little as roll and pitch
        // unwind, since it is measured in the tilted frame).
        for _ in 0..<1200 { fusion.update(rotationRate: .zero, acceleration: faceUpGravity, interval: 0.01) }
        #expect(abs(fusion.attitude.roll) < 0.003 && abs(fusion.attitude.pitch) < 0.003)
        #expect(abs(fusion.attitude.yaw - 0.7) < 0.05)
    }

    @Test("at rest with a biased gyroscope the attitude stays put (within 0.005 rad over 10 s)")
    func restingWithABiasedGyroscopeStaysPut() {
        let clock = ManualClock()
        let manager = Self.fusedManager(clock: clock)
        let bias = Vector3(x: 0.03, y: -0.02, z: 0.05)
        // Deterministic reading noise: ±0.004 rad/s and ±0.002 g, alternating.
        func noise(_ t: Double, _ size: Double) -> Double { Int((t * 100).rounded()) % 2 == 0 ? size : -size }
        var worstYaw = 0.0
        for second in 0..<10 {
            feed(manager, clock: clock, from: Double(second), for: 0.99,
                 acceleration: { faceUpGravity + Vector3(x: noise($0, 0.002), y: 0, z: 0) },
                 rate: { bias + Vector3(x: noise($0, 0.004), y: -noise($0, 0.004), z: noise($0, 0.004)) })
            worstYaw = max(worstYaw, abs(manager.deviceMotion?.attitude.yaw ?? .nan))
        }
        guard let motion = manager.deviceMotion else {
            Issue.record("no device motion")
            return
        }
        #expect(motion.attitude.quaternion.angle < 0.005, "drifted to \(motion.attitude.eulerAngles)")
        #expect(worstYaw < 0.005)
        #expect(motion.rotationRate.length < 0.01, "unbiased rate \(motion.rotationRate)")
        #expect(close(motion.gravity, faceUpGravity, within: 1e-3))

        // Without removing the bias the same readings turn the device by
        // half a radian about the vertical: what the estimate prevents.
        var plain = MahonyFilter()
        for _ in 0..<1000 { plain.update(rotationRate: bias, acceleration: faceUpGravity, interval: 0.01) }
        #expect(abs(plain.attitude.yaw) > 0.45)
    }

    @Test func theBiasIsOnlyLearnedWhileStill() {
        var estimator = GyroBiasEstimator()
        let bias = Vector3(x: 0.01, y: 0.02, z: -0.03)
        var updates: [GyroBiasEstimator.Update] = []
        for _ in 0..<60 { updates.append(estimator.add(rotationRate: bias, acceleration: faceUpGravity, interval: 0.01)) }
        #expect(updates.first == .moving && updates.contains(.cameToRest) && updates.last == .resting)
        #expect(updates.filter { $0 == .cameToRest }.count == 1)
        #expect(close(estimator.bias, bias, within: 1e-12) && estimator.isAtRest)
        // Turning faster than any bias: moving, and the estimate is kept.
        #expect(estimator.add(rotationRate: Vector3(x: 0.5, y: 0, z: 0), acceleration: faceUpGravity, interval: 0.01) == .moving)
        #expect(!estimator.isAtRest && close(estimator.bias, bias, within: 1e-12))
        // Still gyroscope but a changing acceleration: not at rest either.
        for step in 0..<100 {
            _ = estimator.add(rotationRate: .zero, acceleration: faceUpGravity + Vector3(x: Double(step % 2) * 0.1, y: 0, z: 0), interval: 0.01)
        }
        #expect(!estimator.isAtRest && close(estimator.bias, bias, within: 1e-12))
        // With no acceleration at all nothing can be judged.
        #expect(estimator.add(rotationRate: .zero, acceleration: nil, interval: 0.01) == .moving)
    }

    @Test("the change from a reference attitude is the rotation since (within 1e-4 rad)")
    func referenceAttitudeGivesTheChange() {
        let clock = ManualClock()
        let manager = Self.fusedManager(clock: clock)
        let tilt = Attitude(roll: 0.4, pitch: -0.3, yaw: 0)
        feed(manager, clock: clock, from: 0, for: 1, acceleration: { _ in tilt.gravity })
        guard let reference = manager.deviceMotion?.attitude else {
            Issue.record("no device motion")
            return
        }
        #expect(abs(reference.roll - 0.4) < 1e-3 && abs(reference.pitch + 0.3) < 1e-3)
        // The swing: a turn about the device's own y axis at 2 rad/s for half a second.
        let swing = Vector3(x: 0, y: 2, z: 0)
        feed(manager, clock: clock, from: 1.01, for: 0.5,
             acceleration: { Attitude(quaternion: tilt.quaternion * Quaternion(rotationVector: swing * ($0 + 0.01))).gravity },
             rate: { _ in swing })
        guard let current = manager.deviceMotion?.attitude else {
            Issue.record("no device motion")
            return
        }
        let change = current.multiplied(byInverseOf: reference)
        #expect(change.quaternion.angle(to: Quaternion(axis: yAxis, angle: 1.02)) < 1e-4, "change \(change.eulerAngles)")
        #expect(abs(change.roll - 1.02) < 1e-4)
    }

    @Test func withoutAGyroscopeDeviceMotionIsRollAndPitchFromGravity() {
        let clock = ManualClock()
        let control = FakeSensorControl()
        control.sensors[.device] = .accelerometer
        let manager = MotionManager(clock: clock, sensorControl: control)
        #expect(manager.deviceMotionAvailability == .rollAndPitchOnly && !manager.isDeviceMotionAvailable)
        #expect(manager.isAccelerometerAvailable && !manager.isGyroAvailable)
        manager.startDeviceMotionUpdates()
        let tilt = Attitude(roll: 0.3, pitch: -0.4, yaw: 0)
        feed(manager, clock: clock, from: 0, for: 1, gyroscope: nil, acceleration: { _ in tilt.gravity })
        let motion = manager.deviceMotion
        #expect(motion?.isFused == false)
        #expect(motion.map { abs($0.attitude.roll - 0.3) < 1e-9 && abs($0.attitude.pitch + 0.4) < 1e-9 && abs($0.attitude.yaw) < 1e-12 } == true)
        #expect(motion?.rotationRate == .zero)
        #expect(motion.map { close($0.gravity + $0.userAcceleration, tilt.gravity, within: 1e-12) } == true)
        // A jolt shows as user acceleration; gravity, low-passed, hardly moves.
        clock.advance(by: 0.01)
        manager.handle(accelerometerEvent(tilt.gravity + xAxis, sensorTime: clock.now, at: clock.now))
        #expect(manager.deviceMotion.map { close($0.gravity, tilt.gravity, within: 0.06) && $0.userAcceleration.x > 0.9 } == true)
    }
}
