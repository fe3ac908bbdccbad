import Benchmark
import BenchmarkFixtures
import Tactile
import TactileDebugDrawing
import TactileSDL

// MARK: - The input debugger's overlay (issue 19)

// The bar: the overlay's drawing for 10 touches and 50 recognizers
// takes at most 1 ms a frame on the software renderer. The scene is
// `OverlayFixture` (Benchmarks/Fixtures), which scripts/profile-debugger's
// callgrind workloads of the same names draw too.
//
// | benchmark | measures |
// |---|---|
// | Debugger overlay: 10 touches, 50 recognizers | one frame of `InputDebugOverlay.draw(on:)` on SDL's software renderer into an 800×600 surface, cleared first: 10 touches, each on a layer of its own with 5 undecided recognizers (50 rows), each with a trail of 30 frames; the header and status lines; 12 rows of timeline. The same frame each time, so every line is a copy of the texture the canvas kept for it |
// | Debugger overlay: 10 touches, 50 recognizers, fingers moving | the same, with a loop frame moving the ten fingers before each drawing (counted in the row): new trails, rings, header and recorded frames every frame, as in a game |
// | Debugger overlay: 10 touches, 50 recognizers, every line drawn anew | the same frame, each time on a canvas made for it (as `CanvasGame.render(in:)` makes one), so no line is kept: every line drawn into a new texture, the worst case and the first frame after the debugger comes on |
// | Debugger overlay: the clear alone | the same surface cleared and nothing drawn: the game's part of the rows above, to subtract from them |
//
// Per frame (scaling factor one): the figure to hold against a 16.7 ms
// frame, and the floor's figure is per event as everywhere else.

/// Registers the overlay's benchmarks.
func inputDebugOverlayBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], scalingFactor: .one, maxDuration: .seconds(3), maxIterations: 2_000)
    Benchmark("Debugger overlay: 10 touches, 50 recognizers", configuration: configuration) { @MainActor (benchmark, fixture: OverlayFixture) async in
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            fixture.canvas.clear(.black)
            fixture.overlay.draw(on: fixture.canvas)
        }
        benchmark.stopMeasurement()
        if let problem = fixture.problem() { benchmark.error(problem) }
    } setup: { @MainActor in
        try OverlayFixture()
    }
    Benchmark("Debugger overlay: 10 touches, 50 recognizers, fingers moving", configuration: configuration) { @MainActor (benchmark, fixture: OverlayFixture) async in
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            fixture.moveFingers()
            fixture.canvas.clear(.black)
            fixture.overlay.draw(on: fixture.canvas)
        }
        benchmark.stopMeasurement()
        if let problem = fixture.problem() { benchmark.error(problem) }
    } setup: { @MainActor in
        try OverlayFixture()
    }
    Benchmark("Debugger overlay: 10 touches, 50 recognizers, every line drawn anew", configuration: configuration) { @MainActor (benchmark, fixture: OverlayFixture) async in
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let canvas = Canvas(renderer: fixture.target.renderer)
            canvas.clear(.black)
            fixture.overlay.draw(on: canvas)
        }
        benchmark.stopMeasurement()
        if let problem = fixture.problem() { benchmark.error(problem) }
    } setup: { @MainActor in
        try OverlayFixture()
    }
    Benchmark("Debugger overlay: the clear alone", configuration: configuration) { @MainActor (benchmark, fixture: OverlayFixture) async in
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            fixture.canvas.clear(.black)
        }
        benchmark.stopMeasurement()
    } setup: { @MainActor in
        try OverlayFixture()
    }
}
