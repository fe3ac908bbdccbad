import Testing
@testable import Tactile

/// Game time over a manual base clock: pausing, scaling, and how event
/// timestamps map onto it.
struct GameClockTests {
    @Test func pauseStopsTimeAndResumeContinuesWithoutAJump() {
        let base = ManualClock(now: 10)
        let game = GameClock(base: base)
        #expect(game.now == 10)
        base.advance(by: 1)
        #expect(game.now == 11)
        game.isPaused = true
        base.advance(by: 5)
        #expect(game.now == 11)
        game.isPaused = false
        #expect(game.now == 11)
        base.advance(by: 0.5)
        #expect(game.now == 11.5)
    }

    @Test func timeScaleSlowsAndSpeedsFromTheMomentItChanges() {
        let base = ManualClock(now: 0)
        let game = GameClock(base: base, start: 100)
        base.advance(by: 1)
        game.timeScale = 0.25
        base.advance(by: 2)
        #expect(game.now == 101.5)
        game.timeScale = 2
        base.advance(by: 1)
        #expect(game.now == 103.5)
        // Paused, the scale is kept for the resume.
        game.isPaused = true
        base.advance(by: 1)
        game.isPaused = false
        base.advance(by: 1)
        #expect(game.now == 105.5)
        #expect(game.timeScale == 2)
    }

    @Test func negativeAndNonFiniteScalesAreIgnoredAndZeroStopsTime() {
        let base = ManualClock()
        let game = GameClock(base: base)
        game.timeScale = -1
        game.timeScale = .nan
        game.timeScale = .infinity
        #expect(game.timeScale == 1)
        game.timeScale = 0
        base.advance(by: 3)
        #expect(game.now == 0)
        #expect(!game.isPaused)
    }

    @Test func eventTimesMapAlongTheCurrentRateAndNeverBeforeTheLastChange() {
        let base = ManualClock(now: 0)
        let game = GameClock(base: base)
        base.advance(to: 2)
        game.timeScale = 0.5          // change at base 2 = game 2
        base.advance(to: 4)
        // After the change: along the new rate.
        #expect(game.gameTime(atBaseTime: 3) == 2.5)
        // Queued before the change, handled after it: the moment of the change…
        #expect(game.gameTime(atBaseTime: 1) == 2.5)
        // …and never before a time already handed out.
        #expect(game.now == 3)
        #expect(game.gameTime(atBaseTime: 3.5) == 3)
        #expect(game.gameTime(atBaseTime: .nan) == 3)
    }

    @Test func eventsDuringAPauseAllCarryTheMomentOfThePause() {
        let base = ManualClock(now: 0)
        let game = GameClock(base: base)
        base.advance(to: 1)
        game.isPaused = true
        #expect([1.2, 1.5, 7].map { game.gameTime(atBaseTime: $0) } == [1, 1, 1])
    }
}
