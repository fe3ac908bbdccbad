import Foundation
import Tactile

/// Accelerometer recordings of a hand-held device, made up: shakes and the
/// movements a shake detector must not take for one, for tests and for the
/// shake evaluation (`scripts/evaluate-shake`).
///
/// Each recording is the device's path in the world (position and turn over
/// time) read as an accelerometer reads it: gravity plus the hand's
/// acceleration, in the device's axes, in g with the guide's sign (a device
/// lying face up reads (0, 0, −1)), with the sensor's noise, bias, scale
/// error, range and rate. The device may be held in any orientation.
///
/// | kind | the hand's path |
/// |---|---|
/// | ``Kind/shake`` | strokes back and forth along one direction, each a minimum-jerk stroke, 2–8 reversals at 3–8 Hz (0.3–1.5 s); strokes vary in length, time and direction; the wrist may turn with them |
/// | ``Kind/longShake`` | the same, 1–3 s |
/// | ``Kind/move`` | one minimum-jerk move (Flash and Hogan 1985) of 0.2–1 s in any direction, up to about 3 g, often overshooting and coming back, sometimes with a corrective sub-movement, sometimes ringing at the stop (the arm's spring, 4–8 Hz, damped), the wrist turning a little |
/// | ``Kind/circle`` | one or two turns around a circle of 5–25 cm, 0.6–1.5 s a turn, starting and stopping at rest |
/// | ``Kind/pickUp`` | lifted 5–40 cm from lying still in 0.3–1 s while turned 20–80° towards the player, or put down the same way |
///
/// None of it was recorded from a person: the shapes are the textbook ones
/// (minimum jerk for reaches, strokes for shakes), and the ranges are
/// chosen wide rather than typical. A detector tuned to these should also be
/// tried on real recordings.
///
/// ```swift
/// var synthesizer = MotionSynthesizer(seed: 7)
/// let recording = synthesizer.recording(of: .move)
/// for reading in recording.readings { detector.add(reading.acceleration, at: reading.time) }
/// ```
public struct MotionSynthesizer {
    /// What the hand does.
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        case shake, longShake, move, circle, pickUp

        /// Whether a shake detector should report it as a shake.
        public var isShake: Bool { self == .shake || self == .longShake }
    }

    /// One accelerometer reading.
    public struct Reading: Hashable, Sendable {
        /// Seconds from the start of the recording.
        public var time: Double
        /// In g, gravity included, the guide's sign and the device's axes.
        public var acceleration: Vector3

        public init(time: Double, acceleration: Vector3) {
            self.time = time
            self.acceleration = acceleration
        }
    }

    /// One made-up recording.
    public struct Recording: Sendable {
        public var kind: Kind
        /// The readings, at rest for a while before and after the motion.
        public var readings: [Reading]
        /// When the hand starts and stops moving, in seconds.
        public var motionStart: Double
        public var motionEnd: Double
        /// For shakes, the reversals of the hand's direction; 0 otherwise.
        public var reversals: Int
        /// The largest acceleration the hand gives the device, in g.
        public var peakAcceleration: Double

        public var motionDuration: Double { motionEnd - motionStart }
    }

    private var random: SplitMix64

    public init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// A recording of `kind`, with a sensor of its own (rate, noise, range)
    /// and the device held in an orientation of its own.
    public mutating func recording(of kind: Kind) -> Recording {
        let start = uniform(0.4, 1.0)
        let path: Path
        switch kind {
        case .shake: path = shake(longerThan: 0.3, shorterThan: 1.5, start: start)
        case .longShake: path = shake(longerThan: 1, shorterThan: 3, start: start)
        case .move: path = move(start: start)
        case .circle: path = circle(start: start)
        case .pickUp: path = pickUp(start: start)
        }
        let sensor = Sensor(
            interval: [0.01, 0.01, 0.01, 0.02, 0.005][random.below(5)],
            noise: uniform(0.003, 0.03), bias: randomDirection() * uniform(0, 0.04),
            scale: uniform(0.97, 1.03), range: [3.0, 4, 8, 16][random.below(4)], jitter: uniform(0, 0.002))
        let end = path.end + uniform(1.0, 1.5)
        var readings: [Reading] = []
        var time = 0.0
        var peak = 0.0
        while time <= end {
            let sampleTime = time + gaussian() * sensor.jitter * 0.3
            let turn = path.turn(sampleTime)
            let hand = path.acceleration(sampleTime)
            peak = max(peak, hand.length)
            // What the accelerometer reads, in the world: gravity less the
            // hand's acceleration (g, the guide's sign); then in the device's
            // axes, scaled, biased, noisy and clipped to its range.
            let world = Vector3(x: 0, y: 0, z: -1) - hand / SensorSample.standardGravity
            let device = turn.conjugate.rotate(world)
            var reading = device * sensor.scale + sensor.bias
                + Vector3(x: gaussian(), y: gaussian(), z: gaussian()) * sensor.noise
            reading = Vector3(x: clip(reading.x, sensor.range), y: clip(reading.y, sensor.range), z: clip(reading.z, sensor.range))
            readings.append(Reading(time: time, acceleration: reading))
            time += sensor.interval
        }
        return Recording(
            kind: kind, readings: readings, motionStart: start, motionEnd: path.end,
            reversals: path.reversals, peakAcceleration: peak / SensorSample.standardGravity)
    }

    // MARK: Paths

    /// A hand's path: segments of minimum-jerk motion of position (metres)
    /// and of the device's turn, one after another.
    private struct Path {
        struct Segment {
            var start: Double, duration: Double
            var from: Vector3, to: Vector3
        }
        /// The device's orientation when the motion starts (device to world).
        var base: Quaternion
        var moves: [Segment] = []
        /// Turns about `turnAxis` (device axes), as rotation vectors' lengths in radians.
        var turnAxis = Vector3(x: 1, y: 0, z: 0)
        var turns: [Segment] = []
        /// A damped oscillation added to the position after `ringStart`.
        var ring: (start: Double, direction: Vector3, amplitude: Double, frequency: Double, damping: Double)?
        /// A circle instead of moves: centre, two axes, radius, angle profile.
        var circle: (axes: (Vector3, Vector3), radius: Double, angle: Segment)?
        var reversals = 0

        var end: Double {
            let last = [moves.last.map { $0.start + $0.duration }, turns.last.map { $0.start + $0.duration },
                        circle.map { $0.angle.start + $0.angle.duration },
                        ring.map { $0.start + 3 / ($0.damping * 2 * .pi * $0.frequency) }].compactMap { $0 }
            return last.max() ?? 0
        }

        func position(_ t: Double) -> Vector3 {
            var p = Vector3.zero
            for segment in moves { p += Self.minimumJerk(segment, t) }
            if let ring, t > ring.start {
                let s = t - ring.start, w = 2 * .pi * ring.frequency
                p += ring.direction * (ring.amplitude * exp(-ring.damping * w * s) * sin(w * s))
            }
            if let circle {
                let angle = Self.minimumJerk(circle.angle, t).x
                p += circle.axes.0 * (circle.radius * (cos(angle) - 1)) + circle.axes.1 * (circle.radius * sin(angle))
            }
            return p
        }

        /// The device's orientation at `t`, device to world.
        func turn(_ t: Double) -> Quaternion {
            var angle = 0.0
            for segment in turns { angle += Self.minimumJerk(segment, t).x }
            return base * Quaternion(axis: turnAxis, angle: angle)
        }

        /// The hand's acceleration in the world, m/s², by central differences
        /// of the path (the path is smooth, so a millisecond step is exact enough).
        func acceleration(_ t: Double) -> Vector3 {
            let h = 0.001
            return (position(t + h) - position(t) * 2 + position(t - h)) / (h * h)
        }

        /// The part of a minimum-jerk segment's displacement done by `t`:
        /// 10s³ − 15s⁴ + 6s⁵ of the way.
        static func minimumJerk(_ segment: Segment, _ t: Double) -> Vector3 {
            let s = min(1, max(0, (t - segment.start) / segment.duration))
            let fraction = s * s * s * (10 - 15 * s + 6 * s * s)
            return (segment.to - segment.from) * fraction
        }
    }

    /// Back-and-forth strokes, each a minimum-jerk move; starts and ends at rest.
    private mutating func shake(longerThan shortest: Double, shorterThan longest: Double, start: Double) -> Path {
        var path = Path(base: randomOrientation())
        var reversals = 0, frequency = 0.0, duration = 0.0
        repeat {
            frequency = uniform(3, 8)
            reversals = longest > 2 ? Int((uniform(shortest, longest) * 2 * frequency).rounded()) - 1 : 2 + random.below(7)
            duration = Double(reversals + 1) / (2 * frequency)
        } while duration < shortest || duration > longest || reversals < 2
        // Peak acceleration of a stroke of length L in time T is 5.77 L/T²;
        // a shake peaks between about 1.2 and 5 g.
        let strokeTime = 1 / (2 * frequency)
        let peak = uniform(1.2, 5) * SensorSample.standardGravity
        let amplitude = peak * strokeTime * strokeTime / 5.77 / 2
        let axis = randomDirection()
        var time = start
        var previous = Vector3.zero
        for stroke in 0...reversals {
            let side: Double = stroke % 2 == 0 ? 1 : -1
            let wobble = randomDirection() * uniform(0, 0.25)
            let target = stroke == reversals
                ? Vector3.zero
                : ((axis + wobble).normalized ?? axis) * (side * amplitude * uniform(0.75, 1.25))
            let length = strokeTime * uniform(0.85, 1.15) * (stroke == 0 || stroke == reversals ? 0.7 : 1)
            path.moves.append(.init(start: time, duration: length, from: previous, to: target))
            previous = target
            time += length
        }
        // Often the wrist turns with the strokes, which swings gravity.
        if uniform(0, 1) < 0.6 {
            path.turnAxis = randomDirection()
            let turn = uniform(0.1, 0.5)
            var turnTime = start
            var previousTurn = 0.0
            for segment in path.moves {
                let target = segment.to.length == 0 ? 0 : (segment.to.dot(axis) > 0 ? turn : -turn)
                path.turns.append(.init(start: turnTime, duration: segment.duration,
                                        from: Vector3(x: previousTurn, y: 0, z: 0), to: Vector3(x: target, y: 0, z: 0)))
                previousTurn = target
                turnTime += segment.duration
            }
        }
        path.reversals = reversals
        return path
    }

    /// One reach, perhaps overshooting and coming back, perhaps ringing.
    private mutating func move(start: Double) -> Path {
        var path = Path(base: randomOrientation())
        let duration = uniform(0.2, 1)
        // Distance for a peak of 0.3–3 g: peak = 5.77 D / T².
        let peak = uniform(0.3, 3) * SensorSample.standardGravity
        let distance = min(0.8, peak * duration * duration / 5.77)
        let direction = randomDirection()
        let target = direction * distance
        let overshoot = uniform(0, 1) < 0.7 ? uniform(0.02, 0.2) : 0
        path.moves.append(.init(start: start, duration: duration, from: .zero, to: target * (1 + overshoot)))
        var end = start + duration
        if overshoot > 0 {
            let back = duration * uniform(0.3, 0.8)
            path.moves.append(.init(start: end, duration: back, from: .zero, to: -target * overshoot))
            end += back
        }
        if uniform(0, 1) < 0.3 {
            // A corrective sub-movement, as reaches often end with.
            let correction = duration * uniform(0.25, 0.6)
            path.moves.append(.init(start: end - correction * uniform(0, 0.5), duration: correction, from: .zero,
                                    to: randomDirection() * (distance * uniform(0.05, 0.25))))
            end = max(end, path.moves.last!.start + correction)
        }
        if uniform(0, 1) < 0.4 {
            path.ring = (end - duration * 0.1, direction, distance * uniform(0.01, 0.05), uniform(4, 8), uniform(0.15, 0.5))
        }
        if uniform(0, 1) < 0.7 {
            path.turnAxis = randomDirection()
            path.turns.append(.init(start: start, duration: duration, from: .zero, to: Vector3(x: uniform(-0.35, 0.35), y: 0, z: 0)))
        }
        return path
    }

    /// One or two turns around a circle, from rest to rest.
    private mutating func circle(start: Double) -> Path {
        var path = Path(base: randomOrientation())
        let first = randomDirection()
        let second = (first.cross(randomDirection()).normalized) ?? Vector3(x: 0, y: 0, z: 1)
        let turns = Double(1 + random.below(2))
        let duration = uniform(0.6, 1.5) * turns
        let radius = uniform(0.05, 0.25)
        path.circle = ((first, second), radius, .init(
            start: start, duration: duration, from: .zero, to: Vector3(x: 2 * .pi * turns * (uniform(0, 1) < 0.5 ? 1 : -1), y: 0, z: 0)))
        return path
    }

    /// Lifted from lying still and turned towards the player, or the reverse.
    private mutating func pickUp(start: Double) -> Path {
        // Lying face up or face down, turned any way about the vertical.
        let yaw = Quaternion(axis: Vector3(x: 0, y: 0, z: 1), angle: uniform(0, 2 * .pi))
        let lying = uniform(0, 1) < 0.8 ? yaw : yaw * Quaternion(axis: Vector3(x: 1, y: 0, z: 0), angle: .pi)
        let duration = uniform(0.3, 1)
        let lift = Vector3(x: uniform(-0.05, 0.05), y: uniform(-0.05, 0.05), z: uniform(0.05, 0.4))
        let angle = uniform(0.35, 1.4)
        let putDown = uniform(0, 1) < 0.3
        var path = Path(base: putDown ? lying * Quaternion(axis: Vector3(x: 1, y: 0, z: 0), angle: angle) : lying)
        path.turnAxis = Vector3(x: 1, y: 0, z: 0)
        path.moves.append(.init(start: start, duration: duration, from: .zero, to: putDown ? -lift : lift))
        path.turns.append(.init(start: start, duration: duration * uniform(0.8, 1.2), from: .zero,
                                to: Vector3(x: putDown ? -angle : angle, y: 0, z: 0)))
        return path
    }

    // MARK: The sensor

    private struct Sensor {
        var interval: Double, noise: Double, bias: Vector3, scale: Double, range: Double, jitter: Double
    }

    private func clip(_ value: Double, _ range: Double) -> Double { min(range, max(-range, value)) }

    // MARK: Randomness

    private mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * Double(random.next() >> 11) / Double(1 << 53)
    }

    private mutating func gaussian() -> Double {
        let u = max(uniform(0, 1), .leastNonzeroMagnitude), v = uniform(0, 1)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }

    private mutating func randomDirection() -> Vector3 {
        while true {
            let v = Vector3(x: uniform(-1, 1), y: uniform(-1, 1), z: uniform(-1, 1))
            let length = v.length
            if length > 0.1, length <= 1 { return v / length }
        }
    }

    private mutating func randomOrientation() -> Quaternion {
        Quaternion(axis: randomDirection(), angle: uniform(0, .pi))
    }
}
