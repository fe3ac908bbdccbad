import Benchmark
import BenchmarkFixtures
import Tactile

// MARK: - Command inputs (issue 16)

// A controller event through 20 command recognizers of one player, in the
// arena: the bar is at most half of SDL's push+poll (the floor,
// from the same run) and no allocation.
//
// | benchmark | measures |
// |---|---|
// | Button through 20 command recognizers | `scene.send` of a press or a release of west, which 10 of the 20 complete with (the other 10 on south): the player reads it once; a press goes to those 10, each of which turns it away as no motion ended within its buffer; a release goes to none; then up the responder chain |
// | Axis through 20 command recognizers | `scene.send` of the stick's x moving between right and centre: a direction change each event, read once by the player, which none of the 20 can complete on, so none is handed it |
//
// Events are a frame (1/60 s) apart on the scene's clock, which only goes
// forward across runs.

/// Registers the command-input benchmarks.
func commandBenchmarks() {
    Benchmark("Button through 20 command recognizers") { @MainActor (benchmark, fixture: CommandFixture) async in
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            fixture.send(fixture.nextButton())
        }
        benchmark.stopMeasurement()
        fixture.expectNothingFired(in: benchmark)
    } setup: { @MainActor in
        try CommandFixture()
    }

    Benchmark("Axis through 20 command recognizers") { @MainActor (benchmark, fixture: CommandFixture) async in
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            fixture.send(fixture.nextAxis())
        }
        benchmark.stopMeasurement()
        fixture.expectNothingFired(in: benchmark)
    } setup: { @MainActor in
        try CommandFixture()
    }
}

extension CommandFixture {
    func expectNothingFired(in benchmark: Benchmark) {
        if fired != 0 { benchmark.error("\(fired) commands fired; the benchmark measures commands that do not") }
    }
}
