import BenchmarkFixtures
import Tactile
import TactileDebugDrawing
import TactileSDL

// Not a benchmark: the input debugger's workloads (issue 19) for profilers,
// as PathProfile's are for the scene. callgrind's instruction counts do not
// move with the load of a shared machine; scripts/profile-debugger builds
// this and counts instructions per frame.
//
//   DebuggerProfile <workload> [frames]
//
// Workloads (the fixtures of the benchmark rows of the same names in
// Benchmarks/SceneBenchmarks, warmed up first):
//   overlay        one frame of the overlay: 10 touches, 50 recognizers, SDL's
//                  software renderer into an 800x600 surface, cleared first;
//                  the same frame each time (OverlayFixture)
//   overlay-live   the same, with the fingers moved by a loop frame before each
//                  drawing (the loop's frame is counted too)
//   overlay-fresh  the same frame, each time on a canvas made for it, so that
//                  no line is kept from the frame before: every line drawn anew
//   clear          the same surface cleared, nothing drawn
//   loop-none      a GameLoop frame with one move through 20 recognizers
//   loop-off       the same, with an InputDebugger made for the loop and off

/// The overlay benchmark's workloads on its fixture.
@MainActor
func overlay(_ workload: String, frames: Int) throws -> Int {
    let fixture = try OverlayFixture()
    for _ in 0..<(frames + 10) {
        switch workload {
        case "clear":
            fixture.canvas.clear(.black)
        case "overlay-live":
            fixture.moveFingers()
            fixture.canvas.clear(.black)
            fixture.overlay.draw(on: fixture.canvas)
        case "overlay-fresh":
            let canvas = Canvas(renderer: fixture.target.renderer)
            canvas.clear(.black)
            fixture.overlay.draw(on: canvas)
        default:
            fixture.canvas.clear(.black)
            fixture.overlay.draw(on: fixture.canvas)
        }
    }
    if workload != "clear", let problem = fixture.problem() { fatalError(problem) }
    return fixture.scene.event.allTouches.count
}

/// The debugger benchmark's fixture: a GameLoop frame of one move through
/// 20 undecided recognizers on 5 nested layers, with or without a debugger.
@MainActor
func loopMoves(frames: Int, debugger makesDebugger: Bool) -> Int {
    let scene = Scene(size: Size(width: 800, height: 600))
    var parent = scene.root
    var layers: [Layer] = []
    for level in 0..<5 {
        let layer = Layer(frame: Rect(x: 10, y: 10, width: 700 - Double(level) * 40, height: 500 - Double(level) * 40))
        layer.handlesTouches = true
        parent.addChild(layer)
        layers.append(layer)
        parent = layer
    }
    var recognizers: [UndecidedRecognizer] = []
    for index in 0..<20 {
        let recognizer = UndecidedRecognizer()
        layers[4 - index % 5].addGestureRecognizer(recognizer)
        recognizers.append(recognizer)
    }
    let clock = ManualClock()
    let loop = GameLoop(clock: GameClock(base: clock))
    loop.scene = scene
    let debugger = makesDebugger ? InputDebugger(loop: loop) : nil
    let id = PointerID(kind: .finger, device: 1, index: 0)
    var events = [InputEvent(timestamp: 0, .pointer(PointerEvent(.down, id: id, location: Point(x: 200, y: 200))))]
    loop.frame(events: &events)
    for step in 0..<(frames + 100) {
        clock.advance(by: 0.001)
        events.removeAll(keepingCapacity: true)
        events.append(InputEvent(timestamp: clock.now, .pointer(PointerEvent(.move, id: id, location: Point(x: 200 + Double(step % 20), y: 200)))))
        loop.frame(events: &events)
    }
    withExtendedLifetime(debugger) {}
    return recognizers[0].moves
}

let arguments = CommandLine.arguments
let workload = arguments.count > 1 ? arguments[1] : "overlay"
let frames = arguments.count > 2 ? Int(arguments[2]) ?? 1000 : 1000
let result = try MainActor.assumeIsolated { () throws -> Int in
    switch workload {
    case "overlay", "overlay-live", "overlay-fresh", "clear": return try overlay(workload, frames: frames)
    case "loop-none": return loopMoves(frames: frames, debugger: false)
    case "loop-off": return loopMoves(frames: frames, debugger: true)
    default: fatalError("unknown workload \(workload): overlay, overlay-live, overlay-fresh, clear, loop-none or loop-off")
    }
}
print("\(workload): \(frames) frames, result \(result)")
