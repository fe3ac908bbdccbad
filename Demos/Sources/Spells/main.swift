import ArgumentParser
import DemoSupport
import Foundation
import Tactile
import TactileOptions
import TactileSDL

// The spell-casting game's entry point: parse the shared game options, run the game.

/// The demo's command line: the options every Tactile game can share
/// (`GameOptions`), with the demo's own help text.
struct SpellsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spells",
        abstract: "draw an enemy's shape over it to cast that spell at it",
        discussion: GameOptions.demoDiscussion(controls: """
              touch      draw a shape over an enemy (a star in one stroke or five; strokes
                         within half a second of each other are one drawing)
              mouse      the left button draws
              controller left stick moves a cursor, hold A (Cross) to draw with it (strokes
                         within a second of each other are one drawing)
              Esc or close the window to quit
            """))

    @OptionGroup var options: GameOptions
}

// Bad flags: the usage on standard error and exit status 64, from the parser.
let options = SpellsCommand.parseOrExit().options

do {
    let configuration = try options.demoConfiguration(
        title: "Tactile: Spells", name: "spells", defaultTrace: "spells.trace", showcaseFrame: SpellsGame.showcaseFrame)
    try MainActor.assumeIsolated {
        let app = try configuration.makeApp()
        app.pump.controllerCursors = ControllerCursor.Settings()
        let game = SpellsGame { app.pump.cursors.values.map(\.location) }
        app.loop.scene = game.scene
        try app.runWithInputDebugger(game)
        options.reportTiming(of: app, name: "spells")
        if let screenshot = configuration.screenshotPath {
            print("spells: \(app.frameCount) frames; screenshot saved to \(screenshot)")
        }
    }
} catch {
    FileHandle.standardError.write(Data("spells: \(error)\n".utf8))
    exit(1)
}
