import Tactile
import TactileTestSupport
import Testing

/// Pause and step from a controller: Back held with Start, the right
/// shoulder or the left shoulder, while the debugger is on.
@MainActor
struct InputDebuggerPadControlsTests {
    typealias Board = InputDebuggerTests.Board

    func button(_ button: ControllerButton, _ isDown: Bool, pad: Int32 = 2) -> InputEvent.Kind {
        .controller(.button(controller: pad, button: button, isDown: isDown))
    }

    /// `button` pressed and released with Back held on `pad`.
    func chord(_ pressed: ControllerButton, pad: Int32 = 2, into script: inout InputScript) {
        script.append(button(.back, true, pad: pad))
        script.append(button(pressed, true, pad: pad))
        script.wait(1.0 / 60)
        script.append(button(pressed, false, pad: pad))
        script.append(button(.back, false, pad: pad))
        script.wait(1.0 / 60)
    }

    /// The buttons the game saw, in order.
    func buttons(_ seen: [InputEvent]) -> [ControllerButton] {
        seen.compactMap { event in
            if case .controller(.button(_, let button, _)) = event.kind { return button }
            return nil
        }
    }

    @Test func backWithStartPausesAndTheShouldersStep() {
        let board = Board()
        let harness = GameHarness(scene: board.scene)
        let debugger = InputDebugger(loop: harness.loop)
        var seen: [InputEvent] = []
        func run(settle: Double = 0, _ build: (inout InputScript) -> Void) {
            var script = InputScript(start: harness.clock.now)
            build(&script)
            harness.run(script, settle: settle, handle: { seen.append($0) })
        }

        // Off: the pad's chord is the game's.
        run { chord(.start, into: &$0) }
        #expect(!debugger.isPaused && buttons(seen) == [.back, .start, .start, .back])

        // On: Back+Start pauses; the game gets Back (half a chord), never Start.
        debugger.isRecording = true
        seen.removeAll()
        run { chord(.start, into: &$0) }
        #expect(debugger.isPaused)
        // Paused, a tap is held; Back+left shoulder lets one event through,
        // Back+right shoulder a frame's worth.
        run { $0.tap(at: Point(x: 50, y: 50)) }
        let held = debugger.heldEventCount
        #expect(held >= 2)
        run { chord(.leftShoulder, into: &$0) }
        #expect(debugger.isPaused)
        // Back's own presses came while paused: they are held too.
        let afterEventStep = debugger.heldEventCount
        run { chord(.rightShoulder, into: &$0) }
        #expect(debugger.isPaused && debugger.heldEventCount < afterEventStep + 2)
        // Back+Start again resumes: everything held goes through.
        run(settle: 0.05) { chord(.start, into: &$0) }
        #expect(!debugger.isPaused && debugger.heldEventCount == 0)
        let gameButtons = buttons(seen)
        #expect(!gameButtons.contains(.start) && !gameButtons.contains(.leftShoulder) && !gameButtons.contains(.rightShoulder))
        #expect(gameButtons.filter { $0 == .back }.count == 8)

        // Start without Back, or Back on another pad, is the game's.
        seen.removeAll()
        run { script in
            script.append(button(.start, true))
            script.append(button(.start, false))
            script.append(button(.back, true, pad: 5))
            script.append(button(.start, true))
            script.append(button(.start, false))
            script.append(button(.back, false, pad: 5))
        }
        #expect(!debugger.isPaused && buttons(seen) == [.start, .start, .back, .start, .start, .back])

        // No pad modifier: no pad pause.
        var controls = InputDebugger.Controls()
        controls.padModifier = nil
        debugger.controls = controls
        seen.removeAll()
        run { chord(.start, into: &$0) }
        #expect(!debugger.isPaused && buttons(seen) == [.back, .start, .start, .back])
    }
}
