import Foundation

/// Turns accelerometer readings into a ``DeviceOrientation`` by the rule
/// ``OrientationSettings`` describes. ``MotionManager`` runs one.
struct OrientationDetector: Hashable, Sendable {
    typealias Settings = OrientationSettings

    var settings: Settings
    /// The current orientation.
    private(set) var orientation = DeviceOrientation.unknown

    private var filter = LowPassFilter()
    private var lastTime: Double?

    init(settings: Settings = Settings()) {
        self.settings = settings
    }

    /// Takes one accelerometer reading (in g, gravity included) taken at
    /// `time` seconds; returns the new orientation when it changed.
    mutating func add(_ acceleration: Vector3, at time: Double) -> DeviceOrientation? {
        if let previous = lastTime {
            filter.factor = LowPassFilter.factor(timeConstant: settings.timeConstant, interval: time - previous)
            filter.filter(acceleration)
            lastTime = max(previous, time)
        } else {
            filter.reset(to: acceleration)
            lastTime = time
        }
        return classify(filter.value)
    }

    /// The orientation `gravity` (in g) calls for, given the current one.
    private mutating func classify(_ gravity: Vector3) -> DeviceOrientation? {
        let magnitude = gravity.length
        guard abs(magnitude - 1) <= settings.accelerationTolerance, let direction = gravity.normalized else { return nil }
        var nearest = DeviceOrientation.unknown
        var nearestCosine = -2.0
        for candidate in DeviceOrientation.known {
            guard let axis = candidate.gravity else { continue }
            let cosine = direction.dot(axis)
            if cosine > nearestCosine {
                nearest = candidate
                nearestCosine = cosine
            }
        }
        guard nearest != orientation else { return nil }
        if let current = orientation.gravity {
            let currentAngle = acos(min(1, max(-1, direction.dot(current))))
            let nearestAngle = acos(min(1, max(-1, nearestCosine)))
            guard currentAngle - nearestAngle >= settings.hysteresis else { return nil }
        }
        orientation = nearest
        return nearest
    }

    /// Forgets the orientation and the filter: the next reading decides afresh.
    mutating func reset() {
        orientation = .unknown
        lastTime = nil
        filter.reset()
    }

    /// Forgets the filter but keeps the orientation (after a gap in the
    /// readings): the next reading starts the filter again.
    mutating func restartFilter() {
        lastTime = nil
    }
}

/// The thresholds of the rule that turns accelerometer readings into a
/// ``DeviceOrientation`` (``MotionManager/orientationSettings``), and the
/// rule. The orientation changes only when the device has clearly turned, so that a device held near the
/// boundary between two orientations does not flap between them.
///
/// Each reading goes through a low-pass filter (time constant
/// ``timeConstant``) to keep gravity. Readings whose filtered
/// magnitude is not within ``accelerationTolerance`` of 1 g are
/// skipped: the device is being moved, and the direction is not the vertical.
/// Otherwise the orientation whose gravity axis is nearest the reading's
/// direction is a candidate, and it replaces the current orientation only
/// when it is nearer by at least ``hysteresis``:
///
/// ```
/// switch to candidate  ⇔  angle(gravity, current) − angle(gravity, candidate) ≥ hysteresis
/// ```
///
/// Between two adjacent orientations (90° apart) with the default 45°, a
/// device turning from one to the other switches at 67.5° and switches back
/// at 22.5°: noise of up to ±22.5° about the 45° midpoint changes nothing.
/// From ``DeviceOrientation/unknown`` the nearest orientation is taken at once.
/// Each default says where it comes from.
public struct OrientationSettings: Hashable, Sendable {
    /// How much nearer a new orientation must be, in radians. π/4 (45°)
    /// is Android's `ADJACENT_ORIENTATION_ANGLE_GAP` in its
    /// `WindowOrientationListener`, whose dead zone of ±22.5° about each
    /// boundary is the same as this rule's between adjacent orientations.
    public var hysteresis: Double = .pi / 4
    /// The low-pass filter's time constant, in seconds: 0.2 s, Android's
    /// `FILTER_TIME_CONSTANT_MS` for the same job; the guide's 10–20 Hz
    /// for orientation (table 4-1) is of the same order.
    public var timeConstant: Double = 0.2
    /// How far the filtered magnitude may be from 1 g, in g: 0.4 g,
    /// Android's `ACCELERATION_TOLERANCE` of 4 m/s².
    public var accelerationTolerance: Double = 0.4

    public init() {}
}
