import Foundation
import Testing
@testable import Tactile
import TactileTestSupport

/// The rules of the motion gestures other than the shake (flick, tilt,
/// twist, knock), on synthetic sensor streams at 100 Hz.
@Suite("Motion gesture rules")
struct MotionGestureDetectorTests {
    /// Readings at 100 Hz for `seconds`, from `value(t)`.
    static func times(_ seconds: Double) -> [Double] { (0...Int(seconds * 100)).map { Double($0) / 100 } }

    /// A turn of `angle` radians about `axis` and back, out in `duration` / 2
    /// and back in the same, starting at `start`: a half sine of rate each way.
    static func turnAndBack(axis: Vector3, angle: Double, duration: Double, start: Double = 0.5) -> (Double) -> Vector3 {
        { t in
            let s = t - start
            guard s >= 0, s < duration else { return .zero }
            // ∫ of π/(d/2)·A/2·sin over a half period is A.
            let half = duration / 2
            let peak = angle * .pi / (2 * half)
            return axis * (peak * sin(2 * .pi * s / duration))
        }
    }

    static func flicks(_ rate: (Double) -> Vector3, noise: Double = 0, seconds: Double = 2) -> [FlickDirection] {
        var detector = FlickDetector()
        var random = SplitMix64(seed: 3)
        return times(seconds).compactMap { t in
            detector.add(rotationRate: rate(t) + random.vector(noise), at: t)
        }
    }

    @Test func aQuickTurnAndBackIsAFlickNamedByTheScreensTurn() {
        #expect(Self.flicks(Self.turnAndBack(axis: Vector3(x: 1, y: 0, z: 0), angle: 0.5, duration: 0.3)) == [.down])
        #expect(Self.flicks(Self.turnAndBack(axis: Vector3(x: -1, y: 0, z: 0), angle: 0.5, duration: 0.3)) == [.up])
        #expect(Self.flicks(Self.turnAndBack(axis: Vector3(x: 0, y: 1, z: 0), angle: 0.5, duration: 0.3)) == [.right])
        #expect(Self.flicks(Self.turnAndBack(axis: Vector3(x: 0, y: -1, z: 0), angle: 0.5, duration: 0.3)) == [.left])
    }

    @Test func slowSmallOrOneWayTurnsAreNotFlicks() {
        // Too slow: out and back in 1.2 s.
        #expect(Self.flicks(Self.turnAndBack(axis: Vector3(x: 1, y: 0, z: 0), angle: 0.8, duration: 1.2)).isEmpty)
        // Too small: 8°, quickly.
        #expect(Self.flicks(Self.turnAndBack(axis: Vector3(x: 1, y: 0, z: 0), angle: 0.14, duration: 0.2)).isEmpty)
        // A quick turn that stays: a half sine out, nothing back.
        let oneWay: (Double) -> Vector3 = { t in
            (0.5..<0.65).contains(t) ? Vector3(x: 5 * sin(.pi * (t - 0.5) / 0.15), y: 0, z: 0) : .zero
        }
        #expect(Self.flicks(oneWay).isEmpty)
        // Gyroscope noise of a device held still (0.05 rad/s).
        #expect(Self.flicks({ _ in .zero }, noise: 0.05, seconds: 5).isEmpty)
    }

    @Test func tiltBeginsBeyondTheAngleAndEndsWithHysteresis() {
        var detector = TiltDetector()
        // Face up at rest, then tipped about x to 30°, held, back to 17°
        // (still tilted: within the 5° hysteresis of 20°), then to 10°.
        func gravity(_ degrees: Double) -> Vector3 {
            let angle = degrees * .pi / 180
            return Vector3(x: 0, y: -sin(angle), z: -cos(angle))
        }
        let plan: [(Double, Double)] = [(0, 0), (0.5, 30), (1.5, 17), (2.5, 10)]
        var log: [(Double, Bool)] = []
        var was = false
        for t in Self.times(3.5) {
            let degrees = plan.last { $0.0 <= t }!.1
            let tilted = detector.add(acceleration: gravity(degrees), at: t)
            if tilted != was { log.append((t, tilted)) }
            was = tilted
        }
        #expect(log.map(\.1) == [true, false])
        #expect(log[0].0 > 0.5 && log[0].0 < 0.9, "\(log)")
        #expect(log[1].0 > 2.5 && log[1].0 < 2.9, "\(log)")
        #expect(abs(detector.angle - 10 * .pi / 180) < 0.02)
        #expect(detector.direction.y < -0.99)
    }

    @Test func aJoltDoesNotTilt() {
        var detector = TiltDetector()
        var tiltedAt: [Double] = []
        for t in Self.times(2) {
            let jolt = (0.5..<0.52).contains(t) ? Vector3(x: 2, y: 0, z: 0) : .zero
            if detector.add(acceleration: Vector3(x: 0, y: 0, z: -1) + jolt, at: t) { tiltedAt.append(t) }
        }
        #expect(tiltedAt.isEmpty)
    }

    @Test func aQuickTurnAboutTheLongAxisIsATwist() {
        func twists(_ rate: (Double) -> Vector3, seconds: Double = 2) -> [Int] {
            var detector = TwistDetector()
            return Self.times(seconds).compactMap { detector.add(rotationRate: rate($0), at: $0) }
        }
        // 90° about y in 0.3 s, either way; once per turn.
        let quick: (Double) -> Vector3 = { t in (0.5..<0.8).contains(t) ? Vector3(x: 0, y: .pi / 2 / 0.3, z: 0) : .zero }
        #expect(twists(quick) == [1])
        #expect(twists { -quick($0) } == [-1])
        // The same turn about x is not a twist; nor is 90° about y in 2 s.
        #expect(twists { Vector3(x: quick($0).y, y: 0, z: 0) }.isEmpty)
        #expect(twists({ t in (0.5..<2.5).contains(t) ? Vector3(x: 0, y: .pi / 2 / 2, z: 0) : .zero }, seconds: 3).isEmpty)
        // A flick about y (out 30° and back) is not a twist either.
        #expect(twists(Self.turnAndBack(axis: Vector3(x: 0, y: 1, z: 0), angle: 0.5, duration: 0.3)).isEmpty)
    }

    @Test func aSharpJoltIsAKnockAndShakingIsNot() {
        func knocks(_ acceleration: (Double) -> Vector3, seconds: Double = 2) -> [Double] {
            var detector = KnockDetector()
            return Self.times(seconds).compactMap { detector.add(acceleration: acceleration($0), at: $0) }
        }
        let rest = Vector3(x: 0, y: 0, z: -1)
        // One reading 3 g off, then back.
        #expect(knocks { t in abs(t - 0.5) < 0.005 ? rest + Vector3(x: 0, y: 0, z: 3) : rest }.count == 1)
        // Two knocks 0.2 s apart are two.
        #expect(knocks { t in abs(t - 0.5) < 0.005 || abs(t - 0.7) < 0.005 ? rest + Vector3(x: 0, y: 0, z: 3) : rest }.count == 2)
        // A push that lasts 0.15 s is not a knock.
        #expect(knocks { t in (0.5..<0.65).contains(t) ? rest + Vector3(x: 2, y: 0, z: 0) : rest }.isEmpty)
        // Shaking at 5 Hz, 3 g: not knocks.
        #expect(knocks { t in (0.5..<1.5).contains(t) ? rest + Vector3(x: 3 * sin(2 * .pi * 5 * (t - 0.5)), y: 0, z: 0) : rest }.isEmpty)
    }

    @Test func noiseWithNoMotionFiresNothingAndBadReadingsAreIgnored() {
        var flick = FlickDetector(), tilt = TiltDetector(), twist = TwistDetector(), knock = KnockDetector(), shake = ShakeDetector()
        var random = SplitMix64(seed: 9)
        var fired: [String] = []
        for t in Self.times(10) {
            // A device held still: accelerometer noise 0.02 g, gyroscope 0.03 rad/s.
            let acceleration = Vector3(x: 0, y: 0, z: -1) + random.vector(0.02)
            let rate = random.vector(0.03)
            if flick.add(rotationRate: rate, at: t) != nil { fired.append("flick") }
            if twist.add(rotationRate: rate, at: t) != nil { fired.append("twist") }
            if tilt.add(acceleration: acceleration, at: t) { fired.append("tilt") }
            if knock.add(acceleration: acceleration, at: t) != nil { fired.append("knock") }
            if shake.add(acceleration, at: t) != nil { fired.append("shake") }
            // NaN and a reading from the past, every second.
            if Int(t * 100) % 100 == 50 {
                let nan = Vector3(x: .nan, y: 0, z: 0)
                if flick.add(rotationRate: nan, at: t) != nil || twist.add(rotationRate: nan, at: t - 0.3) != nil
                    || tilt.add(acceleration: nan, at: t) || knock.add(acceleration: nan, at: .nan) != nil
                    || shake.add(nan, at: t) != nil || knock.add(acceleration: Vector3(x: 9, y: 9, z: 9), at: t - 0.3) != nil {
                    fired.append("bad input")
                }
            }
        }
        #expect(fired.isEmpty)
    }
}

extension SplitMix64 {
    /// Gaussian noise of `sigma` on each axis.
    mutating func vector(_ sigma: Double) -> Vector3 {
        func uniform() -> Double { Double(next() >> 11) / Double(1 << 53) }
        func gaussian() -> Double { (-2 * log(max(uniform(), 1e-300))).squareRoot() * cos(2 * .pi * uniform()) }
        return Vector3(x: gaussian() * sigma, y: gaussian() * sigma, z: gaussian() * sigma)
    }
}
