import Foundation
import Testing
@testable import Tactile

/// The guide's low-pass and high-pass filters (listings 4-5 and 4-6).
@Suite("Motion filters")
struct MotionFilterTests {
    @Test func lowPassFollowsTheListingExactlyAndConvergesToGravity() {
        var filter = LowPassFilter()
        #expect(filter.factor == 0.1)
        let gravity = Vector3(x: 0.1, y: -0.2, z: -0.97)
        var expected = Vector3.zero
        for n in 1...300 {
            let output = filter.filter(gravity)
            // Listing 4-5: accel = acceleration × k + accel × (1 − k), from zero.
            expected = Vector3(
                x: gravity.x * 0.1 + expected.x * 0.9, y: gravity.y * 0.1 + expected.y * 0.9, z: gravity.z * 0.1 + expected.z * 0.9)
            #expect(output == expected)
            if n == 10 {
                // g (1 − 0.9ⁿ): about 65 % of the way after ten readings.
                #expect(close(output, gravity * (1 - pow(0.9, 10)), within: 1e-12))
            }
        }
        #expect(close(filter.value, gravity, within: 1e-12))
    }

    @Test func lowPassBarelyMovesForAShortLivedJolt() {
        var filter = LowPassFilter(initialValue: faceUpGravity)
        let jolted = filter.filter(faceUpGravity + Vector3(x: 2, y: 0, z: 0))
        #expect(close(jolted, Vector3(x: 0.2, y: 0, z: -1), within: 1e-12))
        for _ in 0..<100 { filter.filter(faceUpGravity) }
        #expect(close(filter.value, faceUpGravity, within: 1e-4))
    }

    @Test func theFactorIsConfigurableAndKeptInRange() {
        var half = LowPassFilter(factor: 0.5)
        #expect(half.filter(xAxis) == Vector3(x: 0.5, y: 0, z: 0))
        half.factor = 1.5
        #expect(half.factor == 1)
        half.factor = -1
        #expect(half.factor == 0)
        half.factor = .nan
        #expect(half.factor == LowPassFilter.guideFactor)
        var highPass = HighPassFilter(factor: 0.25)
        #expect(highPass.factor == 0.25)
        #expect(highPass.filter(xAxis) == Vector3(x: 0.75, y: 0, z: 0))
    }

    @Test func theGuidesFactorIsATimeConstantOfAFifthOfASecondAt50Hz() {
        // 0.1 per reading at 50 Hz (listing 4-3) is τ = 0.02 × 0.9 / 0.1 = 0.18 s.
        #expect(abs(LowPassFilter.factor(timeConstant: 0.18, interval: 0.02) - 0.1) < 1e-12)
        #expect(LowPassFilter.factor(timeConstant: 0.18, interval: 0) == 0)
        #expect(LowPassFilter.factor(timeConstant: 0.18, interval: -1) == 0)
        #expect(LowPassFilter.factor(timeConstant: 0, interval: 0.01) == 1)
    }

    @Test func highPassIsolatesAStep() {
        // At rest, primed with gravity: nothing comes out.
        var filter = HighPassFilter(lowPassValue: faceUpGravity)
        for _ in 0..<10 { #expect(close(filter.filter(faceUpGravity), .zero, within: 1e-15)) }
        // A step of 1 g along x: the jump comes through (less the 10 % the
        // low-pass takes at once) and decays by 0.9 per reading; gravity
        // never appears in the output.
        let stepped = faceUpGravity + xAxis
        for n in 1...200 {
            let output = filter.filter(stepped)
            #expect(abs(output.x - pow(0.9, Double(n))) < 1e-12, "reading \(n): \(output)")
            #expect(abs(output.y) < 1e-15 && abs(output.z) < 1e-12)
        }
        #expect(close(filter.value, .zero, within: 1e-9))
        // The step back is the same, negated.
        #expect(abs(filter.filter(faceUpGravity).x + 0.9) < 1e-9)
    }

    @Test func highPassStartedAtZeroAsInTheGuideSeesGravityArriveOnce() {
        var filter = HighPassFilter()
        #expect(close(filter.filter(faceUpGravity), faceUpGravity * 0.9, within: 1e-15))
        for _ in 0..<300 { filter.filter(faceUpGravity) }
        #expect(close(filter.value, .zero, within: 1e-12))
    }
}
