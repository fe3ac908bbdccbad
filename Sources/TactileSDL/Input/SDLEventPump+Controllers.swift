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

    /// Every connected controller as the input debugger reads one: who it
    /// is, and the buttons and axes SDL has for it now (axes scaled as their
    /// events are, −1…1 and 0…1). What `InputDebugger.connectedControllers`
    /// returns, so that a pad's held buttons show when the debugger comes on.
    public var controllerReadings: [ControllerReading] {
        controllers.keys.sorted().compactMap { id in
            guard let handle = controllers[id] else { return nil }
            // ControllerButton and ControllerAxis list their cases in SDL's order.
            var pressed: Set<ControllerButton> = []
            for (index, button) in ControllerButton.allCases.enumerated()
            where SDL_GameControllerGetButton(handle, SDL_GameControllerButton(Int32(index))) != 0 {
                pressed.insert(button)
            }
            var axes: [ControllerAxis: Double] = [:]
            for (index, axis) in ControllerAxis.allCases.enumerated() {
                axes[axis] = max(-1, Double(SDL_GameControllerGetAxis(handle, SDL_GameControllerAxis(Int32(index)))) / 32767)
            }
            return ControllerReading(controller: id, identity: ControllerIdentity(handle), pressedButtons: pressed, axes: axes)
        }
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
