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
    ///
    /// Worked out when asked (an action, a snapshot), not at every reading:
    /// the `acos` was about 45 of a reading's 200 instructions, for a value
    /// read only while the device is tilted, if then (callgrind, Tilt Maze).
    /// It is the same value: `acos` of the same cosine.
    var angle: Double { restoredAngle ?? acos(cosine) }
    /// The cosine of ``angle``: gravity's direction dotted with the rest's,
    /// clamped to −1…1.
    private var cosine = 1.0
    /// The angle a snapshot restored, until the next reading.
    private var restoredAngle: Double?
    private(set) var isTilted = false
    private var lastTime: Double?
    /// The cosines of the two angles ``isTilted`` is decided against.
    private var thresholds = Thresholds()

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
        cosine = min(1, max(-1, down.dot(rest)))
        restoredAngle = nil
        isTilted = isTilted
            ? thresholds.stay.isReached(byAngleOf: cosine, angle: settings.angle - settings.hysteresis)
            : thresholds.enter.isReached(byAngleOf: cosine, angle: settings.angle)
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
        cosine = 1
        restoredAngle = nil
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
        restoredAngle = reader.readDouble()
        isTilted = reader.readBool()
        lastTime = reader.readOptionalDouble()
    }
}

// MARK: The tilt's test without the angle

extension TiltDetector {
    /// Whether `acos(cosine) >= angle`, the test on the angle the detector
    /// made at every reading, decided on the cosine alone whenever it is
    /// plainly on one side of the threshold's, and by that very test
    /// otherwise, so the answer is the same.
    ///
    /// `acos` falls as its argument rises, at least 1 radian per unit. So a
    /// cosine above `cos(angle)` + 1e-9 has an angle below `angle` − 1e-9,
    /// and one below `cos(angle)` − 1e-9 an angle above `angle` + 1e-9,
    /// whatever the rounding of `cos` and `acos`: near angles 0.001 to
    /// π − 0.001, the only ones taken this way, those errors move the
    /// angle by less than 1e-12. A cosine within 1e-9 of the threshold's,
    /// and any other angle (0, π, beyond them, NaN), takes `acos`.
    struct Threshold: Sendable {
        private var angle = Double.nan
        private var cosine = Double.nan

        /// Keeps `cos(angle)` for the angles it is asked about, worked out
        /// again when the angle changes (its bit pattern: a setting).
        mutating func isReached(byAngleOf cosine: Double, angle: Double) -> Bool {
            if angle.bitPattern != self.angle.bitPattern {
                self.angle = angle
                self.cosine = angle >= 0.001 && angle <= .pi - 0.001 ? cos(angle) : .nan
            }
            // NaN (an angle left to `acos`) fails both tests.
            if cosine > self.cosine + 1e-9 { return false }
            if cosine < self.cosine - 1e-9 { return true }
            return acos(cosine) >= angle
        }
    }

    /// The thresholds of ``add(acceleration:at:)``: the angle the tilt
    /// begins at, and the one it stays tilted down to.
    struct Thresholds: Hashable, Sendable {
        var enter = Threshold()
        var stay = Threshold()

        /// Worked out from the settings, so not part of the detector's
        /// value: any two compare equal and hash alike.
        static func == (_: Thresholds, _: Thresholds) -> Bool { true }
        func hash(into hasher: inout Hasher) {}
    }

    /// The detector's value as before the angle was worked out when asked:
    /// the angle, not how it is kept.
    static func == (a: TiltDetector, b: TiltDetector) -> Bool {
        a.settings == b.settings && a.rest == b.rest && a.gravity == b.gravity && a.angle == b.angle
            && a.isTilted == b.isTilted && a.lastTime == b.lastTime
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(settings)
        hasher.combine(rest)
        hasher.combine(gravity)
        hasher.combine(angle)
        hasher.combine(isTilted)
        hasher.combine(lastTime)
    }
}
