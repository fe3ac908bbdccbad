import Benchmark
import Tactile

// What reading Tactile's text formats costs, whole files at a time (issue
// 17: loading must be linear in the file for every kind of binding).
//
// | benchmark | measures |
// |---|---|
// | Bindings: load 100,000 lines | `loadBindings(from:)` of a 100,000-line file cycling through every kind of binding (keys, buttons, axes and sticks with options, composite axes and vectors, gestures), checked and applied |
// | Bindings: load 80,000 composites on 4 keys | the file issue 17 measured at 4.3 s: every line a WASD composite, so all 80,000 bindings list under the same four keys |
// | Bindings: load 5,000 composites on 4 keys | the same at 5,000 lines, the other point: linear loading makes the two differ by the ratio of their sizes, 16 |
// | Trace: parse 1,000,000 events | `Trace(parsing:)` of a 1,000,000-line trace of every kind of event |
//
// One iteration reads one whole file, so the figures are per file; the
// text is built in setup and not measured. The map is main-actor isolated,
// so those closures are, as in ActionBenchmarks.

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
        maxDuration: .seconds(10),
        maxIterations: 20
    )

    Benchmark("Bindings: load 100,000 lines") { @MainActor (benchmark, text: String) async in
        let map = FormatFixture.map()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            try? map.loadBindings(from: text)
        }
        benchmark.stopMeasurement()
        FormatFixture.check(benchmark, map.entries.count == 100_000)
    } setup: {
        FormatFixture.mixedBindings(lines: 100_000)
    }

    for (count, name) in [(80_000, "80,000"), (5_000, "5,000")] {
        Benchmark("Bindings: load \(name) composites on 4 keys") { @MainActor (benchmark, text: String) async in
            let map = FormatFixture.map()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                try? map.loadBindings(from: text)
            }
            benchmark.stopMeasurement()
            FormatFixture.check(benchmark, map.entries.count == count)
        } setup: {
            FormatFixture.composites(lines: count)
        }
    }

    Benchmark("Trace: parse 1,000,000 events") { (benchmark, text: String) in
        var count = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            count = (try? Trace(parsing: text))?.events.count ?? -1
        }
        benchmark.stopMeasurement()
        FormatFixture.check(benchmark, count == 1_000_000)
    } setup: {
        FormatFixture.trace(events: 1_000_000)
    }
}

/// An action of the benchmark's binding files.
enum FormatAction: String, CaseIterable {
    case jump, move, steer, fire
}

/// The files the benchmarks read, made in setup.
enum FormatFixture {
    static let bindingLines = [
        "jump key Space",
        "jump button south",
        "steer axis leftX deadzone=0.1 invert scale=2.5",
        "move stick left deadzone=0.2 invert-y",
        "steer composite-axis key:Left key:Right",
        "move composite-vector key:W key:S key:A key:D",
        "fire gesture tap trigger  # a comment",
    ]

    @MainActor static func map() -> ActionMap<FormatAction> {
        let map = ActionMap<FormatAction>()
        map.register(TapGestureRecognizer(), as: "tap")
        return map
    }

    static func mixedBindings(lines: Int) -> String {
        var text = "tactile-bindings 1\n"
        for index in 0..<lines { text += bindingLines[index % bindingLines.count] + "\n" }
        return text
    }

    static func composites(lines: Int) -> String {
        "tactile-bindings 1\n" + String(repeating: "move composite-vector key:W key:S key:A key:D\n", count: lines)
    }

    static let traceLines = [
        "pointer move finger 3 0 120.5 80.25 1.0",
        "mouse-hover 300.0 41.5",
        "key down 4 97 lshift+lalt 0",
        "controller-axis 0 leftX -0.25",
        "sensor controller 0 gyroscope 0.01 -0.02 0.0 12.5",
        "controller-touchpad 0 0 1 move 0.5 0.25 1.0",
        "pointer move mouse 1 0 640.0 360.0 1.0",
        "remote toggle-play-pause",
    ]

    static func trace(events: Int) -> String {
        var text = "tactile-trace 1\n"
        for index in 0..<events {
            text += "\(Double(index) / 1000) \(traceLines[index % traceLines.count])\n"
        }
        return text
    }

    /// Fails the run if a file did not read as it should.
    static func check(_ benchmark: Benchmark, _ condition: Bool) {
        if !condition { benchmark.error("the file did not load as expected") }
    }
}
