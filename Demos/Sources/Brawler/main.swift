import ArgumentParser
import DemoSupport
import Foundation
import Tactile
import TactileOptions
import TactileSDL

// The Brawler's entry point: parse the shared game options, fight.

/// The demo's command line: the options every Tactile game can share
/// (`GameOptions`), with the demo's own help text.
struct BrawlerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "brawler",
        abstract: "a two-player fighting game whose specials are command inputs in the gesture arena",
        discussion: GameOptions.demoDiscussion(controls: """
              player 1   W A S D move, F punch, G kick
              player 2   arrows move, K punch, L kick
              controller press Start to join (the first pad is player 1): d-pad or left
                         stick, X (Square) punch, A (Cross) kick
              specials   236+P fireball, 623+P dragon punch (wins when one input makes
                         both), hold 4 then 6+P rush, 360+P spin (a throw, over both),
                         66 dash, 44 backdash; written facing right (6 is forward),
                         mirrored when facing left
              Space, Return or Start: the next round, once one is over
              Esc or close the window to quit
            """))

    @OptionGroup var options: GameOptions
}

// Bad flags: the usage on standard error and exit status 64, from the parser.
let options = BrawlerCommand.parseOrExit().options

do {
    let configuration = try options.demoConfiguration(
        title: "Tactile: Brawler", name: "brawler", defaultTrace: "brawler.trace", showcaseFrame: BrawlerGame.showcaseFrame)
    try MainActor.assumeIsolated {
        let app = try configuration.makeApp()
        let game = try BrawlerGame()
        app.loop.scene = game.scene
        app.loop.addInput(game.roster)
        try app.runWithInputDebugger(game)
        options.reportTiming(of: app, name: "brawler")
        let health = game.fighters.map { String($0.health) }.joined(separator: "-")
        print("brawler: \(app.frameCount) frames; health \(health); moves: \(game.log.joined(separator: ", "))")
        if let screenshot = configuration.screenshotPath {
            print("brawler: screenshot saved to \(screenshot)")
        }
    }
} catch {
    FileHandle.standardError.write(Data("brawler: \(error)\n".utf8))
    exit(1)
}
