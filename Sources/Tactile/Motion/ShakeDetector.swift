/// Recognises shaking in accelerometer readings, with the life the guide
/// gives a shake motion event; the rule and its thresholds are
/// ``ShakeSettings``'s. ``MotionManager`` runs one and delivers its phases
/// through the responder chain.
struct ShakeDetector: Hashable, Sendable {
    typealias Settings = ShakeSettings

    /// Where the detector is.
    enum State: Hashable, Sendable {
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

    var settings: Settings
    private(set) var state = State.idle

    private var filter = HighPassFilter()
    private var lastTime: Double?

    init(settings: Settings = Settings()) {
        self.settings = settings
    }

    /// Whether a shake has begun and not yet ended or been cancelled.
    var isShaking: Bool {
        if case .shaking = state { true } else { false }
    }

    /// Whether the device is being jolted or shaken: what the orientation
    /// detector holds still for, since the guide says motion gestures do
    /// not conflict with orientation changes.
    var isDisturbed: Bool {
        switch state {
        case .idle: false
        case .jolted, .shaking, .settling: true
        }
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
        filter.reset()
    }
}

/// The shake rule's thresholds (``MotionManager/shakeSettings``), and the
/// rule. A shake has the life the guide gives a shake motion event: it begins when shaking starts, ends if the
/// shaking stops within about a second, and is cancelled if it lasts longer
/// or turns out not to be a shake.
///
/// ## The rule
///
/// Gravity is taken out of each reading with a ``HighPassFilter`` (time
/// constant ``gravityTimeConstant``). A reading whose remainder, the
/// user's acceleration, is at least ``joltThreshold`` is a *jolt*,
/// pointing where that acceleration points. Shaking is jolts that reverse:
///
/// | readings | what happens |
/// |---|---|
/// | a jolt, then quiet | nothing: one push is not a shake |
/// | a jolt, then one the opposite way within ``quietInterval`` | `began` |
/// | began, then quiet for ``quietInterval``, having reversed at least ``minimumReversals`` times | `ended` |
/// | began, then quiet after fewer reversals | `cancelled`: not a shake (moving the device and stopping it is a jolt and one reversal) |
/// | began, and a jolt more than ``maximumDuration`` after the first | `cancelled`: it lasted too long; no new shake begins until it is quiet again |
///
/// Times are the readings' own (sensor time where there is one), so a
/// shake's length does not depend on when frames happen. The detector never
/// decides without a reading: a sensor that stops sending mid-shake leaves it
/// open until the manager gives up on it after a gap in the readings.
///
/// The guide gives no numbers beyond "a second or so"; each default says
/// where it comes from.
public struct ShakeSettings: Hashable, Sendable {
    /// The user acceleration that counts as a jolt, in g. Square's
    /// `seismic` shake detector for Android, a widely used reference,
    /// calls a reading accelerating when its total magnitude exceeds
    /// 13 m/s² (its medium sensitivity), which across gravity is
    /// √(13² − 9.81²) ≈ 8.5 m/s² ≈ 0.87 g; 0.8 g is that, rounded down
    /// because requiring reversals already rejects the one-way motions a
    /// plain threshold has to. A deliberate shake peaks at 2 g and more.
    public var joltThreshold: Double = 0.8
    /// How long without a jolt means the shaking stopped, in seconds.
    /// Shaking reverses at least every quarter second (2 Hz is the slow
    /// end of a deliberate shake), and `seismic`'s shortest window is
    /// 0.25 s; 0.3 s leaves a margin.
    public var quietInterval: Double = 0.3
    /// Reversals needed for a shake to end rather than be cancelled:
    /// two (there, back, and there again). One reversal is what moving
    /// the device somewhere and stopping it looks like.
    public var minimumReversals: Int = 2
    /// The longest a shake may go on and still end, in seconds: the
    /// guide's "less than a second or so".
    public var maximumDuration: Double = 1.0
    /// The time constant of the filter that takes gravity out, in
    /// seconds: the guide's factor 0.1 at 50 Hz (see
    /// ``DeviceMotion``'s gravity). Shaking at 2 Hz and up passes almost
    /// unchanged; tilting, slower, mostly does not.
    public var gravityTimeConstant: Double = 0.18

    public init() {}
}
