import Foundation
import Tactile
import Testing
@testable import Brawler

/// The Brawler's loop on a manual clock, fed key events on given frames
/// (60 a second), as `SDLApp` feeds it: what a command input does to the
/// fight, frame by frame. Player 1's keys: W A S D, F punch, G kick.
@MainActor
final class BrawlerDriver {
    let game: BrawlerGame
    let clock = ManualClock(now: 0)
    let loop: GameLoop
    private(set) var frame = 0
    private var pending: [Int: [InputEvent.Kind]] = [:]
    /// The direction keys player 1 holds now, as the scripted motions left them.
    private var held: Set<Int32> = []

    static let up: Int32 = 26, left: Int32 = 4, down: Int32 = 22, right: Int32 = 7
    static let punch: Int32 = 9, kick: Int32 = 10

    init() throws {
        game = try BrawlerGame()
        loop = GameLoop(clock: GameClock(base: clock))
        loop.scene = game.scene
        loop.addInput(game.roster)
    }

    func key(_ scancode: Int32, _ isDown: Bool, at frame: Int) {
        pending[frame, default: []].append(.key(KeyEvent(isDown: isDown, scancode: scancode, keycode: 0)))
    }

    func tap(_ scancode: Int32, at frame: Int, for length: Int = 4) {
        key(scancode, true, at: frame)
        key(scancode, false, at: frame + length)
    }

    /// Player 1 points the keys at numpad `digit` (absolute: 6 is right) on
    /// `frame`: new keys down first, then the old ones up, as a thumb rolls.
    func point(_ digit: Character, at frame: Int) {
        let want: Set<Int32> = switch digit {
        case "1": [Self.down, Self.left]
        case "2": [Self.down]
        case "3": [Self.down, Self.right]
        case "4": [Self.left]
        case "6": [Self.right]
        case "7": [Self.up, Self.left]
        case "8": [Self.up]
        case "9": [Self.up, Self.right]
        default: []
        }
        for scancode in want.subtracting(held).sorted() { key(scancode, true, at: frame) }
        for scancode in held.subtracting(want).sorted() { key(scancode, false, at: frame) }
        held = want
    }

    /// Directions on the frames given, then punch on `press`, then let go.
    func motion(_ digits: String, at frames: [Int], punch press: Int) {
        for (digit, frame) in zip(digits, frames) { point(digit, at: frame) }
        tap(Self.punch, at: press)
        point("5", at: press + 4)
    }

    /// Runs the loop up to and including `last`.
    func run(through last: Int) {
        while frame <= last {
            clock.advance(to: Double(frame) / 60)
            var events = (pending.removeValue(forKey: frame) ?? []).map { InputEvent(timestamp: clock.now, $0) }
            loop.frame(events: &events, handle: { self.game.handle($0) }, update: { self.game.update(step: $0, now: $1) })
            frame += 1
        }
    }

    /// The moves started (log lines of the form `tick pN move`).
    var moves: [String] {
        game.log.filter { line in Move.allCases.contains { line.hasSuffix(" \($0.rawValue)") } }
    }
}

/// What the arena's rules do to the fight: the most specific command wins
/// on its press with no delay, each window ends where its frame count says,
/// and commands mirror when the fighters swap sides.
@Suite @MainActor struct BrawlerCommands {
    /// 6 2 3 6 + P completes the dragon punch (623) and the fireball (236)
    /// on one press: the dragon punch starts, on the tick a plain punch
    /// pressed on the same frame starts.
    @Test func theDragonPunchWinsOverTheFireballAndThePunchWithNoDelay() throws {
        let both = try BrawlerDriver()
        both.motion("6236", at: [10, 13, 16, 19], punch: 21)
        both.run(through: 40)
        #expect(both.moves == ["21 p1 dragon-punch"])

        let plain = try BrawlerDriver()
        plain.tap(BrawlerDriver.punch, at: 21)
        plain.run(through: 40)
        #expect(plain.moves == ["21 p1 punch"])
    }

    /// The same input with the 2 one frame later than the leniency (10
    /// frames between steps) allows: 623 is broken, 236 is still whole.
    @Test(arguments: [(10, "dragon-punch"), (11, "fireball")])
    func aDragonPunchOneFrameTooSlowIsAFireball(gap: Int, move: String) throws {
        let driver = try BrawlerDriver()
        let two = 10 + gap
        driver.motion("6236", at: [10, two, two + 3, two + 6], punch: two + 8)
        driver.run(through: 80)
        #expect(driver.moves == ["\(two + 8) p1 \(move)"])
    }

    /// 623 + P with the punch 8 frames after the 3 (the buffer) is a dragon
    /// punch; one frame later it is only a punch.
    @Test(arguments: [(8, "dragon-punch"), (9, "punch")])
    func theButtonMustComeWithinTheBuffer(after: Int, move: String) throws {
        let driver = try BrawlerDriver()
        driver.motion("623", at: [10, 13, 16], punch: 16 + after)
        driver.run(through: 60)
        #expect(driver.moves == ["\(16 + after) p1 \(move)"])
    }

    /// Walked up to player 2 (bodies push, so they touch), a full circle
    /// + P: 8 7 4 1 2 3 6 reaches up, left, down and right in turn, and
    /// also completes 236; the spin (a throw), the more specific, starts and
    /// lands. One cardinal short (7 4 1 2 3 6), it is the fireball.
    @Test(arguments: [("8741236", "spin"), ("741236", "fireball")])
    func aFullCircleWinsOverTheFireballInIt(digits: String, move: String) throws {
        let driver = try BrawlerDriver()
        driver.point("6", at: 5)
        // Let go first: rolling from 6 to 7 on keys passes through 8 (up
        // and left pressed while right is held cancel left-right), which
        // would make the shorter input a full circle too.
        driver.point("5", at: 140)
        let frames = (0..<digits.count).map { 150 + 2 * $0 }
        driver.motion(digits, at: frames, punch: frames.last! + 2)
        driver.run(through: 200)
        #expect(driver.moves == ["\(frames.last! + 2) p1 \(move)"])
        let damage = move == "spin" ? Move.spin.damage : Move.fireball.damage
        #expect(driver.game.fighters[1].health == Fighter.maximumHealth - damage, "\(driver.game.log)")
    }

    /// Back held for the charge time (45 frames), then forward + P: the
    /// rush. Held 44 frames, it is a punch.
    @Test(arguments: [(45, "rush"), (44, "punch")])
    func aChargeMustBeHeldItsTime(frames: Int, move: String) throws {
        let driver = try BrawlerDriver()
        driver.motion("46", at: [10, 10 + frames], punch: 12 + frames)
        driver.run(through: 100)
        #expect(driver.moves == ["\(12 + frames) p1 \(move)"])
    }

    /// Both players on the one keyboard: their recognizers follow the same
    /// source, so each of player 2's punches, recognized first, fails player
    /// 1's recognizers on that key. What player 1 has done lives in its
    /// `PlayerInput`, not in the recognizers' states, so the charge held
    /// meanwhile still makes the rush. (Punches 2 and 4 fall in the first's
    /// and third's recovery: recognized, but the fighter is busy.)
    @Test func theOtherPlayersPressesOnTheSharedKeyboardDoNotBreakACharge() throws {
        let driver = try BrawlerDriver()
        let rush = try #require(driver.game.commands[0]["rush-keys"])
        var rushFailures = 0
        driver.game.scene.arenaDecisions = { decision in
            if case .failed(let recognizer, _) = decision, recognizer === rush { rushFailures += 1 }
        }
        let punch2: Int32 = 14   // K
        driver.point("4", at: 10)
        for frame in [20, 30, 40, 50] { driver.tap(punch2, at: frame) }
        driver.motion("6", at: [60], punch: 62)
        driver.run(through: 90)
        #expect(driver.moves == ["20 p2 punch", "40 p2 punch", "62 p1 rush"])
        #expect(rushFailures == 4)
        let punches = try #require(driver.game.commands[1]["punch-keys"])
        #expect(punches.state == .possible)
    }

    /// 6 5 6 within the double-tap window (12 frames) dashes; a frame later
    /// the fighter only walks. 4 5 4 backdashes.
    @Test func dashesAreDoubleTapsWithinTheirWindow() throws {
        let dash = try BrawlerDriver()
        dash.tap(BrawlerDriver.right, at: 10, for: 3)
        dash.tap(BrawlerDriver.right, at: 22, for: 3)
        dash.tap(BrawlerDriver.left, at: 60, for: 3)
        dash.tap(BrawlerDriver.left, at: 66, for: 3)
        dash.run(through: 100)
        #expect(dash.moves == ["22 p1 dash", "66 p1 backdash"])

        let late = try BrawlerDriver()
        late.tap(BrawlerDriver.right, at: 10, for: 3)
        late.tap(BrawlerDriver.right, at: 23, for: 3)
        late.run(through: 60)
        #expect(late.moves.isEmpty)
        // It walked for the six frames the keys were held: 2.5 points a tick.
        #expect(late.game.fighters[0].x == BrawlerGame.starts[0] + 6 * Fighter.walkSpeed)
    }

    /// Player 1 walks up to player 2 and dashes through: the fighters swap
    /// sides and turn, and the fireball is now 214 + P, while 236 + P (a
    /// motion away from player 2) is only a punch. Before the switch it was
    /// the other way round.
    @Test func commandsMirrorWhenTheFightersSwapSides() throws {
        let driver = try BrawlerDriver()
        driver.motion("214", at: [10, 13, 16], punch: 18)     // facing right: back motion, a punch
        driver.point("6", at: 40)                               // walk in 80 frames: 200 points
        driver.point("5", at: 120)
        driver.tap(BrawlerDriver.right, at: 130, for: 3)        // 6 5 6: dash 112 points, through player 2
        driver.tap(BrawlerDriver.right, at: 136, for: 3)
        driver.run(through: 170)
        #expect(driver.game.fighters[0].x > driver.game.fighters[1].x)
        #expect(driver.game.fighters[0].facing == .left && driver.game.fighters[1].facing == .right)
        #expect(driver.game.keyboards.map(\.facing) == [.left, .right])
        driver.motion("236", at: [180, 183, 186], punch: 188)   // away from player 2 now: a punch
        driver.motion("214", at: [230, 233, 236], punch: 238)   // toward: the fireball
        driver.run(through: 300)
        #expect(driver.moves == ["18 p1 punch", "136 p1 dash", "188 p1 punch", "238 p1 fireball"])
        #expect(driver.game.projectiles.allSatisfy { $0.direction == -1 })
    }

    /// A round ends on a knockout: the winner is named, no move starts
    /// after it, and Space starts the next round at full health. Player 1
    /// walks in (bodies push, so player 2 ends up against the wall) and kicks.
    @Test func aRoundEndsOnAKnockout() throws {
        let driver = try BrawlerDriver()
        driver.point("6", at: 5)
        var frame = 60
        // 16 kicks of 9 is 144: more than player 2's 100, should some miss.
        for _ in 0..<16 {
            driver.tap(BrawlerDriver.kick, at: frame)
            frame += 40
        }
        driver.run(through: frame)
        #expect(driver.game.phase == .over(winner: 0))
        #expect(driver.game.fighters[1].health == 0 && driver.game.wins == [1, 0])
        let ko = try #require(driver.game.log.firstIndex { $0.hasSuffix("KO p1 wins") })
        #expect(driver.game.log[ko - 1].hasSuffix("p1 kick hits p2 0"), "\(driver.game.log)")
        #expect(driver.game.log.count == ko + 1, "moves after the knockout: \(driver.game.log.suffix(from: ko))")
        driver.tap(44, at: frame + 2)
        driver.run(through: frame + 5)
        #expect(driver.game.phase == .fighting && driver.game.round == 2)
        #expect(driver.game.fighters.map(\.health) == [Fighter.maximumHealth, Fighter.maximumHealth])
    }
}
