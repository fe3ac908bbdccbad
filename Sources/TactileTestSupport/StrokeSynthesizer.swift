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
/// own unsteadiness of the corners and jitter of the points. Since session
/// 7 also what recorded sets show and the writers lacked: a closed
/// polygon's end (triangle, rectangle) runs past its start or leaves a gap,
/// fast writers round corners,
/// strokes start (and sometimes end) with a hook, and the unsteadiness is
/// alike between key points close along the path, so a circle bulges
/// rather than zig-zags (``StrokeHabits/withoutDetails`` draws as before).
/// A writer is a seed, so the same writer draws alike from run to run.
///
/// ```swift
/// var synthesizer = StrokeSynthesizer(seed: 7)
/// let writer = StrokeWriter(seed: 42)
/// let star = synthesizer.drawing(of: .star, by: writer)
/// ```
public struct StrokeSynthesizer {
    private var random: SplitMix64
    /// A second stream for the details added in session 7 (hooks, closure,
    /// corner rounding), so that the first stream, and with it everything
    /// drawn before them, is unchanged when a writer has none.
    private var details: SplitMix64

    public init(seed: UInt64) {
        random = SplitMix64(seed: seed)
        details = SplitMix64(seed: seed ^ 0xD37A_11ED_5E55_1077)
    }

    /// One drawing of `shape` by `writer`, turned by `rotation` radians
    /// about its centre, in window points around (300, 300).
    public mutating func drawing(of shape: StrokeShape, by writer: StrokeWriter, rotation: Double = 0) -> [[Point]] {
        let book = shape.penPath
        // The drawing's own unsteadiness: each key point off by a few
        // percent, the offsets of key points closer along the path than
        // `wobbleReach` alike (a hand wanders slowly; see `smoothWobble`).
        let wobble = writer.shapeWobble
        var strokes = book.map { stroke in
            smoothWobble(stroke, stroke.map { _ in Point(x: gaussian() * wobble, y: gaussian() * wobble) }, reach: writer.wobbleReach)
        }
        // Closed: the pen path ends exactly at its start, which holds for the
        // triangle and the rectangle but not, by rounding, for the circle and
        // the star (their last key point comes from cos and sin of a full
        // turn). Session 7 measured comparing within 1e-9 (see its report):
        // the circle's gaps made the tuning drop closure from the weighing and
        // a stick's clean 3:1 rectangle was no longer recognized, so it is left
        // as it is until that is looked into.
        let closed = book.map { $0.count > 2 && $0[0] == $0[$0.count - 1] }
        // Habits: stroke order and direction.
        var order = Array(strokes.indices)
        if strokes.count > 1, writer.reordersStrokes || uniform() < 0.15 { order.reverse() }
        if writer.reversesStrokes != (uniform() < 0.1) { strokes = strokes.map { $0.reversed() } }
        strokes = order.map { strokes[$0] }
        // Overshoot or stop short at each stroke's ends.
        strokes = strokes.map { extend($0, by: writer.overshoot + gaussian() * 0.03) }
        // Session 7's details, from their own stream: a closed stroke's end
        // runs past its start or stops short of it, corners are cut the
        // more the faster the writer, and a stroke may start (or, less
        // often, end) with a hook.
        strokes = zip(order, strokes).map { index, stroke in
            var stroke = stroke
            if closed[index], writer.closure != 0 || writer.closureSpread != 0 {
                stroke = close(stroke, by: writer.closure + detailGaussian() * writer.closureSpread)
            }
            if writer.cornerRounding > 0 { stroke = roundCorners(stroke, by: writer.cornerRounding) }
            if writer.hookChance > 0 {
                if detailUniform() < writer.hookChance { stroke = hook(stroke, length: writer.hookLength) }
                if detailUniform() < writer.hookChance / 2 {
                    stroke = Array(hook(stroke.reversed(), length: writer.hookLength).reversed())
                }
            }
            return stroke
        }
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

    private mutating func detailUniform() -> Double {
        Double(details.next() >> 11) / Double(1 << 53)
    }

    private mutating func detailGaussian() -> Double {
        let u = max(detailUniform(), 1e-12), v = detailUniform()
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }

    /// The key points of `stroke` moved by `offsets`, each offset blended
    /// with those of the key points within about `reach` along the path
    /// (Gaussian weights, rescaled so that each point strays as far as
    /// before). With a reach of 0, or key points far apart (a rectangle's
    /// corners), each point keeps its own offset, as up to session 6; a
    /// circle's 33 key points then no longer zig-zag independently, which
    /// no hand does, but bulge and flatten over a fifth of their way round.
    private func smoothWobble(_ stroke: [Point], _ offsets: [Point], reach: Double) -> [Point] {
        guard reach > 0 else { return zip(stroke, offsets).map { Point(x: $0.x + $1.x, y: $0.y + $1.y) } }
        var along = [0.0]
        for index in stroke.indices.dropFirst() { along.append(along[index - 1] + stroke[index].distance(to: stroke[index - 1])) }
        return stroke.indices.map { index in
            var x = 0.0, y = 0.0, squares = 0.0
            for other in stroke.indices {
                let gap = (along[index] - along[other]) / reach
                let weight = exp(-0.5 * gap * gap)
                x += weight * offsets[other].x
                y += weight * offsets[other].y
                squares += weight * weight
            }
            let scale = 1 / squares.squareRoot()
            return Point(x: stroke[index].x + x * scale, y: stroke[index].y + y * scale)
        }
    }

    /// A closed stroke whose end runs on past its start by `fraction` of
    /// its length, along its own first stretch (a rectangle's first side
    /// drawn again in part), or, negative, stops that far short (a gap).
    private func close(_ stroke: [Point], by fraction: Double) -> [Point] {
        var length = 0.0
        for index in stroke.indices.dropFirst() { length += stroke[index].distance(to: stroke[index - 1]) }
        guard length > 0, fraction != 0 else { return stroke }
        var result = stroke
        if fraction > 0 {
            // Continue from the end as the stroke went on from its start.
            var left = fraction * length
            let shiftX = stroke[stroke.count - 1].x - stroke[0].x, shiftY = stroke[stroke.count - 1].y - stroke[0].y
            for index in stroke.indices.dropFirst() where left > 0 {
                let step = stroke[index].distance(to: stroke[index - 1])
                let t = step > left ? left / step : 1
                let a = stroke[index - 1], b = stroke[index]
                result.append(Point(x: a.x + t * (b.x - a.x) + shiftX, y: a.y + t * (b.y - a.y) + shiftY))
                left -= step
            }
        } else {
            var left = -fraction * length
            while result.count > 2, left > 0 {
                let b = result[result.count - 1], a = result[result.count - 2]
                let step = b.distance(to: a)
                if step > left {
                    let t = left / step
                    result[result.count - 1] = Point(x: b.x + t * (a.x - b.x), y: b.y + t * (a.y - b.y))
                    left = 0
                } else {
                    result.removeLast()
                    left -= step
                }
            }
        }
        return result
    }

    /// Each sharp corner (a turn of more than 30°) of `stroke` cut by a
    /// curve from `fraction` of the shorter neighbouring segment before it
    /// to as far after it: a fast hand does not stop at a corner.
    private func roundCorners(_ stroke: [Point], by fraction: Double) -> [Point] {
        guard stroke.count > 2 else { return stroke }
        var result = [stroke[0]]
        for index in 1..<(stroke.count - 1) {
            let a = stroke[index - 1], b = stroke[index], c = stroke[index + 1]
            let ab = a.distance(to: b), bc = b.distance(to: c)
            let inX = (b.x - a.x) / max(ab, 1e-12), inY = (b.y - a.y) / max(ab, 1e-12)
            let outX = (c.x - b.x) / max(bc, 1e-12), outY = (c.y - b.y) / max(bc, 1e-12)
            guard ab > 0, bc > 0, inX * outX + inY * outY < cos(Double.pi / 6) else {
                result.append(b)
                continue
            }
            let cut = min(0.45, fraction) * min(ab, bc)
            let p = Point(x: b.x - inX * cut, y: b.y - inY * cut), q = Point(x: b.x + outX * cut, y: b.y + outY * cut)
            for step in 0...4 {
                let t = Double(step) / 4, u = 1 - t
                result.append(Point(x: u * u * p.x + 2 * u * t * b.x + t * t * q.x, y: u * u * p.y + 2 * u * t * b.y + t * t * q.y))
            }
        }
        result.append(stroke[stroke.count - 1])
        return result
    }

    /// `stroke` with a hook before its start: the pen lands up to
    /// `length` (times 0.5–1.5) away, off to one side and behind, and
    /// comes round into the stroke.
    private mutating func hook(_ stroke: [Point], length: Double) -> [Point] {
        guard stroke.count >= 2 else { return stroke }
        let a = stroke[0], b = stroke[1]
        let direction = atan2(b.y - a.y, b.x - a.x)
        let side = detailUniform() < 0.5 ? -1.0 : 1.0
        let angle = direction + side * (Double.pi / 2 + detailUniform() * Double.pi / 3)
        let reach = length * (0.5 + detailUniform())
        let start = Point(x: a.x + cos(angle) * reach, y: a.y + sin(angle) * reach)
        let middle = Point(x: a.x + cos(angle) * reach * 0.3 + cos(direction) * reach * 0.15,
                           y: a.y + sin(angle) * reach * 0.3 + sin(direction) * reach * 0.15)
        return [start, middle] + stroke
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
    /// How far along the path the drawing's wobble stays alike (see
    /// ``StrokeHabits/wobbleReach``), in units of the drawing's size.
    public var wobbleReach: Double
    /// How far a closed stroke (the triangle and the rectangle: see
    /// `drawing(of:by:rotation:)`) runs on past its start, as a fraction of
    /// its length (negative: a gap), on average.
    public var closure: Double
    /// How much ``closure`` varies from drawing to drawing (standard deviation).
    public var closureSpread: Double
    /// The fraction of the shorter neighbouring segment cut from each sharp
    /// corner, grown with the writer's speed.
    public var cornerRounding: Double
    /// The chance that a stroke starts with a hook (it ends with one half
    /// as often).
    public var hookChance: Double
    /// A hook's length, as a fraction of the drawing's size.
    public var hookLength: Double

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
        // Session 7's details, drawn after the rest so that those stay as they were.
        wobbleReach = habits.wobbleReach
        closure = uniform(habits.closure)
        closureSpread = habits.closure.upperBound > habits.closure.lowerBound ? 0.02 : 0
        let speed = (pointSpacing - habits.pointSpacing.lowerBound)
            / max(1e-9, habits.pointSpacing.upperBound - habits.pointSpacing.lowerBound)
        cornerRounding = uniform(habits.cornerRounding) * (0.4 + 0.6 * speed)
        hookChance = uniform(habits.hookChance)
        hookLength = uniform(habits.hookLength)
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

    // Added in session 7: ways people differ that the evaluation's writers
    // lacked (the $1 and MMG recordings show all of them). With all of them
    // at 0 (``withoutDetails``) a writer draws exactly as up to session 6.

    /// How far along the path a drawing's wobble stays alike, in units of
    /// its size: the offsets of key points closer than this are blended.
    /// 0 gives each key point its own offset, which made a circle's 33 key
    /// points zig-zag by up to 6% of its size each, as no hand does.
    public var wobbleReach: Double
    /// How far a closed stroke (the triangle and the rectangle) runs on past
    /// its start (negative: stops short of it), as a fraction of its length;
    /// each drawing varies it by a further 2% (standard deviation).
    public var closure: ClosedRange<Double>
    /// The fraction of the shorter neighbouring segment cut from each sharp
    /// corner by the fastest writer (the slowest cut 40% of that).
    public var cornerRounding: ClosedRange<Double>
    /// The chance that a writer's stroke starts with a hook (it ends with
    /// one half as often).
    public var hookChance: ClosedRange<Double>
    /// A hook's length, as a fraction of the drawing's size (times 0.5–1.5
    /// per hook).
    public var hookLength: ClosedRange<Double>

    /// Aspect 0.75–1.3, spacing 3–22 points, jitter 0.3–2 points, wobble
    /// 2–6% blended over a fifth of the size, overshoot −8% to +15%, closed
    /// strokes from a 4% gap to an 8% overrun, corners cut by up to 15%,
    /// hooks on up to a quarter of the strokes, 2–5% long.
    public static let usual = StrokeHabits(aspectRange: 0.75...1.3, aspectIsLogarithmic: false, shapeWobble: 0.02...0.06,
                                           overshoot: -0.08...0.15, pointSpacing: 3...22, jitter: 0.3...2,
                                           wobbleReach: 0.2, closure: -0.04...0.08, cornerRounding: 0...0.15,
                                           hookChance: 0...0.25, hookLength: 0.02...0.05)
    /// Aspect 0.5–2 (log-even), spacing 1.5–40 points (slower and faster
    /// writers), jitter 0.3–4 points, wobble 2–8%, overshoot −12% to +22%,
    /// closed strokes from an 8% gap to a 15% overrun, corners cut by up
    /// to 30%, hooks on up to half of the strokes, 2–8% long.
    public static let wide = StrokeHabits(aspectRange: 0.5...2, aspectIsLogarithmic: true, shapeWobble: 0.02...0.08,
                                          overshoot: -0.12...0.22, pointSpacing: 1.5...40, jitter: 0.3...4,
                                          wobbleReach: 0.2, closure: -0.08...0.15, cornerRounding: 0...0.3,
                                          hookChance: 0...0.5, hookLength: 0.02...0.08)

    /// These habits as writers had them up to session 6: no blending of
    /// the wobble, closure, corner rounding or hooks.
    public var withoutDetails: StrokeHabits {
        var habits = self
        habits.wobbleReach = 0
        habits.closure = 0...0
        habits.cornerRounding = 0...0
        habits.hookChance = 0...0
        habits.hookLength = 0...0
        return habits
    }

    public init(aspectRange: ClosedRange<Double>, aspectIsLogarithmic: Bool, shapeWobble: ClosedRange<Double>,
                overshoot: ClosedRange<Double>, pointSpacing: ClosedRange<Double>, jitter: ClosedRange<Double>,
                wobbleReach: Double = 0, closure: ClosedRange<Double> = 0...0, cornerRounding: ClosedRange<Double> = 0...0,
                hookChance: ClosedRange<Double> = 0...0, hookLength: ClosedRange<Double> = 0...0) {
        self.aspectRange = aspectRange
        self.aspectIsLogarithmic = aspectIsLogarithmic
        self.shapeWobble = shapeWobble
        self.overshoot = overshoot
        self.pointSpacing = pointSpacing
        self.jitter = jitter
        self.wobbleReach = wobbleReach
        self.closure = closure
        self.cornerRounding = cornerRounding
        self.hookChance = hookChance
        self.hookLength = hookLength
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
