import Benchmark
import BenchmarkSupport
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
// | Snapshot: 64 × 4, every kind | `endFrame()` with the richer kinds among the 256: mouse buttons, wheel axes and steps, chords, half axes, gestures; half the actions repeating |
// | Read: 64 actions' snapshots | what a game does with them each frame: `map[action]` for each of the 64 actions (after a frame of the every-kind map) |
// | SDL push+poll (floor) | SDL's own cost of one event, per event, in the same run |
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

    registerSnapshotBenchmark("Snapshot: 64 actions × 4 bindings", everyKind: false)

    registerSDLFloorBenchmark()

    registerSnapshotBenchmark("Snapshot: 64 × 4, every kind", everyKind: true)

    Benchmark("Read: 64 actions' snapshots") { @MainActor (benchmark, fixture: ActionFixture) async in
        let map = fixture.map
        let actions = map.actions
        var pressed = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            for action in actions where map[action].isPressed { pressed &+= 1 }
        }
        benchmark.stopMeasurement()
        if pressed == 0 { benchmark.error("no action read as pressed: the reads were not of a live frame") }
        blackHole(pressed)
    } setup: { @MainActor in
        let fixture = ActionFixture(everyKind: true)
        fixture.map.endFrame()
        return fixture
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

/// `endFrame()` alone, 1000 frames an iteration.
func registerSnapshotBenchmark(_ name: String, everyKind: Bool) {
    Benchmark(name) { @MainActor (benchmark, fixture: ActionFixture) async in
        let map = fixture.map
        let frames = map.frameCount
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            map.endFrame()
        }
        benchmark.stopMeasurement()
        fixture.check(benchmark, frames: map.frameCount - frames)
    } setup: { @MainActor in
        ActionFixture(everyKind: everyKind)
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

    /// With `everyKind`, the fourth binding of each action is one of the
    /// richer kinds in turn, and half the actions repeat, on a clock.
    init(everyKind: Bool = false) {
        let buttons = ControllerButton.allCases
        let axes = ControllerAxis.allCases
        let mouseButtons = MouseButton.allCases
        var entries: [ActionMap<BenchmarkAction>.Entry] = []
        map.register(PinchGestureRecognizer(), as: "pinch")
        for number in 0..<64 {
            let action = BenchmarkAction(number: number)
            entries.append(.init(action, .key(Int32(4 + number))))
            entries.append(.init(action, .button(buttons[number % buttons.count])))
            entries.append(.init(action, .axis(axes[number % axes.count], .standard(for: axes[number % axes.count]))))
            guard everyKind else {
                entries.append(.init(action, number.isMultiple(of: 2) ? .composite(.wasd) : .composite(.stick(.left, StickResponse()))))
                continue
            }
            let richer: [ActionBinding] = [
                .mouseButton(mouseButtons[number % mouseButtons.count]),
                .wheel(number.isMultiple(of: 2) ? .vertical : .horizontal, scale: 0.5),
                .wheelStep(WheelDirection.allCases[number % 4]),
                .chord(ActionChord(holding: .modifier(.control), press: .key(Int32(4 + number)))),
                .axis(.leftY, AxisResponse(deadZone: 0.5, half: number.isMultiple(of: 2) ? .positive : .negative)),
                .gesture("pinch", .scale),
                .composite(.wasd),
                .composite(.stick(.left, StickResponse())),
            ]
            entries.append(.init(action, richer[number % richer.count]))
        }
        do {
            try map.setEntries(entries)
            if everyKind {
                map.clock = ManualClock()
                for number in stride(from: 0, to: 64, by: 2) {
                    try map.setRepeat(ActionRepeat(), for: BenchmarkAction(number: number))
                }
                // Something held of every kind, so that levels and repeats are live.
                let held: [InputEvent.Kind] = [
                    .key(KeyEvent(isDown: true, scancode: PhysicalKey.leftControl.scancode, keycode: 0)),
                    .key(KeyEvent(isDown: true, scancode: 7, keycode: 0)),
                    .key(KeyEvent(isDown: true, scancode: 30, keycode: 0)),
                    .mouseButton(MouseButtonEvent(button: .right, isDown: true, location: .zero)),
                    .controller(.axis(controller: 0, axis: .leftY, value: 0.8)),
                    .controller(.axis(controller: 0, axis: .leftX, value: -0.6)),
                    .controller(.button(controller: 0, button: .south, isDown: true)),
                    .mouseWheel(MouseWheelEvent(dx: 0.5, dy: 3)),
                ]
                for kind in held { map.handle(InputEvent(timestamp: 0, kind)) }
            }
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
