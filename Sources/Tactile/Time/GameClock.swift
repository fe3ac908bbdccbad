/// The game's own time: a ``Clock`` that follows a base clock but can be
/// paused and slowed, so that everything reading it stops or slows with the
/// game.
///
/// The scene's recognizer deadlines (a long press, a double tap's window),
/// the motion manager's update intervals and a game's fixed-step updates all
/// read game time. Pausing the game clock therefore holds a long press back
/// until the game resumes, and a ``timeScale`` of 0.5 makes the same long
/// press take twice as long in real time, like everything else in the game.
///
/// ## Contract
///
/// - `now` never decreases, and it is continuous: pausing, resuming or
///   changing the scale never makes game time jump.
/// - While running, game time advances at ``timeScale`` × the base clock's
///   rate. While paused it stands still; the scale is kept for the resume.
/// - Changes take effect at the moment they are made, on the base clock.
///
/// ## Event timestamps
///
/// Input events are stamped on the base (real) clock by whatever produced
/// them: SDL's timestamps for an `SDLClock`, the reading of a `ManualClock`
/// in a test. Game time is a different axis, so events are **re-stamped**
/// with ``gameTime(atBaseTime:)`` as they enter the game, before the action
/// map, the scene and the motion manager see them; ``GameLoop`` does this
/// for every event of a frame. The mapping is the clock's own: a base time
/// after the last pause, resume or scale change maps along the current
/// rate; an earlier one (an event that was queued before the change but
/// handled after it) maps to the moment of the change. No mapping is ever
/// earlier than a game time already handed out (by `now` or an earlier
/// mapping), since time on the game axis does not go back: an event
/// handled late is stamped at most that late, never before the past. Events that arrive while the game is paused
/// all carry the moment of the pause: they still happen, in order, but take
/// no game time, so a finger held down throughout a pause has not been held
/// at all as far as a long press is concerned.
///
/// ```swift
/// let game = GameClock(base: SDLClock())
/// game.isPaused = true            // the pause menu is open
/// game.isPaused = false
/// game.timeScale = 0.25           // bullet time
/// ```
///
/// ## See Also
/// - ``GameLoop``
/// - ``ManualClock``
public final class GameClock: Clock {
    /// The real clock game time follows.
    public let base: any Clock

    /// Whether game time stands still. Setting it is idempotent.
    public var isPaused: Bool {
        get { paused }
        set {
            guard newValue != paused else { return }
            reanchor()
            paused = newValue
        }
    }

    /// How fast game time runs relative to the base clock: 1 is real time,
    /// 0.5 half speed, 2 double. Values that are negative or not finite are
    /// ignored (time only moves forward); 0 is allowed and stops time like a
    /// pause, except that ``isPaused`` stays false.
    public var timeScale: Double {
        get { scale }
        set {
            guard newValue.isFinite, newValue >= 0, newValue != scale else { return }
            reanchor()
            scale = newValue
        }
    }

    var paused = false
    var scale = 1.0
    /// The base time of the last pause, resume or scale change…
    var anchorBase: Double
    /// …and the game time it mapped to.
    var anchorGame: Double
    /// The latest reading handed out, so that a base clock that stumbles
    /// backwards cannot make game time do the same.
    var latest: Double

    /// A game clock that starts at `start` (by default the base clock's own
    /// reading, so that game and base time agree until the first pause).
    public init(base: any Clock, start: Double? = nil) {
        self.base = base
        let baseNow = base.now
        anchorBase = baseNow
        anchorGame = start ?? baseNow
        latest = anchorGame
    }

    /// The current game time, in seconds.
    public var now: Double { gameTime(atBaseTime: base.now) }

    /// The game time of a moment on the base clock, such as an event's
    /// timestamp. See "Event timestamps" above for how moments before the
    /// last change and during a pause map. A non-finite time maps to the
    /// latest game time.
    public func gameTime(atBaseTime baseTime: Double) -> Double {
        guard baseTime.isFinite else { return latest }
        let rate = paused ? 0 : scale
        let mapped = anchorGame + max(0, baseTime - anchorBase) * rate
        latest = max(latest, mapped)
        return latest
    }

    /// Moves paused game time forward by `seconds`: one frame step of the
    /// input debugger, which holds the game paused and lets it run a step
    /// at a time. Events mapped afterwards carry the new time. Nothing
    /// happens while the clock runs (time moves by itself then) or for an
    /// amount that is not positive and finite.
    public func step(by seconds: Double) {
        guard paused, seconds.isFinite, seconds > 0 else { return }
        anchorGame = max(anchorGame, latest) + seconds
        latest = anchorGame
    }

    /// Starts a new segment of the mapping at the base clock's current time.
    private func reanchor() {
        let baseNow = base.now
        let gameNow = gameTime(atBaseTime: baseNow)
        anchorBase = max(anchorBase, baseNow)
        anchorGame = gameNow
    }
}
