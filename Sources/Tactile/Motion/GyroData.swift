/// One gyroscope reading, as the hardware gives it: the rate of rotation
/// about each of the device's axes, in radians per second, *biased*.
///
/// Positive rotation follows the right-hand rule: with the right thumb along
/// the positive axis, the fingers curl the positive way. The reading includes
/// the gyroscope's bias, a small offset that makes a device at rest read a
/// little above or below zero; ``DeviceMotion/rotationRate`` has it removed.
///
/// ```swift
/// motion.startGyroUpdates { data in
///     spinner.angle += data.rotationRate.z / 60
/// }
/// ```
///
/// ## See Also
/// - ``MotionManager/gyroData``
/// - ``DeviceMotion``
public struct GyroData: Hashable, Sendable {
    /// In radians per second, about the device's x, y and z axes.
    public var rotationRate: Vector3
    /// When the reading arrived, in seconds on the game's clock.
    public var timestamp: Double

    public init(rotationRate: Vector3, timestamp: Double) {
        self.rotationRate = rotationRate
        self.timestamp = timestamp
    }
}
