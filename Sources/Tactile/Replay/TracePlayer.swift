/// Plays a recorded trace's events on a clock, each at its moment, into the
/// same path that live events take.
///
/// The player is given the trace and a start time on the game's ``Clock``.
/// An event recorded `t` seconds into the trace is due at `start + t`, and
/// comes out with that timestamp, so everything downstream (recognizer
/// deadlines, motion filters) sees the times it would have seen live. Each
/// frame, the game asks for the events due by its clock's `now`, where it
/// would otherwise drain the platform's queue:
///
/// ```swift
/// let clock = ManualClock()
/// var player = TracePlayer(trace, start: clock.now)
/// var events: [InputEvent] = []
/// while !player.isFinished {
///     clock.advance(by: 1.0 / 60)
///     events.removeAll(keepingCapacity: true)
///     player.events(dueBy: clock.now, into: &events)
///     game.handle(events)
/// }
/// ```
///
/// With a ``ManualClock`` advanced one frame per frame, a replay delivers the
/// same events in the same frames on every machine, however fast it runs.
///
/// Every event comes out once, in the trace's order: asking again for a time
/// already asked for gives nothing new, and asking for an earlier time than
/// before gives nothing, since a clock never goes back.
///
/// ## See Also
/// - ``TraceRecorder``: makes the traces this plays.
/// - ``Trace``: the format, and the rule that times never decrease, which is
///   what lets the player stop at the first event not yet due.
public struct TracePlayer: Sendable {
    /// The trace being played.
    public let trace: Trace

    /// The time on the game's clock, in seconds, that the trace's time 0 falls on.
    public let start: Double

    /// The index in `trace.events` of the next event to play.
    private var nextIndex = 0

    /// Makes a player that plays `trace` from `start`, a reading of the clock
    /// whose `now` will be passed to ``events(dueBy:into:)``. A start that is
    /// not finite makes no event ever due.
    public init(_ trace: Trace, start: Double) {
        self.trace = trace
        self.start = start
    }

    /// Whether every event has been played.
    public var isFinished: Bool { nextIndex >= trace.events.count }

    /// When the next event is due, in seconds on the game's clock, or `nil`
    /// when all have been played. A headless run can advance its clock
    /// straight to this rather than step through idle frames.
    public var nextEventTime: Double? {
        isFinished ? nil : dueTime(ofEventAt: nextIndex)
    }

    /// Appends to `buffer`, in order, every event not yet played that is due
    /// by `now`, with its timestamp moved onto the game's clock.
    ///
    /// - Parameter now: the game clock's current reading, in seconds.
    /// - Complexity: O(*k*) for the *k* events appended.
    public mutating func events(dueBy now: Double, into buffer: inout [InputEvent]) {
        while nextIndex < trace.events.count {
            let due = dueTime(ofEventAt: nextIndex)
            // Times in a trace never decrease, and neither does their sum
            // with a fixed start, so the first event not due ends the batch.
            guard due <= now else { return }
            buffer.append(InputEvent(timestamp: due, trace.events[nextIndex].kind))
            nextIndex += 1
        }
    }

    /// The time on the game's clock that the event at `index` is due.
    /// The same sum serves for the due check and the timestamp, so an event
    /// is never stamped later than the moment it was released.
    private func dueTime(ofEventAt index: Int) -> Double {
        start + trace.events[index].timestamp
    }
}
