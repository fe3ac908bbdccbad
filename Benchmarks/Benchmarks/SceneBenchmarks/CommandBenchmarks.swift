import Benchmark
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

/// A scene with one fighter carrying 20 commands of player 1 (controller 1).
@MainActor
final class CommandFixture {
    let scene = Scene(size: Size(width: 640, height: 480))
    private var frame = 0
    private var isDown = false
    private var right = false
    private(set) var fired = 0

    init() throws {
        scene.diagnostics = nil
        let fighter = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        scene.root.addChild(fighter)
        let player = PlayerInput(controller: 1)
        var commands: [Command] = []
        for notation in ["236", "214", "623", "421", "41236", "63214", "22", "[4]6", "[2]8", "360"] {
            commands.append(try Command(notation, .west))
            commands.append(try Command(notation, .south))
        }
        // "22" with a button is a motion, not a dash; two of the twenty
        // complete on south, which is never pressed.
        for command in commands.prefix(20) {
            fighter.addGestureRecognizer(CommandInputRecognizer(command, input: player) { [unowned self] _ in fired += 1 })
        }
        // Warm up: the listeners list, the history's ring, the arena's queue.
        for _ in 0..<200 { send(nextButton()); send(nextAxis()) }
        fired = 0
    }

    func nextButton() -> InputEvent {
        frame += 1
        isDown.toggle()
        return InputEvent(timestamp: Double(frame) / 60, .controller(.button(controller: 1, button: .west, isDown: isDown)))
    }

    func nextAxis() -> InputEvent {
        frame += 1
        right.toggle()
        return InputEvent(timestamp: Double(frame) / 60, .controller(.axis(controller: 1, axis: .leftX, value: right ? 1 : 0)))
    }

    func send(_ event: InputEvent) {
        scene.send(event)
    }

    func expectNothingFired(in benchmark: Benchmark) {
        if fired != 0 { benchmark.error("\(fired) commands fired; the benchmark measures commands that do not") }
    }
}
