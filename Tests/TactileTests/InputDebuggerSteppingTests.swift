import Tactile
import TactileTestSupport
import Testing

/// Pause and step from the input debugger, and its controls, through the
/// game loop on a manual clock.
@MainActor
struct InputDebuggerSteppingTests {
    typealias Board = InputDebuggerTests.Board

    static let chord: KeyModifiers = [.leftControl, .leftShift]

    /// A key press of the debugger's chord (Ctrl+Shift+`key`), or of
    /// `key` alone, held a frame.
    func chord(_ key: PhysicalKey, into script: inout InputScript, modifiers: KeyModifiers = chord) {
        script.append(.key(KeyEvent(isDown: true, scancode: key.scancode, keycode: 0, modifiers: modifiers)))
        script.wait(1.0 / 60)
        script.append(.key(KeyEvent(isDown: false, scancode: key.scancode, keycode: 0, modifiers: modifiers)))
    }

    /// Runs `script` and returns how many updates ran.
    @discardableResult
    func run(_ harness: GameHarness, _ script: InputScript, settle: Double = 0, seen: inout [InputEvent]) -> Int {
        var updates = 0
        harness.run(script, settle: settle, handle: { seen.append($0) }, update: { _, _ in updates += 1 })
        return updates
    }

    @Test func pausedTheGameHoldsItsEventsAndStepsAFrameOrASubEventAtATime() throws {
        let board = Board()
        let harness = GameHarness(scene: board.scene)
        let debugger = InputDebugger(loop: harness.loop)
        debugger.isRecording = true
        var seen: [InputEvent] = []

        var script = InputScript()
        var finger = script.touchDown(at: Point(x: 100, y: 100))
        run(harness, script, settle: 0.1, seen: &seen)
        #expect(board.press.state == .possible)

        debugger.pause()
        #expect(debugger.isPaused && harness.gameClock.isPaused)
        let pausedAt = harness.gameClock.now
        let seenBefore = seen.count
        let deliveredBefore = harness.received(by: board.board).count
        // Small moves while paused (within a long press's allowance), then
        // a second of nothing: a long press would be due by real time.
        var moves = InputScript(start: harness.clock.now)
        for step in 1...4 {
            moves.move(&finger, to: Point(x: 100 + Double(step), y: 100), over: 1.0 / 60)
        }
        #expect(moves.events.count == 4)
        let updates = run(harness, moves, settle: 1.0, seen: &seen)
        #expect(updates == 0)
        #expect(harness.gameClock.now == pausedAt)
        #expect(seen.count == seenBefore)
        #expect(harness.received(by: board.board).count == deliveredBefore)
        #expect(board.press.state == .possible)
        #expect(debugger.heldEventCount == 4)

        // One sub-event: the first move alone, no game time, no update.
        let decisionsBefore = debugger.decisionCount
        debugger.stepEvent()
        #expect(run(harness, InputScript(start: harness.clock.now), seen: &seen) == 0)
        #expect(debugger.heldEventCount == 3)
        #expect(seen.count == seenBefore + 1)
        #expect(harness.gameClock.now == pausedAt)
        #expect(debugger.decisionCount > decisionsBefore)
        #expect(debugger.lastDecisions(debugger.decisionCount - decisionsBefore).allSatisfy { $0.time == pausedAt })

        // One frame: a step of game time, one update, and the next held
        // frame's events (each move came in a frame of its own).
        debugger.stepFrame()
        #expect(run(harness, InputScript(start: harness.clock.now), seen: &seen) == 1)
        #expect(abs(harness.gameClock.now - (pausedAt + harness.loop.step)) < 1e-12)
        #expect(debugger.heldEventCount == 2)
        #expect(seen.count == seenBefore + 2)
        #expect(seen.last?.timestamp == harness.gameClock.now)

        // Resumed: the rest reaches the game in the next frame, in order,
        // and the long press completes only after the rest of its duration
        // on game time.
        debugger.resume()
        #expect(!harness.gameClock.isPaused)
        let resumedAt = harness.gameClock.now
        run(harness, InputScript(start: harness.clock.now), seen: &seen)
        #expect(debugger.heldEventCount == 0)
        #expect(seen.count == seenBefore + 4)
        let xs = seen.suffix(4).compactMap { event -> Double? in
            if case .pointer(let pointer) = event.kind { return pointer.location.x }
            return nil
        }
        #expect(xs == [101, 102, 103, 104])
        #expect(board.press.state == .possible)
        var rest = InputScript(start: harness.clock.now)
        rest.wait(0.5)
        rest.lift(finger)
        run(harness, rest, seen: &seen)
        let began = try #require(debugger.decisions.first { $0.kind == .entered && $0.recognizer?.name == "press" && $0.state == .began })
        // Down at 0, 0.1 s of game time before the pause, 1/60 s of step.
        #expect(began.time >= resumedAt + 0.5 - 0.1 - harness.loop.step - 1e-9)
    }

    @Test func aStepWhileRunningPausesAndSteppingWithNothingHeldOnlyMovesTime() {
        let board = Board()
        let harness = GameHarness(scene: board.scene)
        let debugger = InputDebugger(loop: harness.loop)
        var seen: [InputEvent] = []
        debugger.stepFrame()
        #expect(debugger.isPaused)
        let pausedAt = harness.gameClock.now
        #expect(run(harness, InputScript(start: harness.clock.now), seen: &seen) == 0)
        debugger.stepEvent()
        #expect(run(harness, InputScript(start: harness.clock.now), seen: &seen) == 0)
        #expect(harness.gameClock.now == pausedAt)
        debugger.stepFrame()
        debugger.stepFrame()
        #expect(run(harness, InputScript(start: harness.clock.now), seen: &seen) == 1)
        #expect(run(harness, InputScript(start: harness.clock.now), seen: &seen) == 1)
        #expect(abs(harness.gameClock.now - (pausedAt + 2 * harness.loop.step)) < 1e-12)
        #expect(seen.isEmpty)
    }

    @Test func theGamesOwnPauseOutlastsTheDebuggers() {
        let harness = GameHarness(scene: Board().scene)
        let debugger = InputDebugger(loop: harness.loop)
        harness.gameClock.isPaused = true
        debugger.pause()
        debugger.resume()
        #expect(harness.gameClock.isPaused)
        harness.gameClock.isPaused = false
        debugger.pause()
        debugger.resume()
        #expect(!harness.gameClock.isPaused)
    }

    @Test func theChordSwitchesItAndTheGameNeverSeesHalfAPress() {
        let board = Board()
        let harness = GameHarness(scene: board.scene)
        let debugger = InputDebugger(loop: harness.loop)
        var seen: [InputEvent] = []
        var script = InputScript()
        script.append(.key(KeyEvent(isDown: true, scancode: 224, keycode: 0, modifiers: [.leftControl])))
        chord(.d, into: &script)
        run(harness, script, seen: &seen)
        #expect(debugger.isRecording)
        // The Ctrl press reached the game; the D press and release did not.
        #expect(seen.count == 1)

        // Pause, held events, a frame step and a save by keys.
        var keys = InputScript(start: harness.clock.now)
        chord(.p, into: &keys)
        keys.tap(at: Point(x: 50, y: 50))
        chord(.n, into: &keys)
        run(harness, keys, seen: &seen)
        #expect(debugger.isPaused)
        #expect(debugger.heldEventCount == 1)
        #expect(seen.count == 2)
        var resume = InputScript(start: harness.clock.now)
        chord(.p, into: &resume)
        run(harness, resume, seen: &seen)
        #expect(!debugger.isPaused && debugger.heldEventCount == 0 && seen.count == 3)

        // Off: only the switch is taken; the other chords are the game's.
        var off = InputScript(start: harness.clock.now)
        chord(.d, into: &off)
        chord(.p, into: &off)
        run(harness, off, seen: &seen)
        #expect(!debugger.isRecording && !debugger.isPaused)
        #expect(seen.count == 5)

        // Both stick clicks on one pad: the first click is the game's, the
        // second and its release are the debugger's.
        var pad = InputScript(start: harness.clock.now)
        pad.append(.controller(.button(controller: 3, button: .leftStick, isDown: true)))
        pad.wait(0.05)
        pad.append(.controller(.button(controller: 3, button: .rightStick, isDown: true)))
        pad.wait(0.05)
        pad.append(.controller(.button(controller: 3, button: .rightStick, isDown: false)))
        pad.append(.controller(.button(controller: 3, button: .leftStick, isDown: false)))
        run(harness, pad, seen: &seen)
        #expect(debugger.isRecording)
        let buttons = seen.suffix(from: 5).compactMap { event -> ControllerButton? in
            if case .controller(.button(_, let button, _)) = event.kind { return button }
            return nil
        }
        #expect(buttons == [.leftStick, .leftStick])

        // Without controls, nothing is taken.
        debugger.controls = nil
        var plain = InputScript(start: harness.clock.now)
        chord(.d, into: &plain)
        let count = seen.count
        run(harness, plain, seen: &seen)
        #expect(debugger.isRecording && seen.count == count + 2)
    }

    @Test func switchedOffWhilePausedItLetsEverythingHeldThrough() {
        let board = Board()
        let harness = GameHarness(scene: board.scene)
        let debugger = InputDebugger(loop: harness.loop)
        debugger.isRecording = true
        debugger.pause()
        var seen: [InputEvent] = []
        var script = InputScript(start: harness.clock.now)
        script.tap(at: Point(x: 50, y: 50))
        run(harness, script, seen: &seen)
        #expect(seen.isEmpty && debugger.heldEventCount == 2)
        debugger.isRecording = false
        #expect(!harness.gameClock.isPaused)
        run(harness, InputScript(start: harness.clock.now), settle: 0.5, seen: &seen)
        #expect(seen.count == 2)
        #expect(harness.states(of: board.tap).last == .ended)
    }

    /// The chords during a two-finger gesture, switching the debugger on
    /// and off and pausing and resuming it: the layer gets every touch once,
    /// in the same order and places as without them.
    @Test func theChordsDuringAGestureLoseOrDuplicateNoTouch() {
        func deliveries(chords: [[PhysicalKey]], plain: Bool = false) -> [GameHarness.Delivery] {
            let board = Board()
            let harness = GameHarness(scene: board.scene)
            let debugger = InputDebugger(loop: harness.loop)
            var seen: [InputEvent] = []
            var script = InputScript()
            var fingers = script.touchDown(at: [Point(x: 100, y: 100), Point(x: 200, y: 100)])
            run(harness, script, seen: &seen)
            for step in 1...6 {
                var more = InputScript(start: harness.clock.now)
                // Without chords, the same presses without the modifiers:
                // the same timing, and nothing for the debugger.
                for key in chords[(step - 1) % chords.count] { chord(key, into: &more, modifiers: plain ? [] : Self.chord) }
                more.move(&fingers, to: [Point(x: 100 + Double(step) * 10, y: 100), Point(x: 200, y: 100 + Double(step) * 10)], over: 0.05)
                run(harness, more, seen: &seen)
            }
            var end = InputScript(start: harness.clock.now)
            end.lift(fingers)
            run(harness, end, settle: 0.5, seen: &seen)
            // The loop holds its debugger weakly.
            withExtendedLifetime(debugger) {}
            return harness.received(by: board.board)
        }
        let plain = deliveries(chords: [[.d], [.d]], plain: true)
        #expect(plain.count > 5)
        // Toggled on and off mid-gesture: the same deliveries, to the time.
        #expect(deliveries(chords: [[.d], [.d]]) == plain)
        // Paused and resumed mid-gesture, with a step: the same touches,
        // phases and places; only the times moved.
        let paused = deliveries(chords: [[.d], [.p], [.n], [.p], [.d]])
        #expect(deliveries(chords: [[.d], [.p], [.n], [.p], [.d]], plain: true) == plain)
        #expect(paused.map(\.pointer) == plain.map(\.pointer))
        #expect(paused.map(\.phase) == plain.map(\.phase))
        #expect(paused.map(\.location) == plain.map(\.location))
    }

    @Test func aPausedGameClockStepsAndResumesWhereItStepped() {
        let base = ManualClock()
        let game = GameClock(base: base)
        base.advance(by: 1)
        game.step(by: 0.5)
        #expect(game.now == 1)
        game.isPaused = true
        game.step(by: 0.5)
        game.step(by: -1)
        game.step(by: .nan)
        base.advance(by: 10)
        #expect(game.now == 1.5)
        game.isPaused = false
        base.advance(by: 1)
        #expect(game.now == 2.5)
    }

    @Test func observersComeAndGoWithoutTouchingTheGamesHandlerOrEachOther() {
        let board = Board()
        let harness = GameHarness(scene: board.scene)
        let debugger = InputDebugger(loop: harness.loop)
        var game = 0
        var later = 0
        debugger.isRecording = true
        // The game's handler set after the debugger came: the debugger
        // going must not take it away.
        board.scene.arenaDecisions = { _ in game += 1 }
        let observer = board.scene.addDecisionObserver { _ in later += 1 }
        debugger.isRecording = false
        var script = InputScript()
        script.tap(at: Point(x: 50, y: 50))
        harness.run(script)
        #expect(game > 0 && later == game)
        #expect(harness.states(of: board.tap).last == .ended)
        board.scene.removeDecisionObserver(observer)
        board.scene.removeDecisionObserver(observer)
        var again = InputScript(start: harness.clock.now)
        again.tap(at: Point(x: 50, y: 50))
        let before = game
        harness.run(again)
        #expect(game > before && later == before)
    }
}
