import Benchmark
import BenchmarkFixtures
import Tactile

// Ten fingers circling on one layer (issue 14, item 6): the ten-contact
// trace's steady frames, every event one finger's move with all ten down
// (BenchmarkFixtures' CirclingFixture). Each iteration sends 1000 moves
// (`scalingFactor: .kilo`), so the rows read per event.
//
// | benchmark | measures |
// |---|---|
// | Ten touches moving, a pinch | `scene.send` of one finger's move, a pinch following all ten under way: its centroid and span over the ten, the scale, a velocity sample, the change and its action (Tilt Maze's map) |
// | Ten touches moving, 7 built-ins | the same moves on a layer carrying the seven built-ins, of which the one continuous gesture that began (the exclusive winner) changes on each move and the rest failed when it began |

/// Registers the ten-fingers-moving benchmarks.
func circlingBenchmarks() {
    for (name, recognizers) in [("a pinch", CirclingFixture.Recognizers.pinch), ("7 built-ins", .builtIns)] {
        Benchmark("Ten touches moving, \(name)") { @MainActor (benchmark, fixture: CirclingFixture) async in
            let before = fixture.actions
            let scene = fixture.scene
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                scene.send(fixture.nextMove())
            }
            benchmark.stopMeasurement()
            if let problem = fixture.problem() { benchmark.error(problem) }
            if fixture.actions - before < benchmark.scaledIterations.count {
                benchmark.error("\(fixture.actions - before) actions for \(benchmark.scaledIterations.count) moves")
            }
        } setup: { @MainActor in
            CirclingFixture(recognizers)
        }
    }
}
