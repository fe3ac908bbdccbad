import Testing
@testable import Tactile

/// The loop's order and its rule for which frames end: without SDL, on a
/// manual clock.
@MainActor
struct GameLoopTests {
    enum Action: Hashable, CaseIterable { case jump }

    @Test func onADisplayFasterThanTheUpdatesEdgesWaitForTheNextUpdate() throws {
        let base = ManualClock()
        let loop = GameLoop(clock: GameClock(base: base), updateRate: 64)
        let actions = ActionMap<Action>()
        try actions.bind(.jump, to: .key(44))
        loop.addInput(actions)
        var log: [String] = []
        func frame(_ events: [InputEvent]) {
            var events = events
            let steps = loop.frame(events: &events, update: { _, now in
                log.append("update \(now): \(actions[.jump].pressCount) down \(actions[.jump].releaseCount) up")
            })
            log.append("frame \(base.now): \(steps) steps")
            base.advance(by: 1.0 / 128)       // two frames per update
        }
        frame([])
        frame([])
        frame([])
        // A press and release in a frame with no update…
        frame([InputEvent(timestamp: base.now, .key(KeyEvent(isDown: true, scancode: 44, keycode: 32))),
               InputEvent(timestamp: base.now, .key(KeyEvent(isDown: false, scancode: 44, keycode: 32)))])
        // …reach the update of the next frame, once.
        frame([])
        frame([])
        #expect(log == [
            "frame 0.0: 0 steps",
            "frame 0.0078125: 0 steps",
            "update 0.015625: 0 down 0 up", "frame 0.015625: 1 steps",
            "frame 0.0234375: 0 steps",
            "update 0.03125: 1 down 1 up", "frame 0.03125: 1 steps",
            "frame 0.0390625: 0 steps",
        ])
    }

    @Test func aStallSkipsTimeBeyondTheCatchUp() {
        let base = ManualClock()
        let loop = GameLoop(clock: GameClock(base: base), updateRate: 64)
        var events: [InputEvent] = []
        // A fifth of a second behind: caught up, step by step.
        base.advance(by: 0.203125)
        #expect(loop.frame(events: &events) == 13)
        // Ten seconds behind: beyond the quarter second, the time is
        // skipped and one step brings the updates to the clock.
        base.advance(by: 10)
        #expect(loop.frame(events: &events) == 1)
        #expect(loop.updatedTime == 10.203125)
    }
}
