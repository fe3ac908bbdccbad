/// Turns a backend's motion sensors on and off, and says which it has: how
/// ``MotionManager`` stops the sensors nobody needs, as the guide says
/// stopping updates lets the system turn the hardware off.
///
/// TactileSDL's `SDLEventPump` implements it: with SDL, controller sensors
/// are enabled per controller and device sensors are opened and closed. A
/// manager without a sensor control still works on whatever samples
/// arrive; it just cannot turn anything off, or know of a sensor before its
/// first sample.
///
/// ```swift
/// let motion = MotionManager(clock: app.gameClock, sensorControl: app.pump)
/// ```
///
/// ## See Also
/// - ``MotionManager``
@MainActor
public protocol SensorControl: AnyObject {
    /// The sensors `source` has, whether on or off; empty for a source that
    /// is not connected (and for ``MotionSource/simulated``).
    func availableSensors(of source: MotionSource) -> SensorKinds
    /// Turns on exactly `kinds` of `source`'s sensors and turns the rest off.
    func enableSensors(_ kinds: SensorKinds, of source: MotionSource)
}
