/// A set of motion sensor kinds: which sensors a source has, or which should
/// be on.
///
/// ```swift
/// if motion.sensors(of: .controller(id)).contains(.gyroscope) { showAimingHint() }
/// ```
///
/// ## See Also
/// - ``MotionManager/sensors(of:)``
/// - ``SensorControl``
public struct SensorKinds: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let accelerometer = SensorKinds(rawValue: 1 << 0)
    public static let gyroscope = SensorKinds(rawValue: 1 << 1)
    public static let all: SensorKinds = [.accelerometer, .gyroscope]

    /// The set holding just `kind`.
    @inlinable
    public init(_ kind: SensorKind) {
        switch kind {
        case .accelerometer: self = .accelerometer
        case .gyroscope: self = .gyroscope
        }
    }
}
