import Foundation
import TactileTestSupport
import Testing
@_spi(StrokeTuning) @testable import Tactile

/// The evaluation's switches on the shape check's distance measures
/// (session 15's rounds 7 and 9, neither shipped): they change only the
/// measures they name, and in the direction their definitions promise.
struct StrokeDistanceMeasureTests {
    static func inks() -> [StrokeInk] { StrokeClassifierRunnerUpTests.drawings() }

    static func classifier(_ change: (inout StrokeMatchingParameters) -> Void) throws -> StrokeClassifier {
        var parameters = StrokeMatchingParameters.standard
        parameters.reportsRunnerUp = true
        change(&parameters)
        return try StrokeClassifier(templates: StrokeTemplate.builtIn, parameters: parameters)
    }

    @Test func distancesToAllOfATemplatesSamplesAreNoFartherAndChangeNothingElse() throws {
        let one = try Self.classifier { _ in }
        let all = try Self.classifier { $0.distanceToAllSamples = true }
        var nearer = 0
        for ink in Self.inks() {
            guard let a = one.classify(ink), let b = all.classify(ink) else {
                #expect(one.classify(ink) == nil && all.classify(ink) == nil)
                continue
            }
            // The same match: only the two distance measures may move.
            #expect(a.templateIndex == b.templateIndex && a.sampleIndex == b.sampleIndex && a.distance == b.distance)
            #expect(a.runnerUpTemplateIndex == b.runnerUpTemplateIndex && a.runnerUpDistance == b.runnerUpDistance)
            var same = b.shapeMeasures
            same.farthest = a.shapeMeasures.farthest
            same.percentile = a.shapeMeasures.percentile
            #expect(same == a.shapeMeasures)
            // The matched sample is among the template's samples.
            #expect(b.shapeMeasures.farthest <= a.shapeMeasures.farthest)
            #expect(b.shapeMeasures.percentile <= a.shapeMeasures.percentile)
            if b.shapeMeasures.percentile < a.shapeMeasures.percentile { nearer += 1 }
        }
        // The built-in templates' three samples differ: some drawings lie nearer another.
        #expect(nearer > 0)
    }

    @Test func aLowerPercentileIsNoFartherAndTheDefaultIsTheNinetieth() throws {
        let standard = try Self.classifier { _ in }
        let ninetieth = try Self.classifier { $0.distancePercentile = 0.9 }
        let half = try Self.classifier { $0.distancePercentile = 0.5 }
        var lower = 0
        for ink in Self.inks() {
            let a = standard.classify(ink)
            #expect(ninetieth.classify(ink) == a)
            guard let a, let b = half.classify(ink) else { continue }
            #expect(b.templateIndex == a.templateIndex && b.shapeMeasures.farthest == a.shapeMeasures.farthest)
            #expect(b.shapeMeasures.percentile <= a.shapeMeasures.percentile)
            if b.shapeMeasures.percentile < a.shapeMeasures.percentile { lower += 1 }
        }
        #expect(lower > 0)
    }

    @Test func thePercentileIsKeptBetweenTheMedianAndTheFarthest() {
        var parameters = StrokeMatchingParameters.standard
        #expect(parameters.distancePercentile == 0.9 && !parameters.distanceToAllSamples)
        parameters.distancePercentile = 2
        #expect(parameters.distancePercentile == 1)
        parameters.distancePercentile = 0.1
        #expect(parameters.distancePercentile == 0.5)
        parameters.distancePercentile = .nan
        #expect(parameters.distancePercentile == 0.9)
    }
}
