/// Recognises shaking in accelerometer readings, with the life the guide
/// gives a shake motion event; the rule and its thresholds are
/// ``ShakeSettings``'s. The shake recognizer runs one.
///
/// A reading goes through two steps: a ``GravityTracker`` takes gravity
/// out, leaving the hand's acceleration; that acceleration, along the
/// direction of the shaking, is cut into *half cycles*, the stretches
/// between its changes of sign. A shake is a run of half cycles that each
/// are strong, short and about as strong as the strongest of the run.
struct ShakeDetector: Hashable, Sendable {
    typealias Settings = ShakeSettings

    /// Where the detector is.
    enum State: Hashable, Sendable {
        /// No shake: `began` has not been sent (a run may be under way).
        case idle
        /// Shaking: `began` has been sent.
        case shaking
        /// A shake was cancelled for lasting too long, or its half cycles
        /// stopped looking like shaking; waiting for quiet before another
        /// can begin.
        case settling
    }

    var settings: Settings
    private(set) var state = State.idle

    private var gravity = GravityTracker()
    private var lastTime: Double?
    private var run = Run()

    /// A run of half cycles under way.
    private struct Run: Hashable, Sendable {
        /// The direction of the shaking (of the latest half cycle's peak,
        /// signed so that the current half cycle is along `sign`); `nil`
        /// when no run is under way.
        var axis: Vector3?
        /// +1 or −1: which way along `axis` the current half cycle pushes.
        var sign = 1.0
        /// When the current half cycle started, and its peak so far (g)
        /// along the axis, with the acceleration at that peak.
        var halfCycleStart = 0.0
        /// The last reading of the current half cycle that pushed at least
        /// the resting acceleration: where it ends if the hand stops.
        var lastActive = 0.0
        var peak = 0.0
        var peakAcceleration = Vector3.zero
        var isFirstHalfCycle = true
        /// Completed half cycles of the run that qualified, one after another.
        var qualified = 0
        /// When the run's first half cycle started, and its strongest peak.
        var start = 0.0
        var strongest = 0.0
        /// The last reading of the run stronger than the jolt threshold.
        var lastStrong = 0.0
    }

    init(settings: Settings = Settings()) {
        self.settings = settings
    }

    /// Whether a shake has begun and not yet ended or been cancelled.
    var isShaking: Bool { state == .shaking }

    /// Whether the device is being jolted or shaken: what the orientation
    /// detector holds still for, since the guide says motion gestures do
    /// not conflict with orientation changes. A turn, however quick, is
    /// not a disturbance once its half cycle is too slow for shaking.
    var isDisturbed: Bool {
        state != .idle || run.axis != nil && run.lastActive - run.halfCycleStart <= settings.longestHalfCycle
    }

    /// The hand's acceleration at the last reading, in g: the reading less
    /// gravity as the tracker sees it.
    private(set) var userAcceleration = Vector3.zero

    /// Takes one accelerometer reading (in g, gravity included) taken at
    /// `time` seconds, and returns the phase of a shake it begins, ends or
    /// cancels, if any. A reading not after the previous one is ignored.
    mutating func add(_ acceleration: Vector3, at time: Double) -> MotionPhase? {
        guard acceleration.isFinite, time.isFinite else { return nil }
        let interval = lastTime.map { time - $0 } ?? 0
        guard lastTime == nil || interval > 0 else { return nil }
        lastTime = time
        let user = gravity.add(acceleration, interval: interval, settings: settings)
        userAcceleration = user
        return step(user, at: time)
    }

    private mutating func step(_ user: Vector3, at time: Double) -> MotionPhase? {
        let magnitude = user.length
        guard let axis = run.axis else {
            // No run: one starts with the first strong reading. Its first
            // half cycle is taken to have started a shortest half cycle
            // earlier, when the acceleration was still rising.
            if magnitude >= settings.joltThreshold {
                let start = time - settings.shortestHalfCycle
                run = Run(axis: user / magnitude, halfCycleStart: start, lastActive: time, peak: magnitude,
                          peakAcceleration: user, start: start, lastStrong: time)
            }
            return nil
        }
        let along = user.dot(axis) * run.sign
        if along > -settings.restingAcceleration {
            // The same half cycle.
            if along >= settings.restingAcceleration { run.lastActive = time }
            if along > run.peak {
                run.peak = along
                run.peakAcceleration = user
                // The first half cycle sets the direction as it grows.
                if run.isFirstHalfCycle, magnitude > 0 { run.axis = user / magnitude * run.sign }
            }
        } else {
            // The acceleration changed sign: the half cycle is over.
            if halfCycleQualifies {
                run.qualified += 1
                run.strongest = max(run.strongest, run.peak)
            } else {
                let phase = runBroken(at: time)
                run.start = time
                if let phase { return phase }
            }
            run.axis = (run.peakAcceleration.normalized ?? axis) * run.sign
            run.sign = -run.sign
            run.isFirstHalfCycle = false
            run.halfCycleStart = time
            run.lastActive = time
            run.peak = -along
            run.peakAcceleration = user
        }
        let slow = run.lastActive - run.halfCycleStart > settings.longestHalfCycle
        if !slow, abs(along) >= settings.joltThreshold { run.lastStrong = time }
        if slow, run.qualified > 0 {
            // Too slow for shaking: a reach, a circle, a turn.
            let phase = runBroken(at: time)
            run.start = run.halfCycleStart
            if let phase { return phase }
        }
        if time - run.lastStrong >= settings.quietInterval {
            return runOver()
        }
        switch state {
        case .idle:
            if halfCycles >= settings.reversalsToBegin + 1 {
                state = .shaking
                return .began
            }
        case .shaking:
            if run.lastStrong - run.start > settings.maximumDuration {
                state = .settling
                run.qualified = 0
                return .cancelled
            }
        case .settling:
            break
        }
        return nil
    }

    /// Whether the current half cycle is part of shaking: strong enough,
    /// about as strong as the run's strongest, and neither a spike nor slow.
    private var halfCycleQualifies: Bool {
        let duration = run.lastActive - run.halfCycleStart
        return run.peak >= max(settings.joltThreshold, settings.minimumRelativeStrength * run.strongest)
            && duration >= settings.shortestHalfCycle && duration <= settings.longestHalfCycle
    }

    /// The run's half cycles that qualify, the current one included.
    private var halfCycles: Int { run.qualified + (halfCycleQualifies ? 1 : 0) }

    /// A half cycle that is not shaking broke the run: a shake under way
    /// ends or is cancelled by what it had, and no new one begins until the
    /// device is quiet.
    private mutating func runBroken(at time: Double) -> MotionPhase? {
        var phase: MotionPhase?
        if state == .shaking {
            phase = outcome(halfCycles: run.qualified)
            state = .settling
        }
        run.qualified = 0
        run.strongest = 0
        return phase
    }

    /// Quiet for ``ShakeSettings/quietInterval``: the run is over, and a
    /// shake under way ends or is cancelled.
    private mutating func runOver() -> MotionPhase? {
        let phase: MotionPhase? = state == .shaking ? outcome(halfCycles: halfCycles) : nil
        state = .idle
        run = Run()
        return phase
    }

    /// How a shake under way finishes: ended when it had enough half cycles
    /// within ``ShakeSettings/maximumDuration``, cancelled otherwise.
    private func outcome(halfCycles: Int) -> MotionPhase {
        halfCycles >= settings.minimumReversals + 1 && run.lastStrong - run.start <= settings.maximumDuration
            ? .ended : .cancelled
    }

    /// Abandons whatever is in progress (focus lost, the source removed, a
    /// gap in the readings): returns `cancelled` if a shake had begun. The
    /// next reading starts afresh.
    mutating func cancel() -> MotionPhase? {
        let wasShaking = isShaking
        reset()
        return wasShaking ? .cancelled : nil
    }

    /// Forgets everything, sending nothing.
    mutating func reset() {
        state = .idle
        lastTime = nil
        gravity.reset()
        run = Run()
        userAcceleration = .zero
    }
}

// MARK: Rollback

extension ShakeDetector {
    /// Writes the shake under way, its gravity estimate and its run of
    /// half-cycles; the settings are the recognizer's.
    func save(to writer: inout RecognizerStateWriter) {
        switch state {
        case .idle: writer.write(0)
        case .shaking: writer.write(1)
        case .settling: writer.write(2)
        }
        gravity.save(to: &writer)
        writer.write(lastTime)
        writer.write(userAcceleration)
        writer.write(run.axis)
        writer.write(run.sign)
        writer.write(run.halfCycleStart)
        writer.write(run.lastActive)
        writer.write(run.peak)
        writer.write(run.peakAcceleration)
        writer.write(run.isFirstHalfCycle)
        writer.write(run.qualified)
        writer.write(run.start)
        writer.write(run.strongest)
        writer.write(run.lastStrong)
    }

    mutating func restore(from reader: inout RecognizerStateReader) {
        switch reader.readInt() {
        case 1: state = .shaking
        case 2: state = .settling
        default: state = .idle
        }
        gravity.restore(from: &reader)
        lastTime = reader.readOptionalDouble()
        userAcceleration = reader.readVector3()
        run.axis = reader.readOptionalVector3()
        run.sign = reader.readDouble()
        run.halfCycleStart = reader.readDouble()
        run.lastActive = reader.readDouble()
        run.peak = reader.readDouble()
        run.peakAcceleration = reader.readVector3()
        run.isFirstHalfCycle = reader.readBool()
        run.qualified = reader.readInt()
        run.start = reader.readDouble()
        run.strongest = reader.readDouble()
        run.lastStrong = reader.readDouble()
    }
}
