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

/// A game controller that exists only in SDL's joystick list, driven by the
/// test: SDL sends real controller events for it, as for a plugged-in pad.
/// (The library's own SDL tests have the same helper; test-support gesture
/// and device synthesis for games' tests is a later part of issue 12.)
@MainActor
final class VirtualController {
    let instanceID: Int32
    private var attached = true

    /// A virtual pad, or with USB ids one that SDL takes for that model;
    /// pads made with the same name and ids have the same GUID.
    init(name: String = "Virtual pad", vendor: UInt16 = 0, product: UInt16 = 0) throws {
        var description = SDL_VirtualJoystickDesc()
        description.version = tactile_virtual_joystick_desc_version()
        description.type = UInt16(SDL_JOYSTICK_TYPE_GAMECONTROLLER.rawValue)
        description.naxes = UInt16(SDL_CONTROLLER_AXIS_MAX.rawValue)
        description.nbuttons = UInt16(SDL_CONTROLLER_BUTTON_MAX.rawValue)
        description.vendor_id = vendor
        description.product_id = product
        let index = name.withCString { name in
            description.name = name
            return SDL_JoystickAttachVirtualEx(&description)
        }
        guard index >= 0 else { throw SDLError("SDL_JoystickAttachVirtualEx") }
        instanceID = SDL_JoystickGetDeviceInstanceID(index)
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
