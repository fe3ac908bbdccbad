/// The time line of one sensor's readings: gives each reading its interval
/// since the previous one, and says when a reading's time is wrong.
///
/// A reading's time is the hardware's own (`SensorSample.sensorTime`, from
/// SDL's `timestamp_us`) when it has one, which is exact to the microsecond,
/// and otherwise the input event's timestamp. The two are different clocks,
/// so a sensor that switches between them starts a new time line.
///
/// | the reading's time, against the previous | outcome |
/// |---|---|
/// | first, or on a different clock | ``Step/first``: no interval |
/// | later, by at most the maximum gap | ``Step/interval(_:)`` |
/// | the same, hardware time | ``Step/repeated``: a duplicate, dropped |
/// | the same, event time | ``Step/interval(_:)`` of 0: SDL stamps events to the millisecond and a manual clock stamps a whole frame alike, so equal times are normal |
/// | earlier, by any amount | ``Step/backwards(_:)``: out of order, dropped |
/// | later by more than the maximum gap | ``Step/gap(_:)``: kept, the filters restart from this reading |
/// | earlier by more than the maximum gap, in a run of such readings that has gone on for the maximum gap of its own time | ``Step/restarted(_:)``: the sensor's clock restarted; kept, the filters restart |
///
/// A single reading from far in the past is a corrupt or stale one, and
/// keeping it would drag the time line back so that every good reading
/// after it looked like a gap; so it is dropped. A sensor whose clock really
/// restarted sends a run of readings that keep going forward from their new
/// origin: once that run spans the maximum gap, the time line follows it,
/// so a restart costs at most the maximum gap of readings.
struct SampleTimeline {
    enum Step: Equatable {
        case first
        case interval(Double)
        case repeated
        case backwards(Double)
        case gap(Double)
        case restarted(Double)
    }

    private var last: Double?
    private var usesSensorTime = false
    /// The first and latest times of the current run of readings far
    /// behind `last`, each later than the one before.
    private var farBehindRun: (first: Double, latest: Double)?

    mutating func admit(sensorTime: Double?, timestamp: Double, maximumGap: Double) -> Step {
        let time = sensorTime ?? timestamp
        let hasSensorTime = sensorTime != nil
        guard let previous = last, hasSensorTime == usesSensorTime else {
            last = time
            usesSensorTime = hasSensorTime
            return .first
        }
        let interval = time - previous
        if interval < -maximumGap {
            if let run = farBehindRun, time > run.latest {
                if time - run.first >= maximumGap {
                    last = time
                    farBehindRun = nil
                    return .restarted(-interval)
                }
                farBehindRun = (run.first, time)
            } else {
                farBehindRun = (time, time)
            }
            return .backwards(-interval)
        }
        if interval < 0 { return .backwards(-interval) }
        if interval == 0, hasSensorTime { return .repeated }
        last = time
        farBehindRun = nil
        if interval > maximumGap { return .gap(interval) }
        return .interval(interval)
    }

    mutating func reset() {
        last = nil
        farBehindRun = nil
    }
}

// MARK: Rollback

extension SampleTimeline: Equatable {
    static func == (a: Self, b: Self) -> Bool {
        a.last?.bitPattern == b.last?.bitPattern && a.usesSensorTime == b.usesSensorTime
            && a.farBehindRun?.first.bitPattern == b.farBehindRun?.first.bitPattern
            && a.farBehindRun?.latest.bitPattern == b.farBehindRun?.latest.bitPattern
    }
}
