import Foundation
import Testing
@_spi(StrokeTuning) @testable import Tactile

/// `StrokeMatchingParameters.joinsStrokes` (session 31): a drawing of
/// several strokes has its end gap and winding measured on its strokes
/// joined into the path of least pen travel, so that how many strokes a
/// shape took does not change them.
struct StrokeJoinedStrokesTests {
    /// The path measures of `strokes` (each a list of points), joined or not.
    static func measures(_ strokes: [[(Double, Double)]], joined: Bool, countsPenTravel: Bool = false,
                         reach: Double = .infinity, forgivesResamplingGaps: Bool = false,
                         inkStrokeByStroke: Bool = false) -> StrokeShapeCheck.PathMeasures {
        let points = strokes.flatMap { $0 }
        var x = points.map(\.0), y = points.map(\.1)
        var stroke = strokes.enumerated().flatMap { index, points in points.map { _ in Int32(index) } }
        let n = points.count
        var scratch = [Double](repeating: .nan, count: 2 * n)
        var joinedPoints = [Double](repeating: .nan, count: 2 * n)
        var oneStroke = [Int32](repeating: 7, count: n)
        return joinedPoints.withUnsafeMutableBufferPointer { joinedPoints in
            oneStroke.withUnsafeMutableBufferPointer { oneStroke in
                let joining = StrokeShapeCheck.StrokeJoining(points: joinedPoints.baseAddress!, oneStroke: oneStroke.baseAddress!,
                                                             countsPenTravel: countsPenTravel, reach: reach,
                                                             forgivesResamplingGaps: forgivesResamplingGaps)
                return StrokeShapeCheck.pathMeasures(x: &x, y: &y, stroke: &stroke, count: n, smoothingPasses: 0, smoothed: &scratch,
                                                     joining: joined ? joining : nil, inkStrokeByStroke: inkStrokeByStroke)
            }
        }
    }

    /// Points every `step` along the segment from `a` to `b`, both ends kept.
    static func side(_ a: (Double, Double), _ b: (Double, Double), points: Int = 8) -> [(Double, Double)] {
        (0..<points).map { k in
            let t = Double(k) / Double(points - 1)
            return (a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1))
        }
    }

    static let corners = [(0.0, 0.0), (0.0, 1.0), (1.0, 1.0), (1.0, 0.0)]

    /// A five-pointed star's tips, in the order a pen draws its lines.
    static let starTips = (0..<5).map { k -> (Double, Double) in
        let angle = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
        return (cos(angle), sin(angle))
    }

    /// A unit point as drawn on a screen, 100 points a unit.
    static func onScreen(_ p: (Double, Double)) -> Point { Point(x: 300 + 100 * p.0, y: 300 + 100 * p.1) }

    /// A triangle drawn a side at a time, on a screen.
    static let triangleSides: [[Point]] = {
        let corners = [(0.0, -1.0), (-0.9, 0.6), (0.9, 0.6)]
        return (0..<3).map { side(corners[$0], corners[($0 + 1) % 3], points: 12).map(onScreen) }
    }()

    /// A square drawn a side at a time, in a scrambled order and with
    /// sides drawn either way, joins into the square drawn in one stroke:
    /// the same end gap (none), the same winding (a whole turn) and ink.
    @Test func aSquareInFourStrokesMeasuresAsOneStroke() {
        let c = Self.corners
        let oneStroke = [Self.side(c[0], c[1]) + Self.side(c[1], c[2]).dropFirst() + Self.side(c[2], c[3]).dropFirst()
                         + Self.side(c[3], c[0]).dropFirst()]
        let sides = [Self.side(c[2], c[3]), Self.side(c[1], c[0]), Self.side(c[3], c[0]), Self.side(c[1], c[2])]
        let drawn = Self.measures(oneStroke, joined: false)
        let apart = Self.measures(sides, joined: false)
        let joined = Self.measures(sides, joined: true)
        #expect(drawn.closure == 0 && abs(drawn.winding - 1) < 0.3)
        // Apart: no end gap to speak of, and no corner turns within a side.
        #expect(apart.closure == 1 && apart.winding < 1e-9)
        #expect(joined.closure < 1e-9)
        #expect(abs(joined.winding - drawn.winding) < 0.3)
        // The ink is the strokes' own, joined or not.
        #expect(joined.logInk == apart.logInk)
    }

    /// Counting the pen's travel, a square whose sides meet still closes,
    /// and strokes apart from one another have the wide gap their travel
    /// makes: the gap is all the way the pen goes off the ink.
    @Test func thePensTravelCountsInTheEndGap() {
        let c = Self.corners
        let sides = [Self.side(c[2], c[3]), Self.side(c[1], c[0]), Self.side(c[3], c[0]), Self.side(c[1], c[2])]
        #expect(Self.measures(sides, joined: true, countsPenTravel: true).closure < 1e-9)
        // Two parallel strokes a unit apart, each a unit long, drawn the same
        // way: chained, the second goes back down from the first one's top, so
        // the path closes; only the travel (a unit, half the ink) opens it.
        let apart = [Self.side((0, 0), (0, 1)), Self.side((1, 1), (1, 0))]
        #expect(Self.measures(apart, joined: true).closure < 1e-12)
        #expect(Self.measures(apart, joined: true, countsPenTravel: true).closure > 0.5)
    }

    /// Forgiving the resampling's gaps, a square whose sides meet but were
    /// resampled a step short of each corner (as the resampling leaves
    /// them: it carries its distance over a lift) closes as drawn in one
    /// stroke; without it the four steps count as travel. Strokes a side
    /// apart still travel far.
    @Test func theResamplingsGapsAreForgiven() {
        let c = Self.corners
        // Each side's points every 1/7, the first one a step in from its corner.
        let sides = (0..<4).map { k in Self.side(c[k], c[(k + 1) % 4]).dropFirst().map { $0 } }
        let counted = Self.measures(sides, joined: true, countsPenTravel: true)
        let forgiven = Self.measures(sides, joined: true, countsPenTravel: true, forgivesResamplingGaps: true)
        #expect(counted.closure > 0.1)
        #expect(forgiven.closure < 1e-9)
        #expect(forgiven.winding == counted.winding && forgiven.logInk == counted.logInk)
        // Two parallel strokes a unit apart: a unit of travel, less a step each jump.
        let apart = [Self.side((0, 0), (0, 1)), Self.side((1, 1), (1, 0))]
        #expect(Self.measures(apart, joined: true, countsPenTravel: true, forgivesResamplingGaps: true).closure > 0.3)
        // One stroke is not joined: its end gap is as drawn.
        let open = [Self.side(c[0], c[1]) + Self.side(c[1], c[2]).dropFirst()]
        #expect(Self.measures(open, joined: true, countsPenTravel: true, forgivesResamplingGaps: true).closure
                == Self.measures(open, joined: false).closure)
    }

    /// Measured stroke by stroke, a square drawn a side at a time has the
    /// ink of its sides, whatever point each side begins at, as the square
    /// drawn in one stroke has within the corners every other point cuts;
    /// measured between every other point of the whole drawing it has
    /// less, a pair across each lift left out.
    @Test func inkStrokeByStrokeIsTheSameInOneStrokeOrFour() {
        // The ink itself: log(ink / spread) times the spread the measure takes.
        func ink(_ strokes: [[(Double, Double)]], byStroke: Bool) -> Double {
            let points = strokes.flatMap { $0 }
            let spread = (points.map { $0.0 * $0.0 + $0.1 * $0.1 }.reduce(0, +) / Double(points.count)).squareRoot()
            return exp(Self.measures(strokes, joined: false, inkStrokeByStroke: byStroke).logInk) * spread
        }
        let c = Self.corners
        let oneStroke = [Self.side(c[0], c[1]) + Self.side(c[1], c[2]).dropFirst() + Self.side(c[2], c[3]).dropFirst()
                         + Self.side(c[3], c[0]).dropFirst()]
        let sides = (0..<4).map { Self.side(c[$0], c[($0 + 1) % 4]) }
        // Every other point cuts a corner that falls between two: the square
        // in one stroke is a hair short of its 4, each side on its own is not.
        #expect(abs(ink(sides, byStroke: true) - 4) < 1e-9)
        #expect(abs(ink(oneStroke, byStroke: true) - 4) < 0.2)
        // Between every other point of the whole drawing: short of it.
        #expect(ink(sides, byStroke: false) < 3.5)
        // Sides of an even count of points: the step left at each side's end counts.
        let even = (0..<4).map { Self.side(c[$0], c[($0 + 1) % 4], points: 7) }
        #expect(abs(ink(even, byStroke: true) - 4) < 1e-9)
    }

    /// With a reach, only strokes that meet are joined: a square's sides,
    /// a little apart at the corners, join; an arrow's head, which starts
    /// half its length from the shaft's end, leaves the arrow apart.
    @Test func strokesJoinOnlyWhereTheyMeet() {
        let c = Self.corners
        let gapped = [Self.side(c[0], (0, 0.95)), Self.side((0.05, 1), (0.95, 1)), Self.side((1, 0.95), (1, 0.05)),
                      Self.side((0.95, 0), (0.05, 0))]
        #expect(Self.measures(gapped, joined: true, reach: 0.3).closure < 0.1)
        let arrow = [Self.side((0, 0.5), (1, 0.5)), Self.side((0.7, 0.2), (1, 0.5), points: 5) + Self.side((1, 0.5), (0.7, 0.8), points: 5).dropFirst()]
        let apart = Self.measures(arrow, joined: false)
        let reached = Self.measures(arrow, joined: true, reach: 0.3)
        #expect(apart.closure == 1 && reached.closure == 1 && reached.winding == apart.winding)
        #expect(Self.measures(arrow, joined: true).closure < 1)
    }

    /// The joined measures do not depend on the order or the direction
    /// the strokes were drawn in: a star's five lines, every one of the
    /// 5! orders, directions by a pattern.
    @Test func aStarInFiveStrokesJoinsTheSameWhateverTheOrder() {
        let tips = Self.starTips
        let lines = (0..<5).map { Self.side(tips[$0], tips[($0 + 1) % 5]) }
        let star = Self.measures([lines.reduce([]) { $0 + ($0.isEmpty ? $1 : Array($1.dropFirst())) }], joined: false)
        func permutations(_ items: [Int]) -> [[Int]] {
            items.count <= 1 ? [items] : items.indices.flatMap { i in
                permutations(items.enumerated().filter { $0.offset != i }.map(\.element)).map { [items[i]] + $0 }
            }
        }
        var first: StrokeShapeCheck.PathMeasures?
        for (index, order) in permutations([0, 1, 2, 3, 4]).enumerated() {
            let drawn = order.enumerated().map { position, line in
                (index + position) % 3 == 0 ? Array(lines[line].reversed()) : lines[line]
            }
            let joined = Self.measures(drawn, joined: true)
            #expect(joined.closure < 1e-9)
            #expect(abs(joined.winding - star.winding) < 1e-9)
            // The ink is the strokes' own: the same up to the order of its sum.
            if let first { #expect(abs(joined.logInk - first.logInk) < 1e-12) }
            first = first ?? joined
        }
    }

    /// A one-stroke drawing measures the same joined or not, and more
    /// strokes than the exhaustive search takes are joined greedily into
    /// one path of every point once.
    @Test func oneStrokeIsUnchangedAndManyStrokesStillJoin() {
        let circle = [(0..<32).map { k -> (Double, Double) in
            let angle = 2 * Double.pi * Double(k) / 31
            return (cos(angle), sin(angle))
        }]
        let alone = Self.measures(circle, joined: false), joined = Self.measures(circle, joined: true)
        #expect(alone.logInk == joined.logInk && alone.closure == joined.closure && alone.winding == joined.winding)
        // Eight dashes of a line, every other one drawn backwards, in a
        // scrambled order: joined, the line the dashes drawn in order make.
        let dashes = (0..<8).map { k in Self.side((Double(2 * k), 0), (Double(2 * k) + 1.5, 0), points: 4) }
        let scrambled = [5, 0, 7, 2, 1, 6, 3, 4].map { k in k % 2 == 1 ? Array(dashes[k].reversed()) : dashes[k] }
        #expect(scrambled.count > StrokeShapeCheck.exhaustiveJoinStrokes)
        let line = Self.measures(scrambled, joined: true), inOrder = Self.measures(dashes, joined: true)
        #expect(line.winding < 1e-9 && abs(line.closure - inOrder.closure) < 1e-12 && abs(line.logInk - inOrder.logInk) < 1e-12)
    }

    /// Whatever the points, the joined path fills exactly the scratch's 2n
    /// values, and it is the strokes chained: each stroke's steps kept, each
    /// next stroke starting where the last ended (a step of 0), the jumps
    /// returned as the travel.
    @Test func theJoinedPathChainsEveryStrokeOnce() {
        let cases: [[[(Double, Double)]]] = [
            [[(.nan, 0), (1, 1)], [(2, 2), (.infinity, 3)], [(4, 4), (5, 5)]],
            [[(0, 0)], [(3, 3)], [(1, 1), (2, 2)], [(9, 9)], [(4, 4)], [(5, 5), (6, 6)], [(7, 7)]],
            [[(0, 0), (1, 0)], [(1, 0), (1, 1)]],
            [[(0, 0), (3, 0), (3, 1)], [(10, 10), (10, 12)], [(5, 5), (4, 4), (6, 3)]],
        ]
        for strokes in cases {
            let points = strokes.flatMap { $0 }, n = points.count
            var x = points.map(\.0), y = points.map(\.1)
            var stroke = strokes.enumerated().flatMap { index, points in points.map { _ in Int32(index) } }
            // Sentinels past the 2n values the join may write.
            var joined = [Double](repeating: -1, count: 2 * n + 4)
            var oneStroke = [Int32](repeating: 7, count: n)
            let travel = joined.withUnsafeMutableBufferPointer { joinedPoints in
                oneStroke.withUnsafeMutableBufferPointer { oneStroke in
                    StrokeShapeCheck.joinStrokes(x: &x, y: &y, stroke: &stroke, count: n,
                                                 into: .init(points: joinedPoints.baseAddress!, oneStroke: oneStroke.baseAddress!))
                }
            }
            #expect(joined[(2 * n)...].allSatisfy { $0 == -1 })
            #expect(oneStroke.allSatisfy { $0 == 0 })
            guard points.allSatisfy({ $0.0.isFinite && $0.1.isFinite }) else { continue }
            func steps(_ path: [(Double, Double)]) -> [Double] {
                zip(path, path.dropFirst()).map { a, b in ((b.0 - a.0) * (b.0 - a.0) + (b.1 - a.1) * (b.1 - a.1)).squareRoot() }
            }
            let drawnSteps = strokes.flatMap { steps($0) } + Array(repeating: 0.0, count: strokes.count - 1)
            let joinedSteps = steps((0..<n).map { (joined[$0], joined[n + $0]) })
            #expect(zip(drawnSteps.sorted(), joinedSteps.sorted()).allSatisfy { abs($0 - $1) < 1e-12 })
            // Searched exhaustively, the travel is at most the strokes' as drawn.
            let drawnTravel = zip(strokes, strokes.dropFirst()).map { a, b in
                ((b[0].0 - a.last!.0) * (b[0].0 - a.last!.0) + (b[0].1 - a.last!.1) * (b[0].1 - a.last!.1)).squareRoot()
            }.reduce(0, +)
            if strokes.count <= StrokeShapeCheck.exhaustiveJoinStrokes { #expect(travel! <= drawnTravel + 1e-12) }
        }
    }

    /// Through the classifier: as the library has it (`joinsStrokes`, on
    /// since session 32), the built-in set accepts a triangle and a star
    /// drawn a line at a time as it accepts them in one stroke; with the
    /// strokes apart, it rejects them.
    @Test func theBuiltInSetAcceptsShapesDrawnALineAtATime() throws {
        var parameters = StrokeMatchingParameters.standard
        #expect(parameters.joinsStrokes && parameters.countsPenTravel && parameters.joinsStrokesAcrossCounts)
        let joining = StrokeClassifier(parameters: parameters)
        parameters.joinsStrokes = false
        let apart = StrokeClassifier(parameters: parameters)
        let triangle = Self.triangleSides, tips = Self.starTips
        let star = (0..<5).map { Self.side(tips[$0], tips[($0 + 1) % 5], points: 12).map(Self.onScreen) }
        for (name, strokes) in [("triangle", triangle), ("star", star)] {
            let oneStroke = [strokes.reduce([]) { $0 + ($0.isEmpty ? $1 : Array($1.dropFirst())) }]
            let whole = try #require(apart.classify(strokes: oneStroke))
            #expect(whole.name == name && whole.isConfident())
            let rejected = try #require(apart.classify(strokes: strokes))
            #expect(rejected.name == name && !rejected.isConfident())
            let accepted = try #require(joining.classify(strokes: strokes))
            #expect(accepted.name == name && accepted.isConfident(), "\(name): \(accepted.shapeMeasures)")
            // A sample drawn in several strokes widens its template's ranges
            // (what a game did before session 32; measured apart, as its count
            // is the sample's).
            let widened = try StrokeClassifier(templates: StrokeTemplate.builtIn.map { template in
                template.name != name ? template
                    : try StrokeTemplate(name: name, deviationScale: template.deviationScale, closeTemplates: template.closeTemplates,
                                         samples: template.samples + [strokes.map { $0.map { Point(x: $0.x * 0.9 + 7, y: $0.y * 1.1) } }])
            })
            let withSample = try #require(widened.classify(strokes: strokes))
            #expect(withSample.name == name && withSample.isConfident())
        }
    }

    /// Joined only across stroke counts (`joinsStrokesAcrossCounts`, the
    /// library's since session 32): a
    /// triangle and a star drawn a line at a time, against the built-in
    /// templates drawn in one stroke, are joined and accepted; a drawing
    /// of a count its template's samples have (a circle in one stroke, an
    /// X in two, as the built-in X's samples are) measures exactly as with
    /// the strokes apart.
    @Test func joinedOnlyAcrossStrokeCounts() throws {
        var parameters = StrokeMatchingParameters.standard
        let across = StrokeClassifier(parameters: parameters)
        parameters.joinsStrokes = false
        let apart = StrokeClassifier(parameters: parameters)
        let triangle = Self.triangleSides, tips = Self.starTips
        // The star's lines in a scrambled order, two of them drawn backwards.
        let star = [3, 0, 4, 1, 2].map { k in
            let line = Self.side(tips[k], tips[(k + 1) % 5], points: 12).map(Self.onScreen)
            return k % 2 == 1 ? Array(line.reversed()) : line
        }
        for (name, strokes) in [("triangle", triangle), ("star", star)] {
            let rejected = try #require(apart.classify(strokes: strokes))
            #expect(rejected.name == name && !rejected.isConfident())
            let accepted = try #require(across.classify(strokes: strokes))
            #expect(accepted.name == name && accepted.isConfident(), "\(name): \(accepted.shapeMeasures)")
        }
        let circle = [(0..<40).map { k -> Point in
            let angle = 2 * Double.pi * Double(k) / 39
            return Self.onScreen((cos(angle), 0.9 * sin(angle)))
        }]
        let x = [Self.side((-1, -1), (1, 1), points: 16).map(Self.onScreen), Self.side((1, -1), (-1, 1), points: 16).map(Self.onScreen)]
        for strokes in [circle, x] {
            let before = try #require(apart.classify(strokes: strokes))
            let after = try #require(across.classify(strokes: strokes))
            #expect(after.name == before.name && after.shapeMeasures == before.shapeMeasures)
            #expect(after.shapeDeviation == before.shapeDeviation)
        }
        // Its shape ranges are its samples' apart, as without joining.
        for index in apart.templates.indices {
            #expect(across.shapeRanges(ofTemplate: index) == apart.shapeRanges(ofTemplate: index))
        }
    }
}
