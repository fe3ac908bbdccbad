import BenchmarkFixtures
import Foundation
import Tactile

// Not a benchmark: fixed workloads of the scene's hot paths, for profilers.
// `valgrind --tool=callgrind` counts instructions, which the load of a
// shared machine does not change, so before/after comparisons of these
// counts hold where wall-clock medians move by 2-5x between rounds; `perf`
// names where the time goes. scripts/profile-path builds it and counts
// instructions per event.
//
//   PathProfile <workload> [events]
//
// Workloads (each first warms up, so the profile is of the steady state):
//   move      a finger move through one layer with no recognizer
//   tap       whole taps (down, up) on a layer with the 7 built-ins, per event
//   idle200   a move through 200 idle recognizers spread over 5 layers
//   move20    a move through 20 undecided recognizers on 5 layers, as
//             SceneBenchmarks' "Move through 20 recognizers on 5 layers"
//   hittest   hit-tests of a 10,000-layer nested scene
//   capture   Scene.capture(into:) of RollbackBenchmarks' scene (10 touches,
//             20 recognizers, 5 layers) into a ring of 8, per capture
//   restore   Scene.restore(_:) of that scene, round a ring of 8 captured at
//             8 different frames, per restore
//   commands  a button press or release through 20 command recognizers of
//             one player, as the Button benchmark in SceneBenchmarks
//   commandaxis  the stick moving between right and centre through the
//             same 20 commands, as the Axis benchmark
//   land10    ten fingers landing together, then lifting, on a layer with
//             the 7 built-ins (BenchmarkFixtures' LandingFixture), per event
//             (a down or an up)
//   pinch10   ten fingers circling on a layer with a pinch (BenchmarkFixtures'
//             CirclingFixture, the ten-contact trace's steady frames, as
//             Tilt Maze's map): one finger's move per event, the pinch
//             changing on each, its action reading the scale
//   circle10  the same ten fingers on a layer with the 7 built-ins, per move
//   loop      a finger's moves through a GameLoop into the one-layer scene
//             of `move`, 20 events a frame (the ten-contact trace's), the
//             frame's list emptied and refilled as SDLApp does, per event:
//             what the loop and the event list add to `move`
//   adapt     a learned drawing added to the built-in strokes' classifier
//             (StrokeClassifier.adapted(to:), one drawing a template, the
//             oldest replaced), per drawing: what a StrokeGestureRecognizer
//             with an adaptation spends when it learns
//   prepare   the same adapted sets prepared whole (StrokeClassifier(templates:)),
//             per set: what the game paid before (run with few events)
//   motion    motion readings, accelerometer and gyroscope in turn, sent to a
//             scene set up as Tilt Maze's map (a flick, a twist and a steep
//             tilt on one layer; sent directly, with no motion manager to
//             install the scene's shake), per reading: the
//             gentle tilt and sway of the simulated device, no gesture
//             recognized, as in the ten-contact trace's frames
//   trace     `Trace(parsing:)` of pointer-move lines like the ten-contact
//             trace's (Demos/Assets/Traces/ten-contacts.trace), per line: the
//             reader a replay runs every frame (TracePlayer streams its file)

// `Tracker` and the one-layer scene are BenchmarkFixtures', shared with
// SceneBenchmarks.

/// A recognizer that follows its touch and does nothing with a move, as
/// the scaling benchmark's: what remains is the arena's cost per recognizer.
@MainActor
final class IdleRecognizer: GestureRecognizer {}

let finger = PointerID(kind: .finger, device: 1, index: 0)

func pointer(_ phase: PointerEvent.Phase, _ time: Double, _ x: Double, _ y: Double) -> InputEvent {
    InputEvent(timestamp: time, .pointer(PointerEvent(phase, id: finger, location: Point(x: x, y: y))))
}

@MainActor
func moves(count: Int) -> Int {
    // The scene of SceneBenchmarks' "Tap/long press: move, no recognizer".
    let fixture = OneLayerScene()
    fixture.scene.send(fixture.down(at: 0))
    for step in 0..<count {
        fixture.scene.send(fixture.move(step, at: 1 + Double(step) / 1000))
    }
    return fixture.layer.moves
}

@MainActor
func loopMoves(count: Int) -> Int {
    let fixture = OneLayerScene()
    let base = ManualClock()
    let loop = GameLoop(clock: GameClock(base: base))
    loop.scene = fixture.scene
    var events: [InputEvent] = []
    events.reserveCapacity(256)
    events.append(fixture.down(at: 0))
    loop.frame(events: &events)
    let perFrame = 20
    var step = 0
    while step < count {
        base.advance(by: 1.0 / 60)
        // As SDLApp: the list emptied (its events destroyed) and refilled.
        events.removeAll(keepingCapacity: true)
        for _ in 0..<min(perFrame, count - step) {
            events.append(fixture.move(step, at: base.now))
            step += 1
        }
        loop.frame(events: &events)
    }
    return fixture.layer.moves
}

@MainActor
func taps(count: Int) -> Int {
    let scene = Scene(size: Size(width: 800, height: 600))
    let layer = Tracker(frame: Rect(x: 0, y: 0, width: 800, height: 600))
    scene.root.addChild(layer)
    let recognizers = sevenBuiltInRecognizers()
    var recognized = 0
    recognizers[0].addAction { _ in recognized += 1 }
    for recognizer in recognizers { layer.addGestureRecognizer(recognizer) }
    // A second apart: each is a single tap, and the double tap's window closes between them.
    for index in 0..<(count / 2 + 20) {
        scene.send(pointer(.down, Double(index), 200, 200))
        scene.send(pointer(.up, Double(index) + 0.05, 200, 200))
    }
    return recognized
}

@MainActor
func idle(recognizers: Int, count: Int) -> Int {
    path(recognizers: recognizers, count: count) { IdleRecognizer() }
}

/// Moves through `recognizers` made by `make`, on five nested layers (the
/// deepest takes the remainder), as SceneBenchmarks' RecognizerFixture.
@MainActor
func path(recognizers: Int, count: Int, _ make: () -> GestureRecognizer) -> Int {
    let scene = Scene(size: Size(width: 800, height: 600))
    var parent = scene.root
    var layers: [Layer] = []
    for level in 0..<5 {
        let layer = Tracker(frame: Rect(x: 10, y: 10, width: 700 - Double(level) * 40, height: 500 - Double(level) * 40))
        parent.addChild(layer)
        layers.append(layer)
        parent = layer
    }
    for index in 0..<recognizers { layers[4 - index % 5].addGestureRecognizer(make()) }
    scene.send(pointer(.down, 0, 200, 200))
    for step in 0..<count {
        scene.send(pointer(.move, Double(step) / 1000, 200 + Double(step % 20), 200))
    }
    return count
}

@MainActor
func hitTests(count: Int) -> Int {
    // Ten levels, each layer with three children, offsets and some
    // transforms, as the benchmark's 10,000-layer scene (about 29,000 here).
    let scene = Scene(size: Size(width: 800, height: 600))
    var leaves: [Point] = []
    func build(_ parent: Layer, level: Int, origin: Point) {
        guard level < 9 else { leaves.append(origin); return }
        for index in 0..<3 {
            let child = Layer(frame: Rect(x: Double(index) * 3, y: 2, width: 60, height: 60))
            if (level + index) % 4 == 0 { child.transform = .rotation(0.1) }
            parent.addChild(child)
            build(child, level: level + 1, origin: Point(x: origin.x + Double(index) * 3 + 5, y: origin.y + 7))
        }
    }
    build(scene.root, level: 0, origin: .zero)
    var hits = 0
    for index in 0..<count where scene.root.hitTest(leaves[index % leaves.count], with: nil) != nil { hits += 1 }
    return hits
}

/// RollbackBenchmarks' fixture (10 touches, 20 recognizers, 5 layers) and
/// its ring of 8. For `restore`, the ring holds 8 frames taken a frame
/// apart, as the Restore benchmark's does, so each restore changes the
/// touches' fields, as a real rollback does.
@MainActor
func rollback(restoring: Bool, count: Int) -> Int {
    let fixture = RollbackFixture()
    precondition(fixture.problem == nil, fixture.problem ?? "")
    let scene = fixture.scene
    for slot in 0..<fixture.ring.count {
        for event in fixture.frames[slot].events { scene.send(event) }
        scene.advanceTime(to: fixture.frames[slot].end)
        _ = try? scene.capture(into: &fixture.ring[slot])
    }
    var done = 0
    for index in 0..<count {
        if restoring {
            if (try? scene.restore(fixture.ring[index & 7])) != nil { done += 1 }
        } else {
            if (try? scene.capture(into: &fixture.ring[index & 7])) != nil { done += 1 }
        }
    }
    return done
}

/// The command benchmarks' fixture (CommandFixture): 20 commands of one
/// player on controller 1; `axis` sends stick moves, otherwise presses and
/// releases of west. None completes: they are what a command looks at and
/// turns away.
@MainActor
func commands(axis: Bool, count: Int) -> Int {
    // The notations are valid: a failure here is a bug in the fixture.
    let fixture = try! CommandFixture()
    for _ in 0..<count { fixture.send(axis ? fixture.nextAxis() : fixture.nextButton()) }
    precondition(fixture.fired == 0, "\(fixture.fired) commands fired; the workload measures commands that do not")
    return count
}

/// Parses a trace of `count` pointer moves shaped like the ten-contact
/// trace's lines. The text is one block of 1,000 lines repeated (all at the
/// same time, which a trace allows), so that making it costs a copy per line
/// and the count per line is the reader's.
func traceLines(count: Int) -> Int {
    var block = ""
    for index in 0..<1_000 {
        // Three decimals at most, as the ten-contact trace's coordinates.
        let x = Double(100_000 + index * 1_061 % 600_000) / 1_000
        let y = Double(150_000 + index * 877 % 400_000) / 1_000
        block += "1.008333 pointer move finger 1 \(index % 10) \(x) \(y) 1.0\n"
    }
    let text = "tactile-trace 1\n" + String(repeating: block, count: max(1, count / 1_000))
    do {
        return try Trace(parsing: text).events.count
    } catch {
        fatalError("the profile's trace did not parse: \(error)")
    }
}

/// Moves of ten fingers circling on a layer with `recognizers`, one
/// finger's move per event.
@MainActor
func circling(_ recognizers: CirclingFixture.Recognizers, count: Int) -> Int {
    let fixture = CirclingFixture(recognizers)
    for _ in 0..<count { fixture.scene.send(fixture.nextMove()) }
    if let problem = fixture.problem() { fatalError("circling: \(problem)") }
    return fixture.actions
}

/// Rounds of ten fingers landing and lifting, 20 events a round.
@MainActor
func landings(count: Int) -> Int {
    let fixture = LandingFixture(.builtIns)
    for _ in 0..<(count / 20) { fixture.land() }
    if let problem = fixture.problem() { fatalError("land10: \(problem)") }
    return count / 20
}

/// Readings through Tilt Maze's motion recognizers: `count` of them,
/// accelerometer and gyroscope in turn at 100 Hz each, of a device held
/// tilted back about 20° and swaying gently (about 5° at 0.5 Hz), too
/// little for the flick, twist, steep tilt or shake to recognize.
@MainActor
func motionReadings(count: Int) -> Int {
    let scene = Scene(size: Size(width: 800, height: 600))
    let map = Layer(frame: Rect(x: 0, y: 36, width: 800, height: 564))
    let flick = FlickGestureRecognizer(), twist = TwistGestureRecognizer(), steep = TiltGestureRecognizer()
    steep.angle = 35 * .pi / 180
    var recognized = 0
    for recognizer in [flick, twist, steep] as [GestureRecognizer] {
        recognizer.addAction { _ in recognized += 1 }
        map.addGestureRecognizer(recognizer)
    }
    scene.root.addChild(map)
    // One period of the sway (2 s at 100 Hz), worked out before: the
    // readings cost what the scene does with them, not the sines.
    let period = 200
    let readings = (0..<period).map { step -> (acceleration: Vector3, rotationRate: Vector3) in
        let phase = 2 * Double.pi * Double(step) / Double(period)
        let tilt = 0.35 + 0.09 * sin(phase)
        return (Vector3(x: 0, y: -sin(tilt), z: -cos(tilt)), Vector3(x: 0.09 * .pi * cos(phase), y: 0, z: 0))
    }
    for index in 0..<count {
        let time = Double(index / 2) / 100
        let reading = readings[(index / 2) % period]
        if index % 2 == 0 {
            scene.send(.accelerometer(AccelerometerData(acceleration: reading.acceleration, timestamp: time)), timestamp: time)
        } else {
            scene.send(.gyro(GyroData(rotationRate: reading.rotationRate, timestamp: time)), timestamp: time)
        }
    }
    return recognized
}

/// `count` classifiers of the built-in strokes, each with one more learned
/// drawing (a template's own sample, stretched and shifted a little each
/// time: a new drawing of that shape), made from the last (`adapt`) or
/// prepared whole (`prepare`). Returns the samples of the last.
func adaptations(count: Int, whole: Bool) -> Int {
    let builtIn = StrokeTemplate.builtIn
    var adaptation = StrokeAdaptation()
    var classifier = StrokeClassifier()
    for index in 0..<count {
        let template = builtIn[index % builtIn.count]
        let stretch = 1 + 0.01 * Double(index % 17), shift = Double(index % 5)
        let drawing = template.samples[index % template.samples.count].map { stroke in
            stroke.map { Point(x: $0.x * stretch + shift, y: $0.y - shift) }
        }
        adaptation.learn(drawing, as: template.name)
        let templates = try! adaptation.templates(adding: builtIn)
        classifier = whole ? try! StrokeClassifier(templates: templates) : try! classifier.adapted(to: templates)
    }
    return classifier.templates.reduce(0) { $0 + $1.samples.count }
}

let arguments = CommandLine.arguments
let workload = arguments.count > 1 ? arguments[1] : "tap"
let events = arguments.count > 2 ? Int(arguments[2]) ?? 100_000 : 100_000
let result = MainActor.assumeIsolated { () -> Int in
    switch workload {
    case "move": return moves(count: events)
    case "tap": return taps(count: events)
    case "idle200": return idle(recognizers: 200, count: events)
    case "move20": return path(recognizers: 20, count: events) { UndecidedRecognizer() }
    case "hittest": return hitTests(count: events)
    case "capture": return rollback(restoring: false, count: events)
    case "restore": return rollback(restoring: true, count: events)
    case "commands": return commands(axis: false, count: events)
    case "commandaxis": return commands(axis: true, count: events)
    case "loop": return loopMoves(count: events)
    case "trace": return traceLines(count: events)
    case "land10": return landings(count: events)
    case "pinch10": return circling(.pinch, count: events)
    case "circle10": return circling(.builtIns, count: events)
    case "motion": return motionReadings(count: events)
    case "adapt": return adaptations(count: events, whole: false)
    case "prepare": return adaptations(count: events, whole: true)
    default: fatalError("unknown workload \(workload): move, tap, idle200, move20, hittest, capture, restore, commands, commandaxis, loop, trace, land10, pinch10, circle10, motion, adapt or prepare")
    }
}
print("\(workload): \(events) events, result \(result)")
