// The motion recognizers' defaults, with GestureDefaults' other constants'
// rule: each says where it comes from. The shake's are ShakeSettings', as
// MotionManager had them before the shake became a recognizer.

extension GestureDefaults {
    // MARK: Motion

    /// The rotation rate a flick's turn must pass, in rad/s: 2.5 rad/s
    /// (143°/s). Deliberate tilting, as a maze is steered, stays near the
    /// quarter turn a second (1.6 rad/s) that ``SimulatedMotion``'s keys
    /// tilt at; a wrist's quick flick peaks at several times that.
    public static let flickRate = 2.5
    /// The least a flick turns before coming back, in radians: 15°, twice
    /// the wobble of a hand holding a device still for a game.
    public static let flickAngle = 15 * Double.pi / 180
    /// The longest a flick may take, out and back, in seconds: 0.5 s; a
    /// slower turn and return is two tilts, not a flick.
    public static let flickDuration = 0.5

    /// The tilt angle from rest at which a tilt begins, in radians: 20°,
    /// past the ±15° a device held "level" wanders through in play.
    public static let tiltAngle = 20 * Double.pi / 180
    /// How far back a tilt must come to end, in radians: 5°, a quarter of
    /// the tilt angle, so that the wobble of a hand at the edge does not
    /// end and begin it again.
    public static let tiltHysteresis = 5 * Double.pi / 180
    /// The time constant of the gravity a tilt reads, in seconds: 0.25 s,
    /// so that shaking does not tilt it (a 2 g shake at 5 Hz comes through
    /// at an eighth, 14°, under ``tiltAngle``); a deliberate tilt takes
    /// longer than that anyway.
    public static let tiltTimeConstant = 0.25

    /// The turn about the long axis a twist needs, in radians: 60°, a wrist
    /// turning a key (a comfortable forearm turn is 60–90° each way).
    public static let twistAngle = 60 * Double.pi / 180
    /// The longest a twist may take to turn that far, in seconds: 0.6 s, so
    /// that a slow roll of the device while playing is not one.
    public static let twistDuration = 0.6

    /// The jump from the recent readings a knock needs, in g: 1.5 g, above
    /// a shake's half cycle's change between two readings at 100 Hz
    /// (about 0.6 g for 3 g at 5 Hz) and within any accelerometer's range.
    public static let knockThreshold = 1.5
    /// The longest a knock's jolt lasts before it settles, in seconds:
    /// 0.05 s, a knuckle's tap rings out within a few readings; a push lasts
    /// 0.1 s and more.
    public static let knockDuration = 0.05
    /// The quiet a knock needs before it, in seconds: 0.1 s, so that the
    /// jolts inside shaking or a bump are not knocks, while a double knock
    /// (about 0.15–0.25 s apart) is two.
    public static let knockQuietBefore = 0.1
}
