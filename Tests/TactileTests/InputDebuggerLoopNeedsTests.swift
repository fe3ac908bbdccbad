@testable import Tactile
import TactileTestSupport
import Testing

/// The loop hands the input debugger only the frames it needs (issue 19:
/// off, it costs nothing on the per-event path beyond one check): none
/// without controls, those with a key or button while it has controls, and
/// every frame while it holds events back. Each state is checked by what
/// the game then sees, not only by the flag.
@MainActor
struct InputDebuggerLoopNeedsTests {
    typealias Board = InputDebuggerTests.Board

    @Test func theLoopAsksTheDebuggerForTheFramesItsStateNeeds() {
        let board = Board()
        let harness = GameHarness(scene: board.scene)
        #expect(harness.loop.debuggerNeeds == .nothing)
        let debugger = InputDebugger(loop: harness.loop)
        #expect(harness.loop.debuggerNeeds == .controls)
        var seen: [InputEvent] = []
        func run(settle: Double = 0, _ build: (inout InputScript) -> Void) {
            var script = InputScript(start: harness.clock.now)
            build(&script)
            harness.run(script, settle: settle, handle: { seen.append($0) })
        }
        let chord: KeyModifiers = [.leftControl, .leftShift]
        func press(_ key: PhysicalKey, _ script: inout InputScript) {
            script.append(.key(KeyEvent(isDown: true, scancode: key.scancode, keycode: 0, modifiers: chord)))
            script.wait(1.0 / 60)
            script.append(.key(KeyEvent(isDown: false, scancode: key.scancode, keycode: 0, modifiers: chord)))
        }

        // Controls: the chord, in a frame of its own, is taken.
        run { press(.d, &$0) }
        #expect(debugger.isRecording && seen.isEmpty)

        // Paused: every frame, and a tap is held back whole.
        debugger.pause()
        #expect(harness.loop.debuggerNeeds == .everyFrame)
        run { $0.tap(at: Point(x: 50, y: 50)) }
        #expect(seen.isEmpty && debugger.heldEventCount == 2)

        // Without controls, still paused: still every frame.
        debugger.controls = nil
        #expect(harness.loop.debuggerNeeds == .everyFrame)
        // Resumed: the held tap goes through in the next frame, then none
        // is needed; a chord reaches the game.
        debugger.resume()
        #expect(harness.loop.debuggerNeeds == .everyFrame)
        run(settle: 0.05) { _ in }
        #expect(seen.count == 2 && debugger.heldEventCount == 0)
        #expect(harness.loop.debuggerNeeds == .nothing)
        run { press(.d, &$0) }
        #expect(seen.count == 4 && debugger.isRecording)

        // Controls back: the chord is taken again and switches it off.
        debugger.controls = InputDebugger.Controls()
        #expect(harness.loop.debuggerNeeds == .controls)
        run { press(.d, &$0) }
        #expect(seen.count == 4 && !debugger.isRecording)

        // A newer debugger for the loop takes over; the old one's changes
        // no longer reach the loop.
        let newer = InputDebugger(loop: harness.loop)
        newer.controls = nil
        debugger.pause()
        #expect(harness.loop.debuggerNeeds == .nothing)
    }
}
