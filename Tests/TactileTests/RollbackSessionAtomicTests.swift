import Tactile
import TactileTestSupport
import Testing

/// A rollback across scene, loop and inputs is all or nothing: when one
/// part refuses (an action map whose bindings changed mid-session), the
/// session writes none of them, so the scene, the loop and the map read
/// exactly as before the refused call.
@MainActor
struct RollbackSessionAtomicTests {
    enum Action: Hashable, CaseIterable { case fire, jump }

    @MainActor
    final class Peer {
        let baseClock = ManualClock()
        let loop: GameLoop
        let scene = Scene(size: Size(width: 400, height: 300))
        let map = ActionMap<Action>()
        let pan = PanGestureRecognizer()
        var pans = 0
        var session: RollbackSession<Bool, Int>!
        var updates = 0

        init() throws {
            loop = GameLoop(clock: GameClock(base: baseClock))
            loop.scene = scene
            let layer = Layer(frame: Rect(x: 0, y: 0, width: 400, height: 300), name: "pad")
            scene.root.addChild(layer)
            pan.addAction { [unowned self] _ in pans += 1 }
            layer.addGestureRecognizer(pan)
            try map.bind(.fire, to: .key(4))
            loop.addInput(map)
            let finger = PointerID(kind: .finger, device: 1, index: 0)
            session = RollbackSession(
                loop: loop, baseClock: baseClock, depth: 8, players: 2, idle: false,
                // Player 0's input is a finger held (and dragged) or not and
                // the A key with it; player 1's changes nothing but rollbacks.
                events: { frame, previous, current in
                    let time = Double(frame) / 60 + 0.001
                    let location = Point(x: 50 + Double(frame) * 3, y: 100)
                    var events: [InputEvent] = []
                    switch (previous[0], current[0]) {
                    case (false, true):
                        events.append(InputEvent(timestamp: time, .pointer(PointerEvent(.down, id: finger, location: location))))
                        events.append(InputEvent(timestamp: time, .key(KeyEvent(isDown: true, scancode: 4, keycode: 4))))
                    case (true, true):
                        events.append(InputEvent(timestamp: time, .pointer(PointerEvent(.move, id: finger, location: location))))
                    case (true, false):
                        events.append(InputEvent(timestamp: time, .pointer(PointerEvent(.up, id: finger, location: location))))
                        events.append(InputEvent(timestamp: time, .key(KeyEvent(isDown: false, scancode: 4, keycode: 4))))
                    case (false, false): break
                    }
                    return events
                },
                save: { [unowned self] in updates },
                load: { [unowned self] in updates = $0 },
                update: { [unowned self] _, _ in updates += 1 })
        }

        /// Everything the rollback could write, as values.
        func state() throws -> (SceneSnapshot, GameLoopSnapshot, ActionMapSnapshot, Int, Int) {
            let mapSnapshot = map.snapshot()
            return (try scene.snapshot(), loop.snapshot(), mapSnapshot, updates, session.frame)
        }
    }

    @Test func aRefusedRollbackChangesNoPart() throws {
        let peer = try Peer()
        // Player 0 holds the finger down from frame 2 on; player 1's input
        // is predicted idle and confirmed later.
        for frame in 0..<12 {
            try peer.session.setInput(frame >= 2, player: 0, frame: frame)
            try peer.session.advanceFrame()
        }
        #expect(peer.pans > 0 && peer.map[.fire].isPressed && peer.scene.event.allTouches.count == 1)
        // A late input that differs from the prediction, then the bindings
        // change before the session can roll back to it.
        try peer.session.setInput(true, player: 1, frame: 6)
        try peer.map.bind(.jump, to: .key(5))
        let before = try peer.state()
        #expect(throws: RollbackError.self) { try peer.session.advanceFrame() }
        let after = try peer.state()
        #expect(after.0 == before.0, "the scene was restored though the rollback was refused")
        #expect(after.1 == before.1, "the loop was restored though the rollback was refused")
        #expect(after.2 == before.2, "the action map changed though the rollback was refused")
        #expect(after.3 == before.3 && after.4 == before.4)
    }

    /// The comparison can fail: without the change of bindings the same
    /// late input is taken, and scene, loop and game all go back and forward.
    @Test func theSameRollbackWithTheBindingsUnchangedIsTaken() throws {
        let peer = try Peer()
        for frame in 0..<12 {
            try peer.session.setInput(frame >= 2, player: 0, frame: frame)
            try peer.session.advanceFrame()
        }
        try peer.session.setInput(true, player: 1, frame: 6)
        let before = try peer.state()
        try peer.session.setInput(true, player: 0, frame: 12)
        try peer.session.advanceFrame()
        #expect(peer.session.rollbacks == 1)
        let after = try peer.state()
        #expect(after.0 != before.0 && after.1 != before.1)
    }
}
