import CSDL2
import Tactile

/// Opens a window and runs a game's frame loop on SDL: drain input, advance
/// the clock, update, let the game render, present.
///
/// The app draws nothing itself: ``Game/render(in:)`` gets the app's
/// `SDL_Renderer` (or none, with ``Rendering/gameOwned``) and draws with
/// whatever the game likes. A game that keeps its own loop needs no
/// `SDLApp` at all: see ``SDLEventPump`` and `GameLoop`.
///
/// ```swift
/// var configuration = SDLApp.Configuration(title: "My game")
/// configuration.replayPath = "Assets/Traces/demo.trace"
/// let app = try SDLApp(configuration)
/// app.loop.scene = scene                  // events, deadlines on game time
/// app.loop.addInput(actions)              // an ActionMap: snapshots each frame
/// try app.run(MyGame())
/// ```
///
/// ## A frame
///
/// ```
/// SDL queue ─► pump.drain ─► (replay merged in) ─► (recorded, on real time)
///   ─► loop.frame: re-stamp on game time ─► action maps ─► scene ─► motion ─► Game.handle
///                  scene.advanceTime(to: game now) ─► motion.update() ─► action snapshots
///                  Game.update × fixed steps of game time
///   ─► Game.render(in:) ─► (last frame: lastFrameRendered) ─► present
/// ```
///
/// Two clocks: ``clock`` is real time (SDL's, or one frame of manual time
/// per frame when headless), which the pump, the controller cursors, the
/// replay and the recording follow; ``gameClock`` follows it but can be
/// paused and slowed (`GameClock/isPaused`, `GameClock/timeScale`), and
/// is what the scene's recognizer deadlines, motion and the updates read.
/// A paused game still gets its input (its pause menu needs it) and still
/// renders; see `GameLoop` for the exact rules.
///
/// ## Resizing and high-DPI
///
/// Input is in window points, drawing in pixels. The pump scales SDL's
/// normalised finger coordinates by the window's size in points at the time
/// each event was queued (it follows `SDL_WINDOWEVENT_SIZE_CHANGED`), so a
/// touch lands under the finger after a resize and on a 2× display, where
/// mouse coordinates are points already. When a frame's drain changed the
/// size, the app sets the size of `loop.scene` to it and calls
/// ``Game/windowResized(to:)``, both before the frame's events are handled:
/// that is where a game lays itself out again. Each frame's
/// ``RenderContext`` carries the current sizes and
/// ``RenderContext/pixelsPerPoint`` to draw with. A headless replay keeps the
/// configured size: traces record input, not window changes.
///
/// ## Headless runs
///
/// With ``Configuration/headless`` (the default when no display is reachable)
/// the window lives in SDL's dummy video driver, drawing goes through the
/// software renderer, and time is a `ManualClock` advanced by exactly one
/// frame per frame. A run from a recorded trace therefore plays out the same
/// on every machine, however fast, and can end with a screenshot (see
/// ``lastFrameRendered``; the optional `TactileDebugDrawing` product saves
/// PNGs): that is how tests and CI see a demo working without a display.
///
/// A run ends after the first frame at which any of these holds, checked in
/// this order after the frame is rendered: the user closed the window or
/// sent quit (``SDLEventPump/quitRequested``); ``Game/wantsToQuit``;
/// ``Configuration/frameLimit`` frames have been rendered; or, headless and
/// with no frame limit, the replay (if any) has no events left and
/// 60 more frames have been rendered after that (one second to show what the
/// last events caused; without a replay that is the first 61 frames). A run
/// with a display and no frame limit goes on until quit.
///
/// `replayPath` and `recordPath` use Tactile's `TracePlayer` and
/// `TraceRecorder`.
///
/// ## See Also
/// - ``SDLEventPump``
/// - ``FrameTiming``
@MainActor
public final class SDLApp {
    /// How to run.
    public struct Configuration: Sendable {
        public var title: String
        /// The window's size in points.
        public var width: Int32 = 800
        public var height: Int32 = 600
        /// Updates per second: the game's fixed step is its inverse.
        public var updateRate: Double = 60
        /// No display: dummy video driver, software renderer, one frame of
        /// manual time per frame.
        public var headless: Bool = !SDLSetup.hasDisplay
        /// Stop after this many frames; `nil` runs until quit (or, headless,
        /// until the replay has played out).
        public var frameLimit: Int?
        /// A trace to play back as if the user were doing it.
        public var replayPath: String?
        /// Where to write a trace of everything the user does.
        public var recordPath: String?
        /// Who draws: the app's SDL renderer (the default) or the game alone.
        public var rendering: Rendering = .sdlRenderer
        /// Whether to time each frame's phases into ``SDLApp/frameTiming``.
        /// Off by default; on, it reads SDL's performance counter seven times a
        /// frame and changes nothing else, unless the environment variable
        /// `TACTILE_FRAME_EXPERIMENT` asks for an experiment on the frame
        /// budget (drawing left out, caches evicted after presenting: see
        /// `scripts/frame-budget`), which never changes what the game is given.
        public var measuresFrameTiming = false
        /// Extra `SDL_WindowFlags` for the window, such as
        /// `SDL_WINDOW_OPENGL.rawValue` for a game that makes its own GL
        /// context; shown or hidden is the app's choice.
        public var windowFlags: UInt32 = 0
        /// Whether the user can resize the window (`SDL_WINDOW_RESIZABLE`).
        /// A resize reaches the scene and the game before the frame's events:
        /// see ``SDLApp`` ("Resizing and high-DPI").
        public var isResizable = false
        /// Whether the window gets every pixel of a high-DPI display
        /// (`SDL_WINDOW_ALLOW_HIGHDPI`) rather than being scaled up from
        /// points by the system: ``RenderContext/pixelsPerPoint`` is then 2
        /// on a "2×" display. Input stays in points either way.
        public var allowsHighDPI = false
        /// Whether ``SDLApp/run(_:)`` runs `InputWarmUp` once before the
        /// first frame: a short synthetic session through a scratch scene,
        /// so that the first touches do not pay for cold code (a hitch of
        /// about 0.1 ms on the first frames of the demos). On by default;
        /// it touches nothing of the game's. Turn it off to measure a cold
        /// start, or when a game has warmed up its input itself.
        public var warmsUpInput = true

        public init(title: String) {
            self.title = title
        }
    }

    /// What draws the window.
    public enum Rendering: Sendable, Equatable {
        /// The app makes an `SDL_Renderer` for the window (software when
        /// headless, accelerated with vsync when there is a display) and
        /// presents it after ``Game/render(in:)``.
        case sdlRenderer
        /// The app makes no renderer and presents nothing: the game draws
        /// into ``SDLApp/window`` with its own means (an OpenGL context, its
        /// own renderer) and presents or swaps itself in ``Game/render(in:)``.
        /// Add the window flags it needs (such as `SDL_WINDOW_OPENGL`) with
        /// ``Configuration/windowFlags``.
        case gameOwned
    }

    /// Frames rendered after a headless replay has played out, so that what
    /// the last events caused (a fading trail, a settling score) is on screen
    /// when the screenshot is taken: one second at 60 frames per second.
    static let settleFramesAfterReplay = 60

    public let configuration: Configuration
    public let window: OpaquePointer
    /// The app's `SDL_Renderer` with ``Rendering/sdlRenderer``, `nil` with
    /// ``Rendering/gameOwned``. The app owns and destroys it.
    public let renderer: OpaquePointer?
    /// Real time: SDL's clock, or with ``Configuration/headless`` a manual
    /// clock advanced one frame per frame.
    public let clock: any Clock
    /// Game time: follows ``clock``, can be paused and scaled.
    public let gameClock: GameClock
    /// The frame's order of input, time and updates; give it the game's
    /// scene, motion manager and action maps.
    public let loop: GameLoop
    public let pump: SDLEventPump
    /// Whether presenting waits for the display's refresh, pacing the loop.
    private let hasVSync: Bool
    private var player: TracePlayer?
    private var recorder: TraceRecorder?
    /// Whether ``run(_:)`` has run the input warm-up: once per app.
    private var hasWarmedUpInput = false
    /// How many frames have been rendered.
    public private(set) var frameCount = 0
    /// How long the frames' phases took, when
    /// ``Configuration/measuresFrameTiming`` is on; `nil` otherwise.
    public private(set) var frameTiming: FrameTiming?
    /// Called once, after the last frame's ``Game/render(in:)`` and before
    /// it is presented, while the back buffer still holds the frame (after
    /// `SDL_RenderPresent` its contents are undefined): the place to take a
    /// screenshot. An error it throws ends ``run(_:)`` with that error, after
    /// the recording (if any) has been written.
    public var lastFrameRendered: ((_ context: RenderContext) throws -> Void)?
    /// A timed run's experiment (`TACTILE_FRAME_EXPERIMENT`, read only with
    /// ``Configuration/measuresFrameTiming``): nothing unless it is set.
    private var experiment = FrameExperiment()
    /// Microseconds per tick of SDL's performance counter.
    private let microsecondsPerTick = 1_000_000 / Double(SDL_GetPerformanceFrequency())

    /// Starts SDL, opens the window and loads the replay, if any.
    ///
    /// Throws ``SDLError`` when SDL cannot make the window or renderer, and
    /// `TraceError` when the replay trace is missing or malformed.
    public init(_ configuration: Configuration) throws {
        self.configuration = configuration
        try SDLSetup.start(videoDriver: configuration.headless ? .dummy : .automatic)
        var flags = (configuration.headless ? SDL_WINDOW_HIDDEN.rawValue : SDL_WINDOW_SHOWN.rawValue) | configuration.windowFlags
        if configuration.isResizable { flags |= SDL_WINDOW_RESIZABLE.rawValue }
        if configuration.allowsHighDPI { flags |= SDL_WINDOW_ALLOW_HIGHDPI.rawValue }
        let position = tactile_windowpos_centered()
        guard let window = SDL_CreateWindow(configuration.title, position, position, configuration.width, configuration.height, flags) else {
            throw SDLError("SDL_CreateWindow")
        }
        switch configuration.rendering {
        case .sdlRenderer:
            // The software renderer is the only one the dummy driver has, and
            // it makes screenshots pixel-exact on every machine. With a
            // display, a GPU renderer with vsync paces the frames; if there is
            // none (Xvfb), SDL falls back to software by itself.
            let rendererFlags = configuration.headless
                ? SDL_RENDERER_SOFTWARE.rawValue
                : SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
            guard let renderer = SDL_CreateRenderer(window, -1, rendererFlags) ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
                let error = SDLError("SDL_CreateRenderer")
                SDL_DestroyWindow(window)
                throw error
            }
            var info = SDL_RendererInfo()
            SDL_GetRendererInfo(renderer, &info)
            hasVSync = info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
            self.renderer = renderer
        case .gameOwned:
            // Whether the game's own presenting waits for vsync is not known
            // here; pacing by the clock is right either way (a frame that
            // already waited has no time left to wait for).
            hasVSync = false
            self.renderer = nil
        }
        self.window = window
        clock = configuration.headless ? ManualClock() : SDLClock()
        gameClock = GameClock(base: clock)
        loop = GameLoop(clock: gameClock, updateRate: configuration.updateRate)
        pump = SDLEventPump(window: window, clock: clock)
        if let replayPath = configuration.replayPath {
            player = try TracePlayer(contentsOfFile: replayPath, start: clock.now)
        }
        if configuration.recordPath != nil {
            recorder = TraceRecorder(start: clock.now)
        }
        if configuration.measuresFrameTiming {
            frameTiming = FrameTiming()
            experiment = FrameExperiment.fromEnvironment()
        }
    }

    isolated deinit {
        if let renderer { SDL_DestroyRenderer(renderer) }
        SDL_DestroyWindow(window)
    }

    /// Runs `game` until the user quits, the game asks to, the frame limit
    /// is reached or a headless replay has settled (the exact rule is in
    /// the type's documentation); then writes the recording.
    ///
    /// Throws what ``lastFrameRendered`` throws, and `TraceError` or a file
    /// error when the recording cannot be written.
    // Inlinable, and only this line: the closure that hands each event to
    // the game is then made where the game's type is known (the game's own
    // module), and calls its `handle` directly. Made here, inside the
    // generic loop (not specialised across modules), it called through the
    // game's witness table, and a canvas game (TactileDebugDrawing) through
    // its wrapper's and the game's: about 34 instructions an event, in
    // every frame's timed input (callgrind, the ten-contact replay).
    @inlinable
    public func run(_ game: some Game) throws {
        try run(game, handlingEventsWith: { game.handle($0) })
    }

    /// ``run(_:)`` with every event of a frame handed to `handle`, which is
    /// `game.handle` (or that of the game a wrapper draws for): for the
    /// inlinable entries, here and in TactileDebugDrawing (see ``run(_:)``).
    @usableFromInline
    package func run(_ game: some Game, handlingEventsWith handle: (InputEvent) -> Void) throws {
        var events: [InputEvent] = []
        events.reserveCapacity(256)
        var framesSinceReplayEnded = 0
        var lastFrameError: (any Error)?
        // Performance-counter readings at the edges of the frame's phases
        // (see ``FrameTiming``); read only when timing is on.
        let measures = frameTiming != nil
        var ticks = FrameTicks()
        warmUpInput()

        while true {
            let frameStart = clock.now
            experiment.frameStarted(microsecondsPerTick: microsecondsPerTick)
            if measures { ticks.start = SDL_GetPerformanceCounter() }
            // Emptied keeping its room. This destroys each of the last
            // frame's events, through the runtime's `swift_arrayDestroy`
            // and `InputEvent`'s destroy witness (callgrind, PathProfile
            // `loop`: about 35 instructions an event, in the timed input):
            // an event is not plain bytes while its rare kinds hold strings
            // (text, a controller's identity), and an array cannot be
            // emptied without destroying its elements, even those of kinds
            // that hold nothing to release. Popping them one by one, each
            // destroyed by specialised code, cost more (a model of the
            // list, 30 events a frame: 35 instructions an event against
            // this way's 30; each pop checks the buffer is unique), and
            // `removeLast(_:)` is this same path, so this stays. Only
            // plain-bytes events (text and identities by handle, a public
            // API change) would make it free.
            events.removeAll(keepingCapacity: true)
            let sizeBefore = pump.windowSize
            pump.drain(into: &events)
            if experiment.logsFrames { ticks.drained = SDL_GetPerformanceCounter() }
            if pump.windowSize != sizeBefore { windowResized(game) }
            // The trace tools are timed apart from the input (see
            // ``FrameTiming/trace``): a replay stands in for the user, and
            // reading its file is no work a game does for its input.
            if measures { ticks.traceStart = SDL_GetPerformanceCounter() }
            player?.events(dueBy: clock.now, into: &events)
            // A trace records what the user did when they did it: real time,
            // before the events are re-stamped on game time.
            if recorder != nil {
                for event in events { recorder?.record(event) }
            }
            if measures { ticks.traceEnd = SDL_GetPerformanceCounter() }
            // Fixed steps: the game always advances by `step`, however long
            // the frame took, so its physics and timers do not depend on the
            // frame rate. A frame that took 3.5 steps runs 3 and carries the
            // half over.
            ticks.firstUpdate = 0
            loop.frame(events: &events, handle: handle, update: { step, now in
                if measures && ticks.firstUpdate == 0 { ticks.firstUpdate = SDL_GetPerformanceCounter() }
                game.update(step: step, now: now)
            })
            if measures { ticks.updatesEnd = SDL_GetPerformanceCounter() }
            experiment.gameLoopEnded()
            let context = RenderContext(window: window, renderer: renderer, frameIndex: frameCount)
            if !experiment.skipsRender { game.render(in: context) }
            frameCount += 1

            let isLastFrame = pump.quitRequested || game.wantsToQuit
                || configuration.frameLimit.map { frameCount >= $0 } == true
                || (configuration.headless && configuration.frameLimit == nil && replayHasSettled(&framesSinceReplayEnded))
            if isLastFrame, let lastFrameRendered {
                // Read before presenting: after SDL_RenderPresent the back
                // buffer's contents are undefined. A failure here (a
                // screenshot that cannot be saved) must not lose the
                // recording, so it is thrown after that is written.
                do { try lastFrameRendered(context) } catch { lastFrameError = error }
            }
            if measures { ticks.renderEnd = SDL_GetPerformanceCounter() }
            if let renderer, !experiment.skipsRender { SDL_RenderPresent(renderer) }
            if experiment.addsWork { experiment.afterPresent(microsecondsPerTick: microsecondsPerTick) }
            if measures { recordTiming(&ticks) }
            if isLastFrame { break }
            advanceTime(frameStart: frameStart, step: loop.step)
        }
        experiment.printLog()
        if let recorder, let path = configuration.recordPath {
            try recorder.write(toFile: path)
        }
        if let lastFrameError { throw lastFrameError }
    }

    /// Runs `InputWarmUp` before the first frame of the first run, unless
    /// ``Configuration/warmsUpInput`` is off, and times it into
    /// ``FrameTiming/warmUpMicroseconds`` when timing is on.
    private func warmUpInput() {
        guard configuration.warmsUpInput, !hasWarmedUpInput else { return }
        hasWarmedUpInput = true
        let start = SDL_GetPerformanceCounter()
        InputWarmUp.run()
        let end = SDL_GetPerformanceCounter()
        frameTiming?.warmUpMicroseconds = Double(end &- start) * microsecondsPerTick
    }

    /// The window has a new size in points: the scene covers it, then the
    /// game hears of it, before the frame's events are handled.
    private func windowResized(_ game: some Game) {
        loop.scene?.size = pump.windowSize
        game.windowResized(to: pump.windowSize)
    }

    /// The counter readings of one frame's phase edges; 0 is "not read".
    private struct FrameTicks {
        var start: UInt64 = 0
        /// After the pump's drain: read only with `log-frames`.
        var drained: UInt64 = 0
        /// Around the replay and the recording.
        var traceStart: UInt64 = 0
        var traceEnd: UInt64 = 0
        var firstUpdate: UInt64 = 0
        var updatesEnd: UInt64 = 0
        var renderEnd: UInt64 = 0
        /// The end of the previous frame, where this frame's wall time starts.
        var previousEnd: UInt64 = 0
    }

    /// Adds the frame whose phases `ticks` holds to ``frameTiming``.
    private func recordTiming(_ ticks: inout FrameTicks) {
        let end = SDL_GetPerformanceCounter()
        // No update ran: the input phase lasted until the loop returned.
        let inputEnd = ticks.firstUpdate != 0 ? ticks.firstUpdate : ticks.updatesEnd
        let wallStart = ticks.previousEnd != 0 ? ticks.previousEnd : ticks.start
        func microseconds(_ from: UInt64, _ to: UInt64) -> Double { Double(to &- from) * microsecondsPerTick }
        let trace = microseconds(ticks.traceStart, ticks.traceEnd)
        experiment.recordInput(microseconds: microseconds(ticks.start, inputEnd) - trace, drain: microseconds(ticks.start, ticks.drained))
        frameTiming?.record(
            input: microseconds(ticks.start, inputEnd) - trace,
            trace: trace,
            update: microseconds(inputEnd, ticks.updatesEnd),
            render: microseconds(ticks.updatesEnd, ticks.renderEnd),
            present: microseconds(ticks.renderEnd, end),
            frame: microseconds(ticks.start, end),
            wall: microseconds(wallStart, end))
        ticks.previousEnd = end
    }

    /// Headless: exactly one frame of manual time. With a display: wait for
    /// the next frame, unless vsync already did.
    private func advanceTime(frameStart: Double, step: Double) {
        if let manual = clock as? ManualClock {
            manual.advance(by: step)
        } else if !hasVSync {
            let remaining = step - (clock.now - frameStart)
            if remaining > 0.001 { SDL_Delay(UInt32(remaining * 1000)) }
        }
    }

    /// Whether a headless run without a frame limit has shown everything:
    /// the replay is over and the settling frames are done. Without a replay,
    /// a headless run shows one second.
    private func replayHasSettled(_ framesSince: inout Int) -> Bool {
        guard player?.isFinished ?? true else { return false }
        framesSince += 1
        return framesSince > Self.settleFramesAfterReplay
    }
}
