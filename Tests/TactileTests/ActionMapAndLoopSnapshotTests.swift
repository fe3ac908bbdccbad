import Tactile
import Testing

/// The action map's and the game loop's halves of rollback: what they
/// restore, and what they refuse.
@MainActor
struct ActionMapAndLoopSnapshotTests {
    enum Action: String, CaseIterable { case jump, steer }

    static let space: Int32 = 44

    func key(_ isDown: Bool) -> InputEvent {
        InputEvent(timestamp: 0, .key(KeyEvent(isDown: isDown, scancode: Self.space, keycode: 0)))
    }

    func axis(_ value: Double) -> InputEvent {
        InputEvent(timestamp: 0, .controller(.axis(controller: 1, axis: .leftX, value: value)))
    }

    func frame(_ map: ActionMap<Action>, _ events: [InputEvent]) -> [ActionSnapshot] {
        for event in events { map.handle(event) }
        map.endFrame()
        return [map[.jump], map[.steer]]
    }

    @Test func anActionMapRestoredReadsTheSameFramesAgain() throws {
        let map = ActionMap<Action>()
        try map.bind(.jump, to: .key(Self.space))
        try map.bind(.steer, to: .axis(.leftX, AxisResponse(deadZone: 0.1, isInverted: false, scale: 1)))
        _ = frame(map, [key(true), axis(0.5)])
        // Mid-frame: a press already counted, not yet snapshotted.
        map.handle(key(false))
        let saved = map.snapshot()
        let straight = [frame(map, [key(true)]), frame(map, [axis(-0.8)]), frame(map, [key(false)])]
        try map.restore(saved)
        #expect(map.snapshot() == saved)
        let again = [frame(map, [key(true)]), frame(map, [axis(-0.8)]), frame(map, [key(false)])]
        #expect(again == straight)
        #expect(straight[0][0].justPressed && straight[0][0].justReleased)   // the release before the snapshot counted
    }

    @Test func anActionMapRefusesAnotherMapAndChangedBindings() throws {
        let map = ActionMap<Action>()
        try map.bind(.jump, to: .key(Self.space))
        _ = frame(map, [key(true)])
        let saved = map.snapshot()
        let other = ActionMap<Action>()
        #expect(throws: RollbackError.otherActionMap) { try other.restore(saved) }
        try map.bind(.jump, to: .button(.south))
        _ = frame(map, [key(false)])
        let now = map.snapshot()
        #expect(throws: RollbackError.bindingsChanged(snapshot: saved.bindingsVersion, current: map.bindingsVersion)) {
            try map.restore(saved)
        }
        #expect(map.snapshot() == now)   // unchanged
    }

    @Test func aGameLoopRestoredRunsTheSameStepsAtTheSameTimes() throws {
        let base = ManualClock()
        let loop = GameLoop(clock: GameClock(base: base))
        var updates: [Double] = []
        func run(_ frames: Int) {
            for _ in 0..<frames {
                base.advance(by: 1.0 / 60)
                var events: [InputEvent] = []
                loop.frame(events: &events, update: { _, now in updates.append(now) })
            }
        }
        run(5)
        loop.clock.timeScale = 0.5
        let saved = loop.snapshot()
        run(10)
        let straight = updates
        try loop.restore(saved)
        #expect(base.now == 5.0 / 60)
        loop.clock.timeScale = 1   // changed after the snapshot: restored with it
        try loop.restore(saved)
        #expect(loop.clock.timeScale == 0.5)
        updates.removeLast(updates.count - 5)
        run(10)
        #expect(updates == straight)
        #expect(loop.frameCount == 15)
        let other = GameLoop(clock: GameClock(base: ManualClock()))
        #expect(throws: RollbackError.otherLoop) { try other.restore(saved) }
    }
}
