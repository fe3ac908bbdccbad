import DemoSupport
import Foundation
import Tactile
import TactileSDL

// The Touches demo's entry point: parse the shared demo options, run the game.

let summary = "every contact as a circle with its id, phase and trail"
let controls = """
      touch      each finger is a contact
      mouse      drag with the left button: one contact
                 Alt+drag: two contacts mirrored about the centre (pinch, rotate)
                 Alt+Shift+drag: two contacts side by side (two-finger pan)
      controller left stick moves a cursor, A (Cross) is the contact;
                 a PlayStation pad's touchpad fingers show in the panel
      Esc or close the window to quit
    """

do {
    let options = try DemoOptions(arguments: Array(CommandLine.arguments.dropFirst()))
    if options.showHelp {
        print(DemoOptions.usage(name: "touches", summary: summary, controls: controls))
        exit(0)
    }
    let configuration = try options.configuration(title: "Tactile: Touches", name: "touches", defaultTrace: "touches.trace", showcaseFrame: 190)
    try MainActor.assumeIsolated {
        let app = try configuration.makeApp()
        app.pump.controllerCursors = ControllerCursor.Settings()
        try app.run(TouchesGame { app.pump.cursors.values.map(\.location) })
        options.reportTiming(of: app, name: "touches")
        if let screenshot = configuration.screenshotPath {
            print("touches: \(app.frameCount) frames; screenshot saved to \(screenshot)")
        }
    }
} catch {
    FileHandle.standardError.write(Data("touches: \(error)\n".utf8))
    exit(1)
}
