import Benchmark
import TactileSDL

// SDL's own cost of queueing and polling one event: the floor every Tactile
// figure is compared with. Each benchmark executable registers it, so that
// the figures it is compared with come from the same run on the same
// machine.

/// Registers "SDL push+poll (floor)": `SDL_PushEvent` + `SDL_PollEvent` of
/// one finger motion, per event.
public func registerSDLFloorBenchmark() {
    Benchmark("SDL push+poll (floor)") { (benchmark, floor: SDLFloor) in
        var motion = floor.fingerMotion()
        var polled = SDL_Event()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            SDL_PushEvent(&motion)
            SDL_PollEvent(&polled)
            blackHole(polled.type)
        }
        benchmark.stopMeasurement()
    } setup: {
        try SDLFloor()
    }
}

/// A hidden window on SDL's dummy video driver and a finger motion for it.
public final class SDLFloor {
    public let window: OpaquePointer
    public let windowID: UInt32

    public init() throws {
        try SDLSetup.start(videoDriver: .dummy)
        guard let window = SDL_CreateWindow("tactile-bench", 0, 0, 640, 480, SDL_WINDOW_HIDDEN.rawValue) else {
            throw SDLError("SDL_CreateWindow")
        }
        self.window = window
        windowID = SDL_GetWindowID(window)
        // Creating a window queues window events, and an earlier benchmark
        // may have left events behind: none of them is the floor's.
        SDL_PumpEvents()
        SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
    }

    deinit {
        SDL_DestroyWindow(window)
    }

    /// A finger motion for the window.
    public func fingerMotion() -> SDL_Event {
        var event = SDL_Event()
        event.tfinger = SDL_TouchFingerEvent(
            type: SDL_FINGERMOTION.rawValue, timestamp: 0, touchId: 7, fingerId: 1, x: 0.5, y: 0.5, dx: 0, dy: 0,
            pressure: 1, windowID: windowID)
        return event
    }
}
