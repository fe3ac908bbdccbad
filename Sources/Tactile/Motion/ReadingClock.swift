/// Puts one sensor's readings on the game's clock for the motion
/// recognizers, keeping the spacing the hardware measured.
///
/// A frame's events are all stamped at the frame (the pump's clock, or game
/// time on a ``GameLoop``), so a 100 Hz sensor read at 60 frames a second
/// hands over two readings with one timestamp every other frame. A detector
/// that measures half cycles or integrates a rotation rate needs each
/// reading's own time, or it drops one of the two (the shake detector
/// ignores a reading not after the one before). The reading's own time is
/// the hardware's (`SensorSample.sensorTime`), on another clock.
///
/// So a reading is put at its sensor time plus the smallest delay seen
/// between the two clocks: a reading is never handed over before it was
/// taken, so the smallest `timestamp − sensorTime` is the offset plus the
/// least latency. The result is never later than the reading's event, goes
/// forward whenever sensor time does, and follows the game clock: while
/// the game clock stands (a pause), the offset shrinks with each reading.
/// A reading with no sensor time keeps its event's time.
struct ReadingClock: Hashable, Sendable {
    /// The smallest `timestamp − sensorTime` of the current time line.
    private var offset: Double?

    /// The game-clock time of a reading taken at `sensorTime` and handed
    /// over at `timestamp`; `restarted` when the sensor's time line began
    /// again (first reading, gap, clock restart), forgetting the offset.
    mutating func time(sensorTime: Double?, timestamp: Double, restarted: Bool) -> Double {
        guard let sensorTime else { return timestamp }
        let delay = timestamp - sensorTime
        if restarted || offset == nil || delay < offset! { offset = delay }
        return sensorTime + (offset ?? delay)
    }
}
