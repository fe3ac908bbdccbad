/// Recognises a flick in gyroscope readings: a quick turn of the device
/// about its x or y axis and back, as a wrist flicks a phone or a pad. The
/// thresholds are ``GestureDefaults``' (motion section), per recognizer.
///
/// | rotation rate about x or y | what happens |
/// |---|---|
/// | below the flick rate | nothing |
/// | above it one way (the turn), then above half of it the other way (the return), the angle back within half of the turn's, all within the flick duration, the turn at least the flick angle | a flick, named by the way the screen turned |
/// | the turn too slow, too small, not returning in time | nothing (a tilt or a turn); no flick until the rate is low again |
struct FlickDetector: Hashable, Sendable {
    struct Settings: Hashable, Sendable {
        var minimumRate = GestureDefaults.flickRate
        var minimumAngle = GestureDefaults.flickAngle
        var maximumDuration = GestureDefaults.flickDuration
    }

    enum State: Hashable, Sendable {
        /// Waiting for a quick turn.
        case idle
        /// Turning: about `axis` (0 for x, 1 for y), `sign` of the rate,
        /// `angle` turned so far (along sign), `peak` the most.
        case turning(axis: Int, sign: Double, start: Double, angle: Double, peak: Double)
        /// Coming back.
        case returning(axis: Int, sign: Double, start: Double, angle: Double, peak: Double)
        /// Not a flick: waiting for the rate to fall.
        case refused
    }

    var settings = Settings()
    private(set) var state = State.idle
    private var lastTime: Double?

    /// Takes one rotation rate (rad/s, device axes) at `time`, and returns
    /// the direction of a flick it completes.
    mutating func add(rotationRate rate: Vector3, at time: Double) -> FlickDirection? {
        guard rate.isFinite, time.isFinite else { return nil }
        guard let previous = lastTime else { lastTime = time; return begin(rate, at: time) }
        let interval = time - previous
        guard interval > 0 else { return nil }
        lastTime = time
        let limit = settings.minimumRate
        switch state {
        case .idle:
            return begin(rate, at: time)
        case .refused:
            if max(abs(rate.x), abs(rate.y)) < limit / 2 { state = .idle }
            return nil
        case .turning(let axis, let sign, let start, var angle, var peak):
            let along = (axis == 0 ? rate.x : rate.y) * sign
            angle += along * interval
            peak = max(peak, angle)
            if time - start > settings.maximumDuration { state = .refused; return nil }
            state = along <= -limit / 2
                ? .returning(axis: axis, sign: sign, start: start, angle: angle, peak: peak)
                : .turning(axis: axis, sign: sign, start: start, angle: angle, peak: peak)
            return nil
        case .returning(let axis, let sign, let start, var angle, let peak):
            let along = (axis == 0 ? rate.x : rate.y) * sign
            angle += along * interval
            if time - start > settings.maximumDuration { state = .refused; return nil }
            if angle <= peak / 2, along > -limit / 2 {
                // Back, and slowing down: a flick if the turn was big enough.
                state = .refused
                return peak >= settings.minimumAngle ? FlickDirection(axis: axis, sign: sign) : nil
            }
            state = .returning(axis: axis, sign: sign, start: start, angle: angle, peak: peak)
            return nil
        }
    }

    private mutating func begin(_ rate: Vector3, at time: Double) -> FlickDirection? {
        let axis = abs(rate.x) >= abs(rate.y) ? 0 : 1
        let value = axis == 0 ? rate.x : rate.y
        if abs(value) >= settings.minimumRate {
            state = .turning(axis: axis, sign: value > 0 ? 1 : -1, start: time, angle: 0, peak: 0)
        }
        return nil
    }

    mutating func reset() {
        state = .idle
        lastTime = nil
    }
}

/// Which way a flick turned the screen.
///
/// Turning about the device's x axis (right-hand rule, SDL's and the
/// guide's axes) tips the screen down, the other way up; about y, right or
/// left.
public enum FlickDirection: String, Hashable, Sendable, CaseIterable {
    case up, down, left, right

    init(axis: Int, sign: Double) {
        switch (axis, sign > 0) {
        case (0, true): self = .down
        case (0, false): self = .up
        case (_, true): self = .right
        case (_, false): self = .left
        }
    }
}

// MARK: Rollback

extension FlickDetector {
    /// Writes the turn under way; the settings are the recognizer's.
    func save(to writer: inout RecognizerStateWriter) {
        switch state {
        case .idle: writer.write(0)
        case .refused: writer.write(1)
        case .turning(let axis, let sign, let start, let angle, let peak), .returning(let axis, let sign, let start, let angle, let peak):
            if case .turning = state { writer.write(2) } else { writer.write(3) }
            writer.write(axis)
            writer.write(sign)
            writer.write(start)
            writer.write(angle)
            writer.write(peak)
        }
        writer.write(lastTime)
    }

    mutating func restore(from reader: inout RecognizerStateReader) {
        let kind = reader.readInt()
        switch kind {
        case 2, 3:
            let axis = reader.readInt()
            let sign = reader.readDouble()
            let start = reader.readDouble()
            let angle = reader.readDouble()
            let peak = reader.readDouble()
            state = kind == 2
                ? .turning(axis: axis, sign: sign, start: start, angle: angle, peak: peak)
                : .returning(axis: axis, sign: sign, start: start, angle: angle, peak: peak)
        case 1: state = .refused
        default: state = .idle
        }
        lastTime = reader.readOptionalDouble()
    }
}
