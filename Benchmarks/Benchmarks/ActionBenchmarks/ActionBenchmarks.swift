import Benchmark
import Tactile

// What an action map costs per frame. The bar: building the
// per-frame snapshot for 64 actions with 4 bindings each allocates nothing.
//
// Each iteration runs 1000 frames (`scalingFactor: .kilo`), so the rows read
// per frame.
//
// | benchmark | measures |
// |---|---|
// | Snapshot: 64 actions × 4 bindings | `endFrame()` alone: every one of the 256 bindings evaluated (keys, buttons, axes with dead zones, sticks, four-key composites), 64 snapshots written |
// | Frame: 4 events + snapshot | four events (a key down or up, a button, two axis moves) handled, then `endFrame()`: a typical frame of play |
//
// Isolation: `ActionMap` is main-actor isolated, so these closures are
// `async` and isolated to the main actor, as in SceneBenchmarks (which
// explains why `MainActor.assumeIsolated` would trap in package-benchmark's
// runner).

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 10_000
    )

    Benchmark("Snapshot: 64 actions × 4 bindings") { @MainActor (benchmark, fixture: ActionFixture) async in
        let map = fixture.map
        let frames = map.frameCount
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            map.endFrame()
        }
        benchmark.stopMeasurement()
        fixture.check(benchmark, frames: map.frameCount - frames)
    } setup: { @MainActor in
        ActionFixture()
    }

    Benchmark("Frame: 4 events + snapshot") { @MainActor (benchmark, fixture: ActionFixture) async in
        let map = fixture.map
        let events = fixture.events
        let frames = map.frameCount
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            let first = (index % (events.count / 4)) * 4
            map.handle(events[first])
            map.handle(events[first + 1])
            map.handle(events[first + 2])
            map.handle(events[first + 3])
            map.endFrame()
        }
        benchmark.stopMeasurement()
        fixture.check(benchmark, frames: map.frameCount - frames)
    } setup: { @MainActor in
        ActionFixture()
    }
}

/// An action of the benchmark's game: 64 of them, by number.
struct BenchmarkAction: Hashable {
    let number: Int
}

/// 64 actions with 4 bindings each, of every kind a game uses, and frames
/// of events for them.
@MainActor
final class ActionFixture {
    let map = ActionMap(actions: (0..<64).map(BenchmarkAction.init))
    /// Four events per frame, for 64 frames: keys going down and up in
    /// turn, buttons, and stick moves in and out of the dead zone.
    let events: [InputEvent]

    init() {
        let buttons = ControllerButton.allCases
        let axes = ControllerAxis.allCases
        var entries: [ActionMap<BenchmarkAction>.Entry] = []
        for number in 0..<64 {
            let action = BenchmarkAction(number: number)
            entries.append(.init(action, .key(Int32(4 + number))))
            entries.append(.init(action, .button(buttons[number % buttons.count])))
            entries.append(.init(action, .axis(axes[number % axes.count], .standard(for: axes[number % axes.count]))))
            entries.append(.init(action, number.isMultiple(of: 2) ? .composite(.wasd) : .composite(.stick(.left, StickResponse()))))
        }
        do {
            try map.setEntries(entries)
        } catch {
            preconditionFailure("the benchmark's bindings are valid: \(error)")
        }
        var events: [InputEvent] = []
        for frame in 0..<64 {
            let key = KeyEvent(isDown: frame.isMultiple(of: 2), scancode: Int32(4 + frame / 2), keycode: 0)
            events.append(InputEvent(timestamp: 0, .key(key)))
            events.append(InputEvent(timestamp: 0, .controller(.button(controller: 0, button: buttons[frame % buttons.count], isDown: frame % 4 < 2))))
            events.append(InputEvent(timestamp: 0, .controller(.axis(controller: 0, axis: .leftX, value: Double(frame % 8) / 7))))
            events.append(InputEvent(timestamp: 0, .controller(.axis(controller: 0, axis: .leftY, value: -Double(frame % 5) / 4))))
        }
        self.events = events
    }

    /// Fails the benchmark if the frames did not all end.
    func check(_ benchmark: Benchmark, frames: Int) {
        if frames != benchmark.scaledIterations.count {
            benchmark.error("\(frames) frames ended, not \(benchmark.scaledIterations.count)")
        }
    }
}
