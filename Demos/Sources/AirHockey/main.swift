import ArgumentParser
import DemoSupport
import Foundation
import Tactile
import TactileOptions
import TactileSDL

// Air Hockey's entry point: parse the shared game options, play.

/// The demo's command line: the options every Tactile game can share
/// (`GameOptions`), with the demo's own help text.
struct AirHockeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "airhockey",
        abstract: "two-player air hockey: a finger per paddle, pinch and turn the camera, or two controllers",
        discussion: GameOptions.demoDiscussion(controls: """
              touch      a finger anywhere in your half holds your paddle (a second finger
                         there is ignored); two fingers on the dark background around the rink
                         pinch and turn the camera while no paddle is held; tap PAUSE
              mouse      the left button is one finger; Alt+drag puts down two contacts
                         mirrored about the centre: one per half (both paddles), or top and
                         bottom of the background (the camera)
              controller press A (Cross) or Start to join: the first pad plays left, the
                         second right; left stick or d-pad moves the paddle, Start pauses,
                         resumes, or restarts after a win; an unplugged pad's side waits for
                         that pad to come back (any pad may take it after two minutes)
              keyboard   W A S D left paddle, arrows right paddle, Space pause
              O          show or hide the touch overlay
              Esc or close the window to quit

            With --rollback-delay the match is played by two simulated network peers in
            one process (rollback netcode): a finger in the left half of the window and
            the first pad are the left player's, the right half and the second pad the
            right player's (W A S D and the arrows steer as before); the window shows
            the left player's peer.
            """))

    @OptionGroup var options: GameOptions

    @Option(help: "Play as two networked peers, each getting the other's input this many frames late (rollback).")
    var rollbackDelay: Int?

    @Option(help: "Up to this many more frames of random delay per input, with --rollback-delay.")
    var rollbackJitter = 0

    func validate() throws {
        if let rollbackDelay, !(0...30).contains(rollbackDelay) { throw ValidationError("--rollback-delay must be 0 to 30 frames") }
        if !(0...30).contains(rollbackJitter) { throw ValidationError("--rollback-jitter must be 0 to 30 frames") }
        if rollbackJitter > 0 && rollbackDelay == nil { throw ValidationError("--rollback-jitter needs --rollback-delay") }
    }
}

// Bad flags: the usage on standard error and exit status 64, from the parser.
let command = AirHockeyCommand.parseOrExit()
let options = command.options

do {
    let configuration = try options.demoConfiguration(
        title: "Tactile: Air Hockey", name: "airhockey", defaultTrace: "airhockey.trace", showcaseFrame: AirHockeyGame.showcaseFrame)
    try MainActor.assumeIsolated {
        let app = try configuration.makeApp()
        if let delay = command.rollbackDelay {
            // The peers have their own loops and scenes; the app's loop only
            // hands the window's events to the demo, which splits them.
            let demo = try RollbackDemo(delay: delay, jitter: command.rollbackJitter)
            try app.run(demo)
            options.reportTiming(of: app, name: "airhockey")
            print("airhockey: \(app.frameCount) frames; \(demo.game.log.last ?? "no goals"); \(demo.summary)")
            return
        }
        let game = try AirHockeyGame()
        app.loop.scene = game.scene
        app.loop.addInput(game.roster)
        try app.runWithInputDebugger(game)
        options.reportTiming(of: app, name: "airhockey")
        if let screenshot = configuration.screenshotPath {
            print("airhockey: \(app.frameCount) frames; \(game.log.last ?? "no goals"); screenshot saved to \(screenshot)")
        }
    }
} catch {
    FileHandle.standardError.write(Data("airhockey: \(error)\n".utf8))
    exit(1)
}
