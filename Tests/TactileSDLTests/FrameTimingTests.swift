import Testing
import TactileSDL

/// FrameTiming's arithmetic, fed known durations: no real time is read here.
struct FrameTimingTests {
    @Test func oneToAHundredMicrosecondsGiveExactMeanPercentilesAndMax() {
        var statistics = FrameTiming.Statistics()
        // Shuffled, so that nothing depends on the order of arrival.
        for value in (1...100).reversed() { statistics.record(Double(value)) }
        #expect(statistics.count == 100)
        #expect(statistics.mean == 50.5)
        #expect(statistics.max == 100)
        #expect(statistics.percentile(0) == 1)
        #expect(statistics.percentile(0.5) == 50)
        #expect(statistics.percentile(0.9) == 90)
        #expect(statistics.percentile(0.99) == 99)
        #expect(statistics.percentile(1) == 100)
    }

    @Test func percentilesAreTheUpperEdgesOfTheirBucketsCappedByTheMax() {
        var statistics = FrameTiming.Statistics()
        // 1 µs buckets up to 1 ms, 10 µs up to 10 ms, 100 µs up to 100 ms.
        for value in [0.2, 999.5, 1_000.5, 4_321, 12_345, 250_000] { statistics.record(value) }
        #expect(statistics.percentile(1.0 / 6) == 1)          // 0.2 µs is in (0, 1]
        #expect(statistics.percentile(2.0 / 6) == 1_000)      // 999.5 in (999, 1000]
        #expect(statistics.percentile(3.0 / 6) == 1_010)      // 1000.5 in (1000, 1010]
        #expect(statistics.percentile(4.0 / 6) == 4_330)      // 4321 in (4320, 4330]
        #expect(statistics.percentile(5.0 / 6) == 12_400)     // 12345 in (12300, 12400]
        #expect(statistics.percentile(1) == 250_000)          // past 100 ms: the max
        #expect(statistics.max == 250_000)
    }

    @Test func aSingleDurationIsEveryPercentileAndTheEmptyStatisticsAreZero() {
        var statistics = FrameTiming.Statistics()
        #expect(statistics.mean == 0 && statistics.max == 0 && statistics.percentile(0.99) == 0)
        statistics.record(2_500.25)
        #expect(statistics.mean == 2_500.25)
        // The bucket's upper edge (2510) is capped by the one duration.
        #expect(statistics.percentile(0.5) == 2_500.25)
        #expect(statistics.percentile(0.99) == 2_500.25)
        statistics.record(-3)   // a clock that went backwards counts as 0
        #expect(statistics.count == 2 && statistics.mean == 1_250.125)
        #expect(statistics.percentile(0.5) == 0)
    }

    @Test func framesAddUpPhaseByPhaseAndGiveTheFrameRate() {
        var timing = FrameTiming()
        for frame in 1...60 {
            let input = Double(frame)
            timing.record(input: input, trace: 1, update: 100, render: 1_000, present: 99, frame: input + 1_201, wall: 1_000_000.0 / 30)
        }
        #expect(timing.frameCount == 60)
        #expect(timing.input.mean == 30.5)
        #expect(timing.input.percentile(0.99) == 60)
        #expect(timing.trace.mean == 1 && timing.trace.count == 60)
        #expect(timing.update.mean == 100 && timing.render.max == 1_000)
        #expect(timing.present.mean == 99)
        #expect(timing.frame.max == 1_261)
        #expect(abs(timing.wallMicroseconds - 2_000_000) < 1e-6)
        #expect(abs(timing.framesPerSecond - 30) < 1e-9)
        #expect(FrameTiming().framesPerSecond == 0)
    }

    @Test func theSummaryHasOneLinePerPhaseWithSharesOfA60HzFrame() {
        var timing = FrameTiming()
        timing.record(input: 166.67, trace: 83.3, update: 0, render: 1_666.7, present: 5_000, frame: 8_333.5, wall: 16_667)
        let lines = timing.description.split(separator: "\n").map(String.init)
        #expect(lines == [
            "input   mean 166.7 µs (1.00% of 60 Hz)  p50 166.7 µs  p99 166.7 µs (1.00% of 60 Hz)  max 166.7 µs  n=1",
            "trace   mean 83.3 µs (0.50% of 60 Hz)  p50 83.3 µs  p99 83.3 µs (0.50% of 60 Hz)  max 83.3 µs  n=1",
            "update  mean 0.0 µs (0.00% of 60 Hz)  p50 0.0 µs  p99 0.0 µs (0.00% of 60 Hz)  max 0.0 µs  n=1",
            "render  mean 1666.7 µs (10.00% of 60 Hz)  p50 1666.7 µs  p99 1666.7 µs (10.00% of 60 Hz)  max 1666.7 µs  n=1",
            "present mean 5000.0 µs (30.00% of 60 Hz)  p50 5000.0 µs  p99 5000.0 µs (30.00% of 60 Hz)  max 5000.0 µs  n=1",
            "frame   mean 8333.5 µs (50.00% of 60 Hz)  p50 8333.5 µs  p99 8333.5 µs (50.00% of 60 Hz)  max 8333.5 µs  n=1",
            "input's slowest frames (from 0): #0 166.7 µs",
            "1 frames in 0.017 s: 60.0 frames per second",
        ])
    }

    @Test func theSummaryNamesTheInputsThreeSlowestFramesLongestFirst() {
        var timing = FrameTiming()
        // Frame 5 is the longest, 2 and 7 tie for second (the earlier
        // first), and the later, shorter ones push nothing out.
        for input in [3.0, 1, 9, 2, 4, 20, 1, 9, 8, 0.5] {
            timing.record(input: input, update: 0, render: 0, present: 0, frame: input, wall: 16_667)
        }
        let line = timing.description.split(separator: "\n").first { $0.hasPrefix("input's slowest") }
        #expect(line == "input's slowest frames (from 0): #5 20.0 µs, #2 9.0 µs, #7 9.0 µs")
        #expect(FrameTiming().description.split(separator: "\n").allSatisfy { !$0.hasPrefix("input's slowest") })
    }
}
