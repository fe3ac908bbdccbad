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
/// | earlier, by at most the maximum gap | ``Step/backwards(_:)``: out of order, dropped |
/// | later or earlier by more than the maximum gap | ``Step/gap(_:)``: the filters restart from this reading (a jump back that large is a sensor clock that restarted) |
struct SampleTimeline {
    enum Step: Equatable {
        case first
        case interval(Double)
        case repeated
        case backwards(Double)
        case gap(Double)
    }

    private var last: Double?
    private var usesSensorTime = false

    mutating func admit(sensorTime: Double?, timestamp: Double, maximumGap: Double) -> Step {
        let time = sensorTime ?? timestamp
        let hasSensorTime = sensorTime != nil
        guard let previous = last, hasSensorTime == usesSensorTime else {
            last = time
            usesSensorTime = hasSensorTime
            return .first
        }
        let interval = time - previous
        if abs(interval) > maximumGap {
            last = time
            return .gap(interval)
        }
        if interval < 0 { return .backwards(-interval) }
        if interval == 0, hasSensorTime { return .repeated }
        last = time
        return .interval(interval)
    }

    mutating func reset() {
        last = nil
    }
}
