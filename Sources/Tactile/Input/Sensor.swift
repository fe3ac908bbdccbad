/// A 3-component vector, used for sensor readings.
public struct Vector3: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var z: Double

    @inlinable
    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    public static let zero = Vector3(x: 0, y: 0, z: 0)

    @inlinable
    public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }
}

/// Which motion sensor a sample comes from.
public enum SensorKind: String, Hashable, Sendable, CaseIterable {
    /// Acceleration in metres per second squared, gravity included.
    case accelerometer
    /// Rotation rate in radians per second.
    case gyroscope
}

/// The device a sensor belongs to.
public enum SensorSource: Hashable, Sendable {
    /// A sensor of the machine itself (phones, tablets, handhelds), by SDL's sensor instance id.
    case device(Int32)
    /// A sensor inside a game controller, by the controller's instance id.
    case controller(Int32)
}

/// One reading of a motion sensor, in SI units.
///
/// Values are passed on as the sensor reported them, in SDL's axes (for a
/// device held in its natural orientation: x to the right, y up, z out of the
/// screen); converting to other conventions is the motion layer's job.
public struct SensorSample: Hashable, Sendable {
    public var kind: SensorKind
    public var source: SensorSource
    /// m/s² for the accelerometer, rad/s for the gyroscope.
    public var value: Vector3
    /// When the hardware took the reading, in seconds on the sensor's own
    /// clock (SDL's `timestamp_us`), or `nil` when the hardware gives none.
    /// Only differences between readings of one sensor are meaningful.
    public var sensorTime: Double?

    public init(kind: SensorKind, source: SensorSource, value: Vector3, sensorTime: Double? = nil) {
        self.kind = kind
        self.source = source
        self.value = value
        self.sensorTime = sensorTime
    }
}
