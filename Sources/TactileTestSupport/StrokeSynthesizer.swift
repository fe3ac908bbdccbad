import Foundation
import Tactile

/// Draws shapes the way different people would, for tests and for the
/// stroke evaluation: a pen path per shape, bent by a writer's habits and
/// by the wobble of each drawing.
///
/// No human drew these. The variation is modelled on what the $-family
/// papers describe in their recorded sets: writers differ in size, slant,
/// proportions, speed (so point spacing), stroke order and direction, and
/// how far they overshoot or stop short of a corner; each drawing adds its
/// own unsteadiness of the corners and jitter of the points. A writer is a
/// seed, so the same writer draws alike from run to run.
///
/// ```swift
/// var synthesizer = StrokeSynthesizer(seed: 7)
/// let writer = StrokeWriter(seed: 42)
/// let star = synthesizer.drawing(of: .star, by: writer)
/// ```
public struct StrokeSynthesizer {
    private var random: SplitMix64

    public init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// One drawing of `shape` by `writer`, turned by `rotation` radians
    /// about its centre, in window points around (300, 300).
    public mutating func drawing(of shape: StrokeShape, by writer: StrokeWriter, rotation: Double = 0) -> [[Point]] {
        var strokes = shape.penPath
        // The drawing's own unsteadiness: each key point off by a few percent.
        let wobble = writer.shapeWobble
        strokes = strokes.map { stroke in
            stroke.map { Point(x: $0.x + gaussian() * wobble, y: $0.y + gaussian() * wobble) }
        }
        // Habits: stroke order and direction.
        if strokes.count > 1, writer.reordersStrokes || uniform() < 0.15 { strokes.reverse() }
        if writer.reversesStrokes != (uniform() < 0.1) { strokes = strokes.map { $0.reversed() } }
        // Overshoot or stop short at each stroke's ends.
        strokes = strokes.map { extend($0, by: writer.overshoot + gaussian() * 0.03) }
        // Proportions, slant and size, then the turn.
        let size = writer.size * (1 + gaussian() * 0.1)
        let aspect = writer.aspect * (1 + gaussian() * 0.05)
        let angle = rotation + writer.tilt + gaussian() * 0.03
        let c = cos(angle), s = sin(angle)
        let placed = strokes.map { stroke in
            stroke.map { point -> Point in
                let x0 = (point.x - 0.5) * aspect + (point.y - 0.5) * writer.slant
                let y0 = point.y - 0.5
                let x = (x0 * c - y0 * s) * size, y = (x0 * s + y0 * c) * size
                return Point(x: 300 + x, y: 300 + y)
            }
        }
        // Sampled as a pointer reports it, at the writer's speed, with jitter.
        return placed.map { sample($0, spacing: writer.pointSpacing * (0.7 + 0.6 * uniform()), jitter: writer.jitter) }
    }

    /// A drawing that is none of the shapes, of a random ``StrokeScribble``
    /// kind, placed and sampled as a writer's would be.
    public mutating func scribble() -> [[Point]] {
        scribble(StrokeScribble.allCases[Int(uniform() * Double(StrokeScribble.allCases.count))])
    }

    /// A drawing of `kind` that is none of the shapes, at a random size
    /// (60 to 220 points, as writers draw), proportion, speed and jitter.
    /// `habits` gives the ranges of proportion, speed and jitter, as for
    /// writers.
    public mutating func scribble(_ kind: StrokeScribble, habits: StrokeHabits = .usual) -> [[Point]] {
        var strokes: [[Point]]
        func randomPoint() -> Point { Point(x: uniform(), y: uniform()) }
        switch kind {
        case .polyline:
            strokes = [(0..<(4 + Int(uniform() * 4))).map { _ in randomPoint() }]
        case .curve:
            strokes = [smooth((0..<(4 + Int(uniform() * 5))).map { _ in randomPoint() })]
        case .spiral:
            let turns = 1.5 + uniform() * 1.5
            let inner = uniform() * 0.15
            let start = uniform() * 2 * Double.pi
            let direction = uniform() < 0.5 ? -1.0 : 1.0
            let count = Int(turns * 24)
            strokes = [(0...count).map { index in
                let t = Double(index) / Double(count)
                let radius = inner + (0.5 - inner) * t
                let angle = start + direction * 2 * Double.pi * turns * t
                return Point(x: 0.5 + radius * cos(angle), y: 0.5 + radius * sin(angle))
            }]
        case .strokes:
            strokes = (0..<(2 + Int(uniform() * 2))).map { _ in [randomPoint(), randomPoint()] }
        }
        let size = 60 + uniform() * 160
        let aspect = habits.aspect(uniform())
        let spacing = habits.pointSpacing.lowerBound + uniform() * (habits.pointSpacing.upperBound - habits.pointSpacing.lowerBound)
        let jitter = habits.jitter.lowerBound + uniform() * (habits.jitter.upperBound - habits.jitter.lowerBound)
        return strokes.map { stroke in
            sample(stroke.map { Point(x: 300 + ($0.x - 0.5) * size * aspect, y: 300 + ($0.y - 0.5) * size) },
                   spacing: spacing * (0.7 + 0.6 * uniform()), jitter: jitter)
        }
    }

    // MARK: Pieces

    private mutating func uniform() -> Double {
        Double(random.next() >> 11) / Double(1 << 53)
    }

    /// A standard normal number (Box–Muller).
    private mutating func gaussian() -> Double {
        let u = max(uniform(), 1e-12), v = uniform()
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }

    /// The stroke with its first and last segments lengthened (or, for a
    /// negative fraction, shortened) by `fraction` of their length.
    private func extend(_ stroke: [Point], by fraction: Double) -> [Point] {
        guard stroke.count >= 2 else { return stroke }
        var result = stroke
        let a = stroke[0], b = stroke[1]
        result[0] = Point(x: a.x + (a.x - b.x) * fraction, y: a.y + (a.y - b.y) * fraction)
        let y = stroke[stroke.count - 1], x = stroke[stroke.count - 2]
        result[result.count - 1] = Point(x: y.x + (y.x - x.x) * fraction, y: y.y + (y.y - x.y) * fraction)
        return result
    }

    /// Chaikin corner cutting, twice: a hand's path through points.
    private func smooth(_ points: [Point]) -> [Point] {
        var current = points
        for _ in 0..<2 {
            guard current.count > 2 else { return current }
            var next = [current[0]]
            for index in 0..<(current.count - 1) {
                let p = current[index], q = current[index + 1]
                next.append(Point(x: 0.75 * p.x + 0.25 * q.x, y: 0.75 * p.y + 0.25 * q.y))
                next.append(Point(x: 0.25 * p.x + 0.75 * q.x, y: 0.25 * p.y + 0.75 * q.y))
            }
            next.append(current[current.count - 1])
            current = next
        }
        return current
    }

    /// Points along the path about `spacing` apart, slower (closer) near
    /// its ends, each off by `jitter` at random.
    private mutating func sample(_ path: [Point], spacing: Double, jitter: Double) -> [Point] {
        var length = 0.0
        for index in 1..<max(1, path.count) { length += path[index].distance(to: path[index - 1]) }
        guard length > 0 else { return path }
        var result: [Point] = []
        var travelled = 0.0
        var segment = 0
        var segmentStart = 0.0
        while travelled <= length {
            while segment < path.count - 2, segmentStart + path[segment].distance(to: path[segment + 1]) < travelled {
                segmentStart += path[segment].distance(to: path[segment + 1])
                segment += 1
            }
            let p = path[segment], q = path[segment + 1]
            let span = p.distance(to: q)
            let t = span > 0 ? min(1, (travelled - segmentStart) / span) : 0
            result.append(Point(x: p.x + t * (q.x - p.x) + gaussian() * jitter,
                                y: p.y + t * (q.y - p.y) + gaussian() * jitter))
            // A pen speeds up after it starts and slows before it stops.
            let progress = travelled / length
            travelled += spacing * (0.35 + 0.65 * sin(.pi * min(1, max(0.05, progress))))
        }
        let last = path[path.count - 1]
        result.append(Point(x: last.x + gaussian() * jitter, y: last.y + gaussian() * jitter))
        return result
    }
}

/// Kinds of drawing that resemble none of the built-in shapes, for
/// measuring how often a recognizer accepts what it should reject.
///
/// Kept away from what a shape is: a path of two segments (three random
/// points) often is a fair check mark, caret or V, so polylines have three
/// to six segments; two crossing strokes can be a fair X or plus, which is
/// why `strokes` draws two or three and reports are split by kind.
public enum StrokeScribble: String, CaseIterable, Sendable {
    /// Straight segments between 4 to 7 random points, one stroke.
    case polyline
    /// A smooth path through 4 to 8 random points, one stroke.
    case curve
    /// A spiral of 1.5 to 3 turns from near its centre, one stroke.
    case spiral
    /// 2 or 3 straight strokes between random points.
    case strokes
}

/// One simulated writer's habits; the same seed, the same habits.
public struct StrokeWriter: Sendable {
    /// Size of a drawing, in window points.
    public var size: Double
    /// Width relative to height.
    public var aspect: Double
    /// Horizontal shear of the writing (italic lean).
    public var slant: Double
    /// A habitual turn of the whole drawing, in radians.
    public var tilt: Double
    /// How far a drawing's key points wander, as a fraction of its size.
    public var shapeWobble: Double
    /// How far strokes run past their ends (negative: stop short).
    public var overshoot: Double
    /// Distance between reported points at full speed, in window points.
    public var pointSpacing: Double
    /// Jitter of each reported point, in window points.
    public var jitter: Double
    /// Draws multistroke shapes' strokes in the other order.
    public var reordersStrokes: Bool
    /// Draws strokes the other way round.
    public var reversesStrokes: Bool

    /// A writer whose habits are drawn from `habits`' ranges.
    public init(seed: UInt64, habits: StrokeHabits = .usual) {
        var random = SplitMix64(seed: seed ^ 0x5772_17E5)
        func uniform(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + (range.upperBound - range.lowerBound) * Double(random.next() >> 11) / Double(1 << 53)
        }
        size = uniform(60...220)
        aspect = habits.aspect(Double(random.next() >> 11) / Double(1 << 53))
        slant = uniform(-0.2...0.2)
        tilt = uniform(-0.14...0.14)   // ±8°
        shapeWobble = uniform(habits.shapeWobble)
        overshoot = uniform(habits.overshoot)
        pointSpacing = uniform(habits.pointSpacing)
        jitter = uniform(habits.jitter)
        reordersStrokes = uniform(0...1) < 0.3
        reversesStrokes = uniform(0...1) < 0.3
    }
}

/// The ranges simulated writers' habits are drawn from: ``usual``, which
/// made the built-in templates and tuned the rejection, and ``wide``, a
/// second setting that nothing was tuned on, so that a result can be shown
/// not to hold for one set of habits only.
public struct StrokeHabits: Sendable, Hashable {
    /// Width relative to height.
    public var aspectRange: ClosedRange<Double>
    /// Whether the aspect is drawn evenly on a log scale (as wide as tall
    /// is then as likely as as tall as wide), or evenly.
    public var aspectIsLogarithmic: Bool
    /// How far a drawing's key points wander, as a fraction of its size.
    public var shapeWobble: ClosedRange<Double>
    /// How far strokes run past their ends (negative: stop short), as a fraction.
    public var overshoot: ClosedRange<Double>
    /// Distance between reported points at full speed (so speed), in window points.
    public var pointSpacing: ClosedRange<Double>
    /// Jitter of each reported point, in window points.
    public var jitter: ClosedRange<Double>

    /// Aspect 0.75–1.3, spacing 3–22 points, jitter 0.3–2 points, wobble
    /// 2–6%, overshoot −8% to +15%.
    public static let usual = StrokeHabits(aspectRange: 0.75...1.3, aspectIsLogarithmic: false, shapeWobble: 0.02...0.06,
                                           overshoot: -0.08...0.15, pointSpacing: 3...22, jitter: 0.3...2)
    /// Aspect 0.5–2 (log-even), spacing 1.5–40 points (slower and faster
    /// writers), jitter 0.3–4 points, wobble 2–8%, overshoot −12% to +22%.
    public static let wide = StrokeHabits(aspectRange: 0.5...2, aspectIsLogarithmic: true, shapeWobble: 0.02...0.08,
                                          overshoot: -0.12...0.22, pointSpacing: 1.5...40, jitter: 0.3...4)

    public init(aspectRange: ClosedRange<Double>, aspectIsLogarithmic: Bool, shapeWobble: ClosedRange<Double>,
                overshoot: ClosedRange<Double>, pointSpacing: ClosedRange<Double>, jitter: ClosedRange<Double>) {
        self.aspectRange = aspectRange
        self.aspectIsLogarithmic = aspectIsLogarithmic
        self.shapeWobble = shapeWobble
        self.overshoot = overshoot
        self.pointSpacing = pointSpacing
        self.jitter = jitter
    }

    /// The aspect at `fraction` (0..<1) of the range.
    func aspect(_ fraction: Double) -> Double {
        let low = aspectRange.lowerBound, high = aspectRange.upperBound
        return aspectIsLogarithmic ? low * pow(high / low, fraction) : low + (high - low) * fraction
    }
}

/// The shapes of Tactile's built-in set, as pen paths in a unit square
/// (y grows downwards).
public enum StrokeShape: String, CaseIterable, Sendable {
    case line, circle, triangle, rectangle, check, caret, v, zigzag
    case arrow, star, pigtail, leftBracket = "left-bracket", rightBracket = "right-bracket", x, plus, delete

    /// Whether some rotation of it is another shape of the set, so that it
    /// is left out of a set where every template is rotation invariant.
    public var hasRotatedTwin: Bool {
        switch self {
        case .v, .rightBracket, .plus: true   // a turned caret, left bracket, x
        default: false
        }
    }

    /// The strokes of the shape as drawn by the book: key points of each
    /// stroke, in order.
    public var penPath: [[Point]] {
        func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }
        switch self {
        case .line:
            return [[p(0, 0.5), p(1, 0.5)]]
        case .circle:
            return [(0...32).map { index in
                let angle = -Double.pi / 2 + 2 * Double.pi * Double(index) / 32
                return p(0.5 + 0.5 * cos(angle), 0.5 + 0.5 * sin(angle))
            }]
        case .triangle:
            return [[p(0.5, 0), p(0, 1), p(1, 1), p(0.5, 0)]]
        case .rectangle:
            return [[p(0, 0), p(0, 1), p(1, 1), p(1, 0), p(0, 0)]]
        case .check:
            return [[p(0, 0.55), p(0.35, 1), p(1, 0)]]
        case .caret:
            return [[p(0, 1), p(0.5, 0), p(1, 1)]]
        case .v:
            return [[p(0, 0), p(0.5, 1), p(1, 0)]]
        case .zigzag:
            return [[p(0, 0), p(0.2, 1), p(0.4, 0), p(0.6, 1), p(0.8, 0), p(1, 1)]]
        case .arrow:
            return [[p(0, 0.5), p(1, 0.5)], [p(0.7, 0.2), p(1, 0.5), p(0.7, 0.8)]]
        case .star:
            let points = (0..<6).map { index in
                let angle = -Double.pi / 2 + Double(index) * 4 * Double.pi / 5
                return p(0.5 + 0.5 * cos(angle), 0.5 + 0.5 * sin(angle))
            }
            return [points]
        case .pigtail:
            // Up and to the right, with a loop on the way.
            return [(0...40).map { index in
                let t = Double(index) / 40
                let loop = max(0, min(1, (t - 0.35) / 0.3))
                let angle = 2 * Double.pi * loop
                return p(t + 0.18 * sin(angle), 1 - t - 0.18 * (1 - cos(angle)))
            }]
        case .leftBracket:
            return [[p(0.45, 0), p(0, 0), p(0, 1), p(0.45, 1)]]
        case .rightBracket:
            return [[p(0.55, 0), p(1, 0), p(1, 1), p(0.55, 1)]]
        case .x:
            return [[p(0, 0), p(1, 1)], [p(1, 0), p(0, 1)]]
        case .plus:
            return [[p(0.5, 0), p(0.5, 1)], [p(0, 0.5), p(1, 0.5)]]
        case .delete:
            return [[p(0, 0), p(1, 1), p(1, 0), p(0, 1)]]
        }
    }
}
