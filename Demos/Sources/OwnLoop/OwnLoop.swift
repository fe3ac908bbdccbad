import DemoSupport
import Foundation
import Tactile
import TactileDebugDrawing
import TactileSDL

/// The own-loop demo's frame loop: how a game that already has a
/// `while SDL_PollEvent` loop and an `SDL_Renderer` adds Tactile to it
/// without `SDLApp`. Every Tactile call in it is marked `// Tactile:`; the
/// rest is the plain SDL2 game it was before.
///
/// Per frame:
///
/// ```
/// while SDL_PollEvent { the game's own look at the event; pump.translate(event) }
/// (replay merged in, recording on real time: optional, as any game may)
/// loop.frame(events:)   re-stamp on game time ▸ scene ▸ motion; deadlines; fixed updates
/// the game's SDL_Renderer calls ▸ the input debugger's overlay ▸ SDL_RenderPresent
/// ```
@MainActor
enum OwnLoop {
    struct Options {
        var headless = !SDLSetup.hasDisplay
        var replayPath: String?
        var recordPath: String?
        var screenshotPath: String?
        var frameLimit: Int?
    }

    /// What a run did: how many frames, and the game it ran.
    struct Outcome {
        let frames: Int
        let game: LanternsGame
    }

    /// Frames drawn after a headless replay runs out, as `SDLApp` does:
    /// one second, so what the last events caused is on screen.
    static let settleFrames = 60

    static func run(_ options: Options) throws -> Outcome {
        // The game's own SDL start-up, as it was before Tactile: video only.
        if options.headless { SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy") }
        guard SDL_Init(UInt32(SDL_INIT_VIDEO)) == 0 else { throw SDLError("SDL_Init") }
        // Tactile: adds the controller and sensor subsystems and its hints to
        // the SDL the game already started.
        try SDLSetup.start(videoDriver: options.headless ? .dummy : .automatic)

        let position = tactile_windowpos_centered()
        let windowFlags = options.headless ? SDL_WINDOW_HIDDEN.rawValue : SDL_WINDOW_SHOWN.rawValue
        guard let window = SDL_CreateWindow("Tactile: Own Loop", position, position,
                                            Int32(LanternsGame.width), Int32(LanternsGame.height), windowFlags) else {
            throw SDLError("SDL_CreateWindow")
        }
        defer { SDL_DestroyWindow(window) }
        FocusAnnouncement.arrangeIfAsked()
        let rendererFlags = options.headless ? SDL_RENDERER_SOFTWARE.rawValue : SDL_RENDERER_PRESENTVSYNC.rawValue
        guard let renderer = SDL_CreateRenderer(window, -1, rendererFlags) ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
            throw SDLError("SDL_CreateRenderer")
        }
        defer { SDL_DestroyRenderer(renderer) }

        // Tactile: real time from SDL (manual time, one frame per frame,
        // when headless, so a replay plays out the same everywhere), game
        // time over it, the pump, and the loop that orders a frame.
        let manualClock = options.headless ? ManualClock() : nil
        let clock: any Clock = manualClock ?? SDLClock()
        let gameClock = GameClock(base: clock)
        let pump = SDLEventPump(window: window, clock: clock)
        let loop = GameLoop(clock: gameClock)
        // Motion reads the game clock: the loop re-stamps every event on game
        // time before motion sees it.
        let game = LanternsGame(clock: gameClock, sensorControl: pump)
        loop.scene = game.scene
        loop.motion = game.motion
        // Tactile: the input debugger, switched on by Ctrl+Shift+D or both
        // stick clicks, drawn over the game's frame with its own renderer.
        let debugger = InputDebugger(loop: loop)
        // What pads hold when it comes on: it heard no event while off.
        debugger.connectedControllers = { pump.controllerReadings }
        let overlay = InputDebugOverlay(debugger: debugger)
        let canvas = Canvas(renderer: renderer)
        // The canvas keeps lines of the overlay as textures of the renderer:
        // they go before it.
        defer { canvas.releaseTextures() }

        var player = try options.replayPath.map { TracePlayer(try Trace(contentsOfFile: $0), start: clock.now) }
        var recorder = options.recordPath.map { _ in TraceRecorder(start: clock.now) }
        var events: [InputEvent] = []
        events.reserveCapacity(256)
        var frames = 0
        var framesSinceReplayEnded = 0
        var running = true
        let escape = SDL_SCANCODE_ESCAPE
        while running {
            let frameStart = clock.now
            events.removeAll(keepingCapacity: true)
            var event = SDL_Event()
            while SDL_PollEvent(&event) != 0 {
                // The game's own event handling stays as it was.
                if event.type == SDL_QUIT.rawValue { running = false }
                if event.type == SDL_KEYDOWN.rawValue && event.key.keysym.scancode == escape { running = false }
                // Tactile: one SDL event in, zero or more input events out.
                pump.translate(event, into: &events)
            }
            player?.events(dueBy: clock.now, into: &events)
            if recorder != nil { for event in events { recorder?.record(event) } }
            // Tactile: re-stamp, scene, motion, deadlines, then the game's
            // fixed steps on game time.
            loop.frame(events: &events, update: { step, _ in game.update(step: step) })

            game.draw(with: renderer)
            overlay.draw(on: canvas)  // Tactile: draws nothing while the debugger is off
            frames += 1
            if let limit = options.frameLimit, frames >= limit { running = false }
            if options.headless && options.frameLimit == nil && player?.isFinished ?? true {
                framesSinceReplayEnded += 1
                if framesSinceReplayEnded > settleFrames { running = false }
            }
            if !running, let path = options.screenshotPath {
                // Before presenting: after SDL_RenderPresent the back buffer is undefined.
                try Canvas(renderer: renderer).readPixels().writePNG(to: path)
            }
            SDL_RenderPresent(renderer)
            if let manualClock {
                manualClock.advance(by: loop.step)
            } else {
                let remaining = loop.step - (clock.now - frameStart)
                if remaining > 0.002 { SDL_Delay(UInt32(remaining * 1000)) }
            }
        }
        if let recorder, let path = options.recordPath {
            try recorder.write(toFile: path)
        }
        return Outcome(frames: frames, game: game)
    }
}
