import Foundation
import Tactile
import TactileDebugDrawing
import Testing
@testable import Brawler
@testable import TactileSDL
import TactileSDLTestSupport

extension SDLIntegration {
    /// The Brawler run headless from its shipped trace, as `scripts/demo
    /// brawler` runs it without a display, and played by two virtual pads
    /// through SDL's queue. What each input of the trace should give is in
    /// `scripts/make-brawler-trace.py`.
    @Suite @MainActor struct BrawlerDemo {
        static let trace = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Assets/Traces/brawler.trace").path

        func run(trace: String = Self.trace, frames: Int? = nil, screenshot: String? = nil) throws -> (SDLApp, BrawlerGame) {
            var configuration = SDLApp.Configuration(title: "brawler-test")
            configuration.headless = true
            configuration.replayPath = trace
            configuration.frameLimit = frames
            let app = try SDLApp(configuration)
            if let screenshot { app.saveScreenshotOfLastFrame(to: screenshot) }
            let game = try BrawlerGame()
            app.loop.scene = game.scene
            app.loop.addInput(game.roster)
            try app.run(game)
            return (app, game)
        }

        /// Every move of the trace, on its tick, for its player: the pad
        /// joins on Start (its X before that does nothing), the dragon punch
        /// wins over the fireball its input also makes, the dash switches
        /// sides and 214 + P is then the fireball while 236 + P is a punch,
        /// the charge is held crouching, a full circle is the spin; then
        /// fireballs until the knockout.
        @Test func theTraceFightsAsScripted() throws {
            let (_, game) = try run()
            #expect(Array(game.log.prefix(18)) == [
                "19 p1 joins pad 0",
                "48 p1 fireball",
                "94 p1 fireball hits p2 88",
                "191 p1 punch",
                "194 p1 punch hits p2 82",
                "251 p2 kick",
                "257 p2 kick hits p1 91",
                "322 p2 dragon-punch",                // 4 2 1 4 + K: 623 and 236, mirrored
                "325 p2 dragon-punch hits p1 73",
                "406 p1 dash",                        // through p2: the sides switch
                "449 p1 fireball",                    // 2 1 4 + X, facing left
                "459 p1 fireball hits p2 70",
                "558 p2 rush",                        // [1]6 + K: charged crouching
                "567 p2 rush hits p1 58",
                "645 p1 backdash",                    // 6 5 6 facing left
                "689 p1 punch",                       // 2 3 6 + X facing left: no fireball
                "804 p2 spin",                        // 8 7 4 1 2 3 6 + K: 360, over 236
                "808 p2 spin hits p1 38",
            ], "\(game.log)")
            #expect(Array(game.log.suffix(3)) == ["1321 p1 fireball hits p2 0", "1321 KO p1 wins", "1380 round 2"])
            #expect(game.wins == [1, 0] && game.round == 2)
            // The moves all came from the players' own inputs: the pad's
            // recognizers played player 1, the arrows' player 2.
            #expect(!game.log.contains { $0.contains("p2 fireball") || $0.contains("p1 dragon-punch") })
            #expect(game.pads[0]?.source == .controller(0) && game.pads[1] == nil)
        }

        @Test func theScreenshotShowsTheDragonPunch() throws {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("brawler-\(UUID()).png").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            let (_, game) = try run(frames: BrawlerGame.showcaseFrame, screenshot: path)
            #expect(game.fighters[1].move == .dragonPunch && game.fighters[1].isActive)
            #expect(game.fighters[0].hitstun > 0)
            #expect(game.fighters.map(\.health) == [73, 82])

            let image = try Image(contentsOfFile: path)
            #expect(image.width == 800 && image.height == 600)
            // Player 1 flashes white in hitstun; player 2's body is risen.
            let p1 = image.pixel(x: Int(game.fighters[0].x), y: Int(BrawlerGame.floorY) - 20)
            #expect(p1.isClose(to: BrawlerGame.hitColor, tolerance: 4), "player 1: \(p1)")
            let p2 = image.pixel(x: Int(game.fighters[1].x), y: Int(BrawlerGame.floorY) - 60)
            #expect(p2.isClose(to: BrawlerGame.colors[1], tolerance: 4), "player 2: \(p2)")
            // Health bars: player 1's is 73 % green from the left, player 2's 82 % from the right.
            let bar = BrawlerGame.healthBars[0]
            let y = Int(bar.center.y)
            #expect(image.pixel(x: Int(bar.minX + 0.70 * bar.width), y: y).isClose(to: BrawlerGame.healthColor, tolerance: 4))
            #expect(image.pixel(x: Int(bar.minX + 0.76 * bar.width), y: y).isClose(to: BrawlerGame.healthLost, tolerance: 4))
            let bar2 = BrawlerGame.healthBars[1]
            #expect(image.pixel(x: Int(bar2.maxX - 0.79 * bar2.width), y: y).isClose(to: BrawlerGame.healthColor, tolerance: 4))
            #expect(image.pixel(x: Int(bar2.maxX - 0.85 * bar2.width), y: y).isClose(to: BrawlerGame.healthLost, tolerance: 4))
        }

        /// Two pads through SDL's queue: each joins with Start (the first
        /// to press is player 1), player 1 throws a fireball on the d-pad,
        /// player 2 answers with a dragon punch on the left stick, facing
        /// left (so 4 2 1 + X). Unplugged mid-motion and plugged back in,
        /// a pad takes its seat back, with nothing of the motion left.
        @Test func twoControllersFightThroughSDLsQueue() throws {
            let sdl = try SDLHarness(width: 800, height: 600)
            let loop = GameLoop(clock: GameClock(base: sdl.clock))
            let game = try BrawlerGame()
            loop.scene = game.scene
            loop.addInput(game.roster)
            func frames(_ count: Int) {
                for _ in 0..<count {
                    var events: [InputEvent] = []
                    sdl.pump.drain(into: &events)
                    loop.frame(events: &events, handle: { game.handle($0) }, update: { game.update(step: $0, now: $1) })
                    sdl.clock.advance(by: 1.0 / 60)
                }
            }
            let first = try VirtualController()
            let second = try VirtualController()
            frames(2)
            second.set(SDL_CONTROLLER_BUTTON_START, down: true)
            frames(1)
            second.set(SDL_CONTROLLER_BUTTON_START, down: false)
            first.set(SDL_CONTROLLER_BUTTON_START, down: true)
            frames(1)
            first.set(SDL_CONTROLLER_BUTTON_START, down: false)
            frames(1)
            #expect(game.pads.map { $0?.source } == [.controller(second.instanceID), .controller(first.instanceID)])
            let (one, two) = (second, first)

            // Player 1 (facing right): 2, 3, 6 + X on the d-pad.
            one.set(SDL_CONTROLLER_BUTTON_DPAD_DOWN, down: true)
            frames(3)
            one.set(SDL_CONTROLLER_BUTTON_DPAD_RIGHT, down: true)
            frames(3)
            one.set(SDL_CONTROLLER_BUTTON_DPAD_DOWN, down: false)
            frames(2)
            one.set(SDL_CONTROLLER_BUTTON_X, down: true)
            frames(2)
            one.set(SDL_CONTROLLER_BUTTON_X, down: false)
            one.set(SDL_CONTROLLER_BUTTON_DPAD_RIGHT, down: false)
            frames(10)
            #expect(game.projectiles.count == 1 && game.projectiles.first?.owner == 0)

            // Player 2 (facing left) on the stick: left, down, down-left + X
            // (623 mirrored), as the fireball comes.
            two.set(SDL_CONTROLLER_AXIS_LEFTX, -32768)
            frames(3)
            two.set(SDL_CONTROLLER_AXIS_LEFTX, 0)
            two.set(SDL_CONTROLLER_AXIS_LEFTY, 32767)
            frames(3)
            two.set(SDL_CONTROLLER_AXIS_LEFTX, -32768)
            frames(2)
            two.set(SDL_CONTROLLER_BUTTON_X, down: true)
            frames(1)
            two.set(SDL_CONTROLLER_BUTTON_X, down: false)
            two.set(SDL_CONTROLLER_AXIS_LEFTX, 0)
            two.set(SDL_CONTROLLER_AXIS_LEFTY, 0)
            frames(60)
            let moves = game.log.filter { !$0.contains("joins") }
            #expect(moves.count == 3, "\(game.log)")
            #expect(moves.first?.hasSuffix("p1 fireball") == true, "\(game.log)")
            #expect(moves.dropFirst().first?.hasSuffix("p2 dragon-punch") == true, "\(game.log)")
            // Thrown early, the dragon punch is over (it can be hit again)
            // when the fireball comes: it hits player 2.
            #expect(moves.last?.hasSuffix("p1 fireball hits p2 88") == true, "\(game.log)")
            #expect(game.projectiles.isEmpty)

            // Player 2 starts 214 + X (the fireball, facing left) on the pad,
            // which is unplugged before the button: plugged back in (a new
            // instance, the same pad), it has its seat back, and its X is a
            // punch: the half-made motion went with the old instance.
            two.set(SDL_CONTROLLER_BUTTON_DPAD_DOWN, down: true)
            frames(3)
            two.set(SDL_CONTROLLER_BUTTON_DPAD_LEFT, down: true)
            frames(3)
            two.set(SDL_CONTROLLER_BUTTON_DPAD_DOWN, down: false)
            frames(1)
            two.detach()
            frames(1)
            let back = try VirtualController()
            frames(1)
            #expect(game.pads[1]?.source == .controller(back.instanceID))
            back.set(SDL_CONTROLLER_BUTTON_X, down: true)
            frames(1)
            back.set(SDL_CONTROLLER_BUTTON_X, down: false)
            frames(2)
            #expect(game.log.last?.hasSuffix("p2 punch") == true, "\(game.log)")
            #expect(game.log.contains { $0.hasSuffix("p2 joins pad \(back.instanceID)") })
            one.detach()
            back.detach()
            frames(1)
        }
    }
}
