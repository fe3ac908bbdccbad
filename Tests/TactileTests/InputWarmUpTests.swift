import Testing
@testable import Tactile

/// The input warm-up runs a real session through its own scratch scene and
/// leaves nothing of it where a game can see: a game's scenes, layers,
/// recognizers, clocks, motion and diagnostics are untouched, whether they
/// exist before it, during a gesture, or after it.
@MainActor
struct InputWarmUpTests {
    /// A game's scene, alive around the warm-up: a logging layer carrying a
    /// tap, a pan and a pinch with actions, a motion manager on the game's
    /// clock handing the scene readings, and every diagnostic collected.
    @MainActor final class Game {
        let log = EventLog()
        let clock = ManualClock(now: 5)
        let scene = Scene(size: Size(width: 400, height: 300))
        let layer: RecordingLayer
        let tap = TapGestureRecognizer()
        let pan = PanGestureRecognizer()
        let pinch = PinchGestureRecognizer()
        let motion: MotionManager
        var actions: [String] = []
        var diagnostics: [Diagnostic] = []
        var deviceMotions = 0

        init() {
            layer = RecordingLayer("game", frame: Rect(x: 0, y: 0, width: 400, height: 300), log: log)
            layer.passesTouchesOn = true
            layer.isMultipleTouchEnabled = true
            scene.root.addChild(layer)
            motion = MotionManager(clock: clock)
            scene.diagnostics = { [unowned self] in self.diagnostics.append($0) }
            motion.diagnostics = { [unowned self] in self.diagnostics.append($0) }
            for (name, recognizer) in [("tap", tap), ("pan", pan), ("pinch", pinch)] as [(String, GestureRecognizer)] {
                layer.addGestureRecognizer(recognizer)
                _ = recognizer.addAction { [unowned self] _ in self.actions.append(name) }
            }
            motion.motionEventReceiver = scene
            motion.startDeviceMotionUpdates { [unowned self] _ in self.deviceMotions += 1 }
        }

        func touch(_ phase: PointerEvent.Phase, at timestamp: Double) {
            scene.send(InputEvent(timestamp: timestamp, .pointer(PointerEvent(phase, id: PointerID(kind: .finger, device: 1, index: 0), location: Point(x: 100, y: 100)))))
        }
    }

    @Test func theSessionRunsTheBuiltInRecognizersAndMotion() {
        let reached = InputWarmUp.play()
        // The gestures it plays end in these recognitions; were the session
        // empty or broken, this set would be.
        #expect(reached.recognized.isSuperset(of: ["TapGestureRecognizer", "LongPressGestureRecognizer", "PanGestureRecognizer",
                                                   "PinchGestureRecognizer", "RotationGestureRecognizer"]), "\(reached.recognized)")
        #expect(reached.deviceMotions > 0)
        // The second finger on the single-touch strip, ignored by the scene.
        #expect(reached.ignoredPointers == 1)
        // The key held through the action map (pressed in frame 2, let go
        // in frame 5), and the finger on the bare strip, moved once.
        #expect(reached.keyFrames == 3)
        #expect(reached.bareMoves == 1)
    }

    /// Weak references to the scratch session's parts.
    final class Watch {
        weak var loop: GameLoop?
        weak var scene: Scene?
        weak var motion: MotionManager?
        weak var layer: Layer?
        weak var recognizer: GestureRecognizer?
    }

    @Test func everythingTheSessionMadeIsFreed() {
        let watch = Watch()
        let reached = InputWarmUp.play { loop in
            watch.loop = loop
            watch.scene = loop.scene
            watch.motion = loop.motion
            watch.layer = loop.scene?.root.children.first?.children.first
            watch.recognizer = watch.layer?.gestureRecognizers.first
            // Alive while the session holds them: the checks below see them go.
            #expect(watch.scene != nil && watch.motion != nil && watch.layer != nil && watch.recognizer != nil)
        }
        #expect(!reached.recognized.isEmpty)
        #expect(watch.loop == nil)
        #expect(watch.scene == nil)
        #expect(watch.motion == nil)
        #expect(watch.layer == nil)
        #expect(watch.recognizer == nil)
    }

    @Test func aGamesSceneMadeBeforeIsUntouched() throws {
        let game = Game()
        let generation = Layer.structureGeneration
        let version = ArenaListeners.stateVersion
        let snapshot = try game.scene.snapshot()
        InputWarmUp.run()
        #expect(game.log.lines.isEmpty)
        #expect(game.actions.isEmpty)
        #expect(game.diagnostics.isEmpty)
        #expect(game.deviceMotions == 0)
        #expect(game.motion.deviceMotion == nil)
        #expect(game.clock.now == 5)
        #expect(game.scene.firstResponder == nil)
        #expect(game.scene.event.allTouches.isEmpty)
        #expect([game.tap, game.pan, game.pinch].allSatisfy { $0.state == .possible })
        #expect(Layer.structureGeneration == generation)
        #expect(ArenaListeners.stateVersion == version)
        #expect(try game.scene.snapshot() == snapshot)
    }

    /// A tap on the game's layer, with the warm-up run (or not) while the
    /// finger is down: what the game sees must not differ.
    func tapAcross(warmingUp: Bool) throws -> (log: [String], actions: [String], diagnostics: Int) {
        let game = Game()
        game.touch(.down, at: 5)
        let snapshot = try game.scene.snapshot()
        if warmingUp { InputWarmUp.run() }
        #expect(try game.scene.snapshot() == snapshot)
        game.touch(.up, at: 5.1)
        game.scene.advanceTime(to: 6)
        return (game.log.lines, game.actions, game.diagnostics.count)
    }

    @Test func aGestureUnderWayGoesOnAsIfNothingRan() throws {
        let warm = try tapAcross(warmingUp: true)
        let cold = try tapAcross(warmingUp: false)
        #expect(warm.log == cold.log)
        #expect(warm.actions == cold.actions)
        #expect(warm.actions == ["tap"])
        #expect(warm.diagnostics == 0)
    }

    @Test func itCanRunTwiceAndBeforeAGamesScene() {
        let generation = Layer.structureGeneration
        InputWarmUp.run()
        InputWarmUp.run()
        #expect(Layer.structureGeneration == generation)
        let game = Game()
        InputWarmUp.run()
        game.touch(.down, at: 5)
        game.touch(.up, at: 5.1)
        game.scene.advanceTime(to: 6)
        #expect(game.actions == ["tap"])
        #expect(game.diagnostics.isEmpty)
        #expect(InputWarmUp.play().recognized.contains("PinchGestureRecognizer"))
    }
}
