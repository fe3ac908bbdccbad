import Testing
@testable import Tactile
import TactileTestSupport

/// The least-squares velocity estimate on its own: accuracy at the rates
/// events arrive at, the pause before a lift, and input that would divide
/// by zero.
struct VelocityTrackerTests {
    /// A value moving at `speed` per second, sampled at `times`.
    func tracker(speed: Double, times: [Double], start: Double = 0) -> VelocityTracker {
        var tracker = VelocityTracker()
        for time in times { tracker.add(start + speed * (time - times[0]), at: time) }
        return tracker
    }

    // MARK: Accuracy

    /// Samples on the line give its slope, to rounding error, however they
    /// are spaced (tolerance 1e-9 of the speed).
    @Test(arguments: Sampling.all)
    func aConstantSpeedIsMeasuredExactly(sampling: Sampling) {
        let times = sampling.times(from: 3, for: 0.25)
        let tracker = tracker(speed: -750, times: times, start: 40)
        #expect(isClose(tracker.velocity(at: times.last!), to: -750, within: 1e-9))
    }

    /// SDL2 stamps events in whole milliseconds: the positions are where the
    /// finger was, the times are truncated (by up to 0.9 ms of a 8.3 ms
    /// interval at 120 Hz). The fit absorbs it to within 1%.
    @Test(arguments: Sampling.all)
    func millisecondTimestampsCostLittleAccuracy(sampling: Sampling) {
        var tracker = VelocityTracker()
        for time in sampling.times(from: 0, for: 0.2) {
            tracker.add(900 * time, at: (time * 1000).rounded(.down) / 1000)
        }
        let velocity = tracker.velocity(at: 0.2)
        #expect(isClose(velocity, to: 900, within: 0.01), "\(velocity)")
    }

    /// Only the last 100 ms count: a drag that slowed down is reported at
    /// its new speed, not its average.
    @Test func onlyTheLast100MillisecondsCount() {
        var tracker = VelocityTracker()
        var value = 0.0
        for step in 0...60 {
            let time = Double(step) / 120
            tracker.add(value, at: time)
            value += (time < 0.3 ? 2000 : 300) / 120
        }
        #expect(isClose(tracker.velocity(at: 0.5), to: 300, within: 1e-9))
    }

    /// A 1000 Hz mouse fills the ring in 20 ms: the fit uses those 20.
    @Test func theRingKeepsTheNewest20Samples() {
        let times = (0..<50).map { Double($0) / 1000 }
        let tracker = tracker(speed: 120, times: times)
        #expect(tracker.count == VelocityTracker.capacity)
        #expect(isClose(tracker.velocity(at: 0.049), to: 120, within: 1e-9))
    }

    /// A clock that has run for eleven days loses no precision.
    @Test func aLargeClockReadingLosesNoPrecision() {
        let times = Sampling.rate(60).times(from: 1_000_000, for: 0.1)
        let tracker = tracker(speed: 480, times: times)
        #expect(isClose(tracker.velocity(at: times.last!), to: 480, within: 1e-6))
    }

    // MARK: Stopping

    /// A finger that stops and then lifts was not moving when it lifted:
    /// more than 40 ms after the newest sample, the velocity is 0.
    @Test func aPauseBeforeTheEndGivesZero() {
        let times = Sampling.rate(60).times(from: 0, for: 0.2)
        let tracker = tracker(speed: 1000, times: times)
        #expect(isClose(tracker.velocity(at: times.last! + 0.030), to: 1000, within: 1e-9))
        #expect(tracker.velocity(at: times.last! + 0.041) == 0)
        #expect(tracker.velocity(at: .nan) == 0)
    }

    /// A rest of more than 40 ms between samples cuts the fit: a finger
    /// that stopped and moved off again is measured on the new movement.
    @Test func aGapCutsTheFit() {
        var tracker = VelocityTracker()
        tracker.add(0, at: 0.00)
        tracker.add(10, at: 0.01)
        tracker.add(20, at: 0.02)     // 1000 per second, then a rest
        tracker.add(20, at: 0.07)
        tracker.add(22, at: 0.08)     // 200 per second
        #expect(isClose(tracker.velocity(at: 0.08), to: 200, within: 1e-9))
    }

    // MARK: Too little to go on

    @Test func noSampleOrOneGivesZero() {
        var tracker = VelocityTracker()
        #expect(tracker.velocity(at: 0) == 0)
        tracker.add(5, at: 0)
        #expect(tracker.velocity(at: 0) == 0)
        tracker.add(6, at: 0.01)
        #expect(isClose(tracker.velocity(at: 0.01), to: 100, within: 1e-9))
        tracker.removeAll()
        #expect(tracker.count == 0 && tracker.velocity(at: 0.01) == 0)
    }

    /// Samples at one instant, or within a millisecond, have no time to
    /// divide by: 0, not infinity or NaN.
    @Test func zeroDurationIntervalsGiveZero() {
        var sameInstant = VelocityTracker()
        for value in [1.0, 50, -20, 400] { sameInstant.add(value, at: 2) }
        #expect(sameInstant.velocity(at: 2) == 0)

        var withinAMillisecond = VelocityTracker()
        withinAMillisecond.add(0, at: 2)
        withinAMillisecond.add(300, at: 2.0004)
        #expect(withinAMillisecond.velocity(at: 2.0004) == 0)
    }

    /// A time before the newest sample counts as simultaneous with it; a
    /// non-finite value or time is not added.
    @Test func outOfOrderAndNonFiniteSamples() {
        var tracker = VelocityTracker()
        tracker.add(0, at: 1.00)
        tracker.add(10, at: 1.02)
        tracker.add(.nan, at: 1.03)
        tracker.add(5, at: .infinity)
        tracker.add(.infinity, at: 1.04)
        #expect(tracker.count == 2)
        tracker.add(20, at: 0.5)      // taken as 1.02
        let velocity = tracker.velocity(at: 1.02)
        #expect(velocity.isFinite)
        // The fit through (1.00, 0), (1.02, 10), (1.02, 20): slope 750.
        #expect(isClose(velocity, to: 750, within: 1e-9))
    }

    // MARK: Two trackers in one walk

    /// `velocities(_:_:at:)` gives each tracker exactly, to the bit, what its
    /// own `velocity(at:)` gives: on random streams of samples (bursts,
    /// gaps past the 40 ms rest, out-of-order times, the ring wrapping),
    /// asked at random times, including streams where one tracker skipped
    /// a non-finite value the other took (their times then differ) and
    /// trackers with different settings.
    @Test(arguments: 0..<40)
    func twoTrackersInOneWalkMatchEachAloneToTheBit(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        func uniform() -> Double { Double(random.next() >> 11) / Double(1 << 53) }
        var x = VelocityTracker(), y = VelocityTracker()
        if seed % 10 == 9 { y.horizon = 0.05 }
        var time = 1000 * uniform()
        for step in 0..<200 {
            // Mostly 4–12 ms apart, sometimes at once, sometimes after a rest.
            let gap = uniform()
            time += gap < 0.1 ? 0 : gap < 0.9 ? 0.004 + 0.008 * uniform() : 0.03 + 0.05 * uniform()
            let stamp = uniform() < 0.05 ? time - 0.01 : time
            let valueX = 500 * uniform() - 250, valueY = 500 * uniform() - 250
            // Now and then, one tracker is given a value it refuses.
            let refuse = seed % 4 == 3 && uniform() < 0.02
            x.add(refuse ? .nan : valueX, at: stamp)
            y.add(valueY, at: stamp)
            if step % 7 == 0 {
                for asked in [time, time + 0.01 * uniform(), time + 0.05, time - 0.01] {
                    let aloneX = x.velocity(at: asked), aloneY = y.velocity(at: asked)
                    let together = VelocityTracker.velocities(&x, &y, at: asked)
                    #expect(together.x.bitPattern == aloneX.bitPattern, "step \(step), x: \(together.x) != \(aloneX)")
                    #expect(together.y.bitPattern == aloneY.bitPattern, "step \(step), y: \(together.y) != \(aloneY)")
                }
            }
        }
        // An empty pair, and one emptied.
        x.removeAll()
        #expect(VelocityTracker.velocities(&x, &y, at: time) == (0, y.velocity(at: time)))
        y.removeAll()
        #expect(VelocityTracker.velocities(&x, &y, at: time) == (0, 0))
    }
}
