import DemoSupport
import Foundation
import Tactile
import TactileSDL

// The Gesture Lab's entry point: parse the shared demo options, run the lab.

let summary = "every built-in recognizer with its state, values and the arena's decisions"
let controls = """
      touch      tap, double-tap, hold, drag, flick, pinch and rotate on the panels;
                 drag in from the window's left edge for the edge pan
      mouse      the left button is one finger;
                 Alt+drag: two contacts mirrored about the window centre, so
                 pinch and rotate on the centre panel; Alt+Shift+drag: a two-finger pan
      controller left stick moves a cursor, A (Cross) is the contact;
                 hold the left shoulder for two contacts the right stick pinches and turns
      O          show or hide the touch overlay (every contact with its id)
      Esc or close the window to quit
    """

do {
    let options = try DemoOptions(arguments: Array(CommandLine.arguments.dropFirst()))
    if options.showHelp {
        print(DemoOptions.usage(name: "gesturelab", summary: summary, controls: controls))
        exit(0)
    }
    let configuration = try options.configuration(
        title: "Tactile: Gesture Lab", name: "gesturelab", defaultTrace: "gesturelab.trace", showcaseFrame: GestureLabGame.showcaseFrame)
    try MainActor.assumeIsolated {
        let app = try configuration.makeApp()
        app.pump.controllerCursors = ControllerCursor.Settings()
        let game = try GestureLabGame { app.pump.cursors.values.map(\.location) }
        app.loop.scene = game.scene
        try app.run(game)
        options.reportTiming(of: app, name: "gesturelab")
        if let screenshot = configuration.screenshotPath {
            print("gesturelab: \(app.frameCount) frames; screenshot saved to \(screenshot)")
        }
    }
} catch {
    FileHandle.standardError.write(Data("gesturelab: \(error)\n".utf8))
    exit(1)
}
