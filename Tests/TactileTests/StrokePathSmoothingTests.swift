import Foundation
import Testing
@_spi(StrokeTuning) @testable import Tactile

/// `StrokeMatchingParameters.pathSmoothingPasses` (session 25's round 20):
/// the shape check's ink and winding measured on each stroke smoothed.
struct StrokePathSmoothingTests {
    /// The path measures of `points` (one stroke number each) with `passes`.
    static func measures(_ points: [(Double, Double)], strokes: [Int32], passes: Int) -> StrokeShapeCheck.PathMeasures {
        var x = points.map(\.0), y = points.map(\.1), stroke = strokes
        var scratch = [Double](repeating: .nan, count: 2 * points.count)
        return StrokeShapeCheck.pathMeasures(x: &x, y: &y, stroke: &stroke, count: points.count,
                                             smoothingPasses: passes, smoothed: &scratch)
    }

    /// A pass moves each point inside a stroke to (previous + 2 · itself +
    /// next) / 4 of the points before the pass; a stroke's ends stay, and
    /// a stroke of two points is left as it is.
    @Test func aPassAveragesInsideEachStrokeAndKeepsItsEnds() {
        var x: [Double] = [0, 4, 0, 8, 1, 5]
        var y: [Double] = [0, 0, 4, 0, 2, 9]
        var stroke: [Int32] = [0, 0, 0, 0, 1, 1]
        var out = [Double](repeating: .nan, count: 12)
        StrokeShapeCheck.smooth(x: &x, y: &y, stroke: &stroke, count: 6, passes: 1, into: &out)
        let onePassX: [Double] = [0, 2, 3, 8, 1, 5]   // (0 + 8 + 0) / 4, (4 + 0 + 8) / 4
        let onePassY: [Double] = [0, 1, 2, 0, 2, 9]   // (0 + 0 + 4) / 4, (0 + 8 + 0) / 4
        #expect(Array(out[0..<6]) == onePassX)
        #expect(Array(out[6..<12]) == onePassY)
        StrokeShapeCheck.smooth(x: &x, y: &y, stroke: &stroke, count: 6, passes: 2, into: &out)
        let twoPassX: [Double] = [0, 1.75, 4, 8, 1, 5]   // (0 + 4 + 3) / 4, (2 + 6 + 8) / 4
        #expect(Array(out[0..<6]) == twoPassX)
    }

    /// A circle drawn with one back-step (a point jittered behind its
    /// predecessor, as a small, noisy hand's resampled points are): its
    /// winding strays by about a turn as drawn and comes back with smoothing;
    /// a clean circle's winding and a straight line's ink do not move.
    @Test func smoothingTakesAJitteredBackStepOutOfTheWinding() {
        let n = 32
        let circle = (0..<n).map { index -> (Double, Double) in
            let angle = 2 * Double.pi * Double(index) / Double(n - 1)
            return (cos(angle), sin(angle))
        }
        let strokes = [Int32](repeating: 0, count: n)
        var jittered = circle
        // Point 12 pulled back behind point 10 (the winding's segments join
        // every other point): the path reverses between them, and both
        // turns, each about half a turn, go the same way.
        let step = 2 * Double.pi / Double(n - 1)
        jittered[12] = (cos(9.5 * step), sin(9.5 * step))
        let clean = Self.measures(circle, strokes: strokes, passes: 0).winding
        let drawn = Self.measures(jittered, strokes: strokes, passes: 0).winding
        let smoothed = Self.measures(jittered, strokes: strokes, passes: 2).winding
        // The segments from point 0 to point 30 turn 28 of the circle's 31 steps.
        #expect(abs(clean - 28.0 / 31) < 1e-9)
        #expect(abs(drawn - clean) > 0.4)
        #expect(abs(smoothed - clean) < 0.05)
        #expect(abs(Self.measures(circle, strokes: strokes, passes: 2).winding - clean) < 0.05)
        let line = (0..<n).map { (Double($0), 0.0) }
        #expect(Self.measures(line, strokes: strokes, passes: 4).logInk == Self.measures(line, strokes: strokes, passes: 0).logInk)
    }

    /// `distanceSmoothingPasses` (round 22): the distance measures move and
    /// nothing else does.
    @Test func smoothedDistancesDecideAsTheFullClassification() throws {
        var parameters = StrokeMatchingParameters.standard
        parameters.distanceSmoothingPasses = 2
        let smoothed = try StrokeClassifier(templates: StrokeTemplate.builtIn, parameters: parameters)
        let plain = try StrokeClassifier(templates: StrokeTemplate.builtIn)
        var moved = 0
        for ink in StrokeCloseTemplatesTests.inks(seed: 0x5A0D, drawings: 24, scribbles: 12) {
            let full = try #require(smoothed.classify(ink))
            let asMatched = try #require(plain.classify(ink))
            #expect(full.templateIndex == asMatched.templateIndex && full.distance == asMatched.distance)
            #expect(full.shapeMeasures.ink == asMatched.shapeMeasures.ink && full.shapeMeasures.winding == asMatched.shapeMeasures.winding)
            #expect(full.shapeMeasures.radial == asMatched.shapeMeasures.radial)
            if full.shapeMeasures.percentile != asMatched.shapeMeasures.percentile { moved += 1 }
        }
        #expect(moved > 30)
    }
}
