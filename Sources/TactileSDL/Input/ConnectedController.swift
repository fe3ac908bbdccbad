import CSDL2
import Tactile

/// A connected controller as the pump sees it now: its identity, its
/// current player index and its battery.
///
/// Read it with `pump.controller(id)` or `pump.connectedControllers`; each
/// call asks SDL afresh, so the battery and the player index are current.
///
/// ```swift
/// for pad in pump.connectedControllers {
///     print(pad.identity.name, pad.identity.type.label(for: .south).text, pad.battery)
/// }
/// ```
public struct ConnectedController: Hashable, Sendable {
    /// SDL's joystick instance id, the `controller` of its events.
    public var id: Int32
    /// What the pad is (as its `.added` event reported it, with the player
    /// index as it is now).
    public var identity: ControllerIdentity
    public var battery: Battery

    /// How charged a pad is, in SDL's coarse steps
    /// (`SDL_JoystickCurrentPowerLevel`).
    public enum Battery: String, Hashable, Sendable {
        /// The driver does not say (every virtual pad, many wired ones).
        case unknown
        /// At most 5 %.
        case empty
        /// At most 20 %.
        case low
        /// At most 70 %.
        case medium
        /// At most 100 %.
        case full
        /// Powered by its cable.
        case wired

        init(_ level: SDL_JoystickPowerLevel) {
            switch level {
            case SDL_JOYSTICK_POWER_EMPTY: self = .empty
            case SDL_JOYSTICK_POWER_LOW: self = .low
            case SDL_JOYSTICK_POWER_MEDIUM: self = .medium
            case SDL_JOYSTICK_POWER_FULL: self = .full
            case SDL_JOYSTICK_POWER_WIRED: self = .wired
            default: self = .unknown
            }
        }
    }
}

extension ControllerIdentity {
    /// Reads an open controller's identity from SDL.
    init(_ controller: OpaquePointer) {
        let joystick = SDL_GameControllerGetJoystick(controller)
        var guid = [CChar](repeating: 0, count: 33)
        SDL_JoystickGetGUIDString(SDL_JoystickGetGUID(joystick), &guid, Int32(guid.count))
        var features: ControllerFeatures = []
        if SDL_GameControllerHasRumble(controller) == SDL_TRUE { features.insert(.rumble) }
        if SDL_GameControllerHasRumbleTriggers(controller) == SDL_TRUE { features.insert(.triggerRumble) }
        if SDL_GameControllerHasSensor(controller, SDL_SENSOR_ACCEL) == SDL_TRUE { features.insert(.accelerometer) }
        if SDL_GameControllerHasSensor(controller, SDL_SENSOR_GYRO) == SDL_TRUE { features.insert(.gyroscope) }
        if SDL_GameControllerGetNumTouchpads(controller) > 0 { features.insert(.touchpad) }
        if SDL_GameControllerHasLED(controller) == SDL_TRUE { features.insert(.led) }
        let playerIndex = SDL_GameControllerGetPlayerIndex(controller)
        self.init(
            name: SDL_GameControllerName(controller).map { String(cString: $0) } ?? "",
            type: ControllerType(SDL_GameControllerGetType(controller)),
            vendor: SDL_GameControllerGetVendor(controller),
            product: SDL_GameControllerGetProduct(controller),
            guid: String(decoding: guid.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self),
            serial: SDL_GameControllerGetSerial(controller).map { String(cString: $0) },
            // SDL's -1 is "no player index".
            playerIndex: playerIndex < 0 ? nil : Int(playerIndex),
            features: features)
    }
}
