import ArcadeGame
import Tactile
import TactileTestSupport
import Testing

// A game's first tests: the game on a harness's manual clock, gestures
// written as a script with a player's timing, and what the game, its
// recognizers and its layers did. No window, no SDL.
@MainActor
struct ArcadeGameTests {
    let harness = GameHarness()
    let game: ArcadeGame

    init() {
        game = ArcadeGame(motionClock: harness.gameClock)
        harness.loop.scene = game.scene
        harness.loop.motion = game.motion
    }

    @Test func aTapOnTheButtonCountsAndOneBesideItDoesNot() {
        var script = InputScript()
        script.tap(at: Point(x: 70, y: 120))
        script.tap(at: Point(x: 150, y: 20))
        harness.run(script, update: game.update)
        #expect(game.taps == 1)
    }

    @Test func aPinchOnTheLanternBrightensIt() {
        var script = InputScript()
        script.pinch(center: Point(x: 230, y: 120), from: 40, to: 80)
        harness.run(script, update: game.update)
        #expect(game.glow == 2)
        #expect(harness.received(by: game.lantern).map(\.phase).contains(.began))
    }

    @Test func aTiltSlidesTheLantern() {
        var script = InputScript()
        script.tilt(toRoll: 0.5, pitch: 0)
        harness.run(script, update: game.update)
        #expect(game.drift > 0)
    }
}
