// The workloads shared by the benchmarks and the profiling executables
// (Evaluation/PathProfile), so that an instruction count under callgrind
// and a benchmark's time measure the same thing.
import Tactile

/// A scene with one fighter carrying 20 commands of player 1 (controller 1).
@MainActor
public final class CommandFixture {
    public let scene = Scene(size: Size(width: 640, height: 480))
    private var frame = 0
    private var isDown = false
    private var right = false
    public private(set) var fired = 0

    public init() throws {
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

    public func nextButton() -> InputEvent {
        frame += 1
        isDown.toggle()
        return InputEvent(timestamp: Double(frame) / 60, .controller(.button(controller: 1, button: .west, isDown: isDown)))
    }

    public func nextAxis() -> InputEvent {
        frame += 1
        right.toggle()
        return InputEvent(timestamp: Double(frame) / 60, .controller(.axis(controller: 1, axis: .leftX, value: right ? 1 : 0)))
    }

    public func send(_ event: InputEvent) {
        scene.send(event)
    }
}
