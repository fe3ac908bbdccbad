import CSDL2
import Tactile

// The connected controllers as records a game can query, and what a game can
// set on them: the player index and the light.

extension SDLEventPump {
    /// The controller with instance id `id`, if it is connected and open.
    public func controller(_ id: Int32) -> ConnectedController? {
        controllers[id].map { ConnectedController(id: id, handle: $0) }
    }

    /// Every connected controller, in the order of their ids (the order they
    /// were connected in).
    public var connectedControllers: [ConnectedController] {
        controllers.keys.sorted().compactMap(controller)
    }

    /// Sets the player index a pad shows (the lit quadrant of an Xbox 360
    /// pad, the player lights of a Switch pad, a PlayStation pad's player
    /// LEDs), or clears it with `nil`. Returns whether the pad is connected.
    ///
    /// SDL keeps the index with the pad; `controller(id)` reports it.
    @discardableResult
    public func setPlayerIndex(_ index: Int?, of id: Int32) -> Bool {
        guard let handle = controllers[id] else { return false }
        SDL_GameControllerSetPlayerIndex(handle, index.map { Int32(clamping: $0) } ?? -1)
        return true
    }

    /// Sets the colour of a pad's light (PlayStation 4 and 5 pads); alpha is
    /// ignored. Returns whether the pad has a light that took the colour:
    /// `false` for a pad that is not connected or has none
    /// (`ControllerFeatures.led` tells beforehand).
    @discardableResult
    public func setLightColor(_ color: Color, of id: Int32) -> Bool {
        guard let handle = controllers[id], SDL_GameControllerHasLED(handle) == SDL_TRUE else { return false }
        return SDL_GameControllerSetLED(handle, color.r, color.g, color.b) == 0
    }
}

extension ConnectedController {
    init(id: Int32, handle: OpaquePointer) {
        self.init(
            id: id, identity: ControllerIdentity(handle),
            battery: Battery(SDL_JoystickCurrentPowerLevel(SDL_GameControllerGetJoystick(handle))))
    }
}
