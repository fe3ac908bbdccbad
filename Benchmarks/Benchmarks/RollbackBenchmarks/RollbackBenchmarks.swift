import Benchmark
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

/// A scene of 5 layers with 4 recognizers each (tap, double tap, pan, pinch
/// or rotation, long press or swipe), every one of which saves its state,
/// with 10 fingers down and moving.
@MainActor
final class RollbackFixture {
    let scene = Scene(size: Size(width: 1000, height: 200))
    var ring = [SceneSnapshot](repeating: SceneSnapshot(), count: 8)
    /// 8 frames of 10 moves, with each frame's end time.
    var frames: [(events: [InputEvent], end: Double)] = []
    var problem: String?

    init() {
        scene.diagnostics = nil
        for column in 0..<5 {
            let layer = Layer(frame: Rect(x: Double(column) * 200, y: 0, width: 200, height: 200), name: "column\(column)")
            layer.isMultipleTouchEnabled = true
            scene.root.addChild(layer)
            let doubleTap = TapGestureRecognizer()
            doubleTap.numberOfTapsRequired = 2
            let recognizers: [GestureRecognizer] = [
                TapGestureRecognizer(), doubleTap, PanGestureRecognizer(),
                column.isMultiple(of: 2) ? PinchGestureRecognizer() : RotationGestureRecognizer(),
            ]
            for recognizer in recognizers { layer.addGestureRecognizer(recognizer) }
        }
        // Ten fingers, two per column, down and moved a little: the pans
        // have begun, the taps have failed, the arena is busy.
        var time = 0.01
        for finger in 0..<10 {
            scene.send(pointer(.down, finger, at: time, step: 0))
            time += 0.001
        }
        for step in 1...3 {
            for finger in 0..<10 {
                scene.send(pointer(.move, finger, at: time, step: step))
                time += 0.001
            }
        }
        scene.advanceTime(to: time)
        let start = time
        for frame in 0..<8 {
            var events: [InputEvent] = []
            for finger in 0..<10 { events.append(pointer(.move, finger, at: start + Double(frame) / 60 + Double(finger) / 1000, step: 4 + frame)) }
            frames.append((events, start + Double(frame + 1) / 60))
        }
        do {
            let notSaved = try scene.capture(into: &ring[0])
            if !notSaved.isEmpty { problem = "\(notSaved.count) recognizers do not save their state" }
        } catch {
            problem = "\(error)"
        }
        if scene.event.allTouches.count != 10 { problem = "\(scene.event.allTouches.count) touches down, not 10" }
    }

    func pointer(_ phase: PointerEvent.Phase, _ finger: Int, at time: Double, step: Int) -> InputEvent {
        let x = Double(finger / 2) * 200 + 60 + Double(finger % 2) * 80 + Double(step) * 3
        let y = 100 + Double(step) * (finger.isMultiple(of: 2) ? 2 : -2)
        return InputEvent(timestamp: time, .pointer(PointerEvent(phase, id: PointerID(kind: .finger, device: 1, index: Int64(finger)),
                                                                 location: Point(x: x, y: y))))
    }

    /// Back to the snapshot in ring slot 0, then the 8 frames again.
    func resimulate() {
        do { try scene.restore(ring[0]) } catch { problem = "\(error)" }
        for frame in frames {
            for event in frame.events { scene.send(event) }
            scene.advanceTime(to: frame.end)
        }
    }

    func check(_ benchmark: Benchmark) {
        if let problem { benchmark.error(problem) }
    }
}
