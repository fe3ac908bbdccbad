import Foundation

/// Follows how far the device is tilted from a resting direction, for the
/// tilt recognizer: gravity from the accelerometer (low-passed, so a jolt
/// does not tilt it), its angle from the rest, and whether that angle is
/// beyond the tilt angle, with hysteresis.
///
/// | the angle from rest | |
/// |---|---|
/// | reaches ``Settings/angle`` | tilted (the recognizer begins) |
/// | stays above ``Settings/angle`` less ``Settings/hysteresis`` | still tilted (changed, with the angle) |
/// | falls below that | level again (ended) |
struct TiltDetector: Hashable, Sendable {
    struct Settings: Hashable, Sendable {
        var angle = GestureDefaults.tiltAngle
        var hysteresis = GestureDefaults.tiltHysteresis
        var timeConstant = GestureDefaults.tiltTimeConstant
    }

    var settings = Settings()
    /// The direction gravity has at rest, in the device's axes; `nil` to
    /// take the first reading's.
    var rest: Vector3?
    /// Gravity as the detector sees it, low-passed; `nil` before a reading.
    private(set) var gravity: Vector3?
    /// The angle between ``gravity`` and the rest, in radians.
    private(set) var angle = 0.0
    private(set) var isTilted = false
    private var lastTime: Double?

    /// How far from 1 g a reading may be and still be taken for gravity.
    private static let gravityTolerance = 0.2

    /// Takes one reading (g, gravity included) at `time`; returns whether
    /// the device is tilted after it.
    mutating func add(acceleration: Vector3, at time: Double) -> Bool {
        guard acceleration.isFinite, time.isFinite, acceleration.length > 0 else { return isTilted }
        if let previous = lastTime, let current = gravity {
            guard time > previous else { return isTilted }
            lastTime = time
            // A reading far from 1 g is the hand's push, not gravity (as
            // the orientation detector holds): shaking does not tilt.
            guard abs(acceleration.length - 1) <= Self.gravityTolerance else { return isTilted }
            let factor = LowPassFilter.factor(timeConstant: settings.timeConstant, interval: time - previous)
            gravity = current + (acceleration - current) * factor
        } else {
            gravity = acceleration
        }
        lastTime = time
        guard let down = gravity?.normalized else { return isTilted }
        if rest == nil { rest = down }
        guard let rest = rest?.normalized else { return isTilted }
        angle = acos(min(1, max(-1, down.dot(rest))))
        isTilted = isTilted ? angle >= settings.angle - settings.hysteresis : angle >= settings.angle
        return isTilted
    }

    /// Which way the device leans, in its own x–y plane: where gravity has
    /// moved from the rest, as a unit vector (zero when level).
    var direction: Vector3 {
        guard let gravity = gravity?.normalized, let rest = rest?.normalized else { return .zero }
        let off = gravity - rest * gravity.dot(rest)
        return off.normalized ?? .zero
    }

    mutating func reset(keepingRest: Bool = true) {
        gravity = nil
        lastTime = nil
        angle = 0
        isTilted = false
        if !keepingRest { rest = nil }
    }
}

// MARK: Rollback

extension TiltDetector {
    /// Writes the gravity estimate and the tilt, and the rest direction
    /// (which the first reading sets when none was given).
    func save(to writer: inout RecognizerStateWriter) {
        writer.write(rest)
        writer.write(gravity)
        writer.write(angle)
        writer.write(isTilted)
        writer.write(lastTime)
    }

    mutating func restore(from reader: inout RecognizerStateReader) {
        rest = reader.readOptionalVector3()
        gravity = reader.readOptionalVector3()
        angle = reader.readDouble()
        isTilted = reader.readBool()
        lastTime = reader.readOptionalDouble()
    }
}
