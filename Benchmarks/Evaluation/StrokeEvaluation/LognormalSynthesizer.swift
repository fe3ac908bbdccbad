import Foundation
import Tactile
import TactileTestSupport

// A held-out family of simulated writers for the stroke evaluation, built on
// a different model of the hand than StrokeSynthesizer, so that a result
// fitted to that generator's assumptions shows here. Nothing is tuned on it:
// no template, unit, threshold or matching parameter was chosen by looking at
// its figures (`writers=lognormal`, `rejection lognormal`, `rotation lognormal`).
//
// The model is the kinematic theory of rapid human movements (Plamondon's
// sigma-lognormal model, as used to synthesize stroke gestures by Leiva,
// Martín-Albo and Plamondon, "Gestures à Go Go", ACM TIST 2016): a stroke is
// the vector sum of a few overlapping movements ("pulses"), each with a
// lognormal speed profile
//
//     |v(t)| = D / (σ √(2π) (t − t0)) · exp(−(ln(t − t0) − μ)² / (2σ²))
//
// along a circular arc whose direction turns from θs to θe in step with the
// distance covered. What the other generator draws as separate habits comes
// out of this one by itself:
// - corners are cut because the next pulse starts before the last has ended
//   (more the more fluent the writer: the onsets' spacing);
// - speed rises and falls within each pulse, so a device sampling at a fixed
//   rate reports points far apart mid-segment and bunched at corners and ends;
// - each drawing's errors in each pulse's length and direction add up along
//   the stroke, so a closed shape ends beside its start (a gap or an overrun)
//   and a stroke drifts, without a separate closure rule.
// The pulses come from the shapes' pen paths (`StrokeShape.penPath`, the only
// thing shared with StrokeSynthesizer): one straight pulse between corners,
// one arc per ≤ 100° of a smooth run's turning.
//
// The per-drawing variability is of the order GATO perturbs the parameters
// (a few percent in amplitude, a few degrees in direction, about 0.1 in μ and
// 10% in σ), the time scales those of hand strokes (μ −2.1…−1.3, so a pulse's
// median time is 120–270 ms; σ 0.2–0.4); the ranges here are chosen from those
// orders of magnitude, not copied from one table. They are not fitted to
// human recordings (GATO fits its model to each person's gestures), so this
// family's spread within a writer may be larger than people's: with one
// template per shape it scores about 94% user-dependent, where the
// $-family papers report about 97–99% on their human sets. It is a second
// opinion on robustness, not a stand-in for human data.

/// One simulated writer of the lognormal family: a seed gives the same habits.
struct LognormalWriter {
    /// Size of a drawing, in window points.
    var size: Double
    var aspect: Double
    var slant: Double
    var tilt: Double
    /// A pulse's log time scale for a movement across the whole unit square.
    var mu: Double
    var sigma: Double
    /// Onset spacing of consecutive pulses in units of the earlier one's
    /// median time: small cuts corners (fluent), large stops at them.
    var onsetSpacing: Double
    /// Per drawing: relative spread of each pulse's length, of its direction
    /// (radians), of its arc's turning (radians).
    var lengthSpread: Double
    var directionSpread: Double
    var arcSpread: Double
    /// How far this writer's own version of each key point lies from the
    /// book's (a personal, lasting distortion), as a fraction of the size.
    var personalDistortion: Double
    /// The device: reports per second, noise and whether it rounds to whole points.
    var sampleRate: Double
    var noise: Double
    var roundsToWholePoints: Bool
    var reordersStrokes: Bool
    var reversesStrokes: Bool
    /// The chance that the pen rests a few reports at a stroke's start or end.
    var dwellChance: Double
    let seed: UInt64

    init(seed: UInt64) {
        self.seed = seed
        var random = SplitMix64(seed: seed ^ 0x106_A0B1_5EED)
        func uniform(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + (range.upperBound - range.lowerBound) * Double(random.next() >> 11) / Double(1 << 53)
        }
        size = uniform(50...260)
        aspect = exp(uniform(log(0.6)...log(1.6)))
        slant = uniform(-0.25...0.25)
        tilt = uniform(-0.17...0.17)
        mu = uniform(-2.1 ... -1.3)
        sigma = uniform(0.2...0.4)
        onsetSpacing = uniform(0.45...1.6)
        lengthSpread = uniform(0.03...0.1)
        directionSpread = uniform(0.02...0.07)
        arcSpread = uniform(0.05...0.2)
        personalDistortion = uniform(0.0...0.05)
        sampleRate = [60.0, 90, 120, 125, 200][Int(uniform(0...4.999))]
        noise = uniform(0.1...1.2)
        roundsToWholePoints = uniform(0...1) < 0.5
        reordersStrokes = uniform(0...1) < 0.3
        reversesStrokes = uniform(0...1) < 0.3
        dwellChance = uniform(0...0.5)
    }
}

/// One movement of the pen: from wherever the earlier pulses left it, a
/// displacement of `chord` along an arc turning by `arc` radians.
struct LognormalPulse {
    var chord: Point
    var arc: Double
    var onset: Double
    var mu: Double
    var sigma: Double

    /// The fraction of the movement done at time `t` (the lognormal's CDF).
    func progress(at t: Double) -> Double {
        let elapsed = t - onset
        guard elapsed > 0 else { return 0 }
        return 0.5 * (1 + erf((log(elapsed) - mu) / (sigma * 2.0.squareRoot())))
    }

    /// The displacement after `fraction` of the movement.
    func displacement(_ fraction: Double) -> Point {
        guard abs(arc) > 1e-6 else { return Point(x: chord.x * fraction, y: chord.y * fraction) }
        let chordLength = (chord.x * chord.x + chord.y * chord.y).squareRoot()
        let length = chordLength * (arc / 2) / sin(arc / 2)
        let radius = length / arc
        let start = atan2(chord.y, chord.x) - arc / 2
        let angle = start + arc * fraction
        return Point(x: radius * (sin(angle) - sin(start)), y: radius * (cos(start) - cos(angle)))
    }
}

struct LognormalSynthesizer {
    private var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed ^ 0x51_6A_0106) }

    private mutating func uniform() -> Double { Double(random.next() >> 11) / Double(1 << 53) }

    private mutating func gaussian() -> Double {
        let u = max(uniform(), 1e-12), v = uniform()
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }

    /// One drawing of `shape` by `writer`, turned by `rotation` about its centre.
    mutating func drawing(of shape: StrokeShape, by writer: LognormalWriter, rotation: Double = 0) -> [[Point]] {
        // The writer's own version of the shape: each key point moved by a
        // lasting offset (the same for every drawing of this shape by this writer).
        var personal = SplitMix64(seed: writer.seed &* 0x2545_F491_4F6C_DD1D ^ UInt64(StrokeShape.allCases.firstIndex(of: shape)!))
        func personalGaussian() -> Double {
            let u = max(Double(personal.next() >> 11) / Double(1 << 53), 1e-12), v = Double(personal.next() >> 11) / Double(1 << 53)
            return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
        }
        let book = shape.penPath
        var plans = book.map { stroke in
            keyPoints(stroke).map { key in
                (point: Point(x: key.point.x + personalGaussian() * writer.personalDistortion,
                              y: key.point.y + personalGaussian() * writer.personalDistortion), arc: key.arc)
            }
        }
        // Stroke order and direction.
        if plans.count > 1, writer.reordersStrokes != (uniform() < 0.15) { plans.reverse() }
        if writer.reversesStrokes != (uniform() < 0.1) {
            plans = plans.map { plan in
                // Reversed: the same points the other way, each arc turning the other way.
                var reversed: [(point: Point, arc: Double)] = []
                for index in plan.indices.reversed() {
                    reversed.append((plan[index].point, index + 1 < plan.count ? -plan[index + 1].arc : 0))
                }
                return reversed
            }
        }
        let size = writer.size * (1 + gaussian() * 0.08)
        let aspect = writer.aspect * (1 + gaussian() * 0.04)
        let angle = rotation + writer.tilt + gaussian() * 0.04
        let c = cos(angle), s = sin(angle)
        func place(_ point: Point) -> Point {
            let x0 = (point.x - 0.5) * aspect + (point.y - 0.5) * writer.slant, y0 = point.y - 0.5
            return Point(x: 300 + (x0 * c - y0 * s) * size, y: 300 + (x0 * s + y0 * c) * size)
        }
        return plans.map { plan in
            // The pen lands near the planned start (the later strokes of a
            // multistroke shape are placed by eye, so off by a little more).
            let start = Point(x: plan[0].point.x + gaussian() * 0.015, y: plan[0].point.y + gaussian() * 0.015)
            let trajectory = movements(from: start, through: plan, writer: writer)
            return sampled(trajectory.map(place), writer: writer)
        }
    }

    /// A scribble of `kind` drawn by the same model: random targets, random arcs.
    mutating func scribble(_ kind: StrokeScribble, by writer: LognormalWriter) -> [[Point]] {
        func randomPoint() -> Point { Point(x: uniform(), y: uniform()) }
        var plans: [[(point: Point, arc: Double)]]
        switch kind {
        case .polyline:
            plans = [(0..<(5 + Int(uniform() * 4))).map { _ in (randomPoint(), (uniform() - 0.5) * 0.6) }]
        case .curve:
            plans = [(0..<(5 + Int(uniform() * 5))).map { _ in (randomPoint(), (uniform() - 0.5) * 3) }]
        case .spiral:
            let turns = 1.5 + uniform() * 1.5, direction = uniform() < 0.5 ? -1.0 : 1.0
            let start = uniform() * 2 * .pi, count = Int(turns * 4)
            plans = [(0...count).map { index in
                let t = Double(index) / Double(count), radius = 0.08 + 0.42 * t
                let a = start + direction * 2 * .pi * turns * t
                return (Point(x: 0.5 + radius * cos(a), y: 0.5 + radius * sin(a)), index == 0 ? 0 : direction * .pi / 2)
            }]
        case .strokes:
            plans = (0..<(2 + Int(uniform() * 2))).map { _ in [(randomPoint(), 0), (randomPoint(), (uniform() - 0.5) * 0.6)] }
        }
        let size = writer.size * (1 + gaussian() * 0.08)
        let aspect = writer.aspect * exp(gaussian() * 0.3)
        return plans.map { plan in
            movements(from: plan[0].point, through: plan, writer: writer).map {
                Point(x: 300 + ($0.x - 0.5) * size * aspect, y: 300 + ($0.y - 0.5) * size)
            }
        }.map { sampled($0, writer: writer) }
    }

    // MARK: Pieces

    /// The key points of a pen path and the turning of the arc that reaches
    /// each (0 for the first): every corner (a turn of more than 35°) ends a
    /// straight pulse, and a smooth run is cut where its curvature changes
    /// and into arcs of at most 100°.
    private func keyPoints(_ path: [Point]) -> [(point: Point, arc: Double)] {
        guard path.count > 2 else { return path.map { ($0, 0) } }
        func turn(_ k: Int) -> Double {
            let ax = path[k].x - path[k - 1].x, ay = path[k].y - path[k - 1].y
            let bx = path[k + 1].x - path[k].x, by = path[k + 1].y - path[k].y
            return atan2(ax * by - ay * bx, ax * bx + ay * by)
        }
        var keys: [(point: Point, arc: Double)] = [(path[0], 0)]
        var turning = 0.0
        for k in 1..<path.count {
            if k == path.count - 1 {
                keys.append((path[k], turning))
                break
            }
            let t = turn(k)
            if abs(t) > 35 * .pi / 180 {
                keys.append((path[k], turning))
                turning = 0
            } else if k > 1, abs(t - turn(k - 1)) > 8 * .pi / 180 {
                // Where the curvature changes (a straight run meeting a
                // loop), a new movement starts: one arc cannot draw both.
                keys.append((path[k], turning + t / 2))
                turning = t / 2
            } else {
                turning += t / 2
                if abs(turning) >= 100 * .pi / 180 {
                    keys.append((path[k], turning))
                    turning = t / 2
                } else {
                    turning += t / 2
                }
            }
        }
        return keys
    }

    /// The pen's path through `plan` at the writer's kinematics, as the
    /// device reports it (at its rate, from a random phase), in the unit
    /// square; perhaps with a rest at either end. The pen lifts once the last
    /// movement is all but over (its 2.3σ point, 99% done).
    private mutating func movements(from start: Point, through plan: [(point: Point, arc: Double)], writer: LognormalWriter) -> [Point] {
        var pulses: [LognormalPulse] = []
        var onset = 0.0
        for index in plan.indices.dropFirst() {
            let from = plan[index - 1].point, to = plan[index].point
            var dx = to.x - from.x, dy = to.y - from.y
            let length = max(1e-6, (dx * dx + dy * dy).squareRoot())
            // This drawing's errors in the movement's length and direction.
            let scale = 1 + gaussian() * writer.lengthSpread, turn = gaussian() * writer.directionSpread
            (dx, dy) = ((dx * cos(turn) - dy * sin(turn)) * scale, (dx * sin(turn) + dy * cos(turn)) * scale)
            // Longer movements take longer (time grows about as the square
            // root of the amplitude).
            let mu = writer.mu + 0.5 * log(length) + gaussian() * 0.1
            let sigma = max(0.1, writer.sigma * (1 + gaussian() * 0.1))
            pulses.append(LognormalPulse(chord: Point(x: dx, y: dy), arc: plan[index].arc + gaussian() * writer.arcSpread,
                                         onset: onset, mu: mu, sigma: sigma))
            onset += writer.onsetSpacing * exp(mu) * max(0.3, 1 + gaussian() * 0.15)
        }
        guard let end = pulses.map({ $0.onset + exp($0.mu + 2.3 * $0.sigma) }).max() else { return [start] }
        var points: [Point] = []
        let period = 1 / writer.sampleRate
        var t = uniform() * period
        while true {
            let time = min(t, end)
            var x = start.x, y = start.y
            for pulse in pulses {
                let d = pulse.displacement(pulse.progress(at: time))
                x += d.x
                y += d.y
            }
            points.append(Point(x: x, y: y))
            if t >= end { break }
            t += period
        }
        if uniform() < writer.dwellChance { points.insert(contentsOf: Array(repeating: points[0], count: 1 + Int(uniform() * 4)), at: 0) }
        if uniform() < writer.dwellChance { points.append(contentsOf: Array(repeating: points[points.count - 1], count: 1 + Int(uniform() * 4))) }
        return points
    }

    /// The reported points in window points, with the device's noise.
    private mutating func sampled(_ points: [Point], writer: LognormalWriter) -> [Point] {
        return points.map { point in
            let x = point.x + gaussian() * writer.noise, y = point.y + gaussian() * writer.noise
            return writer.roundsToWholePoints ? Point(x: x.rounded(), y: y.rounded()) : Point(x: x, y: y)
        }
    }
}
