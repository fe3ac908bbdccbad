import Foundation
import Testing
import TactileTestSupport
@testable import Tactile

/// Quaternions, rotation matrices, the attitude's three representations,
/// reference-attitude arithmetic, and the conversion from SDL's units.
@Suite("Motion math")
struct MotionMathTests {
    /// Random unit quaternions, the same on every run.
    static func randomAttitudes(_ count: Int, seed: UInt64 = 6) -> [Quaternion] {
        var random = SplitMix64(seed: seed)
        func unit() -> Double { Double(random.next() >> 11) / Double(1 << 53) * 2 - 1 }
        return (0..<count).map { _ in Quaternion(w: unit(), x: unit(), y: unit(), z: unit()).normalized() }
    }

    @Test func aQuarterTurnAboutZTakesXToY() {
        let turn = Quaternion(axis: zAxis, angle: .pi / 2)
        #expect(close(turn.rotate(xAxis), yAxis))
        #expect(close(RotationMatrix(turn) * xAxis, yAxis))
        // Right-hand rule about x: y goes to z.
        #expect(close(Quaternion(axis: xAxis, angle: .pi / 2).rotate(yAxis), zAxis))
    }

    @Test func productsComposeRightToLeftAndMatricesAgree() {
        let attitudes = Self.randomAttitudes(40)
        let vector = Vector3(x: 0.3, y: -1.2, z: 2)
        for (a, b) in zip(attitudes, attitudes.reversed()) {
            #expect(close((a * b).rotate(vector), a.rotate(b.rotate(vector))))
            #expect(close(RotationMatrix(a) * vector, a.rotate(vector)))
            #expect(close(RotationMatrix(a * b) * vector, (RotationMatrix(a) * RotationMatrix(b)) * vector))
            #expect(close((a.inverse * a).rotate(vector), vector))
        }
    }

    @Test func theExponentialMapIsTheAxisAngleRotation() {
        let vector = Vector3(x: 0.4, y: -0.2, z: 0.9)
        let expected = Quaternion(axis: vector, angle: vector.length)
        let actual = Quaternion(rotationVector: vector)
        #expect(actual.angle(to: expected) < 1e-12)
        // The small-angle branch agrees with the general one at its edge.
        let tiny = Vector3(x: 1e-7, y: 2e-7, z: -3e-7)
        #expect(Quaternion(rotationVector: tiny).angle(to: Quaternion(axis: tiny, angle: tiny.length)) < 1e-15)
    }

    @Test func eulerAnglesRoundTrip() {
        var random = SplitMix64(seed: 61)
        func angle(_ limit: Double) -> Double { (Double(random.next() >> 11) / Double(1 << 53) * 2 - 1) * limit }
        for _ in 0..<200 {
            let roll = angle(.pi * 0.999), pitch = angle(.pi / 2 * 0.999), yaw = angle(.pi * 0.999)
            let angles = Attitude(roll: roll, pitch: pitch, yaw: yaw).eulerAngles
            #expect(abs(angles.roll - roll) < 1e-9 && abs(angles.pitch - pitch) < 1e-9 && abs(angles.yaw - yaw) < 1e-9,
                    "(\(roll), \(pitch), \(yaw)) came back as \(angles)")
        }
    }

    @Test func theAnglesMeanWhatTheGuideSays() {
        // Pitch lifts the top edge: at +90° the device is upright in portrait.
        #expect(close(Attitude(roll: 0, pitch: .pi / 2, yaw: 0).gravity, Vector3(x: 0, y: -1, z: 0)))
        // Roll lowers the right edge: at +90° gravity points along +x.
        #expect(close(Attitude(roll: .pi / 2, pitch: 0, yaw: 0).gravity, xAxis))
        // Yaw turns about the vertical: gravity does not change.
        #expect(close(Attitude(roll: 0, pitch: 0, yaw: 1.2).gravity, faceUpGravity))
        // At the identity the device lies face up and gravity is the guide's [0, 0, −1].
        #expect(Attitude.identity.gravity == faceUpGravity)
    }

    @Test func gravityIsTheRotationMatrixTimesTheGravityReference() {
        for q in Self.randomAttitudes(50, seed: 7) {
            let attitude = Attitude(quaternion: q)
            #expect(close(attitude.gravity, attitude.rotationMatrix * faceUpGravity))
            // R takes reference vectors to the device's frame: the inverse of the quaternion's rotation.
            #expect(close(attitude.rotationMatrix * xAxis, q.conjugate.rotate(xAxis)))
        }
    }

    @Test func anAttitudeLevelledWithGravityReproducesIt() {
        for q in Self.randomAttitudes(50, seed: 8) {
            let gravity = Attitude(quaternion: q).gravity
            let levelled = Attitude(gravity: gravity * 0.97, yaw: 0.4)
            #expect(levelled.map { close($0.gravity, gravity) } == true)
            #expect(levelled.map { abs($0.yaw - 0.4) < 1e-9 } == true)
        }
        #expect(Attitude(gravity: .zero) == nil)
    }

    @Test func multiplyingByTheInverseOfTheReferenceGivesTheChange() {
        // The guide's bat swing: the reference is the attitude at the start
        // of the pitch; the swing is a turn about the device's own z axis.
        let reference = Attitude(roll: 0.2, pitch: 0.3, yaw: 0.5)
        let swing = Quaternion(axis: zAxis, angle: 1.1)
        var current = Attitude(quaternion: reference.quaternion * swing)
        current.multiply(byInverseOf: reference)
        #expect(current.quaternion.angle(to: swing) < 1e-12)
        #expect(abs(current.yaw - 1.1) < 1e-12 && abs(current.roll) < 1e-12 && abs(current.pitch) < 1e-12)

        // In matrices it is R × R_reference⁻¹, as the method's name says.
        for (a, b) in zip(Self.randomAttitudes(30, seed: 9), Self.randomAttitudes(30, seed: 10)) {
            let now = Attitude(quaternion: a), then = Attitude(quaternion: b)
            let change = now.multiplied(byInverseOf: then).rotationMatrix
            let expected = now.rotationMatrix * then.rotationMatrix.transposed
            #expect(close(change * xAxis, expected * xAxis) && close(change * zAxis, expected * zAxis))
            #expect(now.multiplied(byInverseOf: now).quaternion.angle < 1e-7)
        }
    }

    @Test func sdlUnitsBecomeTheGuidesInOnePlace() {
        // SDL: a device at rest reads standard gravity *away* from the earth,
        // in m/s². The guide: gravity itself, in g.
        let faceUp = SensorSample(kind: .accelerometer, source: .device(0), value: Vector3(x: 0, y: 0, z: 9.80665))
        #expect(faceUp.motionValue == faceUpGravity)
        let heldInFront = SensorSample(kind: .accelerometer, source: .controller(3), value: Vector3(x: 0, y: 9.80665, z: 0))
        #expect(heldInFront.motionValue == Vector3(x: 0, y: -1, z: 0))
        let shaken = SensorSample(kind: .accelerometer, source: .device(0), value: Vector3(x: 19.6133, y: 0, z: 0))
        #expect(close(shaken.motionValue, Vector3(x: -2, y: 0, z: 0), within: 1e-12))
        // Rotation rates are radians per second, counter-clockwise positive, in both.
        let turning = SensorSample(kind: .gyroscope, source: .device(1), value: Vector3(x: 0.5, y: -1, z: 2))
        #expect(turning.motionValue == Vector3(x: 0.5, y: -1, z: 2))
    }

    @Test func degenerateQuaternionsBecomeNoRotation() {
        #expect(Quaternion(w: 0, x: 0, y: 0, z: 0).normalized() == .identity)
        #expect(Quaternion(w: .nan, x: 0, y: 0, z: 0).normalized() == .identity)
        #expect(Quaternion(w: 0, x: 0, y: 0, z: 0).inverse == .identity)
        #expect(Quaternion(axis: .zero, angle: 2) == .identity)
    }
}
