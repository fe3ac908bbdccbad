import Foundation
import Tactile
import TactileDebugDrawing
import Testing
@testable import Arcade
@testable import TactileSDL

extension SDLIntegration {
    /// The Arcade run headless from its shipped trace, as `scripts/demo
    /// arcade` runs it without a display. What each gesture of the trace
    /// should give is in `scripts/make-arcade-trace.py`.
    @Suite @MainActor struct ArcadeDemo {
        static let assets = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Assets")
        static let trace = assets.appendingPathComponent("Traces/arcade.trace").path

        func run(trace: String? = Self.trace, frames: Int? = nil, screenshot: String? = nil) throws -> (SDLApp, ArcadeGame) {
            var configuration = SDLApp.Configuration(title: "arcade-test")
            configuration.headless = true
            configuration.replayPath = trace
            configuration.frameLimit = frames
            let app = try SDLApp(configuration)
            if let screenshot { app.saveScreenshotOfLastFrame(to: screenshot) }
            let game = ArcadeGame()
            app.loop.scene = game.scene
            try app.run(game)
            return (app, game)
        }

        @Test func theTraceScoresEveryKindWinsAndRestarts() throws {
            let (app, game) = try run()
            // The trace's last event (round 2's first tap lifting) is at frame
            // 550; a second of settling follows.
            #expect(app.frameCount == 612)
            #expect(game.log == [
                "hit 1 tap +10",
                // A lone tap on a double-tap target: the single tap waited for
                // the double to fail, then recognized and scored nothing.
                "wrong 2 double: double tap!",
                "hit 2 double +20",
                // A tap on a hold target scores nothing; the hold that follows
                // scores once, when the long press begins, and not as a tap.
                "wrong 3 hold: hold it!",
                "hit 3 hold +20",
                // The swipe left on the swipe-right target failed: no line.
                "hit 4 swipe-right +20",
                // 12 points off the small target's edge: selection approximation.
                "near 5 tap +10",
                "hit 6 swipe-up +20",
                "hit 8 double +20",
                // Target 10's swipe recognizes at frame 404, a frame before
                // target 9's hold (down at 375) reaches half a second.
                "hit 10 swipe-left +20",
                "near 9 hold +20",
                "missed 7 tap, lives 2",
                "won 160",
                "restart",
                "hit 1 tap +10",
            ])
            // Round 2 under way: its second target is up and waiting.
            #expect(game.phase == .playing)
            #expect(game.round == 2)
            #expect(game.score == 10)
            #expect(game.lives == 3)
            #expect(game.liveTargets.map(\.label) == ["2 double"])
            #expect(game.restartButton.isHidden)
            #expect(game.overlay.isVisible)
            #expect(game.overlay.contacts.isEmpty)
        }

        @Test(arguments: [
            "5.5 key down 40 13 - 0\n5.6 key up 40 13 - 0",                                     // Enter
            "5.4 controller-added 0\n5.5 controller-button 0 start down\n5.6 controller-button 0 start up",  // Start
        ])
        func threeMissesLoseAndEnterOrStartRestarts(restart: String) throws {
            // No touches at all: the first three targets run out (at 3.5, 4.2
            // and 5 s); Enter or Start at 5.5 s starts round 2.
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("arcade-\(UUID()).trace").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            try "tactile-trace 1\n\(restart)\n".write(toFile: path, atomically: true, encoding: .utf8)
            let (_, game) = try run(trace: path)
            #expect(game.log == ["missed 1 tap, lives 2", "missed 2 double, lives 1", "missed 3 hold, lives 0", "lost 0", "restart"])
            #expect(game.phase == .playing && game.round == 2 && game.lives == 3 && game.score == 0)
        }

        @Test func theScreenshotShowsTheBoardAtTheShowcaseFrame() throws {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("arcade-\(UUID()).png").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            let (_, game) = try run(frames: ArcadeGame.showcaseFrame, screenshot: path)
            #expect(game.score == 120)
            #expect(game.liveTargets.map(\.label) == ["7 tap", "9 hold", "10 swipe-left"])
            // The finger holding target 9 landed 10 points above it.
            #expect(game.overlay.contacts.count == 1)
            #expect(game.targets[8].layer.lastTouchWasApproximated)

            let image = try Image(contentsOfFile: path)
            #expect(image.width == 800 && image.height == 600)
            let checks: [(x: Int, y: Int, want: Color, what: String)] = [
                (120, 480, ArcadeGame.color(for: .tap), "tap target 7"),
                // Inside the small hold square (287...313, 507...533), below the overlay's label.
                (292, 532, ArcadeGame.color(for: .hold), "hold target 9"),
                // Inside the swipe disc, above its arrow.
                (560, 240, ArcadeGame.color(for: .swipe(.left)), "swipe target 10"),
                // Where targets 3 and 8 were before they were hit.
                (640, 180, ArcadeGame.background, "target 3, hit"),
                (680, 440, ArcadeGame.background, "target 8, hit"),
                // Three lives left in the header.
                (370, 22, ArcadeGame.missColor, "life 1"),
                (430, 22, ArcadeGame.missColor, "life 3"),
            ]
            for check in checks {
                let pixel = image.pixel(x: check.x, y: check.y)
                #expect(pixel.isClose(to: check.want, tolerance: 4), "\(check.what) at (\(check.x), \(check.y)): expected \(check.want), saw \(pixel)")
            }
            // The overlay's ring around the finger at (300, 497), outside the target.
            let across = (319...326).map { image.pixel(x: $0, y: 497) }
            #expect(across.contains { $0.r > 200 && $0.g > 200 && $0.b > 200 }, "no overlay ring right of (300, 497): \(across)")
        }
    }
}
