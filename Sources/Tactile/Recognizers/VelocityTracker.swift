/// Estimates how fast a value is changing, per second, from its recent
/// samples: a least-squares straight line through the samples of the last
/// 100 ms.
///
/// One tracker follows one number (an x, a y, a scale, an angle). Add a
/// sample each time the value is observed, and ask for the velocity when it
/// is needed, such as when a pan's last finger lifts:
///
/// ```swift
/// var x = VelocityTracker()
/// x.add(100, at: 0.000)
/// x.add(110, at: 0.016)
/// x.add(120, at: 0.033)
/// x.velocity(at: 0.033)   // ≈ 606 points per second
/// ```
///
/// ## What the estimate uses
///
/// Starting from the newest sample and going back, it takes samples while
/// they are within ``horizon`` (100 ms) of the newest, no two consecutive
/// ones are more than ``assumeStoppedAfter`` (40 ms) apart, and no more than
/// ``capacity`` (20) have been taken. It fits the line that minimises the
/// squared error of the values against time, and its slope is the velocity.
///
/// - **Irregular timing**: a least-squares fit weighs every sample by its
///   time, so events that arrive in bursts, late or early, move the estimate
///   far less than a difference of the last two samples would.
/// - **A pause before the end**: asked ``velocity(at:)`` for a moment more
///   than ``assumeStoppedAfter`` after the newest sample, the tracker says
///   0: a finger that stopped and then lifted was not moving when it lifted.
///   A gap of the same length between samples cuts the fit there, so a
///   finger that stopped and started again is measured on the new movement
///   only.
/// - **Too little to go on**: fewer than ``minimumSampleCount`` (2) samples,
///   or samples spanning less than a millisecond, give 0, never a division
///   by zero. Non-finite values and times are not added.
///
/// ## Trade-offs
///
/// Flutter's `VelocityTracker`, the model for the horizon, the gap, the
/// capacity and the walk back, fits a parabola and reads its slope at the
/// newest sample; this one fits a line. Over 100 ms a line is what a drag
/// looks like, a line needs fewer samples (two, where a parabola needs
/// three), and a parabola's extra freedom mostly fits the jitter of the
/// event times, which shows as overshoot on a quick flick. A gesture that
/// accelerates hard within its last 100 ms is measured at its average speed
/// over that window rather than at its final speed.
///
/// Samples live in a fixed ring inside the value: adding one never
/// allocates, and it costs O(1). ``velocity(at:)`` costs O(``capacity``);
/// call it when the velocity is needed, not for every sample.
///
/// ## See Also
/// - ``PanGestureRecognizer/velocity(in:)``
/// - ``PinchGestureRecognizer/velocity``
/// - ``RotationGestureRecognizer/velocity``
/// - ``SwipeGestureRecognizer/velocity(in:)``
public struct VelocityTracker: Sendable {
    /// The most samples kept: 20, Flutter's `VelocityTracker._historySize`.
    ///
    /// At 60 or 120 events a second, 100 ms holds 6 or 12 samples, so the
    /// horizon, not the capacity, bounds the fit. A 1000 Hz gaming mouse
    /// fills the ring in 20 ms; the fit then spans 20 ms of very dense
    /// samples, which is still enough for a line.
    public static let capacity = 20

    /// The fewest samples that give a velocity: 2, the points that fix a
    /// line. Flutter's minimum is 3 because its parabola needs three; the
    /// rule is the same, one more sample than the polynomial's degree.
    public static let minimumSampleCount = 2

    /// The shortest time the samples used must span, in seconds: 1 ms.
    /// SDL2 stamps its events in whole milliseconds, so samples closer than
    /// that carry no timing at all, and a slope across them would divide a
    /// real distance by a rounding error.
    static let minimumTimeSpan = 0.001

    /// How far back from the newest sample the fit reaches, in seconds: 0.1,
    /// Flutter's `_horizonMilliseconds`. Long enough to average out the
    /// jitter of event timing over several events at 60 Hz, short enough
    /// that a drag that slows down is reported at its recent speed.
    public var horizon = 0.1

    /// The pause, in seconds, after which the value is taken to have
    /// stopped: 0.04, Flutter's `_assumePointerMoveStoppedMilliseconds`.
    /// It is about two and a half frames at 60 Hz: a finger still moving
    /// reports at least once a frame, so a longer silence means it rests.
    public var assumeStoppedAfter = 0.04

    private var times = InlineArray<20, Double>(repeating: 0)
    private var values = InlineArray<20, Double>(repeating: 0)
    /// Where the newest sample is in the ring.
    private var newest = 0
    /// How many samples the ring holds, up to ``capacity``.
    public private(set) var count = 0

    public init() {}

    /// Adds the value observed at `time` (seconds, on any clock, as long as
    /// every sample and every ``velocity(at:)`` use the same one).
    ///
    /// A time earlier than the newest sample's is taken as the newest's:
    /// the samples stay in order, and the out-of-order one counts as
    /// simultaneous rather than as a step back in time. Non-finite values
    /// or times are ignored.
    public mutating func add(_ value: Double, at time: Double) {
        guard value.isFinite, time.isFinite else { return }
        let time = count > 0 ? max(time, times[newest]) : time
        newest = count > 0 ? (newest + 1) % Self.capacity : 0
        times[newest] = time
        values[newest] = value
        count = min(count + 1, Self.capacity)
    }

    /// Forgets every sample.
    public mutating func removeAll() {
        count = 0
        newest = 0
    }

    /// The rate of change, in value units per second, as it was at `time`:
    /// the slope of the least-squares line through the recent samples, or 0
    /// when the value had stopped by `time` or there is too little to fit.
    /// Always finite.
    public func velocity(at time: Double) -> Double {
        guard count > 0 else { return 0 }
        // Through the rings' memory: subscripting an inline array held in
        // a struct copied the whole ring (a memcpy) on every read, 50 of
        // them a call (callgrind: 2,700 instructions a tracker, 5,900 a
        // pan's velocity(in:)).
        return times.span.withUnsafeBufferPointer { times in
            values.span.withUnsafeBufferPointer { values in
                Self.slope(times: times, values: values, newest: newest, count: count, at: time,
                           horizon: horizon, assumeStoppedAfter: assumeStoppedAfter)
            }
        }
    }

    /// ``velocity(at:)`` over the rings: `count` samples, the newest at
    /// `newest`, older ones before it (wrapping at the end).
    private static func slope(times: UnsafeBufferPointer<Double>, values: UnsafeBufferPointer<Double>,
                              newest: Int, count: Int, at time: Double,
                              horizon: Double, assumeStoppedAfter: Double) -> Double {
        let capacity = Self.capacity
        guard count > 0, count <= capacity, (0..<capacity).contains(newest),
              times.count >= capacity, values.count >= capacity,
              let timeBase = times.baseAddress, let valueBase = values.baseAddress else { return 0 }
        let newestTime = timeBase[newest]
        // Written so that a NaN `time` counts as stopped too.
        guard time - newestTime <= assumeStoppedAfter else { return 0 }

        // Walk back from the newest sample while the samples are recent
        // and unbroken. Times are taken relative to the newest, so that a
        // clock that has run for days loses no precision in the sums.
        var used = 0
        var sumT = 0.0, sumV = 0.0
        var previous = newestTime
        var index = newest
        while used < count {
            let sampleTime = timeBase[index]
            if newestTime - sampleTime > horizon || previous - sampleTime > assumeStoppedAfter { break }
            previous = sampleTime
            sumT += sampleTime - newestTime
            sumV += valueBase[index]
            used &+= 1
            index = index == 0 ? capacity &- 1 : index &- 1
        }
        guard used >= Self.minimumSampleCount, newestTime - previous >= Self.minimumTimeSpan else { return 0 }

        // Slope = Σ(t − t̄)(v − v̄) / Σ(t − t̄)², over the samples just walked.
        let n = Double(used)
        let meanT = sumT / n, meanV = sumV / n
        var covariance = 0.0, variance = 0.0
        index = newest
        for _ in 0..<used {
            let t = timeBase[index] - newestTime - meanT
            covariance += t * (valueBase[index] - meanV)
            variance += t * t
            index = index == 0 ? capacity &- 1 : index &- 1
        }
        guard variance > 0 else { return 0 }
        let slope = covariance / variance
        return slope.isFinite ? slope : 0
    }

    /// The velocities of two trackers fed together, such as a point's x
    /// and y (a pan's): each exactly what its own ``velocity(at:)`` gives,
    /// to the bit, from one walk over the times they share.
    ///
    /// Two trackers' samples that are not at the same times, to the bit
    /// (one was given a non-finite value the other took, or they were
    /// restored from different snapshots), or trackers with different
    /// settings, are measured one at a time. Read in place (`inout`, never
    /// written): on a class's stored property, a tracker passed by value is
    /// copied whole, both rings. Costs about half of two ``velocity(at:)``
    /// calls (callgrind, the Gesture Lab's replay: about 815 instructions a
    /// pan's ``PanGestureRecognizer/velocity(in:)``, 1,770 before).
    static func velocities(_ x: inout VelocityTracker, _ y: inout VelocityTracker, at time: Double) -> (x: Double, y: Double) {
        let count = x.count, newest = x.newest
        guard count > 0, count == y.count, newest == y.newest,
              x.horizon == y.horizon, x.assumeStoppedAfter == y.assumeStoppedAfter else {
            return (x.velocity(at: time), y.velocity(at: time))
        }
        let horizon = x.horizon, assumeStoppedAfter = x.assumeStoppedAfter
        // Four nested lends of memory, in a plain (non-isolated,
        // non-generic) function: no closure here checks an executor.
        let shared = withUnsafeBytes(of: &x.times) { xTimes in
            withUnsafeBytes(of: &y.times) { yTimes in
                withUnsafeBytes(of: &x.values) { xValues in
                    withUnsafeBytes(of: &y.values) { yValues in
                        slopes(times: xTimes.assumingMemoryBound(to: Double.self),
                               otherTimes: yTimes.assumingMemoryBound(to: Double.self),
                               xs: xValues.assumingMemoryBound(to: Double.self),
                               ys: yValues.assumingMemoryBound(to: Double.self),
                               newest: newest, count: count, at: time,
                               horizon: horizon, assumeStoppedAfter: assumeStoppedAfter)
                    }
                }
            }
        }
        return shared ?? (x.velocity(at: time), y.velocity(at: time))
    }

    /// What `slope` does for two value rings on one time ring, `times`, the
    /// same arithmetic in the same order for each; `nil` when a sample of
    /// `otherTimes` the walk reaches is not `times`' to the bit (the two
    /// trackers are then measured apart).
    private static func slopes(times: UnsafeBufferPointer<Double>, otherTimes: UnsafeBufferPointer<Double>,
                               xs: UnsafeBufferPointer<Double>, ys: UnsafeBufferPointer<Double>,
                               newest: Int, count: Int, at time: Double,
                               horizon: Double, assumeStoppedAfter: Double) -> (x: Double, y: Double)? {
        let capacity = Self.capacity
        guard count > 0, count <= capacity, (0..<capacity).contains(newest),
              times.count >= capacity, otherTimes.count >= capacity, xs.count >= capacity, ys.count >= capacity,
              let timeBase = times.baseAddress, let otherBase = otherTimes.baseAddress,
              let xBase = xs.baseAddress, let yBase = ys.baseAddress else { return (0, 0) }
        let newestTime = timeBase[newest]
        guard newestTime.bitPattern == otherBase[newest].bitPattern else { return nil }
        guard time - newestTime <= assumeStoppedAfter else { return (0, 0) }

        var used = 0
        var sumT = 0.0, sumX = 0.0, sumY = 0.0
        var previous = newestTime
        var index = newest
        while used < count {
            let sampleTime = timeBase[index]
            // The walk stops on times alone: the other tracker's would stop
            // at the same sample only if its times are these.
            guard sampleTime.bitPattern == otherBase[index].bitPattern else { return nil }
            if newestTime - sampleTime > horizon || previous - sampleTime > assumeStoppedAfter { break }
            previous = sampleTime
            sumT += sampleTime - newestTime
            sumX += xBase[index]
            sumY += yBase[index]
            used &+= 1
            index = index == 0 ? capacity &- 1 : index &- 1
        }
        guard used >= Self.minimumSampleCount, newestTime - previous >= Self.minimumTimeSpan else { return (0, 0) }

        let n = Double(used)
        let meanT = sumT / n, meanX = sumX / n, meanY = sumY / n
        var covarianceX = 0.0, covarianceY = 0.0, variance = 0.0
        index = newest
        for _ in 0..<used {
            let t = timeBase[index] - newestTime - meanT
            covarianceX += t * (xBase[index] - meanX)
            covarianceY += t * (yBase[index] - meanY)
            variance += t * t
            index = index == 0 ? capacity &- 1 : index &- 1
        }
        guard variance > 0 else { return (0, 0) }
        let slopeX = covarianceX / variance, slopeY = covarianceY / variance
        return (slopeX.isFinite ? slopeX : 0, slopeY.isFinite ? slopeY : 0)
    }

    // MARK: Rollback

    /// Writes the ring as it stands (the samples fill its first `count`
    /// places, the newest at `newest`), for a recognizer's
    /// ``GestureRecognizer/saveState(to:)``; the settings are not written.
    public func save(to writer: inout RecognizerStateWriter) {
        writer.write(count)
        writer.write(newest)
        // In bulk, through spans: subscripting the inline arrays one
        // sample at a time copied each whole (memcpy) on every read, 40 %
        // of a scene's capture.
        writer.write(bitsOf: times.span, count: count)
        writer.write(bitsOf: values.span, count: count)
    }

    /// What ``save(to:)`` does, on the tracker where it is stored: the
    /// built-in recognizers call this one. Called on a class's stored
    /// property, a non-mutating method is handed a copy of the whole tracker
    /// (two 20-sample rings), and reading the rings' span copies them again;
    /// in place, neither is copied. Mutates nothing.
    mutating func saveInPlace(to writer: inout RecognizerStateWriter) {
        writer.write(count)
        writer.write(newest)
        // Through pointers rather than spans: a span, and the closure that
        // lends its memory, cost more than the copy of a few samples.
        let bytes = min(max(count, 0), Self.capacity) * MemoryLayout<Double>.stride
        withUnsafeBytes(of: &times) { writer.write(bitsOf: UnsafeRawBufferPointer(rebasing: $0[..<bytes])) }
        withUnsafeBytes(of: &values) { writer.write(bitsOf: UnsafeRawBufferPointer(rebasing: $0[..<bytes])) }
    }

    /// Reads back what ``save(to:)`` wrote: the same ring, place for place,
    /// so the same velocities. A mismatched snapshot (a count beyond the
    /// capacity) leaves the ring empty, and its words unread, which the
    /// scene reports as a ``Diagnostic/Problem/snapshotMismatch``.
    public mutating func restore(from reader: inout RecognizerStateReader) {
        let written = reader.readInt()
        let newestWritten = reader.readInt()
        let valid = (0...Self.capacity).contains(written) && (0..<Self.capacity).contains(newestWritten)
        let samples = valid ? written : 0
        // In bulk, straight into the rings, as they were written.
        let bytes = samples * MemoryLayout<Double>.stride
        withUnsafeMutableBytes(of: &times) { reader.read(bitsInto: UnsafeMutableRawBufferPointer(rebasing: $0[..<bytes])) }
        withUnsafeMutableBytes(of: &values) { reader.read(bitsInto: UnsafeMutableRawBufferPointer(rebasing: $0[..<bytes])) }
        count = valid ? written : 0
        newest = valid ? newestWritten : 0
    }
}
