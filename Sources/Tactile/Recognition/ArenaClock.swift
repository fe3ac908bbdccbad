/// The arena's time: the scene clock's reading for the sub-event being
/// handled, and the recognizers' deadlines on it.
///
/// It is the one owner of both. Time only moves forward: the scene moves it
/// once per input event (to the event's time) and once per frame
/// (``Scene/advanceTime(to:)``); a time earlier than the clock's reading
/// leaves the clock where it is. A deadline belongs to one attempt of one
/// recognizer: it is dropped when the recognizer finishes, so it never
/// fires for a recognizer that has already failed or recognized.
@MainActor
final class ArenaClock {
    /// The time of the sub-event being handled, in seconds on the scene's clock.
    // Exclusivity: every access is instantaneous and no user code runs in
    // here, so the dynamic checks are off for these hot fields.
    @exclusivity(unchecked) var now: Double = 0
    /// At most one deadline per recognizer, in no particular order.
    @exclusivity(unchecked) var deadlines: [(recognizer: GestureRecognizer, time: Double)] = []
    /// No deadline is earlier than this; lets a sub-event skip the scan.
    @exclusivity(unchecked) var earliest = Double.infinity

    /// Asks for `recognizer`'s ``GestureRecognizer/deadlineReached()`` at
    /// `time`, replacing its earlier deadline.
    func schedule(_ recognizer: GestureRecognizer, at time: Double) {
        cancel(recognizer)
        deadlines.append((recognizer, time))
        earliest = min(earliest, time)
    }

    func cancel(_ recognizer: GestureRecognizer) {
        // Plain loops rather than closures over the stored array: an access
        // that spans a closure call keeps the optimiser from dropping the
        // array's exclusivity checks everywhere.
        for index in deadlines.indices where deadlines[index].recognizer === recognizer {
            deadlines.remove(at: index)
            break
        }
        if deadlines.isEmpty { earliest = .infinity }
    }

    func deadline(of recognizer: GestureRecognizer) -> Double? {
        deadlines.first { $0.recognizer === recognizer }?.time
    }

    /// Removes and returns the earliest deadline due by `time`, moving the
    /// clock to it; `nil` when none is due.
    func takeDeadline(dueBy time: Double) -> (recognizer: GestureRecognizer, time: Double)? {
        guard time >= earliest else { return nil }
        var index: Int?
        var soonest = Double.infinity
        for candidate in deadlines.indices where deadlines[candidate].time <= time && deadlines[candidate].time < soonest {
            index = candidate
            soonest = deadlines[candidate].time
        }
        guard let index else {
            earliest = deadlines.reduce(.infinity) { min($0, $1.time) }
            return nil
        }
        let due = deadlines.remove(at: index)
        now = max(now, due.time)
        return due
    }

    /// Moves the clock to `time`, if that is later than its reading.
    func move(to time: Double) {
        now = max(now, time)
    }

    /// Forgets every deadline: the scene is going.
    func removeAll() {
        deadlines.removeAll()
        earliest = .infinity
    }
}
