import Foundation
import Testing
@testable import Tactile
import TactileTestSupport

/// The tilt detector works its angle out when asked and decides on the
/// cosine where it can (`TiltDetector.Threshold`): it must decide exactly as
/// it did with `acos` at every reading, and report the same angle, to the bit.
@Suite("Tilt detector: the angle when asked")
struct TiltDetectorAngleTests {
    /// The detector as it was: `acos` at every reading, tested against the
    /// angle (the reference the cosine's test must agree with).
    struct Reference {
        var angle: Double = 35 * .pi / 180
        var hysteresis: Double = GestureDefaults.tiltHysteresis
        var timeConstant: Double = GestureDefaults.tiltTimeConstant
        var rest: Vector3?
        var gravity: Vector3?
        var tilt = 0.0
        var isTilted = false
        var lastTime: Double?

        mutating func add(acceleration: Vector3, at time: Double) -> Bool {
            guard acceleration.isFinite, time.isFinite, acceleration.length > 0 else { return isTilted }
            if let previous = lastTime, let current = gravity {
                guard time > previous else { return isTilted }
                lastTime = time
                guard abs(acceleration.length - 1) <= 0.2 else { return isTilted }
                let factor = LowPassFilter.factor(timeConstant: timeConstant, interval: time - previous)
                gravity = current + (acceleration - current) * factor
            } else {
                gravity = acceleration
            }
            lastTime = time
            guard let down = gravity?.normalized else { return isTilted }
            if rest == nil { rest = down }
            guard let rest = rest?.normalized else { return isTilted }
            tilt = acos(min(1, max(-1, down.dot(rest))))
            isTilted = isTilted ? tilt >= angle - hysteresis : tilt >= angle
            return isTilted
        }
    }

    /// Angles a setting may hold: ordinary ones, the edges of the range the
    /// cosine decides (0.001 and π − 0.001), and those left to `acos`.
    static let angles: [Double] = [
        35 * .pi / 180, 30 * .pi / 180, 20 * .pi / 180, 1, 0.5, 3, 0.001, 0.001.nextUp, 0.001.nextDown,
        .pi - 0.001, (.pi - 0.001).nextUp, 1e-9, 0, -0.0, -0.3, .pi, 4, .infinity, -.infinity, .nan,
    ]

    @Test func theCosinesTestIsTheAnglesOnCosinesAtAndAroundEachThreshold() {
        var random = SplitMix64(seed: 14)
        var checked = 0
        for angle in Self.angles {
            var threshold = TiltDetector.Threshold()
            // The threshold's own cosine and its neighbours to the bit, then
            // cosines 1e-12 to 1e-6 off: where `acos` is asked, and where not.
            var cosines: [Double] = [-1, 1, 0, -0.0, .nan, cos(angle), acos(-1), 0.999_999_999_999]
            var near = cos(angle), far = cos(angle)
            for _ in 0..<64 {
                near = near.nextUp
                far = far.nextDown
                cosines += [near, far]
            }
            for exponent in 6...12 {
                let off = pow(10, -Double(exponent))
                cosines += [cos(angle) + off, cos(angle) - off, cos(angle) + 1.5 * off, cos(angle) - 0.5 * off]
            }
            for _ in 0..<2_000 { cosines.append(Double.random(in: -1...1, using: &random)) }
            for cosine in cosines {
                let clamped = min(1, max(-1, cosine))
                #expect(threshold.isReached(byAngleOf: clamped, angle: angle) == (acos(clamped) >= angle),
                        "cosine \(clamped) angle \(angle)")
                checked += 1
            }
        }
        #expect(checked > 40_000)
    }

    @Test func theDetectorDecidesAndReportsAsWithAcosAtEveryReading() {
        var random = SplitMix64(seed: 15)
        for round in 0..<60 {
            var detector = TiltDetector()
            var reference = Reference()
            // Settings changed between rounds, some left to `acos`.
            let angle = round % 5 == 4 ? Self.angles[round % Self.angles.count] : Double.random(in: 0.05...1.5, using: &random)
            let hysteresis = round % 7 == 6 ? .nan : Double.random(in: 0...0.3, using: &random)
            let timeConstant = round % 3 == 0 ? 0 : Double.random(in: 0...0.3, using: &random)
            detector.settings.angle = angle
            detector.settings.hysteresis = hysteresis
            detector.settings.timeConstant = timeConstant
            reference.angle = angle
            reference.hysteresis = hysteresis
            reference.timeConstant = timeConstant
            // The first reading's rest, face up (the recognizer's), or askew.
            if round % 4 != 1 {
                let rest = round % 4 == 2 ? Vector3(x: 0.1, y: -0.2, z: -1) : Vector3(x: 0, y: 0, z: -1)
                detector.rest = rest
                reference.rest = rest
            }
            // A device tipped about a random axis, swaying across the
            // threshold, now and then exactly at it, jolted, or a reading
            // repeated or not finite.
            let axis = Double.random(in: 0..<(2 * .pi), using: &random)
            var time = 0.0
            var transitions = 0
            for step in 0..<400 {
                time += step % 53 == 52 ? 0 : 0.01
                let sway = angle + Double.random(in: -0.3...0.3, using: &random)
                let tip = step % 11 == 0 && angle.isFinite ? angle : sway
                var acceleration = Vector3(x: sin(tip) * cos(axis), y: sin(tip) * sin(axis), z: -cos(tip))
                if step % 37 == 36 { acceleration = acceleration + Vector3(x: 1.5, y: 0, z: 0) }
                if step % 97 == 96 { acceleration = Vector3(x: .nan, y: 0, z: -1) }
                let was = detector.isTilted
                let tilted = detector.add(acceleration: acceleration, at: time)
                #expect(tilted == reference.add(acceleration: acceleration, at: time), "round \(round) step \(step)")
                #expect(detector.angle.bitPattern == reference.tilt.bitPattern, "round \(round) step \(step)")
                #expect(detector.isTilted == reference.isTilted)
                if tilted != was { transitions += 1 }
            }
            if round == 0 { #expect(transitions > 4, "the sway crosses the threshold") }
            detector.reset()
            #expect(detector.angle.bitPattern == (0.0).bitPattern)
        }
    }

    @Test func aRestoredAngleIsReportedAsSavedUntilTheNextReading() {
        var detector = TiltDetector()
        for step in 0..<50 {
            let tip = 0.01 * Double(step)
            _ = detector.add(acceleration: Vector3(x: 0, y: -sin(tip), z: -cos(tip)), at: Double(step) / 100)
        }
        let words = SnapshotWords(capacity: 64)
        var writer = RecognizerStateWriter(storage: words, touches: [])
        detector.save(to: &writer)
        var copy = TiltDetector()
        var reader = RecognizerStateReader(storage: writer.storage, touches: [], range: 0..<writer.count)
        copy.restore(from: &reader)
        #expect(!reader.isOverrun)
        #expect(copy.angle.bitPattern == detector.angle.bitPattern)
        #expect(copy == detector)
        #expect(copy.hashValue == detector.hashValue)
        _ = copy.add(acceleration: Vector3(x: 0, y: -sin(0.6), z: -cos(0.6)), at: 0.6)
        _ = detector.add(acceleration: Vector3(x: 0, y: -sin(0.6), z: -cos(0.6)), at: 0.6)
        #expect(copy.angle.bitPattern == detector.angle.bitPattern)
        #expect(copy.isTilted == detector.isTilted)
    }
}
