import Tactile

/// Tactile's shake detector as it was before issue 16 (commit 2a9cca4), kept
/// here only as the report's "before" column: jolts of the high-passed
/// acceleration (0.8 g, time constant 0.18 s) that reverse within 0.3 s;
/// began at the first reversal, ended after two. Its settings are the
/// defaults it had.
struct LegacyShakeDetector {
    struct Settings {
        var joltThreshold = 0.8
        var quietInterval = 0.3
        var minimumReversals = 2
        var maximumDuration = 1.0
        var gravityTimeConstant = 0.18
    }

    /// Where the detector is.
    enum State {
        /// No jolt recently.
        case idle
        /// One jolt, not reversed yet; nothing has been sent.
        case jolted(first: Double, last: Double, direction: Vector3)
        /// Shaking: `began` has been sent.
        case shaking(first: Double, last: Double, direction: Vector3, reversals: Int)
        /// A shake was cancelled for lasting too long; waiting for quiet
        /// before another can begin.
        case settling(last: Double)
    }

    var settings = Settings()
    private(set) var state = State.idle

    private var filter = HighPassFilter()
    private var lastTime: Double?

    /// Whether a shake has begun and not yet ended or been cancelled.
    var isShaking: Bool {
        if case .shaking = state { true } else { false }
    }

    /// Takes one accelerometer reading (in g, gravity included) taken at
    /// `time` seconds, and returns the phase of a shake it begins, ends or
    /// cancels, if any.
    mutating func add(_ acceleration: Vector3, at time: Double) -> MotionPhase? {
        guard let previous = lastTime else {
            // The first reading starts the filter: it is taken for gravity.
            lastTime = time
            filter.reset(lowPassValue: acceleration)
            return nil
        }
        lastTime = max(previous, time)
        filter.factor = LowPassFilter.factor(timeConstant: settings.gravityTimeConstant, interval: time - previous)
        let user = filter.filter(acceleration)
        let magnitude = user.length
        let jolt: Vector3? = magnitude >= settings.joltThreshold ? user / magnitude : nil
        return step(jolt: jolt, at: time)
    }

    private mutating func step(jolt: Vector3?, at time: Double) -> MotionPhase? {
        switch state {
        case .idle:
            if let jolt { state = .jolted(first: time, last: time, direction: jolt) }
            return nil

        case .jolted(let first, let last, let direction):
            guard let jolt else {
                if time - last >= settings.quietInterval { state = .idle }
                return nil
            }
            if time - last >= settings.quietInterval {
                // Too long after the last to be its reversal (readings were
                // sparse): a new first jolt.
                state = .jolted(first: time, last: time, direction: jolt)
                return nil
            }
            if jolt.dot(direction) >= 0 {
                state = .jolted(first: first, last: time, direction: direction)
                return nil
            }
            state = .shaking(first: first, last: time, direction: jolt, reversals: 1)
            return .began

        case .shaking(let first, let last, let direction, let reversals):
            if time - last >= settings.quietInterval {
                // The shaking stopped, found at this reading. If it is
                // itself a jolt, it starts the next sequence.
                state = jolt.map { .jolted(first: time, last: time, direction: $0) } ?? .idle
                return reversals >= settings.minimumReversals ? .ended : .cancelled
            }
            guard let jolt else { return nil }
            if time - first > settings.maximumDuration {
                state = .settling(last: time)
                return .cancelled
            }
            let reversed = jolt.dot(direction) < 0
            state = .shaking(
                first: first, last: time, direction: reversed ? jolt : direction,
                reversals: reversals + (reversed ? 1 : 0))
            return nil

        case .settling(let last):
            if jolt != nil {
                state = .settling(last: time)
            } else if time - last >= settings.quietInterval {
                state = .idle
            }
            return nil
        }
    }
}
