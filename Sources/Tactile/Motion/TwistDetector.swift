/// Recognises a twist in gyroscope readings: a quick turn of the device
/// about its long axis, as a wrist turns a key.
///
/// The rotation rate about ``Settings/axis`` is added up from the moment
/// it passes a third of the rate a twist needs on average; the twist is
/// recognised when the turn reaches ``Settings/angle`` within
/// ``Settings/maximumDuration``. A turn slower than that, or one that turns
/// back before it gets there, is not a twist.
struct TwistDetector: Sendable {
    struct Settings: Hashable, Sendable {
        var axis = Vector3(x: 0, y: 1, z: 0)
        var angle = GestureDefaults.twistAngle
        var maximumDuration = GestureDefaults.twistDuration
    }

    var settings = Settings()
    /// The turn under way: when it started and how far it has gone
    /// (radians, signed).
    private(set) var turn: (start: Double, angle: Double)?
    private var lastTime: Double?
    /// Recognised: wait for the turning to stop before another.
    private var spent = false

    /// The rate at which a turn starts counting, in rad/s.
    private var startRate: Double { settings.angle / settings.maximumDuration / 3 }

    /// Takes one rotation rate (rad/s) at `time`; returns the direction of
    /// a twist it completes: +1 counter-clockwise seen from the axis's tip, −1 clockwise.
    mutating func add(rotationRate rate: Vector3, at time: Double) -> Int? {
        guard rate.isFinite, time.isFinite, let axis = settings.axis.normalized else { return nil }
        let interval = lastTime.map { time - $0 } ?? 0
        guard lastTime == nil || interval > 0 else { return nil }
        lastTime = time
        let along = rate.dot(axis)
        guard abs(along) >= startRate else {
            turn = nil
            spent = false
            return nil
        }
        guard !spent else { return nil }
        guard var current = turn, current.angle * along > 0 else {
            turn = (time, along * interval)
            return nil
        }
        current.angle += along * interval
        if time - current.start > settings.maximumDuration {
            turn = nil
            spent = true
            return nil
        }
        turn = current
        guard abs(current.angle) >= settings.angle else { return nil }
        turn = nil
        spent = true
        return current.angle > 0 ? 1 : -1
    }

    mutating func reset() {
        turn = nil
        lastTime = nil
        spent = false
    }
}

// MARK: Rollback

extension TwistDetector {
    /// Writes the turn under way; the settings are the recognizer's.
    func save(to writer: inout RecognizerStateWriter) {
        writer.write(turn?.start)
        writer.write(turn?.angle)
        writer.write(lastTime)
        writer.write(spent)
    }

    mutating func restore(from reader: inout RecognizerStateReader) {
        let start = reader.readOptionalDouble()
        let angle = reader.readOptionalDouble()
        turn = start.flatMap { start in angle.map { (start, $0) } }
        lastTime = reader.readOptionalDouble()
        spent = reader.readBool()
    }
}
