import ArgumentParser
import DemoSupport
import Foundation
import Tactile
import TactileOptions
import TactileSDL

// The arcade's entry point: parse the shared game options, run the game.

/// The demo's command line: the options every Tactile game can share
/// (`GameOptions`), with the demo's own help text.
struct ArcadeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "arcade",
        abstract: "a touch arcade: tap, double-tap, hold and swipe the targets before they run out",
        discussion: GameOptions.demoDiscussion(controls: """
              touch      tap the orange targets, double-tap the blue (2x) ones, hold the
                         purple squares, swipe the green ones the arrow's way;
                         a touch just outside a small target still hits it
              mouse      the left button is one finger: click, double-click, hold, drag
              controller left stick moves a cursor, A (Cross) is the finger; Start restarts
              Enter      restart once the round is over (or tap RESTART)
              O          show or hide the touch overlay (every contact with its id)
              Esc or close the window to quit
            """))

    @OptionGroup var options: GameOptions
}

// Bad flags: the usage on standard error and exit status 64, from the parser.
let options = ArcadeCommand.parseOrExit().options

do {
    let configuration = try options.demoConfiguration(
        title: "Tactile: Arcade", name: "arcade", defaultTrace: "arcade.trace", showcaseFrame: ArcadeGame.showcaseFrame)
    try MainActor.assumeIsolated {
        let app = try configuration.makeApp()
        app.pump.controllerCursors = ControllerCursor.Settings()
        let game = ArcadeGame { app.pump.cursors.values.map(\.location) }
        app.loop.scene = game.scene
        try app.runWithInputDebugger(game)
        options.reportTiming(of: app, name: "arcade")
        if let screenshot = configuration.screenshotPath {
            print("arcade: \(app.frameCount) frames; screenshot saved to \(screenshot)")
        }
    }
} catch {
    FileHandle.standardError.write(Data("arcade: \(error)\n".utf8))
    exit(1)
}
