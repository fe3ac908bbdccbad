import ArgumentParser
import DemoSupport
import Foundation
import Tactile
import TactileOptions
import TactileSDL

// The Touches demo's entry point: parse the shared game options, run the game.

/// The demo's command line: the options every Tactile game can share
/// (`GameOptions`), with the demo's own help text.
struct TouchesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touches",
        abstract: "every contact as a circle with its id, phase and trail",
        discussion: GameOptions.demoDiscussion(controls: """
              touch      each finger is a contact
              mouse      drag with the left button: one contact
                         Alt+drag: two contacts mirrored about the centre (pinch, rotate)
                         Alt+Shift+drag: two contacts side by side (two-finger pan)
              controller left stick moves a cursor, A (Cross) is the contact;
                         a PlayStation pad's touchpad fingers show in the panel
              Esc or close the window to quit
            """))

    @OptionGroup var options: GameOptions
}

// Bad flags: the usage on standard error and exit status 64, from the parser.
let options = TouchesCommand.parseOrExit().options

do {
    let configuration = try options.demoConfiguration(title: "Tactile: Touches", name: "touches", defaultTrace: "touches.trace", showcaseFrame: 190)
    try MainActor.assumeIsolated {
        let app = try configuration.makeApp()
        app.pump.controllerCursors = ControllerCursor.Settings()
        try app.runWithInputDebugger(TouchesGame { app.pump.cursors.values.map(\.location) })
        options.reportTiming(of: app, name: "touches")
        if let screenshot = configuration.screenshotPath {
            print("touches: \(app.frameCount) frames; screenshot saved to \(screenshot)")
        }
    }
} catch {
    FileHandle.standardError.write(Data("touches: \(error)\n".utf8))
    exit(1)
}
