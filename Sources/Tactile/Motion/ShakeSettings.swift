/// The shake rule's thresholds (``ShakeGestureRecognizer/settings``; the
/// scene's own shake is ``Scene/shakeGestureRecognizer``), and the
/// rule. A shake has the life the guide gives a shake motion event: it
/// begins when shaking starts, ends if the shaking stops within about a
/// second, and is cancelled if it lasts longer or turns out not to be a
/// shake.
///
/// ## The rule
///
/// Gravity is taken out of each reading by following the reading while the
/// device is at rest or turning slowly and holding it while the hand moves
/// the device (unlike a ``HighPassFilter``, which rebounds after a push and
/// so makes a reversal of its own). What is left is the hand's
/// acceleration. Along the direction of the shaking it is cut into *half
/// cycles* where it changes sign (by more than ``restingAcceleration``
/// each way). A half cycle is *shaking* when it peaks at
/// ``joltThreshold`` or more, at least ``minimumRelativeStrength`` of the
/// strongest so far, and lasts between ``shortestHalfCycle`` and
/// ``longestHalfCycle``.
///
/// | half cycles | what happens |
/// |---|---|
/// | a push and a brake (a reach: two half cycles), or with a small return (an overshoot: a third, weaker) | nothing |
/// | ``reversalsToBegin`` + 1 shaking half cycles in a row | `began` |
/// | began, then quiet for ``quietInterval``, after ``minimumReversals`` + 1 shaking half cycles, within ``maximumDuration`` | `ended` |
/// | began, then quiet after fewer | `cancelled`: not a shake |
/// | began, then a half cycle that is not shaking (slow, or much weaker) | `ended` or `cancelled` as above, by the half cycles before it; no new shake begins until quiet |
/// | began, and shaking more than ``maximumDuration`` after the first half cycle | `cancelled`: it lasted too long; no new shake begins until quiet |
///
/// A hand moving the device somewhere and stopping it gives two half
/// cycles (a push and a brake), an overshoot a weak third and the arm's
/// spring at the stop a few more, each weaker than the last; a circle turns
/// the acceleration slowly, so its half cycles are long; picking the device
/// up turns gravity, which the tracker takes as a push that lasts, until
/// the device is steady again (``settleTime``). Shaking is strong half
/// cycles of 60–170 ms (3–8 Hz), one after another.
///
/// Times are the readings' own (sensor time where there is one), so a
/// shake's length does not depend on when frames happen. The detector never
/// decides without a reading: a sensor that stops sending mid-shake leaves
/// it open until the manager gives up on it after a gap in the readings.
///
/// The defaults were chosen on made-up recordings (`MotionSynthesizer`,
/// tuning seeds apart from the report's) and are reported on others by
/// `scripts/evaluate-shake` (Benchmarks/Evaluation/shake-report.md); each
/// says where it comes from.
public struct ShakeSettings: Hashable, Sendable {
    /// The hand's acceleration a shaking half cycle must reach, in g.
    /// Square's `seismic` shake detector for Android, a widely used
    /// reference, calls a reading accelerating when its total magnitude
    /// exceeds 13 m/s² (its medium sensitivity), which across gravity is
    /// √(13² − 9.81²) ≈ 8.5 m/s² ≈ 0.87 g; 0.8 g is that, rounded down
    /// because requiring several comparable half cycles already rejects the
    /// one-way motions a plain threshold has to. A deliberate shake peaks
    /// at 2 g and more.
    public var joltThreshold: Double = 0.8
    /// How far the acceleration must go the other way to end a half cycle,
    /// and how close to gravity a reading must be for the device to count
    /// as at rest, in g: well above sensor noise (0.01–0.03 g) and a
    /// hand's tremor, well below a shake.
    public var restingAcceleration: Double = 0.25
    /// The shortest half cycle that counts, in seconds: 8 Hz shaking has
    /// 62 ms half cycles; a knock or a bump rings faster.
    public var shortestHalfCycle: Double = 0.03
    /// The longest half cycle that counts, in seconds: 2 Hz, below the
    /// 3–8 Hz a hand shakes at, with a margin for a slow stroke.
    public var longestHalfCycle: Double = 0.25
    /// How strong a half cycle must be beside the run's strongest: the
    /// first and last strokes of a shake start or stop at rest and push
    /// half as hard as the middle ones, while an overshoot's return and a
    /// stop's ringing fall off faster than that.
    public var minimumRelativeStrength: Double = 0.4
    /// Reversals (shaking half cycles less one) before a shake begins:
    /// three, one more than a reach with an overshoot makes.
    public var reversalsToBegin: Int = 3
    /// Reversals needed for a shake to end rather than be cancelled: as
    /// many as to begin.
    public var minimumReversals: Int = 3
    /// How long without a shaking half cycle means the shaking stopped, in
    /// seconds. Square's `seismic` uses windows of 0.25 s and more; 0.3 s
    /// leaves a margin over the slowest half cycle.
    public var quietInterval: Double = 0.3
    /// The longest a shake may go on and still end, in seconds: the
    /// guide's "less than a second or so".
    public var maximumDuration: Double = 1.0
    /// How quickly gravity follows a device at rest or turning slowly: the
    /// time constant, in seconds, of the guide's factor 0.1 at 50 Hz (see
    /// ``DeviceMotion``'s gravity).
    public var gravityTimeConstant: Double = 0.18
    /// How long the readings must hold steady (within half of
    /// ``restingAcceleration``) for gravity to be taken afresh from them,
    /// in seconds: longer than any half cycle of shaking, short enough that
    /// a device picked up and turned is settled within a moment.
    public var settleTime: Double = 0.2

    public init() {}
}
