import ArgumentParser
import DemoSupport
import Foundation
import Tactile
import TactileOptions
import TactileSDL

// The Gesture Lab's entry point: parse the shared game options, run the lab.

/// The demo's command line: the options every Tactile game can share
/// (`GameOptions`), with the demo's own help text.
struct GestureLabCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gesturelab",
        abstract: "every built-in recognizer with its state, values and the arena's decisions",
        discussion: GameOptions.demoDiscussion(controls: """
              touch      tap, double-tap, hold, drag, flick, pinch and rotate on the panels;
                         drag in from the window's left edge for the edge pan
              mouse      the left button is one finger;
                         Alt+drag: two contacts mirrored about the window centre, so
                         pinch and rotate on the centre panel; Alt+Shift+drag: a two-finger pan
              controller left stick moves a cursor, A (Cross) is the contact;
                         hold the left shoulder for two contacts the right stick pinches and turns;
                         a PlayStation pad's touchpad is the centre panel: two fingers pinch and turn
              O          show or hide the touch overlay (every contact with its id)
              Tab        the second page: command inputs (WASD + J: 623+J, 236+J, [4]6+J,
                         66, J) and motion gestures (a pad's sensors, or the arrows tilt
                         and Ctrl+Z shakes) with their live states
              S          (first page) the strokes page: draw a shape (any pointer), see the guess and the result;
                         L learns: ←/→ choose a name, Enter adds the last drawing and saves
                         the set to gesturelab.strokes in the current directory
              Esc or close the window to quit
            """))

    @OptionGroup var options: GameOptions
}

// Bad flags: the usage on standard error and exit status 64, from the parser.
let options = GestureLabCommand.parseOrExit().options

do {
    let configuration = try options.demoConfiguration(
        title: "Tactile: Gesture Lab", name: "gesturelab", defaultTrace: "gesturelab.trace", showcaseFrame: GestureLabGame.showcaseFrame)
    try MainActor.assumeIsolated {
        let app = try configuration.makeApp()
        app.pump.controllerCursors = ControllerCursor.Settings()
        let game = try GestureLabGame(cursorLocations: { app.pump.cursors.values.map(\.location) },
                                      strokeTemplatesPath: FileManager.default.currentDirectoryPath + "/gesturelab.strokes")
        app.pump.touchpadPointers = .rect(TouchpadArea.frame(of: game.pinchPanel))
        app.loop.scene = game.scene
        // Motion for the second page: a pad's sensors, else simulated from the keys.
        let motion = MotionManager(clock: app.gameClock, sensorControl: app.pump)
        var simulated = SimulatedMotion.Controls()
        simulated.usesRightStick = false        // the right stick pinches and turns here
        motion.simulation = SimulatedMotion(controls: simulated)
        motion.startGyroUpdates()
        motion.motionEventReceiver = game.scene
        app.loop.motion = motion
        try app.runWithInputDebugger(game)
        options.reportTiming(of: app, name: "gesturelab")
        if let screenshot = configuration.screenshotPath {
            print("gesturelab: \(app.frameCount) frames; screenshot saved to \(screenshot)")
        }
    }
} catch {
    FileHandle.standardError.write(Data("gesturelab: \(error)\n".utf8))
    exit(1)
}
