import Foundation
import TactileTestSupport
import Testing
@_spi(StrokeTuning) @testable import Tactile

/// The matching (many-to-one after $P+, both directions added, session 29):
/// the distance, checked against a plain computation on the classifier's
/// own clouds; its bounds are at most the distance, a matching cut short is
/// at least its limit, and the search that skips by the bounds ends where
/// matching every sample does.
struct StrokeMatchingTests {
    /// The many-to-one sum from `a` to `b` (n points each), by brute force:
    /// every point of a its nearest in b, then every point of b no point of a
    /// chose its nearest in a (the first of equals in index order chosen).
    static func manyToOneSum(_ ax: [Double], _ ay: [Double], _ bx: [Double], _ by: [Double]) -> Double {
        func squared(_ i: Int, _ j: Int) -> Double {
            let dx = ax[i] - bx[j], dy = ay[i] - by[j]
            return dx * dx + dy * dy
        }
        var chosen = Set<Int>()
        var sum = 0.0
        for i in ax.indices {
            let nearest = bx.indices.min { squared(i, $0) < squared(i, $1) }!
            chosen.insert(nearest)
            sum += squared(i, nearest)
        }
        for j in bx.indices where !chosen.contains(j) {
            sum += ax.indices.map { squared($0, j) }.min()!
        }
        return sum
    }

    @Test func theDistanceIsBothDirectionsManyToOneSumsAdded() throws {
        var synthesizer = StrokeSynthesizer(seed: 0x3A01)
        let template = try StrokeTemplate(name: "star", samples: [synthesizer.drawing(of: .star, by: StrokeWriter(seed: 710))])
        let classifier = try StrokeClassifier(templates: [template])
        let n = classifier.n
        var checked = 0
        for shape in [StrokeShape.star, .circle, .zigzag, .x, .line] {
            let drawing = synthesizer.drawing(of: shape, by: StrokeWriter(seed: 711))
            let match = try #require(classifier.classify(strokes: drawing))
            // The clouds the classifier compared: the drawing as it normalized it, and the sample.
            let ax = (0..<n).map { classifier.aspectX[$0] }, ay = (0..<n).map { classifier.aspectY[$0] }
            let bx = (0..<n).map { classifier.sampleX[$0] }, by = (0..<n).map { classifier.sampleY[$0] }
            let sum = Self.manyToOneSum(ax, ay, bx, by) + Self.manyToOneSum(bx, by, ax, ay)
            let expected = (sum / Double(2 * n)).squareRoot()
            #expect(abs(match.distance - expected) <= 1e-12 * max(1, expected), "\(shape): \(match.distance) against \(expected)")
            checked += 1
        }
        #expect(checked == 5)
    }

    /// Against every sample of the built-in set, fresh drawings of every
    /// shape: the grid's bound is at most the whole distance, and a matching
    /// at a limit returns the distance below it and a value at least the
    /// limit otherwise (limits either side of the distance, and at it); the
    /// classification, skipping by the bounds, is the nearest sample's. At
    /// the standard point count and at counts whose rows and columns leave
    /// a tail to the paired loops (31, 7).
    @Test(arguments: [32, 31, 7])
    func theBoundIsAtMostTheDistanceAndACutMatchingAtLeastItsLimit(pointCount: Int) throws {
        var parameters = StrokeMatchingParameters.standard
        parameters.pointCount = pointCount
        let classifier = try StrokeClassifier(templates: StrokeTemplate.builtIn, parameters: parameters)
        var synthesizer = StrokeSynthesizer(seed: 0x3A03)
        var bounded = 0, positive = 0, cut = 0
        for shape in StrokeShape.allCases {
            let ink = StrokeInk(strokes: synthesizer.drawing(of: shape, by: StrokeWriter(seed: 714)))
            let match = try #require(classifier.classify(ink))
            // classify left the drawing's cloud, scaled by axes, in place.
            var nearest = (distance: Double.infinity, sample: -1)
            for sample in 0..<classifier.sampleCount {
                let bound = classifier.lowerBound(x: classifier.aspectX, y: classifier.aspectY, sample: sample)
                let whole = classifier.match(x: classifier.aspectX, y: classifier.aspectY, sample: sample,
                                                         below: .infinity, turning: false)
                #expect(bound <= whole, "\(shape), sample \(sample): bound \(bound) above \(whole)")
                if whole < nearest.distance { nearest = (whole, sample) }
                bounded += 1
                if bound > 0 { positive += 1 }
                for limit in [whole * 0.5, whole * 0.9, whole, whole * 1.000001, whole * 2] {
                    let found = classifier.match(x: classifier.aspectX, y: classifier.aspectY, sample: sample,
                                                             below: limit, turning: false)
                    if whole < limit {
                        #expect(found == whole)
                    } else {
                        #expect(found >= limit)
                        if found != whole { cut += 1 }
                    }
                }
            }
            // The search that skips by the bounds ends where matching every sample does.
            #expect(match.templateIndex == classifier.sampleTemplate[nearest.sample], "\(shape)")
            #expect(match.distance == nearest.distance.squareRoot(), "\(shape)")
        }
        #expect(bounded == StrokeShape.allCases.count * classifier.sampleCount)
        // The checks are not empty: bounds say something and matchings are cut.
        #expect(positive > bounded / 2, "\(positive) of \(bounded) bounds above 0")
        #expect(cut > 0)
    }

    @Test func theBuiltInSetNamesFreshDrawings() throws {
        let classifier = try StrokeClassifier(templates: StrokeTemplate.builtIn)
        var synthesizer = StrokeSynthesizer(seed: 0x7E57)
        var correct = 0, total = 0
        for writer in 900..<905 {
            for shape in StrokeShape.allCases {
                let ink = StrokeInk(strokes: synthesizer.drawing(of: shape, by: StrokeWriter(seed: UInt64(writer))))
                let nearest = classifier.classify(ink)
                if nearest?.name == shape.rawValue { correct += 1 }
                total += 1
            }
        }
        #expect(Double(correct) / Double(total) >= 0.9, "\(correct) of \(total)")
    }
}
