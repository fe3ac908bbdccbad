import Foundation
import Tactile
import TactileTestSupport
import Testing

// Written against Tactile's public API only: a game's rollback loop can do
// exactly what this does.

let rollbackEnvironment = ProcessInfo.processInfo.environment

/// Random input with snapshots at random frames and restores followed by
/// re-simulation, compared with a run that never rolls back: the arena's
/// decisions, the actions with their values and the layers' deliveries
/// must be the same, line for line.
///
/// A long run: `scripts/rollback-fuzz` (`TACTILE_ROLLBACK_SEEDS`,
/// `TACTILE_ROLLBACK_FRAMES`, `TACTILE_ROLLBACK_SEED` to replay one seed).
@MainActor
struct RollbackFuzzTests {
    @Test func rollingBackAndResimulatingChangesNothing() throws {
        let seeds = Int(rollbackEnvironment["TACTILE_ROLLBACK_SEEDS"] ?? "") ?? 12
        let frames = Int(rollbackEnvironment["TACTILE_ROLLBACK_FRAMES"] ?? "") ?? 240
        let first = UInt64(rollbackEnvironment["TACTILE_ROLLBACK_SEED"] ?? "") ?? 1
        var rollbacks = 0
        var framesResimulated = 0
        var lines = 0
        var acted: Set<String> = []
        var learnings = 0
        for seed in first..<(first + UInt64(seeds)) {
            let input = RollbackWorld.input(seed: seed, frames: frames)
            let straight = RollbackWorld(seed: seed)
            for frame in 0..<frames { straight.run(input[frame], frame: frame) }

            let rolled = RollbackWorld(seed: seed)
            let outcome = try rolled.runRollingBack(input, seed: seed)
            rollbacks += outcome.rollbacks
            framesResimulated += outcome.resimulated
            lines += straight.log.count
            for line in straight.log {
                let words = line.split(separator: " ")
                if words.count > 2, words[1] == "action" { acted.insert(String(words[2])) }
                if line.contains(" learned true ") { learnings += 1 }
            }
            #expect(outcome.rollbacks > 0, "seed \(seed): no rollback happened")
            if let mismatch = firstDifference(straight.log, rolled.log) {
                Issue.record("seed \(seed): \(mismatch)")
                return
            }
        }
        print("rollback fuzz: \(seeds) seeds × \(frames) frames, \(rollbacks) rollbacks, \(framesResimulated) frames re-simulated, \(lines) log lines compared")
        // Enough happened for the comparison to mean something: every
        // recognizer of the world acted in some seed.
        #expect(lines > seeds * 50)
        print("rollback fuzz: recognizers that acted: \(acted.sorted()); drawings the stroke recognizer learned: \(learnings)")
        if seeds >= 12 {
            #expect(learnings > 0, "the stroke recognizer learned nothing: its snapshot's learned drawings went untested")
            #expect(acted == RollbackWorld.recognizerNames, "never acted: \(RollbackWorld.recognizerNames.subtracting(acted).sorted())")
        }
    }

    /// The comparison can fail: the same rollbacks with one input event
    /// left out of a re-simulated frame give another log.
    @Test func aResimulationWithDifferentInputIsCaught() throws {
        let frames = 240
        let input = RollbackWorld.input(seed: 3, frames: frames)
        let straight = RollbackWorld()
        for frame in 0..<frames { straight.run(input[frame], frame: frame) }
        let rolled = RollbackWorld()
        _ = try rolled.runRollingBack(input, seed: 3, dropOneEventOnResimulation: true)
        #expect(firstDifference(straight.log, rolled.log) != nil)
    }

    /// The motion manager's part can fail too: the same rollbacks with the
    /// manager left as it was give another log.
    @Test func aRollbackThatLeavesTheMotionManagerAsItIsIsCaught() throws {
        let frames = 240
        let input = RollbackWorld.input(seed: 5, frames: frames)
        let straight = RollbackWorld(seed: 5)
        for frame in 0..<frames { straight.run(input[frame], frame: frame) }
        let rolled = RollbackWorld(seed: 5)
        _ = try rolled.runRollingBack(input, seed: 5, restoresMotion: false)
        #expect(firstDifference(straight.log, rolled.log) != nil)
        #expect(straight.log.contains { $0.contains("motion attitude") } && straight.log.contains { $0.contains("motion pushed gyro") })
    }

    private func firstDifference(_ a: [String], _ b: [String]) -> String? {
        for index in 0..<max(a.count, b.count) {
            let left = index < a.count ? a[index] : "(end)"
            let right = index < b.count ? b[index] : "(end)"
            if left != right { return "line \(index): uninterrupted \(left) | rolled back \(right)" }
        }
        return nil
    }
}

/// A game's own recognizer that opts in to snapshots: a scribble, a path
/// of at least 150 points drawn within a second by one touch.
final class ScribbleRecognizer: GestureRecognizer {
    private var length = 0.0
    private var last = Point.zero
    private var touch: ObjectIdentifier?

    override var savedStateClass: GestureRecognizer.Type? { ScribbleRecognizer.self }

    override func saveState(to writer: inout RecognizerStateWriter) {
        writer.write(length)
        writer.write(last)
        writer.write(touch: touch)
    }

    override func restoreState(from reader: inout RecognizerStateReader) {
        length = reader.readDouble()
        last = reader.readPoint()
        touch = reader.readTouch()
    }

    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        guard touch == nil, let first = touches.first else {
            for extra in touches where ObjectIdentifier(extra) != touch { ignore(extra) }
            return
        }
        touch = ObjectIdentifier(first)
        last = first.location
        setDeadline(after: 1)
    }

    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        for moved in touches where ObjectIdentifier(moved) == touch {
            length += moved.location.distance(to: last)
            last = moved.location
            if length >= 150, state == .possible { state = .recognized }
        }
    }

    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        if state == .possible { state = .failed }
    }

    override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        if state == .possible { state = .failed }
    }

    override func deadlineReached() {
        if state == .possible { state = .failed }
    }

    override func reset() {
        length = 0
        touch = nil
    }
}

/// A layer that writes every touch it is sent into the world's log.
final class LoggingLayer: Layer {
    var log: (String) -> Void = { _ in }

    private func write(_ phase: String, _ touches: [Touch]) {
        let what = touches.map { "\($0.pointer.index)@\($0.location.x),\($0.location.y)" }.joined(separator: " ")
        log("\(name ?? "?") \(phase) \(what)")
    }

    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { write("began", touches) }
    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) { write("moved", touches) }
    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) { write("ended", touches) }
    override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) { write("cancelled", touches) }
}

/// One game: a scene with every built-in touch recognizer and a custom one
/// on five layers, whose "state" is its log of decisions, actions with
/// values, and deliveries.
@MainActor
final class RollbackWorld {
    let scene = Scene(size: Size(width: 400, height: 300))
    var log: [String] = []
    /// Lets the scribble recognize alongside the pan it shares its touches with.
    let alongside = Alongside()

    final class Alongside: GestureRecognizerDelegate {
        func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { true }
    }
    var frame = 0
    /// Picks each stretch of motion readings.
    let seed: UInt64
    /// A motion manager fed the same readings as sensor events: its fusion,
    /// orientation detector, push histories and time lines roll back with
    /// the scene (``MotionSnapshot``), and what it reads is logged.
    let motionClock = FrameClock()
    let motion: MotionManager

    /// The game's frame time, which a rollback sets back.
    final class FrameClock: Clock {
        var now = 0.0
    }

    init(seed: UInt64 = 0) {
        self.seed = seed
        motion = MotionManager(clock: motionClock)
        scene.diagnostics = nil
        let board = LoggingLayer(frame: Rect(x: 0, y: 0, width: 400, height: 300), name: "board")
        let left = LoggingLayer(frame: Rect(x: 0, y: 0, width: 200, height: 300), name: "left")
        let right = LoggingLayer(frame: Rect(x: 200, y: 0, width: 200, height: 300), name: "right")
        let corner = LoggingLayer(frame: Rect(x: 150, y: 200, width: 100, height: 100), name: "corner")
        for layer in [board, left, right, corner] {
            layer.isMultipleTouchEnabled = true
            layer.log = { [unowned self] line in log.append("f\(frame) \(line)") }
        }
        scene.root.addChild(board)
        board.addChild(left)
        board.addChild(right)
        right.addChild(corner)

        let pan = PanGestureRecognizer()
        let pinch = PinchGestureRecognizer()
        let rotation = RotationGestureRecognizer()
        let edge = ScreenEdgePanGestureRecognizer()
        edge.edges = .all
        let tap = TapGestureRecognizer()
        let doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        tap.require(toFail: doubleTap)
        // As UIKit advises: a pan over the whole board yields to a pull from the edge.
        pan.require(toFail: edge)
        let twoFingerTap = TapGestureRecognizer()
        twoFingerTap.numberOfTouchesRequired = 2
        let press = LongPressGestureRecognizer()
        press.delaysTouchesBegan = true
        let swipe = SwipeGestureRecognizer()
        swipe.direction = .all
        let scribble = ScribbleRecognizer()
        scribble.isExclusive = false
        scribble.delegate = alongside
        // Draws alongside the swipe and the pan, as the scribble does, so
        // that a circle drawn on the right can be matched.
        let stroke = StrokeGestureRecognizer(classifier: Self.strokeClassifier)
        stroke.isExclusive = false
        stroke.delegate = alongside
        // A short pause (six frames), so that a finger landing at random
        // seldom joins the circle's drawing; long enough to roll back over.
        stroke.pause = 0.1
        // Learning the player's drawings (session 21): a rollback over a
        // learning must forget it and the re-simulation learn it again.
        stroke.adaptation = StrokeAdaptation()
        let namedList: [(String, GestureRecognizer, Layer)] = [
            ("pan", pan, board), ("pinch", pinch, board), ("rotation", rotation, board), ("edge", edge, scene.root),
            ("tap", tap, left), ("doubleTap", doubleTap, left), ("twoFingerTap", twoFingerTap, left), ("press", press, corner),
            ("swipe", swipe, right), ("scribble", scribble, right), ("stroke", stroke, right),
        ]
        for (name, recognizer, layer) in namedList {
            recognizer.name = name
            layer.addGestureRecognizer(recognizer)
            recognizer.addAction { [unowned self] recognizer in
                log.append("f\(frame) action \(name) \(recognizer.state) at \(recognizer.location(in: nil)) \(Self.values(of: recognizer))")
            }
        }
        // Command inputs: a keyboard player and a controller player, two
        // commands each that share a button, so that they compete.
        let keyboard = PlayerInput(keyboard: PlayerInput.keyboardLayout)
        let pad = PlayerInput(controller: 0)
        let commands: [(String, CommandInputRecognizer)] = [
            ("fireball", CommandInputRecognizer(try! Command("236", .west), input: keyboard)),
            ("punch", CommandInputRecognizer(try! Command("", .west), input: keyboard)),
            ("dragonPunch", CommandInputRecognizer(try! Command("623", .south), input: pad)),
            ("kick", CommandInputRecognizer(try! Command("", .south), input: pad)),
        ]
        for (name, command) in commands {
            command.name = name
            board.addGestureRecognizer(command)
            command.addAction { [unowned self] command in
                log.append("f\(frame) action \(name) \(command.state) completed \(command.lastCompletion ?? -1)")
            }
        }
        // Motion gestures, from the readings of `motion(at:)`.
        let motion: [(String, GestureRecognizer)] = [
            ("twist", TwistGestureRecognizer()), ("flick", FlickGestureRecognizer()),
            ("tilt", TiltGestureRecognizer()), ("knock", KnockGestureRecognizer()), ("shake", ShakeGestureRecognizer()),
        ]
        // On a layer of their own that no touch can land on: on an ancestor
        // of the touched layers they would be gathered for every touch too,
        // and a twist would stop a long press that shares nothing with it.
        let sensors = Layer(frame: Rect(x: 0, y: 0, width: 0, height: 0), name: "sensors")
        scene.root.addChild(sensors)
        for (name, recognizer) in motion {
            recognizer.name = name
            sensors.addGestureRecognizer(recognizer)
            recognizer.addAction { [unowned self] recognizer in
                log.append("f\(frame) action \(name) \(recognizer.state) \(Self.values(of: recognizer))")
            }
        }
        scene.arenaDecisions = { [unowned self] decision in log.append("f\(frame) \(decision)") }

        self.motion.diagnostics = nil
        self.motion.startDeviceMotionUpdates()
        self.motion.gyroUpdateInterval = 1.0 / 30
        self.motion.startGyroUpdates { [unowned self] (data: GyroData) in log.append("f\(frame) motion pushed gyro \(data.rotationRate) at \(data.timestamp)") }
        self.motion.beginGeneratingOrientationNotifications()
        self.motion.onOrientationChange = { [unowned self] orientation, time in log.append("f\(frame) motion orientation \(orientation) at \(time)") }
    }

    static let recognizerNames: Set<String> = [
        "pan", "pinch", "rotation", "edge", "tap", "doubleTap", "twoFingerTap", "press", "swipe", "scribble",
        "fireball", "punch", "dragonPunch", "kick", "twist", "flick", "tilt", "knock", "shake", "stroke",
    ]

    /// The built-in templates, prepared once for every world.
    static let strokeClassifier = StrokeClassifier()

    static func values(of recognizer: GestureRecognizer) -> String {
        switch recognizer {
        case let pan as PanGestureRecognizer: "translation \(pan.translation(in: nil)) velocity \(pan.velocity(in: nil))"
        case let pinch as PinchGestureRecognizer: "scale \(pinch.scale) velocity \(pinch.velocity)"
        case let rotation as RotationGestureRecognizer: "rotation \(rotation.rotation) velocity \(rotation.velocity)"
        case let swipe as SwipeGestureRecognizer: "direction \(swipe.recognizedDirection.rawValue)"
        case let twist as TwistGestureRecognizer: "clockwise \(twist.isClockwise)"
        case let flick as FlickGestureRecognizer: "direction \(flick.direction)"
        case let tilt as TiltGestureRecognizer: "tilt \(tilt.tilt) direction \(tilt.direction)"
        case let knock as KnockGestureRecognizer: "strength \(knock.strength)"
        case let stroke as StrokeGestureRecognizer:
            "match \(stroke.match.map { "\($0.name) \($0.score) \($0.centroid) \($0.angle) \($0.scale)" } ?? "-") drawing \(stroke.lastDrawing)"
                + " learned \(stroke.learnedLastDrawing) \((stroke.adaptation?.drawings ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key):\($0.value.count)" })"
        default: ""
        }
    }

    /// One frame: its events, in order, then time to the frame's end.
    func run(_ events: [InputEvent], frame: Int, dropping dropped: Int? = nil) {
        self.frame = frame
        for (index, event) in events.enumerated() where index != dropped { scene.send(event) }
        let time = Double(frame) / 60 + 0.008
        let (acceleration, rotationRate) = motion(at: frame)
        scene.send(.accelerometer(AccelerometerData(acceleration: acceleration, timestamp: time)), timestamp: time)
        scene.send(.gyro(GyroData(rotationRate: rotationRate, timestamp: time)), timestamp: time)
        scene.advanceTime(to: Double(frame + 1) / 60)

        // The manager: the same readings as the pump would hand it (SDL's
        // m/s², gravity up), with a sensor time a little before arrival.
        motionClock.now = time
        let sample = { (kind: SensorKind, value: Vector3) in
            InputEvent(timestamp: time, .sensor(SensorSample(kind: kind, source: .device(1), value: value, sensorTime: time - 0.003)))
        }
        motion.handle(sample(.accelerometer, acceleration * -SensorSample.standardGravity))
        motion.handle(sample(.gyroscope, rotationRate))
        motionClock.now = Double(frame + 1) / 60
        motion.update()
        if let reading = motion.deviceMotion {
            log.append("f\(frame) motion attitude \(reading.attitude) gravity \(reading.gravity) user \(reading.userAcceleration) rate \(reading.rotationRate)")
        }
        log.append("f\(frame) motion orientation \(motion.orientation)")
    }

    /// The device's readings in `frame`: stretches of 30 frames, each at
    /// rest, twisting, flicking, tilted, knocked or shaken, picked by the seed.
    func motion(at frame: Int) -> (acceleration: Vector3, rotationRate: Vector3) {
        var pick = SplitMix64(seed: seed &* 31 &+ UInt64(frame / 30))
        let within = frame % 30
        let rest = Vector3(x: 0, y: 0, z: -1)
        let still = Vector3(x: 0, y: 0, z: 0)
        switch pick.below(6) {
        case 5:
            // Shaken along x: a half-cycle every four frames, for half a second.
            let push = within < 24 ? (within / 4 % 2 == 0 ? 2.5 : -2.5) : 0
            return (Vector3(x: push, y: 0, z: -1), still)
        case 1: return (rest, within < 20 ? Vector3(x: 0, y: 4, z: 0) : still)
        case 2: return (rest, within < 6 ? Vector3(x: 6, y: 0, z: 0) : within < 12 ? Vector3(x: -6, y: 0, z: 0) : still)
        case 3: return (within < 20 ? Vector3(x: 0.5, y: 0, z: -0.85) : rest, still)
        case 4: return (within == 15 ? Vector3(x: 0, y: 0, z: -4) : rest, still)
        default: return (rest, still)
        }
    }

    /// Runs `input` keeping a ring of eight snapshots; at random frames goes
    /// back one to seven frames, restores, truncates the log (the game's
    /// own state) to that frame, and re-simulates to where it was.
    func runRollingBack(_ input: [[InputEvent]], seed: UInt64, dropOneEventOnResimulation: Bool = false, restoresMotion: Bool = true)
        throws -> (rollbacks: Int, resimulated: Int) {
        var random = SplitMix64(seed: seed ^ 0x5eed)
        let depth = 8
        var ring = [SceneSnapshot](repeating: SceneSnapshot(), count: depth)
        var motionRing = [MotionSnapshot](repeating: MotionSnapshot(), count: depth)
        var logLength = [Int](repeating: 0, count: depth)
        var rollbacks = 0
        var resimulated = 0
        var frame = 0
        var furthest = 0
        while frame < input.count {
            let notSaved = try scene.capture(into: &ring[frame % depth])
            if !notSaved.isEmpty { Issue.record("not saved: \(notSaved.map { $0.name ?? "?" })") }
            motion.capture(into: &motionRing[frame % depth])
            logLength[frame % depth] = log.count
            let isResimulating = frame < furthest
            var dropped: Int?
            if dropOneEventOnResimulation, isResimulating, !input[frame].isEmpty { dropped = 0 }
            run(input[frame], frame: frame, dropping: dropped)
            frame += 1
            if frame > furthest {
                furthest = frame
                if frame >= depth, random.below(4) == 0 {
                    let back = 1 + random.below(depth - 1)
                    let target = frame - back
                    try scene.restore(ring[target % depth])
                    if restoresMotion { try motion.restore(motionRing[target % depth]) }
                    log.removeSubrange(logLength[target % depth]...)
                    rollbacks += 1
                    resimulated += back
                    frame = target
                }
            }
        }
        return (rollbacks, resimulated)
    }

    /// Random fingers: up to four down at once, landing anywhere (edges
    /// included), moving in steps small and large, lifting, sometimes
    /// cancelled; now and then a quick second tap at the same place.
    static func input(seed: UInt64, frames: Int) -> [[InputEvent]] {
        var random = SplitMix64(seed: seed)
        var down: [Int64: Point] = [:]
        var nextIndex: Int64 = 0
        var lastLift = Point(x: 100, y: 100)
        var keysDown: Set<Int32> = []
        var buttonsDown: Set<ControllerButton> = []
        var result: [[InputEvent]] = []
        // Scripted now and then, one step a frame: a fireball on the keys, a
        // dragon punch on the pad, a finger held still on the corner.
        var macro: [InputEvent.Kind] = []
        var holder: (index: Int64, lift: Int, at: Point)?
        var circleIsDue = false
        for frame in 0..<frames {
            var events: [InputEvent] = []
            let base = Double(frame) / 60
            if frame % 90 == 40 { circleIsDue = true }
            if !macro.isEmpty {
                events.append(InputEvent(timestamp: base + 0.001, macro.removeFirst()))
            } else if circleIsDue {
                // Every finger lifts, then a circle is drawn on the right,
                // one point a frame, for the stroke recognizer.
                circleIsDue = false
                func lift(_ index: Int64, _ location: Point) -> InputEvent.Kind {
                    .pointer(PointerEvent(.up, id: PointerID(kind: .finger, device: 1, index: index), location: location))
                }
                macro = down.sorted { $0.key < $1.key }.map { lift($0.key, $0.value) }
                down.removeAll()
                if let held = holder { macro.append(lift(held.index, held.at)) }
                holder = nil
                func finger(_ phase: PointerEvent.Phase, _ angle: Double) -> InputEvent.Kind {
                    .pointer(PointerEvent(phase, id: PointerID(kind: .finger, device: 1, index: 2000),
                                          location: Point(x: 300 + 40 * cos(angle), y: 100 + 40 * sin(angle))))
                }
                macro += [finger(.down, 0)] + (1...20).map { finger(.move, Double($0) * .pi / 10) } + [finger(.up, 2 * .pi)]
                events.append(InputEvent(timestamp: base + 0.001, macro.removeFirst()))
            } else if random.below(12) == 0 {
                func key(_ code: Int32, _ isDown: Bool) -> InputEvent.Kind { .key(KeyEvent(isDown: isDown, scancode: code, keycode: code)) }
                func button(_ button: ControllerButton, _ isDown: Bool) -> InputEvent.Kind {
                    .controller(.button(controller: 0, button: button, isDown: isDown))
                }
                macro = keysDown.sorted().map { key($0, false) } + buttonsDown.sorted { $0.rawValue < $1.rawValue }.map { button($0, false) }
                keysDown.removeAll()
                buttonsDown.removeAll()
                let choice = random.below(4)
                func finger(_ phase: PointerEvent.Phase, _ index: Int64, _ x: Double) -> InputEvent.Kind {
                    .pointer(PointerEvent(phase, id: PointerID(kind: .finger, device: 1, index: 1000 + index), location: Point(x: x, y: 120)))
                }
                if choice == 2, down.isEmpty, holder == nil {
                    // A two-finger tap.
                    macro += [finger(.down, 1, 60), finger(.down, 2, 90), finger(.up, 1, 60), finger(.up, 2, 90)]
                } else if choice == 3, down.isEmpty, holder == nil {
                    // A pull from the left edge.
                    macro += [finger(.down, 3, 4), finger(.move, 3, 30), finger(.move, 3, 60), finger(.up, 3, 60)]
                } else if choice == 0 {
                    macro += [key(22, true), key(7, true), key(22, false), key(13, true), key(13, false), key(7, false)]
                } else {
                    macro += [.controller(.axis(controller: 0, axis: .leftX, value: 0)), .controller(.axis(controller: 0, axis: .leftY, value: 0)),
                              button(.dpadRight, true), button(.dpadRight, false), button(.dpadDown, true), button(.dpadRight, true),
                              button(.south, true), button(.south, false), button(.dpadDown, false), button(.dpadRight, false)]
                }
            }
            if let held = holder, frame >= held.lift {
                events.append(pointer(.up, held.index, held.at, base + 0.002))
                holder = nil
            } else if holder == nil, down.isEmpty, !macro.contains(where: { if case .pointer = $0 { true } else { false } }),
                      random.below(10) == 0 {
                // Not while a scripted finger moves: the finger held on the
                // corner would be a second pointer on the circle's layer.
                nextIndex += 1
                holder = (nextIndex, frame + 25 + random.below(20), Point(x: 370, y: 250))
                events.append(pointer(.down, nextIndex, Point(x: 370, y: 250), base + 0.002))
            }
            for slot in 0..<(1 + random.below(3)) {
                let time = base + Double(slot + 1) / 300
                let roll = random.below(100)
                let scripted = holder != nil || macro.contains { if case .pointer = $0 { true } else { false } }
                if scripted, roll < 22 || roll >= 40 {
                    continue
                } else if roll < 12, down.count < 4 {
                    let location = random.below(3) == 0
                        ? Point(x: lastLift.x + Double(random.below(9)) - 4, y: lastLift.y + Double(random.below(9)) - 4)
                        : Point(x: Double(random.below(401)), y: Double(random.below(301)))
                    nextIndex += 1
                    down[nextIndex] = location
                    events.append(pointer(.down, nextIndex, location, time))
                } else if roll < 22, let (index, location) = down.min(by: { $0.key < $1.key }) {
                    down[index] = nil
                    lastLift = location
                    events.append(pointer(random.below(20) == 0 ? .cancel : .up, index, location, time))
                } else if roll < 40 {
                    // A key of the keyboard player's layout, or a button or the stick of the pad.
                    switch random.below(3) {
                    case 0:
                        let keys = [26, 4, 22, 7, 13, 14] as [Int32]
                        let key = keys[random.below(keys.count)]
                        events.append(InputEvent(timestamp: time, .key(KeyEvent(isDown: keysDown.insert(key).inserted || { keysDown.remove(key); return false }(),
                                                                              scancode: key, keycode: key))))
                    case 1:
                        let buttons: [ControllerButton] = [.south, .dpadDown, .dpadRight, .dpadLeft]
                        let button = buttons[random.below(buttons.count)]
                        let isDown = buttonsDown.insert(button).inserted || { buttonsDown.remove(button); return false }()
                        events.append(InputEvent(timestamp: time, .controller(.button(controller: 0, button: button, isDown: isDown))))
                    default:
                        let axis: ControllerAxis = random.below(2) == 0 ? .leftX : .leftY
                        events.append(InputEvent(timestamp: time, .controller(.axis(controller: 0, axis: axis, value: Double(random.below(3)) - 1))))
                    }
                } else if !down.isEmpty {
                    let keys = down.keys.sorted()
                    let index = keys[random.below(keys.count)]
                    let step = random.below(4) == 0 ? 40.0 : 6.0
                    var location = down[index]!
                    location.x += (Double(random.below(201)) / 100 - 1) * step
                    location.y += (Double(random.below(201)) / 100 - 1) * step
                    down[index] = location
                    events.append(pointer(.move, index, location, time))
                }
            }
            result.append(events)
        }
        return result
    }

    static func pointer(_ phase: PointerEvent.Phase, _ index: Int64, _ location: Point, _ time: Double) -> InputEvent {
        InputEvent(timestamp: time, .pointer(PointerEvent(phase, id: PointerID(kind: .finger, device: 1, index: index), location: location)))
    }
}
