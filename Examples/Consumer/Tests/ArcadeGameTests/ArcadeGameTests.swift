import ArcadeGame
import Tactile
import Testing

// A game's first test: build the game on a manual clock, send it the events
// a player would make, and check what it did. No window, no SDL.
@MainActor
struct ArcadeGameTests {
    let clock = ManualClock()

    func finger(_ index: Int64, _ phase: PointerEvent.Phase, _ x: Double, _ y: Double, at time: Double) -> InputEvent {
        InputEvent(timestamp: time, .pointer(PointerEvent(phase, id: PointerID(kind: .finger, device: 1, index: index), location: Point(x: x, y: y))))
    }

    @Test func aTapOnTheButtonCounts() {
        let game = ArcadeGame(motionClock: clock)
        game.scene.send(finger(1, .down, 70, 120, at: 0.1))
        game.scene.send(finger(1, .up, 70, 120, at: 0.15))
        #expect(game.taps == 1)
    }

    @Test func aTapBesideTheButtonDoesNot() {
        let game = ArcadeGame(motionClock: clock)
        game.scene.send(finger(1, .down, 150, 20, at: 0.1))
        game.scene.send(finger(1, .up, 150, 20, at: 0.15))
        #expect(game.taps == 0)
    }
}
