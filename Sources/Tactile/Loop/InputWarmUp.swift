import Foundation

/// Sends a short synthetic input session through a private scratch scene, so
/// that the first real touch of a game does not pay for cold code.
///
/// The first frames of a game cost far more than the work they do: ten
/// fingers landing, the first moves through the arena and the first motion
/// readings run code that has never run, so they wait for page faults on
/// Tactile's code, cache and TLB misses and the runtime's first metadata
/// look-ups. On the Gesture Lab and Tilt Maze demos that made those frames
/// 5–10× as slow as a steady frame for about 1.8× the instructions, and a
/// player would feel it as a hitch on the first touch. ``run()`` moves that
/// cost to load time, the way engines warm their shaders before the first
/// frame.
///
/// What it sends, through a private ``GameLoop`` on a private
/// ``ManualClock``, to a private ``Scene`` whose layers carry the built-in
/// recognizers (tap, double tap, long press, pan, swipe, pinch, rotation,
/// screen-edge pan, and the motion ones: flick, twist, tilt, knock, with the
/// scene's own shake) and to a private ``MotionManager`` with device motion
/// on: ten fingers landing on two rows of layers, circling (pans) and
/// lifting; two fingers spreading and turning on one layer (a pinch and a
/// rotation, recognized together); a tap and a double tap; a long
/// press held past its deadline; a cancelled touch; a second finger on a
/// layer that takes one touch at a time, which the scene ignores for its
/// whole life; a finger moving on a layer with no recognizer on its way to
/// the root; accelerometer and gyroscope readings through the filters into
/// the arena; and a key held through a private ``ActionMap`` fed by the loop,
/// whose frames end as a game's do.
///
/// It leaves no trace a game can see: nothing of the game's is touched (no
/// scene, layer, recognizer, action, delegate or clock of the game's is
/// called or read), the scratch scene and motion manager report no
/// diagnostics, everything it makes is freed before it returns, and the
/// process-wide counters Tactile keeps are as they were: the layer
/// structure generation that rollback snapshots compare and the recognizer
/// state version the arena's quiet listeners compare are set back, and the
/// count of action maps waiting for a listen's deadline
/// (`ListenDeadlines`) is never moved, since the session starts no listen.
/// It can be called any number of times, before or after a game's scenes
/// exist.
///
/// Call it once at load, before the first frame (`SDLApp` does, unless
/// its configuration's `warmsUpInput` is off); never per frame. The first
/// call costs 1–1.7 ms in a release build on a loaded 2-core machine
/// (README, "Frame budget of the demos"; `SDLApp` with frame timing on
/// reports it as `FrameTiming.warmUpMicroseconds`); a later call runs warm
/// code and costs less.
@MainActor
public enum InputWarmUp {
    /// Runs the synthetic session; see ``InputWarmUp``.
    public static func run() {
        // The only state Tactile shares between scenes: put back as found,
        // so a game's snapshot or quiet-listener cache stays valid. Nothing
        // of the game's can change while this runs (it runs on the main
        // actor, without suspending), so restoring cannot hide a change.
        let structureGeneration = Layer.structureGeneration
        let stateVersion = ArenaListeners.stateVersion
        defer {
            Layer.structureGeneration = structureGeneration
            ArenaListeners.stateVersion = stateVersion
        }
        _ = play()
    }

    /// Plays the session and says what it reached: the recognizers whose
    /// actions ran, by class name, how many device motions the motion
    /// manager produced, the most pointers the scene ignored at once, the
    /// frames the action map's move was held and the moves the bare strip
    /// was handed (for the tests, which check that the session does
    /// what ``InputWarmUp`` says). `played` sees the scratch loop after the
    /// session, so that a test can check it is all freed.
    static func play(_ played: (GameLoop) -> Void = { _ in })
        -> (recognized: Set<String>, deviceMotions: Int, ignoredPointers: Int, keyFrames: Int, bareMoves: Int) {
        var session = Session()
        session.play()
        played(session.loop)
        let tally = session.tally
        return (tally.recognized, tally.deviceMotions, tally.ignoredPointers, tally.keyFrames, tally.bareMoves)
    }
}

/// What a warm-up reached; the scratch recognizers hold it weakly, as the
/// target of their actions.
@MainActor
private final class Tally {
    var recognized: Set<String> = []
    var deviceMotions = 0
    /// The most pointers the scratch scene ignored at once.
    var ignoredPointers = 0
    /// The frames whose action map's move was not zero (the key held).
    var keyFrames = 0
    /// The moves the bare strip was handed.
    var bareMoves = 0
}

/// The scratch scene, loop and motion manager of one warm-up, and the
/// session played through them.
@MainActor
private struct Session {
    /// 60 frames a second, as the game loop's default.
    static let frame = 1 / GameLoop.defaultUpdateRate
    /// Earth's gravity in m/s², the accelerometer's resting reading.
    static let gravity = 9.81

    let clock = ManualClock()
    let loop: GameLoop
    let scene = Scene(size: Size(width: 800, height: 600))
    let motion: MotionManager
    let tally = Tally()
    /// A game's bindings: a key and a stick on a vector, a button. Its
    /// `endFrame`, which the loop runs in every frame that steps, was cold
    /// code in the first such frame of every game with an action map
    /// (callgrind, Air Hockey's frame 1: 16 of the 32 code lines its input
    /// had not touched in the last 8 frames). It starts no listen, so the count of maps
    /// waiting for a listen's deadline does not move.
    let actions = ActionMap<WarmUpAction>()
    /// Recognizers hold their delegate weakly: the session keeps it.
    let together = Together()
    var events: [InputEvent] = []

    init() {
        loop = GameLoop(clock: GameClock(base: clock))
        motion = MotionManager(clock: loop.clock)
        scene.diagnostics = nil
        motion.diagnostics = nil
        // Two rows of five layers, as the ten-contact trace lands; each
        // carries the touch recognizers, the first one the motion ones too.
        let board = ScratchLayer(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        board.isMultipleTouchEnabled = true
        board.addGestureRecognizer(ScreenEdgePanGestureRecognizer())
        for recognizer in [FlickGestureRecognizer(), TwistGestureRecognizer(), TiltGestureRecognizer(), KnockGestureRecognizer()] as [GestureRecognizer] {
            board.addGestureRecognizer(recognizer)
        }
        for row in 0..<2 {
            for column in 0..<5 {
                let layer = Layer(frame: Rect(x: 40 + Double(column) * 150, y: 100 + Double(row) * 250, width: 120, height: 200))
                layer.isMultipleTouchEnabled = true
                let single = TapGestureRecognizer()
                let double = TapGestureRecognizer()
                double.numberOfTapsRequired = 2
                let pinch = PinchGestureRecognizer()
                let rotation = RotationGestureRecognizer()
                // As games set them up: the single tap waits for the double
                // to fail, and a delegate lets the pinch and rotation run
                // together (the arena's requirement and delegate paths).
                _ = single.require(toFail: double)
                pinch.delegate = together
                rotation.delegate = together
                for recognizer in [single, double, LongPressGestureRecognizer(), PanGestureRecognizer(),
                                   SwipeGestureRecognizer(), pinch, rotation] as [GestureRecognizer] {
                    layer.addGestureRecognizer(recognizer)
                }
                board.addChild(layer)
            }
        }
        // A strip above the rows that takes one touch at a time (the
        // default): a second finger on it is ignored, as a game's paddle
        // zone ignores a stray one. The first ignored pointer of a game
        // otherwise paid for the runtime's first look-up of its list's
        // storage type (callgrind: about 4,700 instructions, in the frame
        // where ten fingers land on Air Hockey, Arcade, Spells, Brawler).
        board.addChild(Layer(frame: Rect(x: 0, y: 0, width: 800, height: 80)))
        scene.root.addChild(board)
        // A strip at the bottom with no recognizer on its way to the root
        // (a sibling of the board, over it): a finger's moves there take
        // the arena's short way for a move nothing follows, which a game's
        // bare layers take (callgrind, Air Hockey's paddle zones in frame 1:
        // 8 code lines of `dispatchMove` not run by the warm-up before).
        scene.root.addChild(BareStrip(frame: Rect(x: 0, y: 560, width: 800, height: 40), tally: tally))
        _ = board.becomeFirstResponder()
        // Actions on every recognizer: the path from a recognition to a
        // game's action is part of what the first gestures run.
        var layers = [board as Layer]
        while let layer = layers.popLast() {
            for recognizer in layer.gestureRecognizers {
                _ = recognizer.addTarget(tally) { tally, recognizer in
                    tally.recognized.insert(String(describing: type(of: recognizer)))
                }
            }
            layers += layer.children
        }
        // Bound as games bind a move and a pause (try?: the bindings are
        // fixed and valid; a warm-up never throws).
        try? actions.bind(.move, to: .composite(.wasd))
        try? actions.bind(.move, to: .composite(.stick(.left, StickResponse())))
        try? actions.bind(.pause, to: .button(.start))
        loop.addInput(actions)
        loop.scene = scene
        loop.motion = motion
        motion.motionEventReceiver = scene
        motion.startDeviceMotionUpdates { [tally] _ in tally.deviceMotions += 1 }
    }

    /// The centre of the ten landing spots: two rows of five.
    static func spot(_ finger: Int) -> Point {
        Point(x: 100 + Double(finger % 5) * 150, y: 200 + Double(finger / 5) * 250)
    }

    static func finger(_ index: Int) -> PointerID {
        PointerID(kind: .finger, device: 1, index: Int64(index))
    }

    mutating func play() {
        // Ten fingers land, circle, spread and turn (pan, pinch, rotation
        // on every layer), with motion readings each frame, then lift.
        for step in 0..<12 {
            for finger in 0..<10 {
                let centre = Self.spot(finger)
                let angle = Double(step) * 0.4 + Double(finger)
                let radius = 6 * Double(step)
                let location = Point(x: centre.x + radius * cos(angle), y: centre.y + radius * sin(angle))
                pointer(step == 0 ? .down : .move, finger, location)
            }
            // W held for a few frames: a press, its snapshot, its release.
            if step == 2 || step == 5 { key(step == 2, PhysicalKey.w.scancode) }
            reading(step)
            endFrame()
        }
        for finger in 0..<10 { pointer(.up, finger, Self.spot(finger)) }
        endFrame()
        // Two fingers on one layer spreading and turning: a pinch and a
        // rotation (the ten above land one to a layer).
        let centre = Self.spot(0)
        for step in 0..<10 {
            let angle = Double(step) * 0.08
            let radius = 15 + 4 * Double(step)
            for finger in 0..<2 {
                let side = finger == 0 ? -1.0 : 1.0
                pointer(step == 0 ? .down : .move, finger,
                        Point(x: centre.x + side * radius * cos(angle), y: centre.y + side * radius * sin(angle)))
            }
            endFrame()
        }
        for finger in 0..<2 { pointer(.up, finger, centre) }
        endFrame()
        // A tap, then a double tap, on one layer.
        for _ in 0..<3 {
            pointer(.down, 0, Self.spot(0))
            endFrame()
            pointer(.up, 0, Self.spot(0))
            endFrame()
        }
        // A long press held past its deadline, and a touch the system cancels.
        pointer(.down, 1, Self.spot(1))
        endFrame()
        clock.advance(by: 1)
        endFrame()
        pointer(.up, 1, Self.spot(1))
        pointer(.down, 2, Self.spot(2))
        endFrame()
        pointer(.cancel, 2, Self.spot(2))
        endFrame()
        // Two fingers on the single-touch strip: the second is ignored,
        // with its moves and its lift.
        for (step, phase) in [PointerEvent.Phase.down, .move, .up].enumerated() {
            for finger in 3..<5 {
                pointer(phase, finger, Point(x: 300 + 200 * Double(finger - 3) + 5 * Double(step), y: 40))
            }
            // And a finger on the bare strip, which nothing follows.
            pointer(phase, 5, Point(x: 400 + 5 * Double(step), y: 580))
            endFrame()
            if phase == .down { tally.ignoredPointers = max(tally.ignoredPointers, scene.ignoredPointers.count) }
        }
        // Past every tap window and deadline, so the recognizers are back
        // to possible and nothing is left pending when the session is freed.
        clock.advance(by: 1)
        endFrame()
        motion.stopDeviceMotionUpdates()
    }

    mutating func pointer(_ phase: PointerEvent.Phase, _ finger: Int, _ location: Point) {
        events.append(InputEvent(timestamp: clock.now, .pointer(PointerEvent(phase, id: Self.finger(finger), location: location))))
    }

    mutating func key(_ isDown: Bool, _ scancode: Int32) {
        events.append(InputEvent(timestamp: clock.now, .key(KeyEvent(isDown: isDown, scancode: scancode, keycode: 0))))
    }

    /// A device's accelerometer and gyroscope reading, turning a little.
    mutating func reading(_ step: Int) {
        let tilt = Double(step) * 0.05
        let gravity = Vector3(x: Self.gravity * sin(tilt), y: 0, z: -Self.gravity * cos(tilt))
        let turn = Vector3(x: 0, y: 0.5 * sin(Double(step)), z: 0.3)
        events.append(InputEvent(timestamp: clock.now, .sensor(SensorSample(kind: .accelerometer, source: .device(0), value: gravity))))
        events.append(InputEvent(timestamp: clock.now, .sensor(SensorSample(kind: .gyroscope, source: .device(0), value: turn))))
    }

    mutating func endFrame() {
        loop.frame(events: &events)
        if actions[.move].vector != .zero { tally.keyFrames += 1 }
        events.removeAll(keepingCapacity: true)
        clock.advance(by: Self.frame)
    }
}

/// The scratch action map's actions.
private enum WarmUpAction: Hashable, CaseIterable {
    case move, pause
}

/// The scratch pinch's and rotation's delegate: they recognize together.
@MainActor
private final class Together: GestureRecognizerDelegate {
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { true }
}

/// The scratch scene's layer with no recognizer on its way to the root: a
/// plain layer's handling, and a count of the moves it was handed.
private final class BareStrip: Layer {
    let tally: Tally

    init(frame: Rect, tally: Tally) {
        self.tally = tally
        super.init(frame: frame)
    }

    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        super.touchesMoved(touches, with: event)
        tally.bareMoves += touches.count
    }
}

/// A layer that can be the scratch scene's first responder, so that its
/// motion recognizers get the readings as a game's board would.
private final class ScratchLayer: Layer {
    override var canBecomeFirstResponder: Bool { true }
}
