import Tactile
import TactileSDL
import Testing

/// Every demo test that touches SDL lives under this one suite, so that they
/// run one at a time on the main thread: SDL's event queue, its video
/// subsystem and its joystick list are process-wide.
@Suite(.serialized) @MainActor enum SDLIntegration {}

/// A real SDL window (dummy video driver: no display needed) with a pump over
/// it on a manual clock: what a demo test drives a game's loop with.
@MainActor
final class SDLHarness {
    let window: OpaquePointer
    let clock: ManualClock
    let pump: SDLEventPump

    init(width: Int32 = 640, height: Int32 = 480) throws {
        try SDLSetup.start(videoDriver: .dummy)
        // Whatever an earlier test left in the queue is not this test's.
        SDL_PumpEvents()
        SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
        guard let window = SDL_CreateWindow("tactile-demo-test", 0, 0, width, height, SDL_WINDOW_HIDDEN.rawValue) else {
            throw SDLError("SDL_CreateWindow")
        }
        self.window = window
        clock = ManualClock(now: 100)
        pump = SDLEventPump(window: window, clock: clock)
        pump.diagnostics = { _ in }
        // Creating a window queues window events (shown, size changed); drop them.
        var events: [InputEvent] = []
        pump.drain(into: &events)
    }

    isolated deinit {
        SDL_DestroyWindow(window)
    }
}
