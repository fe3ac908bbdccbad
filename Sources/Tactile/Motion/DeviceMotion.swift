/// What sensor fusion makes of the accelerometer and gyroscope together:
/// the device's attitude, its unbiased rotation rate, and its acceleration
/// split into gravity and what the user does.
///
/// The guide's `CMDeviceMotion`. Because gravity and user acceleration come
/// separately, a game needs no filter to tell tilting from shaking:
///
/// ```swift
/// manager.startDeviceMotionUpdates()
/// // each frame
/// if let motion = manager.deviceMotion {
///     marble.roll(towards: motion.gravity)
///     if motion.userAcceleration.length > 1.5 { marble.jump() }
/// }
/// ```
///
/// `acceleration = gravity + userAcceleration` holds for every value, on the
/// device's axes (see ``AccelerometerData``).
///
/// ## Without a gyroscope
///
/// A source that has only an accelerometer still gives device motion, but a
/// reduced one, and ``isFused`` says so: gravity is the accelerometer's
/// low-pass output, the attitude has roll and pitch from that gravity and a
/// yaw of 0 (nothing measures turning about the vertical), and the rotation
/// rate is zero because nothing measures it.
/// ``MotionManager/deviceMotionAvailability`` reports this as
/// ``DeviceMotionAvailability/rollAndPitchOnly``.
///
/// ## See Also
/// - ``Attitude``
public struct DeviceMotion: Hashable, Sendable {
    /// The device's attitude relative to the reference frame set when device
    /// motion started.
    public var attitude: Attitude
    /// The rotation rate in radians per second, with the gyroscope's
    /// estimated bias removed. Zero when ``isFused`` is false.
    public var rotationRate: Vector3
    /// Gravity on the device's axes, in g: a vector of length 1 pointing down.
    public var gravity: Vector3
    /// The acceleration the user gives the device, in g, gravity removed.
    public var userAcceleration: Vector3
    /// When the reading that produced this arrived, on the game's clock.
    public var timestamp: Double
    /// Whether a gyroscope took part. Without one the attitude is roll and
    /// pitch only and ``rotationRate`` is zero.
    public var isFused: Bool

    public init(attitude: Attitude, rotationRate: Vector3, gravity: Vector3, userAcceleration: Vector3, timestamp: Double, isFused: Bool) {
        self.attitude = attitude
        self.rotationRate = rotationRate
        self.gravity = gravity
        self.userAcceleration = userAcceleration
        self.timestamp = timestamp
        self.isFused = isFused
    }
}

/// How much device motion the active source can give: full fusion, roll
/// and pitch from the accelerometer alone, or none.
///
/// ```swift
/// switch motion.deviceMotionAvailability {
/// case .full: steering = .attitude
/// case .rollAndPitchOnly: steering = .tilt
/// case .unavailable: steering = .stick
/// }
/// ```
///
/// ## See Also
/// - ``MotionManager/deviceMotionAvailability``
/// - ``DeviceMotion/isFused``
public enum DeviceMotionAvailability: String, Hashable, Sendable, CaseIterable {
    /// No accelerometer: no device motion.
    case unavailable
    /// An accelerometer and no gyroscope: gravity from the accelerometer
    /// alone, attitude roll and pitch only, no rotation rate.
    case rollAndPitchOnly = "roll-and-pitch-only"
    /// Accelerometer and gyroscope, fused: everything ``DeviceMotion`` has.
    case full
}
