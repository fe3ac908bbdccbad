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

/// A game controller that exists only in SDL's joystick list, driven by the
/// test: SDL sends real controller events for it, as for a plugged-in pad.
@MainActor
final class VirtualController {
    let instanceID: Int32
    private var attached = true

    /// A pad that SDL takes for the one whose USB ids it is given (SDL 2.26
    /// derives the controller type from them); with none, a virtual pad.
    /// SDL's automatic mapping for a virtual pad makes its button *n*
    /// `SDL_GameControllerButton` *n*, so button 0 is the bottom face button.
    init(name: String? = nil, vendor: UInt16 = 0, product: UInt16 = 0) throws {
        var description = SDL_VirtualJoystickDesc()
        description.version = tactile_virtual_joystick_desc_version()
        description.type = UInt16(SDL_JOYSTICK_TYPE_GAMECONTROLLER.rawValue)
        description.naxes = UInt16(SDL_CONTROLLER_AXIS_MAX.rawValue)
        description.nbuttons = UInt16(SDL_CONTROLLER_BUTTON_MAX.rawValue)
        description.vendor_id = vendor
        description.product_id = product
        let index = name.withOptionalCString { name in
            description.name = name
            return SDL_JoystickAttachVirtualEx(&description)
        }
        guard index >= 0 else { throw SDLError("SDL_JoystickAttachVirtualEx") }
        instanceID = SDL_JoystickGetDeviceInstanceID(index)
    }

    /// SDL's GUID for the pad, as mapping lines write it (32 hex digits).
    var guid: String {
        var text = [CChar](repeating: 0, count: 33)
        for index in 0..<SDL_NumJoysticks() where SDL_JoystickGetDeviceInstanceID(index) == instanceID {
            SDL_JoystickGetGUIDString(SDL_JoystickGetDeviceGUID(index), &text, 33)
        }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// SDL's joystick; valid once something (the pump) has opened it.
    private var joystick: OpaquePointer? { SDL_JoystickFromInstanceID(instanceID) }

    func set(_ button: SDL_GameControllerButton, down: Bool) {
        SDL_JoystickSetVirtualButton(joystick, button.rawValue, UInt8(down ? SDL_PRESSED : SDL_RELEASED))
        SDL_JoystickUpdate()
    }

    func set(_ axis: SDL_GameControllerAxis, _ value: Int16) {
        SDL_JoystickSetVirtualAxis(joystick, axis.rawValue, value)
        SDL_JoystickUpdate()
    }

    /// Unplugs the controller.
    func detach() {
        guard attached else { return }
        attached = false
        Self.detach(instanceID)
    }

    deinit {
        if attached { Self.detach(instanceID) }
    }

    /// Device indices shift as devices come and go; the instance id does not.
    private nonisolated static func detach(_ instanceID: Int32) {
        for index in 0..<SDL_NumJoysticks() where SDL_JoystickGetDeviceInstanceID(index) == instanceID {
            SDL_JoystickDetachVirtual(index)
            return
        }
    }
}

extension Optional<String> {
    /// Calls `body` with a C string of the text, or with `nil`.
    func withOptionalCString<Result>(_ body: (UnsafePointer<CChar>?) -> Result) -> Result {
        switch self {
        case .some(let text): text.withCString { body($0) }
        case .none: body(nil)
        }
    }
}

extension InputEvent.Kind {
    /// The id of the controller an `.added` event reports, whatever its
    /// identity; `nil` for any other event.
    var controllerAdded: Int32? {
        if case .controller(.added(let id, _)) = self { id } else { nil }
    }
}
