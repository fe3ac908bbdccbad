/// A value the motion manager reports, stamped on the game's clock.
protocol TimestampedMotion {
    var timestamp: Double { get }
}

extension AccelerometerData: TimestampedMotion {}
extension GyroData: TimestampedMotion {}
extension DeviceMotion: TimestampedMotion {}

/// One kind of motion data (accelerometer, gyroscope or device motion) as the
/// manager offers it: on or off, the latest value for the pull approach, and
/// a handler called once per update interval for the push approach.
///
/// ## Push timing
///
/// Ticks fall every ``interval`` seconds on the game's clock from the moment
/// updates started. At each tick up to `now`, the handler gets the newest
/// value stamped at or before the tick, unless it already had that value: a
/// handler never sees a value twice, and when the sensor is slower than the
/// interval some ticks pass without a call. While pushing, values are kept
/// in a ring of ``historyCapacity`` so that a frame longer than the interval
/// still gives each tick the value that was newest at its time. When the
/// clock jumps by more ticks than the ring holds, the ticks that could only
/// repeat a value are skipped, and the ticks start again from the end of
/// the stall.
struct MotionStream<Value: TimestampedMotion> {
    /// Values kept for push delivery: at 1 kHz, 64 ms of readings, four frames at 60 Hz.
    static var historyCapacity: Int { 64 }

    /// Seconds between pushes. Changing it keeps the ticks already passed
    /// and spaces the next ones by the new interval.
    var interval: Double {
        didSet {
            tickOrigin += Double(ticksPassed) * oldValue
            ticksPassed = 0
        }
    }
    private(set) var isActive = false
    /// The latest value, for the pull approach.
    private(set) var latest: Value?
    /// Whether a handler was given (the push approach).
    private(set) var isPushing = false

    private var history: [(sequence: Int, value: Value)?]
    private var newestIndex = -1
    private var sequence = 0
    /// Ticks are `tickOrigin + n × interval`, counted rather than summed so
    /// that the thousandth tick falls exactly where it should.
    private var tickOrigin = 0.0
    private var ticksPassed = 0
    private var lastDelivered = -1

    init(interval: Double) {
        self.interval = interval
        history = Array(repeating: nil, count: Self.historyCapacity)
    }

    mutating func start(pushing: Bool, now: Double) {
        isActive = true
        isPushing = pushing
        tickOrigin = now
        ticksPassed = 0
        lastDelivered = sequence
    }

    mutating func stop() {
        isActive = false
        isPushing = false
        clear()
    }

    /// Forgets every value (the source changed or went away).
    mutating func clear() {
        latest = nil
        for index in history.indices { history[index] = nil }
        newestIndex = -1
    }

    mutating func record(_ value: Value) {
        guard isActive else { return }
        latest = value
        sequence += 1
        // Only a handler reads the history, and only values recorded after
        // its `start(pushing:)`, which sets `lastDelivered` to the sequence
        // then (and so does a reading while pulling, so that a snapshot
        // taken then and restored under a handler says the same): a value
        // recorded while pulling can never be pushed, and a tick that finds
        // it, or finds nothing, pushes nothing either way. So the pull
        // approach (the usual one in a game) skips the ring: its copy of
        // the value and the buffer's uniqueness check were most of a device
        // motion's recording (callgrind, Tilt Maze).
        guard isPushing else {
            lastDelivered = sequence
            return
        }
        newestIndex = (newestIndex + 1) % Self.historyCapacity
        history[newestIndex] = (sequence, value)
    }

    /// The next value due for the handler by `now`, if any; advances past
    /// the ticks it has dealt with.
    mutating func nextPush(now: Double) -> Value? {
        guard isPushing, interval > 0, now.isFinite else { return nil }
        // A tick exactly at `now`, give or take the rounding of the clock's
        // own sums, is due.
        let horizon = now + interval * 1e-9
        let behind = (horizon - tickOrigin) / interval - Double(ticksPassed)
        if behind > Double(Self.historyCapacity + 1) {
            // Every tick older than the ring can only repeat a value: after
            // a stall that long, the ticks start again from its end.
            tickOrigin = horizon - Double(Self.historyCapacity) * interval
            ticksPassed = 0
        }
        // Bounded, so that no clock, however absurd, can keep this looping.
        for _ in 0...(Self.historyCapacity + 1) {
            let tick = tickOrigin + Double(ticksPassed + 1) * interval
            guard tick <= horizon else { return nil }
            ticksPassed += 1
            if let value = newest(atOrBefore: tick + interval * 1e-9), value.sequence > lastDelivered {
                lastDelivered = value.sequence
                return value.value
            }
        }
        return nil
    }

    private func newest(atOrBefore time: Double) -> (sequence: Int, value: Value)? {
        guard newestIndex >= 0 else { return nil }
        var index = newestIndex
        for _ in 0..<Self.historyCapacity {
            guard let entry = history[index] else { return nil }
            if entry.value.timestamp <= time { return entry }
            index = (index + Self.historyCapacity - 1) % Self.historyCapacity
        }
        return nil
    }
}

// MARK: Rollback

extension MotionStream {
    /// Copies the readings' state into `other` (see ``MotionSnapshot``):
    /// the latest value, the history and the push ticks; not the interval
    /// or whether updates are on, which are the game's settings. The
    /// history is copied element by element into `other`'s own buffer, so
    /// that the two never share one (a shared buffer would be copied,
    /// allocating, on the next reading).
    func copyReadings(into other: inout MotionStream) {
        other.latest = latest
        if other.history.count != history.count { other.history = Array(repeating: nil, count: history.count) }
        for index in history.indices { other.history[index] = history[index] }
        other.newestIndex = newestIndex
        other.sequence = sequence
        other.tickOrigin = tickOrigin
        other.ticksPassed = ticksPassed
        other.lastDelivered = lastDelivered
    }

    /// Whether `other`'s readings' state is this one's.
    func hasSameReadings(as other: MotionStream) -> Bool where Value: Equatable {
        latest == other.latest && newestIndex == other.newestIndex && sequence == other.sequence
            && tickOrigin.bitPattern == other.tickOrigin.bitPattern && ticksPassed == other.ticksPassed
            && lastDelivered == other.lastDelivered && history.count == other.history.count
            && zip(history, other.history).allSatisfy { $0?.sequence == $1?.sequence && $0?.value == $1?.value }
    }
}
