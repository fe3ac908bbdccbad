import ArgumentParser
import DemoSupport
import Foundation
import Tactile
import TactileOptions
import TactileSDL

// The own-loop demo's entry point: the shared demo options, then the game's
// own loop (OwnLoop.run), not SDLApp.

/// The demo's command line: the options every Tactile game can share
/// (`GameOptions`), with the demo's own help text.
struct OwnLoopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ownloop",
        abstract: "a plain SDL2 game with its own loop and renderer, plus Tactile's taps, pinch and tilt",
        discussion: GameOptions.demoDiscussion(controls: """
              touch      tap a lantern to light it or put it out; pinch the board to spread or gather them
              mouse      click: tap; Alt+drag: two contacts mirrored about the centre (pinch)
              tilt       the device's or a pad's sensors roll the ball; without them the arrow keys tilt
              Esc or close the window to quit
            """))

    @OptionGroup var options: GameOptions
}

// Bad flags: the usage on standard error and exit status 64, from the parser.
let options = OwnLoopCommand.parseOrExit().options

do {
    let configuration = try options.demoConfiguration(title: "Tactile: own loop", name: "ownloop", defaultTrace: "ownloop.trace", showcaseFrame: 300)
    try MainActor.assumeIsolated {
        let outcome = try OwnLoop.run(OwnLoop.Options(
            headless: configuration.app.headless, replayPath: configuration.app.replayPath,
            recordPath: configuration.app.recordPath, screenshotPath: configuration.screenshotPath,
            frameLimit: configuration.app.frameLimit))
        let game = outcome.game
        print("ownloop: \(outcome.frames) frames; \(game.taps) taps, \(game.litCount) lit, zoom \(String(format: "%.2f", game.zoom))"
            + (configuration.screenshotPath.map { "; screenshot saved to \($0)" } ?? ""))
    }
} catch {
    FileHandle.standardError.write(Data("ownloop: \(error)\n".utf8))
    exit(1)
}
