import TactileSDL

/// A game controller that exists only in SDL's joystick list: SDL sends
/// real controller events for it, as for a plugged-in pad (the motion
/// benchmarks' sensors, the stroke evaluation's stick player). SDL's
/// automatic mapping of a virtual pad makes its button n the controller
/// button n, so button 0 is the bottom face button. It stays attached.
@MainActor
public final class VirtualPad {
    /// SDL's instance id, the pump's controller id.
    public let instanceID: Int32

    public init() throws {
        var description = SDL_VirtualJoystickDesc()
        description.version = tactile_virtual_joystick_desc_version()
        description.type = UInt16(SDL_JOYSTICK_TYPE_GAMECONTROLLER.rawValue)
        description.naxes = UInt16(SDL_CONTROLLER_AXIS_MAX.rawValue)
        description.nbuttons = UInt16(SDL_CONTROLLER_BUTTON_MAX.rawValue)
        let index = SDL_JoystickAttachVirtualEx(&description)
        guard index >= 0 else { throw SDLError("SDL_JoystickAttachVirtualEx") }
        instanceID = SDL_JoystickGetDeviceInstanceID(index)
    }

    /// SDL's joystick; valid once something (the pump) has opened it.
    private var joystick: OpaquePointer? { SDL_JoystickFromInstanceID(instanceID) }

    public func set(_ button: SDL_GameControllerButton, down: Bool) {
        SDL_JoystickSetVirtualButton(joystick, button.rawValue, UInt8(down ? SDL_PRESSED : SDL_RELEASED))
        SDL_JoystickUpdate()
    }

    public func set(_ axis: SDL_GameControllerAxis, _ value: Int16) {
        SDL_JoystickSetVirtualAxis(joystick, axis.rawValue, value)
        SDL_JoystickUpdate()
    }
}
