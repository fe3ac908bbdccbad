import ArgumentParser
import DemoSupport
import Foundation
import Tactile
import TactileOptions
import TactileSDL

// The Tilt Maze's entry point: parse the shared game options, run the maze.

/// The demo's command line: the options every Tactile game can share
/// (`GameOptions`), with the demo's own help text.
struct TiltMazeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tiltmaze",
        abstract: "tilt the board to roll a marble past the holes to the goal",
        discussion: GameOptions.demoDiscussion(controls: """
              tilt       a phone's or handheld's sensors, or a PlayStation or Switch pad's;
                         without sensors: the arrow keys, a right-button drag or the right stick
              shake      restart (Ctrl+Z shakes the simulated device; a pad's Start also restarts)
              touch      pinch the map to zoom
              mouse      Alt+drag pinches (two contacts mirrored about the window centre);
                         the wheel zooms too
              controller tilt the pad (or the right stick), shoulders zoom, Start restarts
              Esc or close the window to quit
            """))

    @OptionGroup var options: GameOptions
}

// Bad flags: the usage on standard error and exit status 64, from the parser.
let options = TiltMazeCommand.parseOrExit().options

do {
    let configuration = try options.demoConfiguration(
        title: "Tactile: Tilt Maze", name: "tiltmaze", defaultTrace: "tiltmaze.trace", showcaseFrame: TiltMazeGame.showcaseFrame)
    try MainActor.assumeIsolated {
        let app = try configuration.makeApp()
        let game = TiltMazeGame.attached(to: app)
        try app.runWithInputDebugger(game)
        options.reportTiming(of: app, name: "tiltmaze")
        if let screenshot = configuration.screenshotPath {
            print("tiltmaze: \(app.frameCount) frames; screenshot saved to \(screenshot)")
        }
    }
} catch {
    FileHandle.standardError.write(Data("tiltmaze: \(error)\n".utf8))
    exit(1)
}
