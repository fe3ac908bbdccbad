#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What tells a shape from a scribble that merely lies near it: measures
/// of a drawing that point-cloud matching does not see, compared with the
/// template it matched (``StrokeMatch/shapeDeviation``).
///
/// A cloud forgets the path: a spiral's points sit where a circle's do,
/// give or take, and a path through random points often has a cloud close
/// to a zig-zag's. The score alone could not keep both targets (under 1%
/// of real drawings lost, under 5% of scribbles accepted): on the
/// evaluation's tuning writers every threshold on it lost 4% while
/// accepting 40% of scribbles, or the other way round. So five measures
/// are added up, each in units of how far it strays on real drawings:
///
/// - **ink**: the path's length over the drawing's spread (a spiral or a
///   scribble has far more ink than a circle of the same size), outside the
///   range of the template's samples;
/// - **closure**: the gap between a one-stroke drawing's ends over its
///   length (a circle closes, a pigtail does not), outside that range;
/// - **winding**: how far the strokes turn, left and right turns
///   cancelling (a spiral winds one way, turn after turn; a zig-zag turns
///   back and forth and ends as it began), outside that range;
/// - **radial profile**: the root mean square difference of the sorted
///   distances of the points from their centroid, drawing against the
///   matched sample (a circle's are all alike, a spiral's spread);
/// - **farthest point** and **the 90th percentile** of the distances from
///   each drawn point to the nearest point of the matched sample (a stray
///   loop that the matching's sum averages away).
///
/// A drawing of a stroke count none of its template's samples has (a
/// triangle drawn a side at a time, against samples drawn in one stroke)
/// has its end gap and winding measured on its strokes joined into the path
/// a pen that did not lift would have drawn, the pen's travel between the
/// strokes added to the end gap, and compared with the samples measured
/// so too (`joinStrokes`; `StrokeMatchingParameters.joinsStrokesAcrossCounts`,
/// session 32's round 30). Drawings of a count the samples have are
/// measured stroke by stroke, as the samples are.
///
/// The winding's share of the sum is at most 2 units
/// (``StrokeShapeMeasures/windingShareCap``, session 14): a corner a hand
/// went round the long way, in a small loop, turns a whole turn more, and
/// that alone rejected drawings whose other measures matched.
///
/// The ink and the winding are measured on each stroke smoothed four times
/// (``StrokeMatchingParameters/pathSmoothingPasses``, session 25): scaled
/// to the template's size, a small drawing's jitter is large, and a
/// segment that points back turns half a turn one way or the other by a
/// hair, so the winding gained or lost a whole turn and the ink lengthened
/// where the hand drew the shape well. A scribble's loops, many points
/// long, stay.
///
/// The units are learned on the tuning writers (seeds 100–119) only, as
/// `scripts/evaluate-strokes tune` prints them: each measure starts at its
/// 99.5th percentile over their correctly matched drawings of the built-in
/// set, then a coordinate search over the measures' weights lowers the
/// share of the tuning scribbles accepted while the threshold
/// (``GestureDefaults/strokeMaximumShapeDeviation``) keeps 99.3% of those
/// drawings (3.25% → 2.47% there, session 7's templates). That spends
/// less than half of the 5% target on scribbles while writers of other
/// habits lose several times the 1% target, so the threshold is then moved
/// to where 4% of the tuning scribbles pass (a point of margin), keeping
/// 99.6% of the tuning writers' drawings, and the units are scaled so that
/// the library's threshold stays. Percentiles say how far real drawings
/// stray; only the scribbles say which straying gives a scribble away (ink
/// and closure weigh less than alike, the farthest and 90th-percentile
/// distances more). The distance of the match itself, added as a seventh
/// measure, gained nothing (session 5). Ink and closure are
/// measured on the drawing normalised as it is matched, each axis scaled,
/// so that the aspect freedom the matching grants is not taken back here. Measures
/// that were tried and dropped: total turning and corner count (jitter
/// dominates them on small, finely sampled drawings), the margin to the
/// second-best shape (adds nothing over the score), and the range of
/// distances between a template's own samples (three samples say too
/// little about a shape's spread).
enum StrokeShapeCheck {
    // Session 9 chose, on the tuning writers alone (`choose-rule`), to keep
    // this weighing (it lost the fewest of their drawings at 4% of their
    // scribbles: 0.99%, against 1.05% for session 4's units and 1.26% for
    // every measure weighed alike), scaled by 3.618 / 3.67 together with a
    // thinner aspect rule; the held-out families, looked at once, lost more
    // with both, so neither was kept.
    static let inkUnit = 0.2767
    static let closureUnit = 0.1258
    static let windingUnit = 0.1167
    static let radialUnit = 0.2695
    static let farthestUnit = 0.8767
    static let percentileUnit = 0.4098

    /// The measures of a path alone, for a template's range.
    struct PathMeasures {
        /// log(ink length / spread).
        var logInk: Double
        /// End gap / ink length for one stroke; 1 for several.
        var closure: Double
        /// How far the strokes turn, each stroke's turns added with their
        /// signs (so a zig-zag's left and right turns cancel and a spiral's
        /// add up), in turns (2π), the strokes' magnitudes added.
        var winding: Double
    }

    /// The path measures of `n` resampled points with their stroke numbers,
    /// normalised as they are matched (centred, each axis scaled): a wide V
    /// then has the ink and the end gap of a square one, as it has its
    /// cloud. (Measured on the drawing as drawn, a stick's clean V twice as
    /// wide as high strayed 3 units in ink and closure alone and was
    /// rejected at a score of 0.96.) The ink is measured between every
    /// other point, so that a writer's jitter between neighbours does not
    /// lengthen it. With `smoothingPasses` (and `smoothed`, 2·n values of
    /// scratch), the ink and winding are measured on the points smoothed
    /// (`StrokeMatchingParameters.pathSmoothingPasses`).
    ///
    /// With `joining` (`StrokeMatchingParameters.joinsStrokes`), a drawing
    /// of several strokes has its end gap and winding measured on its
    /// strokes joined into one path (`joinStrokes`), the ink still stroke
    /// by stroke.
    static func pathMeasures(x matchedX: UnsafeMutablePointer<Double>, y matchedY: UnsafeMutablePointer<Double>,
                             stroke: UnsafeMutablePointer<Int32>, count n: Int,
                             windingEndTrim trim: Int = 0, windingCornerSteps cornerSteps: Int = 1,
                             smoothingPasses: Int = 0, smoothed: UnsafeMutablePointer<Double>? = nil,
                             joining: StrokeJoining? = nil, inkStrokeByStroke: Bool = false) -> PathMeasures {
        var squares = 0.0
        for index in 0..<n { squares += matchedX[index] * matchedX[index] + matchedY[index] * matchedY[index] }
        let spread = (squares / Double(n)).squareRoot()
        // Passes without scratch to smooth into would be ignored: a caller's mistake.
        assert(smoothingPasses <= 0 || smoothed != nil, "pathMeasures: smoothingPasses without smoothed scratch")
        var x = matchedX, y = matchedY
        if smoothingPasses > 0, let smoothed {
            smooth(x: matchedX, y: matchedY, stroke: stroke, count: n, passes: smoothingPasses, into: smoothed)
            (x, y) = (smoothed, smoothed + n)
        }
        var ink = 0.0
        var index = 0
        if inkStrokeByStroke {
            // Each stroke from its own first point, the step left at its end
            // counted whole (`StrokeMatchingParameters.inkStrokeByStroke`).
            @inline(__always) func step(_ a: Int, _ b: Int) -> Double {
                ((x[b] - x[a]) * (x[b] - x[a]) + (y[b] - y[a]) * (y[b] - y[a])).squareRoot()
            }
            while index < n {
                let run = stroke[index]
                var k = index
                while k + 2 < n, stroke[k + 2] == run { ink += step(k, k + 2); k += 2 }
                if k + 1 < n, stroke[k + 1] == run { ink += step(k, k + 1); k += 1 }
                index = k + 1
            }
        } else {
            while index + 2 < n {
                if stroke[index] == stroke[index + 2] {
                    let dx = x[index + 2] - x[index], dy = y[index + 2] - y[index]
                    ink += (dx * dx + dy * dy).squareRoot()
                }
                index += 2
            }
        }
        let logInk = spread > 0 && ink > 0 ? log(ink / spread) : 0
        var stroke = stroke
        var travel = 0.0, joined = false
        let forgivesGaps = joining.map { $0.countsPenTravel && $0.forgivesResamplingGaps } ?? false
        if let joining, stroke[0] != stroke[n - 1], let jumps = joinStrokes(x: x, y: y, stroke: stroke, count: n, into: joining) {
            if joining.countsPenTravel { travel = jumps }
            (x, y, stroke) = (joining.points, joining.points + n, joining.oneStroke)
            joined = true
        }
        var closure = 1.0
        if stroke[0] == stroke[n - 1], ink > 0 {
            let dx = x[n - 1] - x[0], dy = y[n - 1] - y[0]
            // Forgiving the resampling's gaps, the travel is the whole way
            // round, back to the start (see `joinStrokes`): the chained
            // path's end gap would count each jump again, as the shift it
            // gave the strokes after it.
            let gap = joined && forgivesGaps ? 0 : (dx * dx + dy * dy).squareRoot()
            closure = (gap + travel) / ink
        }
        // Net turning between segments two points long (jitter between
        // neighbours cancels in a signed sum, but a segment of one step
        // can point anywhere).
        var winding = 0.0, strokeTurn = 0.0
        // The turns of the last `cornerSteps` steps (at most 7) since the
        // turning was last taken round (`windingCornerSteps`), newest first,
        // held in place (no allocation).
        var recent = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        var recentCount = 0
        index = 0
        while index + 4 < n {
            if stroke[index] != stroke[index + 4] {
                winding += abs(strokeTurn)
                strokeTurn = 0
                recentCount = 0
            } else {
                let ax = x[index + 2] - x[index], ay = y[index + 2] - y[index]
                let bx = x[index + 4] - x[index + 2], by = y[index + 4] - y[index + 2]
                // With a trim, turns within `trim` points of a stroke's ends
                // (a pen's hooks) are left out.
                let inside = trim <= 0 || (index - trim >= 0 && index + 4 + trim < n
                                           && stroke[index - trim] == stroke[index] && stroke[index + 4 + trim] == stroke[index])
                if inside, ax * ax + ay * ay > 0, bx * bx + by * by > 0 {
                    let turn = atan2(ax * by - ay * bx, ax * bx + ay * by)
                    strokeTurn += turn
                    if cornerSteps > 1 {
                        // A run of steps turning more than half a turn is a
                        // corner gone round the long way: taken the short way.
                        recent = (turn, recent.0, recent.1, recent.2, recent.3, recent.4, recent.5)
                        recentCount = min(recentCount + 1, cornerSteps, 7)
                        var run = 0.0
                        withUnsafeBytes(of: recent) { bytes in
                            for step in 0..<recentCount { run += bytes.load(fromByteOffset: step * 8, as: Double.self) }
                        }
                        if abs(run) > Double.pi {
                            strokeTurn -= run > 0 ? 2 * Double.pi : -2 * Double.pi
                            recentCount = 0
                        }
                    }
                }
            }
            index += 2
        }
        winding += abs(strokeTurn)
        return PathMeasures(logInk: logInk, closure: closure, winding: winding / (2 * Double.pi))
    }

    /// The bit of a drawing's stroke count, as its `n` resampled points'
    /// stroke numbers have it (runs of one number): bit k − 1 for k
    /// strokes, the last for 64 or more.
    static func strokeCountBit(_ stroke: UnsafeMutablePointer<Int32>, count n: Int) -> UInt64 {
        var strokes = 1
        for index in 1..<max(1, n) where stroke[index] != stroke[index - 1] { strokes += 1 }
        return 1 << UInt64(min(strokes, 64) - 1)
    }

    /// Scratch for `joinStrokes`: 2n values (the joined points, x then y)
    /// and n stroke numbers, all 0 (the joined path is one stroke).
    struct StrokeJoining {
        var points: UnsafeMutablePointer<Double>
        var oneStroke: UnsafeMutablePointer<Int32>
        /// Whether the end gap counts the pen's travel between the strokes
        /// (`StrokeMatchingParameters.countsPenTravel`).
        var countsPenTravel = false
        /// How long a jump may be, as a share of the shorter of the two
        /// strokes it joins (`StrokeMatchingParameters.strokeJoinReach`);
        /// +∞ joins any strokes.
        var reach = Double.infinity
        /// The exhaustive search's tables (`exhaustiveOrderEntries` each),
        /// or nil for temporary ones. A star's five strokes need 2.5 KB a
        /// table, more than Swift puts on the stack unasked (1 KB): without
        /// them each such drawing allocated twice (StrokeBenchmarks, "a
        /// side at a time", session 32).
        var orderCost: UnsafeMutablePointer<Double>? = nil
        var orderPrevious: UnsafeMutablePointer<Int>? = nil
        /// Whether each jump of the travel is counted less the longer of
        /// the resampled steps beside it, the travel then going on from
        /// the last stroke back to the first
        /// (`StrokeMatchingParameters.forgivesResamplingGaps`).
        var forgivesResamplingGaps = false
    }

    /// The entries of each of the exhaustive search's tables: 2^k subsets
    /// × 2k ends, for k = `exhaustiveJoinStrokes`.
    static let exhaustiveOrderEntries = (1 << exhaustiveJoinStrokes) * 2 * exhaustiveJoinStrokes

    /// The most strokes whose order `joinStrokes` searches exhaustively
    /// (Held and Karp's dynamic programme over subsets: 2^k · 2k states);
    /// more are joined greedily (`joinGreedily`). Five covers
    /// a star drawn a line at a time; 2^5 · 10 entries fit on the stack.
    static let exhaustiveJoinStrokes = 5

    /// The strokes of `n` points (runs of one stroke number, in order)
    /// written into `joining.points` as one path: in the order and
    /// directions that make the sum of the jumps between one stroke's end
    /// and the next one's start least (of equals, the one the search meets
    /// first: strokes in drawn order, forwards first), each stroke moved by
    /// its jump so that it goes on from where the last one ended. The path
    /// a pen would have drawn without lifting, whatever order and
    /// directions the strokes were drawn in, so that the end gap and the
    /// winding of a drawing do not depend on how many strokes it took.
    /// The jumps are what the pen travelled in the air.
    ///
    /// Returns the pen's travel between the strokes so joined, or nil,
    /// having written nothing, when a jump is longer than `joining.reach`
    /// allows: strokes that do not meet stay apart.
    @discardableResult
    static func joinStrokes(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>,
                            stroke: UnsafeMutablePointer<Int32>, count n: Int, into joining: StrokeJoining) -> Double? {
        joining.oneStroke.update(repeating: 0, count: n)
        // Each run's first and last point, at most n runs.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * n + 2) { runs in
            var count = 0
            var start = 0
            for index in 1...n where index == n || stroke[index] != stroke[start] {
                runs[2 * count] = start
                runs[2 * count + 1] = index - 1
                count += 1
                start = index
            }
            // order[i]: the i-th run joined, 2 · run + (1 if backwards).
            return withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { order in
                // End e (0: first point, 1: last) of run r.
                @inline(__always) func end(_ r: Int, _ e: Int) -> Int { runs[2 * r + e] }
                @inline(__always) func jump(_ from: Int, _ to: Int) -> Double {
                    let dx = x[to] - x[from], dy = y[to] - y[from]
                    return (dx * dx + dy * dy).squareRoot()
                }
                if count <= exhaustiveJoinStrokes {
                    orderExhaustively(count: count, order: order.baseAddress!, cost: joining.orderCost,
                                      previous: joining.orderPrevious, jump: { a, b in
                        // Leaving run a by the end opposite its entry; entering b at its start (forwards) or end.
                        jump(end(a >> 1, 1 - (a & 1)), end(b >> 1, b & 1))
                    })
                } else {
                    joinGreedily(count: count, order: order.baseAddress!, jump: { a, b in
                        jump(end(a >> 1, 1 - (a & 1)), end(b >> 1, b & 1))
                    })
                }
                // Joined only where the strokes meet: each jump at most
                // `reach` times the shorter of its two strokes' lengths.
                if joining.reach.isFinite {
                    @inline(__always) func length(_ r: Int) -> Double {
                        var sum = 0.0
                        var index = end(r, 0)
                        while index < end(r, 1) { sum += jump(index, index + 1); index += 1 }
                        return sum
                    }
                    for i in 1..<max(1, count) {
                        let a = order[i - 1], b = order[i]
                        let gap = jump(end(a >> 1, 1 - (a & 1)), end(b >> 1, b & 1))
                        guard gap <= joining.reach * min(length(a >> 1), length(b >> 1)) else { return nil }
                    }
                }
                // The jump from run a's exit to run b's entry (each `2 · run +
                // backwards`), less the longer of the resampled steps beside
                // it: the resampling carries its distance over a lift, so
                // strokes that meet lie up to a step apart.
                func forgiven(from a: Int, to b: Int) -> Double {
                    let (ra, rb) = (a >> 1, b >> 1)
                    let exit = end(ra, 1 - (a & 1)), entry = end(rb, b & 1)
                    let beforeExit = a & 1 == 1 ? exit + 1 : exit - 1
                    let afterEntry = b & 1 == 1 ? entry - 1 : entry + 1
                    let leaving = end(ra, 1) > end(ra, 0) ? jump(beforeExit, exit) : 0
                    let entering = end(rb, 1) > end(rb, 0) ? jump(entry, afterEntry) : 0
                    return max(0, jump(exit, entry) - max(leaving, entering))
                }
                // Each stroke after the first is moved to begin where the
                // last one ended: the path turns from one stroke into the
                // next with no jump between them, whose direction (back
                // along the next stroke, for an arrow's head) would make
                // the winding turn half a turn either way by a hair.
                var written = 0, travel = 0.0
                let outX = joining.points, outY = joining.points + n
                for i in 0..<count {
                    let r = order[i] >> 1, backwards = order[i] & 1 == 1
                    let first = end(r, 0), last = end(r, 1)
                    let entry = backwards ? last : first
                    var dx = 0.0, dy = 0.0
                    if written > 0 {
                        dx = outX[written - 1] - x[entry]
                        dy = outY[written - 1] - y[entry]
                        travel += joining.forgivesResamplingGaps
                            ? forgiven(from: order[i - 1], to: order[i]) : (dx * dx + dy * dy).squareRoot()
                    }
                    for k in 0...(last - first) {
                        let index = backwards ? last - k : first + k
                        outX[written] = x[index] + dx
                        outY[written] = y[index] + dy
                        written += 1
                    }
                }
                // Forgiving, the travel goes on back to the start: all the
                // way the pen went off the ink.
                if joining.forgivesResamplingGaps, count > 1 { travel += forgiven(from: order[count - 1], to: order[0]) }
                return travel
            }
        }
    }

    /// The most strokes `joinGreedily` starts from each end of; more start
    /// from the first stroke as drawn (each start costs count² jumps).
    static let greedyJoinStarts = 12

    /// Orders `count` runs (more than ``exhaustiveJoinStrokes``) into
    /// `order` by the nearest end left, from whichever start (each run
    /// entered either way, up to ``greedyJoinStarts`` runs) makes the least
    /// travel, the first of equals.
    private static func joinGreedily(count: Int, order: UnsafeMutablePointer<Int>, jump: (Int, Int) -> Double) {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { trial in
            withUnsafeTemporaryAllocation(of: Bool.self, capacity: count) { taken in
                var best = Double.infinity
                let starts = count <= greedyJoinStarts ? 2 * count : 1
                for start in 0..<starts {
                    taken.initialize(repeating: false)
                    taken[start >> 1] = true
                    trial[0] = start
                    var travel = 0.0
                    for used in 1..<count {
                        var nearest = Double.infinity, entry = -1
                        for r in 0..<count where !taken[r] {
                            for e in 0...1 {
                                let d = jump(trial[used - 1], 2 * r + e)
                                if d < nearest || entry < 0 { nearest = d; entry = 2 * r + e }
                            }
                        }
                        taken[entry >> 1] = true
                        trial[used] = entry
                        travel += nearest
                    }
                    if start == 0 || travel < best {
                        best = travel
                        order.update(from: trial.baseAddress!, count: count)
                    }
                }
            }
        }
    }

    /// Held and Karp's programme for the least sum of `jump(a, b)` over an
    /// order of `count` runs (≤ ``exhaustiveJoinStrokes``), each entered
    /// forwards (2r) or backwards (2r + 1), into `order`.
    private static func orderExhaustively(count: Int, order: UnsafeMutablePointer<Int>,
                                          cost givenCost: UnsafeMutablePointer<Double>?,
                                          previous givenPrevious: UnsafeMutablePointer<Int>?,
                                          jump: (Int, Int) -> Double) {
        let entries = 2 * count, subsets = 1 << count
        if let givenCost, let givenPrevious {
            search(cost: UnsafeMutableBufferPointer(start: givenCost, count: subsets * entries),
                   previous: UnsafeMutableBufferPointer(start: givenPrevious, count: subsets * entries))
        } else {
            withUnsafeTemporaryAllocation(of: Double.self, capacity: subsets * entries) { cost in
                withUnsafeTemporaryAllocation(of: Int.self, capacity: subsets * entries) { previous in
                    search(cost: cost, previous: previous)
                }
            }
        }
        func search(cost: UnsafeMutableBufferPointer<Double>, previous: UnsafeMutableBufferPointer<Int>) {
            // cost[s · entries + e]: the least travel through the runs of s ending in entry e (its run in s).
            cost.initialize(repeating: .infinity)
            previous.initialize(repeating: -1)
            for e in 0..<entries { cost[(1 << (e >> 1)) * entries + e] = 0 }
            for s in 1..<subsets {
                for e in 0..<entries where s & (1 << (e >> 1)) != 0 {
                    let here = cost[s * entries + e]
                    guard here.isFinite else { continue }
                    for f in 0..<entries where s & (1 << (f >> 1)) == 0 {
                        let next = (s | 1 << (f >> 1)) * entries + f
                        let through = here + jump(e, f)
                        if through < cost[next] {
                            cost[next] = through
                            previous[next] = e
                        }
                    }
                }
            }
            let all = subsets - 1
            var last = 0
            for e in 1..<entries where cost[all * entries + e] < cost[all * entries + last] { last = e }
            guard cost[all * entries + last].isFinite else {
                // No jump has a length (points not finite): the strokes as drawn.
                for i in 0..<count { order[i] = 2 * i }
                return
            }
            var s = all
            for i in stride(from: count - 1, through: 0, by: -1) {
                order[i] = last
                let before = previous[s * entries + last]
                s &= ~(1 << (last >> 1))
                last = max(0, before)
            }
        }
    }

    /// Writes the `n` points `x`/`y` into `out` (x then y), each point
    /// inside a stroke replaced `passes` times by (previous + 2 · itself +
    /// next) / 4; a stroke's ends, and a stroke of one or two points, stay.
    static func smooth(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>,
                       stroke: UnsafeMutablePointer<Int32>, count n: Int, passes: Int,
                       into out: UnsafeMutablePointer<Double>) {
        out.update(from: x, count: n)
        let outY = out + n
        outY.update(from: y, count: n)
        guard n > 2 else { return }
        // Both coordinates in the lanes of one value: the same arithmetic,
        // a point's neighbours and stroke looked at once a pass.
        for _ in 0..<passes {
            var previous = SIMD2(out[0], outY[0])
            var current = SIMD2(out[1], outY[1])
            var index = 1
            while index + 1 < n {
                let next = SIMD2(out[index + 1], outY[index + 1])
                if stroke[index - 1] == stroke[index] && stroke[index + 1] == stroke[index] {
                    let smoothed = (previous + 2 * current + next) / 4
                    out[index] = smoothed[0]
                    outY[index] = smoothed[1]
                }
                previous = current
                current = next
                index += 1
            }
        }
    }

    /// The mean distance the `n` points `x`/`y` move under one pass of
    /// `smooth` (written into `scratch`, 2n values): how rough the drawing
    /// is between neighbouring points.
    static func roughness(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>,
                          stroke: UnsafeMutablePointer<Int32>, count n: Int, scratch: UnsafeMutablePointer<Double>) -> Double {
        smooth(x: x, y: y, stroke: stroke, count: n, passes: 1, into: scratch)
        var sum = 0.0
        for index in 0..<n {
            let dx = scratch[index] - x[index], dy = scratch[n + index] - y[index]
            sum += (dx * dx + dy * dy).squareRoot()
        }
        return sum / Double(n)
    }

    /// How far `value` lies outside `low...high` (0 inside).
    static func outside(_ value: Double, _ low: Double, _ high: Double) -> Double {
        max(0, low - value, value - high)
    }

    /// Writes the `n` distances of the points from the origin (a cloud's
    /// centroid), ascending, into `radii`.
    static func sortedRadii(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, count n: Int,
                            into radii: UnsafeMutablePointer<Double>) {
        for index in 0..<n { radii[index] = (x[index] * x[index] + y[index] * y[index]).squareRoot() }
        sort(radii, count: n)
    }

    /// The sum of the deviations of a drawing (cloud `x`/`y`, its path
    /// measures) from a sample (cloud `sx`/`sy`, sorted radii) of a
    /// template whose samples' path measures span the given ranges.
    /// `scratch` holds 2·n values; `sortedRadii`, when given, are the
    /// drawing's, as `sortedRadii(x:y:count:into:)` writes them.
    static func deviation(path: PathMeasures, inkRange: (Double, Double), closureRange: (Double, Double),
                          windingRange: (Double, Double),
                          x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>,
                          sampleX sx: UnsafeMutablePointer<Double>, sampleY sy: UnsafeMutablePointer<Double>,
                          sampleRadii: UnsafeMutablePointer<Double>, count n: Int,
                          scratch: UnsafeMutablePointer<Double>, percentile level: Double = 0.9,
                          nearestAmong nearestCount: Int = 0,
                          sortedRadii given: UnsafeMutablePointer<Double>? = nil) -> StrokeShapeMeasures {
        let nearest = scratch + n
        let radii = given ?? scratch
        if given == nil { sortedRadii(x: x, y: y, count: n, into: radii) }
        var radial = 0.0
        for index in 0..<n {
            let difference = radii[index] - sampleRadii[index]
            radial += difference * difference
        }
        radial = (radial / Double(n)).squareRoot()
        // The distances are to the matched sample's points, or with
        // `nearestAmong` to that many points from `sx`/`sy` on (a template's
        // samples, `StrokeMatchingParameters.distanceToAllSamples`).
        let among = nearestCount > 0 ? nearestCount : n
        fillNearestDistances(x: x, y: y, count: n, toX: sx, sy, among: among, into: nearest)
        sort(nearest, count: n)
        // The 90th percentile (`StrokeMatchingParameters.distancePercentile`),
        // interpolated between its neighbours.
        let position = level * Double(n - 1)
        let below = Int(position), fraction = position - Double(below)
        let percentile = nearest[below] + fraction * (nearest[min(n - 1, below + 1)] - nearest[below])
        return StrokeShapeMeasures(
            ink: outside(path.logInk, inkRange.0, inkRange.1),
            closure: outside(path.closure, closureRange.0, closureRange.1),
            winding: outside(path.winding, windingRange.0, windingRange.1),
            radial: radial,
            farthest: nearest[n - 1],
            percentile: percentile)
    }

    /// The distance from each of the `n` points `x`/`y` to the nearest of
    /// the `among` points `sx`/`sy`, into `nearest`.
    ///
    /// Two drawn points a pass, against two of the other points a step
    /// (SIMD2), so that each other point is loaded once a pass. Why not one
    /// point against one at a time, as it was: every `finish` makes n·n of
    /// these distances, ~8,000 instructions one at a time (session 16). The
    /// values are the same, bit for bit: each squared distance is the same
    /// two differences, products and sum; a point's least is the least of
    /// the same values in another order, which gives the same value (none
    /// is −0, and a NaN is passed over either way: `min` keeps the least so
    /// far unless the new one is below it, as `lesser` does); and a root
    /// of two lanes is each lane's correctly rounded root.
    static func fillNearestDistances(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, count n: Int,
                                     toX sx: UnsafeMutablePointer<Double>, _ sy: UnsafeMutablePointer<Double>, among: Int,
                                     into nearest: UnsafeMutablePointer<Double>) {
        let pairs = among & ~1
        var index = 0
        while index < n {
            // The last point of an odd count goes round with itself.
            let second = min(index + 1, n - 1)
            let x0 = SIMD2<Double>(repeating: x[index]), y0 = SIMD2<Double>(repeating: y[index])
            let x1 = SIMD2<Double>(repeating: x[second]), y1 = SIMD2<Double>(repeating: y[second])
            var least0 = SIMD2<Double>(repeating: .infinity), least1 = least0
            var other = 0
            while other < pairs {
                let ox = UnsafeRawPointer(sx + other).loadUnaligned(as: SIMD2<Double>.self)
                let oy = UnsafeRawPointer(sy + other).loadUnaligned(as: SIMD2<Double>.self)
                let dx0 = x0 - ox, dy0 = y0 - oy, dx1 = x1 - ox, dy1 = y1 - oy
                least0 = lesser(dx0 * dx0 + dy0 * dy0, least0)
                least1 = lesser(dx1 * dx1 + dy1 * dy1, least1)
                other &+= 2
            }
            var both = SIMD2<Double>(least0[1] < least0[0] ? least0[1] : least0[0],
                                     least1[1] < least1[0] ? least1[1] : least1[0])
            if pairs < among {
                let dx = SIMD2<Double>(x[index], x[second]) - SIMD2<Double>(repeating: sx[pairs])
                let dy = SIMD2<Double>(y[index], y[second]) - SIMD2<Double>(repeating: sy[pairs])
                both = lesser(dx * dx + dy * dy, both)
            }
            let roots = both.squareRoot()
            nearest[index] = roots[0]
            nearest[second] = roots[1]
            index += 2
        }
    }

    /// Each lane of `value` that is below `least`'s, else `least`'s (a NaN
    /// is never below): one `minpd`. Lanes are chosen by bit masks, since
    /// `replacing(with:where:)` went lane by lane (session 12).
    @inline(__always)
    static func lesser(_ value: SIMD2<Double>, _ least: SIMD2<Double>) -> SIMD2<Double> {
        let mask = unsafeBitCast(value .< least, to: SIMD2<Int64>.self)
        let chosen = (unsafeBitCast(value, to: SIMD2<Int64>.self) & mask) | (unsafeBitCast(least, to: SIMD2<Int64>.self) & ~mask)
        return unsafeBitCast(chosen, to: SIMD2<Double>.self)
    }
}
