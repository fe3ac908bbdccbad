import DemoSupport
import Foundation
import Tactile
import TactileSDL

// The Tilt Maze's entry point: parse the shared demo options, run the maze.

let summary = "tilt the board to roll a marble past the holes to the goal"
let controls = """
      tilt       a phone's or handheld's sensors, or a PlayStation or Switch pad's;
                 without sensors: the arrow keys, a right-button drag or the right stick
      shake      restart (Ctrl+Z shakes the simulated device; a pad's Start also restarts)
      touch      pinch the map to zoom
      mouse      Alt+drag pinches (two contacts mirrored about the window centre);
                 the wheel zooms too
      controller tilt the pad (or the right stick), shoulders zoom, Start restarts
      Esc or close the window to quit
    """

do {
    let options = try DemoOptions(arguments: Array(CommandLine.arguments.dropFirst()))
    if options.showHelp {
        print(DemoOptions.usage(name: "tiltmaze", summary: summary, controls: controls))
        exit(0)
    }
    let configuration = try options.configuration(
        title: "Tactile: Tilt Maze", name: "tiltmaze", defaultTrace: "tiltmaze.trace", showcaseFrame: TiltMazeGame.showcaseFrame)
    try MainActor.assumeIsolated {
        let app = try configuration.makeApp()
        let game = TiltMazeGame.attached(to: app)
        try app.run(game)
        options.reportTiming(of: app, name: "tiltmaze")
        if let screenshot = configuration.screenshotPath {
            print("tiltmaze: \(app.frameCount) frames; screenshot saved to \(screenshot)")
        }
    }
} catch {
    FileHandle.standardError.write(Data("tiltmaze: \(error)\n".utf8))
    exit(1)
}
