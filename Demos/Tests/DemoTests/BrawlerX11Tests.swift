import Foundation
import Tactile
@testable import TactileDebugDrawing
import Testing
@testable import Brawler
@testable import TactileSDL

extension SDLIntegration.X11Demos {
    /// Player 1's fireball typed on a real X11 keyboard (S, S+D, D, then F:
    /// 236 + punch, facing right), in one xdotool run so that its steps are
    /// 50 ms apart however loaded the machine: the fireball flies into
    /// player 2. Checked three ways: the demo's own account of the fight
    /// (printed at exit), its last frame (player 2's health bar short by a
    /// fireball's damage), and the trace it recorded, which replayed
    /// headless fights the same.
    @Test func brawlerThrowsAKeyboardFireball() throws {
        let run = try XvfbSession.run(demo: "brawler", title: "Tactile: Brawler") { window in
            // X sends keys to the window under the pointer (no window manager).
            try window.move(x: 400, y: 300)
            _ = try XvfbSession.runTool(window.xdotool, [
                "keydown", "s", "sleep", "0.05",
                "keydown", "d", "sleep", "0.05",
                "keyup", "s", "sleep", "0.03",
                "keydown", "f", "sleep", "0.05",
                "keyup", "f", "keyup", "d",
            ], display: window.display, timeout: 5)
            // 11 ticks to throw it, about 36 to cross to player 2.
            window.hold(1.5)
            try window.key("Escape")
        }
        let scancodes = run.keyEvents.filter(\.isDown).map(\.scancode)
        #expect(scancodes.starts(with: [22, 7, 9]), "keys down: \(scancodes)")
        #expect(run.output.contains("p1 fireball,"), "\(run.output)")
        #expect(run.output.contains("p1 fireball hits p2 88"), "\(run.output)")
        #expect(run.output.contains("health 100-88"), "\(run.output)")

        // Player 2's bar: 88 % green from the right, the rest lost.
        let bar = BrawlerGame.healthBars[1]
        let y = Int(bar.center.y)
        let green = run.screenshot.pixel(x: Int(bar.maxX - 0.85 * bar.width), y: y)
        let lost = run.screenshot.pixel(x: Int(bar.maxX - 0.91 * bar.width), y: y)
        #expect(green.isClose(to: BrawlerGame.healthColor, tolerance: 4), "player 2's bar at 85 %: \(green)")
        #expect(lost.isClose(to: BrawlerGame.healthLost, tolerance: 4), "player 2's bar at 91 %: \(lost)")

        // The recorded input, replayed on the game clock: the same fireball.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("brawler-x11-\(UUID()).trace").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try run.trace.write(toFile: path)
        var configuration = SDLApp.Configuration(title: "brawler-x11-replay")
        configuration.headless = true
        configuration.replayPath = path
        let app = try SDLApp(configuration)
        let game = try BrawlerGame()
        app.loop.scene = game.scene
        app.loop.addInput(game.roster)
        try app.run(game)
        #expect(game.log.map { $0.split(separator: " ").dropFirst().joined(separator: " ") }
            .starts(with: ["p1 fireball", "p1 fireball hits p2 88"]), "\(game.log)")
    }
}
