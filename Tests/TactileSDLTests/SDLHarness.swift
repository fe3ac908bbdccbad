import Tactile
import Testing
@testable import TactileSDL

/// Every test that touches SDL lives under this one suite, so that they run
/// one at a time on the main thread: SDL's event queue, its video subsystem
/// and its joystick list are process-wide.
@Suite(.serialized) @MainActor enum SDLIntegration {}

/// A real SDL window (dummy video driver: no display needed) with a pump
/// over it, and helpers that push real SDL events into SDL's queue.
///
/// Nothing here bypasses SDL: events go in with `SDL_PushEvent` and come out
/// through `SDL_PollEvent` inside the pump, exactly as in a game.
@MainActor
final class SDLHarness {
    let window: OpaquePointer
    let clock: ManualClock
    let pump: SDLEventPump
    private(set) var diagnostics: [Diagnostic] = []

    init(width: Int32 = 640, height: Int32 = 480) throws {
        try SDLSetup.start(videoDriver: .dummy)
        // Whatever an earlier test left in the queue is not this test's.
        SDL_PumpEvents()
        SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
        guard let window = SDL_CreateWindow("tactile-test", 0, 0, width, height, SDL_WINDOW_HIDDEN.rawValue) else {
            throw SDLError("SDL_CreateWindow")
        }
        self.window = window
        clock = ManualClock(now: 100)
        pump = SDLEventPump(window: window, clock: clock)
        pump.diagnostics = { [unowned self] in self.diagnostics.append($0) }
        // Creating a window queues window events (shown, size changed); drop them.
        _ = drain()
        diagnostics.removeAll()
    }

    isolated deinit {
        SDL_DestroyWindow(window)
    }

    var windowID: UInt32 { SDL_GetWindowID(window) }

    /// Translates everything in SDL's queue.
    func drain() -> [InputEvent] {
        var events: [InputEvent] = []
        pump.drain(into: &events)
        return events
    }

    /// Just the pointer events of a drain.
    func drainPointers() -> [PointerEvent] {
        drain().compactMap { if case .pointer(let pointer) = $0.kind { pointer } else { nil } }
    }

    func push(_ event: SDL_Event) {
        var event = event
        let pushed = SDL_PushEvent(&event)
        precondition(pushed == 1, "SDL_PushEvent failed: \(String(cString: SDL_GetError()))")
    }

    func pushFinger(
        _ type: SDL_EventType, touch: Int64 = 7, finger: Int64 = 1, x: Float, y: Float,
        pressure: Float = 1, windowID: UInt32? = nil
    ) {
        var event = SDL_Event()
        event.tfinger = SDL_TouchFingerEvent(
            type: type.rawValue, timestamp: 0, touchId: touch, fingerId: finger, x: x, y: y, dx: 0, dy: 0,
            pressure: pressure, windowID: windowID ?? self.windowID)
        push(event)
    }

    func pushMouseButton(_ type: SDL_EventType, button: Int32 = SDL_BUTTON_LEFT, x: Int32, y: Int32, which: UInt32 = 0) {
        var event = SDL_Event()
        event.button = SDL_MouseButtonEvent(
            type: type.rawValue, timestamp: 0, windowID: windowID, which: which, button: UInt8(button),
            state: UInt8(type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED), clicks: 1, padding1: 0, x: x, y: y)
        push(event)
    }

    func pushMouseMotion(x: Int32, y: Int32, which: UInt32 = 0) {
        var event = SDL_Event()
        event.motion = SDL_MouseMotionEvent(
            type: SDL_MOUSEMOTION.rawValue, timestamp: 0, windowID: windowID, which: which, state: 0,
            x: x, y: y, xrel: 0, yrel: 0)
        push(event)
    }

    func pushKey(_ type: SDL_EventType, _ scancode: SDL_Scancode, keycode: Int32 = 0, modifiers: KeyModifiers = [], isRepeat: Bool = false) {
        var event = SDL_Event()
        event.key = SDL_KeyboardEvent(
            type: type.rawValue, timestamp: 0, windowID: windowID,
            state: UInt8(type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED), repeat: isRepeat ? 1 : 0, padding2: 0, padding3: 0,
            keysym: SDL_Keysym(scancode: scancode, sym: keycode, mod: modifiers.rawValue, unused: 0))
        push(event)
    }

    func pushWindowEvent(_ id: SDL_WindowEventID) {
        var event = SDL_Event()
        event.window = SDL_WindowEvent(
            type: SDL_WINDOWEVENT.rawValue, timestamp: 0, windowID: windowID, event: UInt8(id.rawValue),
            padding1: 0, padding2: 0, padding3: 0, data1: 0, data2: 0)
        push(event)
    }
}

extension InputEvent.Kind {
    /// The id of the controller an `.added` event reports, whatever its
    /// identity; `nil` for any other event.
    var controllerAdded: Int32? {
        if case .controller(.added(let id, _)) = self { id } else { nil }
    }
}
