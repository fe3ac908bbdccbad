import CSDL2
import Tactile

/// The real clock: SDL's high-resolution performance counter, in seconds.
///
/// Its origin is set so that its readings line up with SDL's own event
/// timestamps (milliseconds since `SDL_Init`, from `SDL_GetTicks`): an event
/// stamped 1234 ms happened at `now == 1.234` on this clock. That is what
/// lets ``SDLEventPump`` keep SDL's per-event timestamps rather than the
/// moment a frame got round to draining the queue, which matters for velocity
/// estimates: a 60 Hz frame drains ~16 ms of motion at once.
///
/// Tests and headless runs use Tactile's `ManualClock` instead.
public final class SDLClock: Clock {
    private let origin: UInt64
    private let ticksPerSecond: Double

    public init() {
        let frequency = SDL_GetPerformanceFrequency()
        // Read the millisecond tick and the counter back to back and subtract
        // the tick's worth of counts: the counter's value at SDL's time zero.
        // The two reads are nanoseconds apart; SDL's timestamps are whole
        // milliseconds, so the alignment is as good as they are.
        let milliseconds = SDL_GetTicks64()
        let counter = SDL_GetPerformanceCounter()
        let elapsed = milliseconds * frequency / 1000
        origin = counter >= elapsed ? counter - elapsed : 0
        ticksPerSecond = Double(frequency)
    }

    public var now: Double {
        Double(SDL_GetPerformanceCounter() &- origin) / ticksPerSecond
    }
}
