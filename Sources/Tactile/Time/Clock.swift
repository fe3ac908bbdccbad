/// The time source that everything time-based in Tactile reads.
///
/// Nothing in Tactile reads the wall clock. Event timestamps, recognizer
/// deadlines (a long press, a double tap's window) and motion filters all read
/// a clock that is handed to them, so a test or a replay decides exactly when
/// each moment happens and runs the same way every time.
///
/// Readings are in seconds from an arbitrary origin and never decrease.
///
/// For real play, TactileSDL's `SDLClock` reads SDL's high-resolution
/// performance counter.
///
/// ## See Also
/// - ``ManualClock``
public protocol Clock: AnyObject {
    /// The current time, in seconds.
    var now: Double { get }
}

/// A clock that moves only when told to.
///
/// Tests use it to step through a gesture at exact times; headless demo runs
/// use it to advance by exactly one frame per frame, so that a recorded trace
/// plays out identically on a slow CI machine and a fast laptop.
///
/// ```swift
/// let clock = ManualClock()
/// clock.advance(by: 0.5)   // now == 0.5
/// ```
public final class ManualClock: Clock {
    // Every access is a plain read or write (no caller holds it across a
    // call), so without the runtime's exclusivity check: a headless run's
    // game clock reads it every frame, and the check was about 70 of the
    // reading's 90 instructions (callgrind, Tilt Maze's replay).
    @exclusivity(unchecked) public internal(set) var now: Double

    public init(now: Double = 0) {
        self.now = now
    }

    /// Moves the clock forward. Negative or non-finite amounts are ignored,
    /// because a clock that goes back would break every deadline that reads it.
    public func advance(by seconds: Double) {
        guard seconds.isFinite, seconds > 0 else { return }
        now += seconds
    }

    /// Moves the clock to `time` if that is later than now.
    public func advance(to time: Double) {
        guard time.isFinite, time > now else { return }
        now = time
    }
}
