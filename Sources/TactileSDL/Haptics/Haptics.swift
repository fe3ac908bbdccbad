import CSDL2
import Tactile

/// Rumbles game controllers: a short buzz when a gesture is recognized, a
/// long one when the player is hit.
///
/// A thin layer over SDL's `SDL_GameControllerRumble` for the controllers
/// an ``SDLEventPump`` has open, which turns Tactile's units into SDL's and
/// never fails loudly: a controller without rumble motors (many third-party
/// pads, SDL's virtual controllers unless given a rumble callback, most
/// Linux drivers without force feedback), an unknown controller or bad
/// numbers make ``rumble(controller:low:high:duration:)`` return `false`
/// and report a `Diagnostic` to the pump's diagnostics, and the game goes on.
///
/// Units: motor strengths are 0…1 (SDL's 0…65535), clamped; the duration is
/// in seconds, clamped to 0…65.535 (SDL stops the rumble itself after it,
/// in `SDL_JoystickUpdate`, and caps durations at 0xFFFF ms). A new rumble
/// replaces the one under way; strengths of 0 stop it.
///
/// ```swift
/// let haptics = Haptics(pump: app.pump)
/// doubleTap.addAction { _ in
///     haptics.rumble(controller: pad, low: 0.2, high: 0.6, duration: 0.08)
/// }
/// ```
///
/// ## See Also
/// - ``SDLEventPump``
public final class Haptics {
    /// The pump whose open controllers are rumbled.
    public let pump: SDLEventPump

    /// SDL's longest rumble, `SDL_MAX_RUMBLE_DURATION_MS` (0xFFFF ms).
    public static let maximumDuration = 65.535

    public init(pump: SDLEventPump) {
        self.pump = pump
    }

    /// Whether the controller is open and has rumble motors.
    public func hasRumble(controller: Int32) -> Bool {
        guard let handle = pump.controllers[controller] else { return false }
        return SDL_GameControllerHasRumble(handle) == SDL_TRUE
    }

    /// Starts the controller's motors: `low` drives the low-frequency
    /// (left, heavy) motor, `high` the high-frequency (right, light) one,
    /// for `duration` seconds.
    ///
    /// - Returns: whether SDL started the rumble. `false`, with a
    ///   diagnostic, when the controller is not open, has no rumble, a
    ///   number is not finite, or SDL refused.
    @discardableResult
    public func rumble(controller: Int32, low: Double, high: Double, duration: Double) -> Bool {
        guard let handle = pump.controllers[controller] else {
            pump.diagnostics(Diagnostic(.unknownController, "rumble for controller \(controller), which is not open"))
            return false
        }
        guard low.isFinite, high.isFinite, duration.isFinite else {
            pump.diagnostics(Diagnostic(.nonFiniteValue, "rumble of controller \(controller): low \(low), high \(high), duration \(duration)"))
            return false
        }
        guard SDL_GameControllerHasRumble(handle) == SDL_TRUE else {
            pump.diagnostics(Diagnostic(.deviceUnavailable, "controller \(controller) has no rumble motors; rumble ignored"))
            return false
        }
        let milliseconds = UInt32((min(max(duration, 0), Self.maximumDuration) * 1000).rounded())
        guard SDL_GameControllerRumble(handle, Self.strength(low), Self.strength(high), milliseconds) == 0 else {
            pump.diagnostics(Diagnostic(.deviceUnavailable, "controller \(controller) refused to rumble: \(String(cString: SDL_GetError()))"))
            return false
        }
        return true
    }

    /// Stops the controller's motors.
    @discardableResult
    public func stopRumble(controller: Int32) -> Bool {
        rumble(controller: controller, low: 0, high: 0, duration: 0)
    }

    /// A strength of 0…1 as SDL's 0…65535, rounded to the nearest step.
    static func strength(_ value: Double) -> UInt16 {
        UInt16((min(max(value, 0), 1) * 65535).rounded())
    }
}
