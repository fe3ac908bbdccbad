import Benchmark
import BenchmarkFixtures
import BenchmarkSupport
import Tactile

// What rollback costs (issue 20). The bars: a snapshot of a scene
// with 10 touches and 20 recognizers on 5 layers in 2 µs or less, and its
// restore likewise, with no allocation once the ring of snapshots is
// preallocated; re-simulating 8 frames of a 10-contact trace in 5 % of a
// 60 Hz frame (833 µs) or less.
//
// | benchmark | measures |
// |---|---|
// | Capture: 10 touches, 20 recognizers, 5 layers | `Scene.capture(into:)` into a ring of 8 preallocated snapshots, per capture (1000 an iteration) |
// | Restore: 10 touches, 20 recognizers, 5 layers | `Scene.restore(_:)` round a ring of 8 snapshots of that scene taken 8 frames apart, per restore (1000 an iteration) |
// | Re-simulate 8 frames, 10 contacts | a restore, then 8 frames of 10 moves each and the frame's time: what a rollback 8 frames deep does with a 10-finger trace, per rollback |
// | Capture: a stroke of 200 points being drawn | `Scene.capture(into:)` of one stroke recognizer half way through a 200-point stroke (StrokeRollbackFixture.drawing()), into a ring of 8, per capture: the recognizer saves its ink whole, so this is the per-point cost. The state does not change between captures; nothing in a capture depends on that |
// | Capture: a stroke recognizer that learned 16 drawings | `Scene.capture(into:)` of a stroke recognizer with an adaptation that learned one drawing of each built-in shape (StrokeRollbackFixture.learned()), nothing drawn, into a ring of 8, per capture: what the learned set costs every frame |
// | Restore: a stroke recognizer that learned 16 drawings | `Scene.restore(_:)` round that ring, per restore: the learned set unchanged, as between learnings |
// | SDL push+poll (floor) | SDL's own cost of one event, in the same run |
//
// Isolation: the scene is main-actor isolated, so the closures are `async`
// and isolated to the main actor, as in SceneBenchmarks.

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 10_000
    )

    Benchmark("Capture: 10 touches, 20 recognizers, 5 layers") { @MainActor (benchmark, fixture: RollbackFixture) async in
        let scene = fixture.scene
        // Once round the ring before measuring: steady state.
        for slot in 0..<fixture.ring.count { _ = try? scene.capture(into: &fixture.ring[slot]) }
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            _ = try? scene.capture(into: &fixture.ring[index & 7])
        }
        benchmark.stopMeasurement()
        fixture.check(benchmark)
    } setup: { @MainActor in
        RollbackFixture()
    }

    Benchmark("Restore: 10 touches, 20 recognizers, 5 layers") { @MainActor (benchmark, fixture: RollbackFixture) async in
        let scene = fixture.scene
        // Eight different frames in the ring (the fingers move between
        // captures), so that each restore changes the touches' and the
        // recognizers' fields, as a real rollback does: a restore writes
        // only what differs, so restoring one state again is its cheapest case.
        for slot in 0..<fixture.ring.count {
            for event in fixture.frames[slot].events { scene.send(event) }
            scene.advanceTime(to: fixture.frames[slot].end)
            _ = try? scene.capture(into: &fixture.ring[slot])
        }
        for slot in 0..<fixture.ring.count { try? scene.restore(fixture.ring[slot]) }
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            try? scene.restore(fixture.ring[index & 7])
        }
        benchmark.stopMeasurement()
        fixture.check(benchmark)
    } setup: { @MainActor in
        RollbackFixture()
    }

    Benchmark("Capture: a stroke of 200 points being drawn") { @MainActor (benchmark, fixture: StrokeRollbackFixture) async in
        fixture.measureCaptures(benchmark)
    } setup: { @MainActor in
        StrokeRollbackFixture.drawing()
    }

    Benchmark("Capture: a stroke recognizer that learned 16 drawings") { @MainActor (benchmark, fixture: StrokeRollbackFixture) async in
        fixture.measureCaptures(benchmark)
    } setup: { @MainActor in
        StrokeRollbackFixture.learned()
    }

    Benchmark("Restore: a stroke recognizer that learned 16 drawings") { @MainActor (benchmark, fixture: StrokeRollbackFixture) async in
        fixture.measureRestores(benchmark)
    } setup: { @MainActor in
        StrokeRollbackFixture.learned()
    }

    registerSDLFloorBenchmark()

    Benchmark("Re-simulate 8 frames, 10 contacts", configuration: .init(scalingFactor: .one)) { @MainActor (benchmark, fixture: RollbackFixture) async in
        let scene = fixture.scene
        _ = try? scene.capture(into: &fixture.ring[0])
        // Once before measuring, so that every buffer has its size.
        fixture.resimulate()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            fixture.resimulate()
        }
        benchmark.stopMeasurement()
        fixture.check(benchmark)
    } setup: { @MainActor in
        RollbackFixture()
    }
}

extension RollbackFixture {
    func check(_ benchmark: Benchmark) {
        if let problem { benchmark.error(problem) }
    }
}
