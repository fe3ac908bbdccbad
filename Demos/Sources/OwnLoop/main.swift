import DemoSupport
import Foundation
import Tactile
import TactileSDL

// The own-loop demo's entry point: the shared demo options, then the game's
// own loop (OwnLoop.run), not SDLApp.

let summary = "a plain SDL2 game with its own loop and renderer, plus Tactile's taps, pinch and tilt"
let controls = """
      touch      tap a lantern to light it or put it out; pinch the board to spread or gather them
      mouse      click: tap; Alt+drag: two contacts mirrored about the centre (pinch)
      tilt       the device's or a pad's sensors roll the ball; without them the arrow keys tilt
      Esc or close the window to quit
    """

do {
    let options = try DemoOptions(arguments: Array(CommandLine.arguments.dropFirst()))
    if options.showHelp {
        print(DemoOptions.usage(name: "ownloop", summary: summary, controls: controls))
        exit(0)
    }
    let configuration = try options.configuration(title: "Tactile: own loop", name: "ownloop", defaultTrace: "ownloop.trace", showcaseFrame: 300)
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
