import Testing
@testable import Tactile

/// Repeating actions on a test clock: the delay, the rate, one repeat a
/// frame at most, keys, d-pad and stick alike, and a paused game clock.
@MainActor
struct ActionRepeatTests {
    enum Action: String, CaseIterable { case down, up }

    /// A loop on a game clock over a manual clock, 1/64 s a frame (exact in binary).
    @MainActor final class Rig {
        let base = ManualClock()
        let game: GameClock
        let loop: GameLoop
        let actions = ActionMap<Action>()
        /// The base time of each frame whose snapshot repeated `.down`.
        var repeats: [Double] = []

        init() {
            game = GameClock(base: base)
            loop = GameLoop(clock: game, updateRate: 64)
            loop.addInput(actions)
        }

        func frame(_ events: [InputEvent] = []) {
            base.advance(by: 1.0 / 64)
            var events = events.map { InputEvent(timestamp: base.now, $0.kind) }
            loop.frame(events: &events)
            if actions[.down].justRepeated { repeats.append(base.now) }
        }

        func frames(_ count: Int) {
            for _ in 0..<count { frame() }
        }
    }

    func key(_ key: PhysicalKey, _ isDown: Bool) -> InputEvent {
        InputEvent(timestamp: 0, .key(KeyEvent(isDown: isDown, scancode: key.scancode, keycode: 0)))
    }

    @Test func theDefaultsAreTheDesktops() {
        #expect(ActionRepeat() == ActionRepeat(initialDelay: 0.5, rate: 30))
        #expect(ActionDefaults.repeatDelay == 0.5 && ActionDefaults.repeatRate == 30)
    }

    @Test func aHeldKeyRepeatsAfterTheDelayAtTheRate() throws {
        let rig = Rig()
        try rig.actions.bind(.down, to: .key(.down))
        try rig.actions.setRepeat(ActionRepeat(initialDelay: 0.25, rate: 8), for: .down)
        rig.frame([key(.down, true)])
        let pressed = rig.base.now
        #expect(rig.actions[.down].justPressedOrRepeated && !rig.actions[.down].justRepeated)
        rig.frames(40)
        // 0.25 s after the press, then every 1/8 s.
        #expect(rig.repeats.map { $0 - pressed } == [0.25, 0.375, 0.5, 0.625])
        rig.frame([key(.down, false)])
        rig.frames(40)
        #expect(rig.repeats.count == 4)
        // Pressed again: the delay starts over.
        rig.frame([key(.down, true)])
        let again = rig.base.now
        rig.frames(16)
        #expect(rig.repeats.map { $0 - again }.last == 0.25)
    }

    @Test func anActionThatDoesNotRepeatNeverDoes() throws {
        let rig = Rig()
        try rig.actions.bind(.up, to: .key(.up))
        rig.frame([key(.up, true)])
        for _ in 0..<100 {
            rig.frame()
            #expect(rig.actions[.up].repeatCount == 0)
        }
        try rig.actions.setRepeat(nil, for: .up)
        #expect(rig.actions.repeatSetting(of: .up) == nil)
    }

    @Test func aFastRateGivesAtMostOneRepeatAFrame() throws {
        let rig = Rig()
        try rig.actions.bind(.down, to: .button(.dpadDown))
        try rig.actions.setRepeat(ActionRepeat(initialDelay: 0, rate: 1000), for: .down)
        rig.frame([InputEvent(timestamp: 0, .controller(.button(controller: 0, button: .dpadDown, isDown: true)))])
        rig.frames(10)
        #expect(rig.repeats.count == 10)
        // A long frame (a stall) is one repeat, not a burst.
        rig.base.advance(by: 0.2)
        rig.frame()
        #expect(rig.actions[.down].repeatCount == 1)
    }

    @Test func aStickDirectionRepeatsLikeADPadButton() throws {
        let rig = Rig()
        try rig.actions.bind(.down, to: .axis(.leftY, AxisResponse(deadZone: 0.5, half: .positive)))
        try rig.actions.setRepeat(ActionRepeat(initialDelay: 0.25, rate: 4), for: .down)
        rig.frame([InputEvent(timestamp: 0, .controller(.axis(controller: 0, axis: .leftY, value: 0.9)))])
        let pressed = rig.base.now
        // Moving within the held half is not a new press.
        rig.frame([InputEvent(timestamp: 0, .controller(.axis(controller: 0, axis: .leftY, value: 0.8)))])
        rig.frames(38)
        #expect(rig.repeats.map { $0 - pressed } == [0.25, 0.5])
    }

    @Test func noRepeatWhilePausedAndNoBurstOnResume() throws {
        let rig = Rig()
        try rig.actions.bind(.down, to: .key(.down))
        try rig.actions.setRepeat(ActionRepeat(initialDelay: 0.25, rate: 8), for: .down)
        rig.frame([key(.down, true)])
        rig.frames(8)   // 0.125 s of game time held
        rig.game.isPaused = true
        rig.frames(640) // 10 s of real time, paused
        #expect(rig.repeats.isEmpty)
        rig.game.isPaused = false
        // The rest of the delay (0.125 s) runs on game time after the resume, then one repeat per interval.
        let resumed = rig.base.now
        rig.frames(32)
        #expect(rig.repeats.map { $0 - resumed } == [0.125, 0.25, 0.375, 0.5])
    }

    @Test func withoutAClockNothingRepeats() throws {
        let map = ActionMap<Action>()
        try map.bind(.down, to: .key(.down))
        try map.setRepeat(ActionRepeat(initialDelay: 0, rate: 60), for: .down)
        map.handle(key(.down, true))
        for _ in 0..<10 {
            map.endFrame()
            #expect(map[.down].repeatCount == 0)
        }
    }

    @Test func badRepeatSettingsAreRefused() {
        let map = ActionMap<Action>()
        #expect(throws: ActionMapError.self) { try map.setRepeat(ActionRepeat(rate: 0), for: .down) }
        #expect(throws: ActionMapError.self) { try map.setRepeat(ActionRepeat(initialDelay: -1), for: .down) }
        #expect(throws: ActionMapError.self) { try map.setRepeat(ActionRepeat(rate: .infinity), for: .down) }
        #expect(map.repeatSetting(of: .down) == nil)
    }
}
