/// One accelerometer reading, in the guide's units: the acceleration of the
/// device in g, gravity included, on the device's axes.
///
/// The axes are Core Motion's, right-handed: for a phone held upright in
/// portrait, x points right, y up and z out of the screen towards the user.
/// At rest the reading is gravity alone, pointing down: `(0, 0, −1)` lying
/// face up on a table, `(0, −1, 0)` held upright. A game controller held in
/// front of you the usual way has the axes of an upright phone (SDL's
/// convention, see `SensorSample.motionValue`), so it reads about `(0, −1, 0)`.
///
/// ```swift
/// if let data = manager.accelerometerData {
///     ball.velocity.x += data.acceleration.x * step
/// }
/// ```
///
/// ## See Also
/// - ``MotionManager/accelerometerData``
/// - ``LowPassFilter``
/// - ``HighPassFilter``
public struct AccelerometerData: Hashable, Sendable {
    /// In g (1 g = 9.80665 m/s²), gravity included.
    public var acceleration: Vector3
    /// When the reading arrived, in seconds on the game's clock (the input
    /// event's timestamp).
    public var timestamp: Double

    public init(acceleration: Vector3, timestamp: Double) {
        self.acceleration = acceleration
        self.timestamp = timestamp
    }
}
