import ArcadeGame
import Foundation
import TactileOptions
import TactileSDL

// The executable: parse the shared options, make the app, hand the loop the
// game's scene and motion, run. `Arcade --headless --replay Traces/tap.trace`
// plays a recorded session without a window and prints what the game saw.

struct ArcadeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "arcade", abstract: "A game of my own, on Tactile.")
    @OptionGroup var options: GameOptions
}

let options = ArcadeCommand.parseOrExit().options      // a bad flag: usage on stderr, exit 64
do {
    try MainActor.assumeIsolated {
        var configuration = options.configuration(title: "Arcade (a game of my own)")
        configuration.width = 320
        configuration.height = 240
        let app = try options.makeApp(title: "Arcade", configuration: configuration)
        let game = ArcadeGame(motionClock: app.gameClock, sensorControl: app.pump)
        app.loop.scene = game.scene                        // the one way the scene is fed
        app.loop.motion = game.motion                      // motion on game time
        try app.run(game)
        options.reportTiming(of: app, name: "arcade")
        print("Arcade: \(app.frameCount) frames, \(game.taps) tap\(game.taps == 1 ? "" : "s"), glow \(game.glow)")
    }
} catch {
    FileHandle.standardError.write(Data("arcade: \(error)\n".utf8))
    exit(1)
}
