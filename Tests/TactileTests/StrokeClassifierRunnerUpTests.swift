import Foundation
import TactileTestSupport
import Testing
@_spi(StrokeTuning) @testable import Tactile

/// The runner-up (the nearest template other than the match's) and the
/// margin rule made with it: the match found is the one found without it,
/// bit for bit; the runner-up is the template a classifier without the
/// match's template would give, at its distance; and the margin loosens or
/// tightens the shape check.
struct StrokeClassifierRunnerUpTests {
    /// Drawings of every built-in shape by writers the set was not made
    /// from, and scribbles of every kind.
    static func drawings() -> [StrokeInk] {
        var synthesizer = StrokeSynthesizer(seed: 0x2ACE)
        var inks: [StrokeInk] = []
        for writer in 700..<703 {
            for shape in StrokeShape.allCases {
                inks.append(StrokeInk(strokes: synthesizer.drawing(of: shape, by: StrokeWriter(seed: UInt64(writer)))))
            }
        }
        for kind in StrokeScribble.allCases {
            for _ in 0..<12 { inks.append(StrokeInk(strokes: synthesizer.scribble(kind))) }
        }
        return inks
    }

    static func stripped(_ match: StrokeMatch?) -> StrokeMatch? {
        guard var match else { return nil }
        match.runnerUpDistance = .infinity
        match.runnerUpTemplateIndex = -1
        return match
    }

    @Test(arguments: [false, true])
    func theMatchIsTheOneFoundWithoutTheRunnerUp(rotationInvariant: Bool) throws {
        let templates = try StrokeTemplate.builtIn.map {
            try StrokeTemplate(name: $0.name, isRotationInvariant: rotationInvariant, samples: $0.samples)
        }
        var alone = StrokeMatchingParameters.standard
        alone.marginSearchDeviation = 0
        var exact = StrokeMatchingParameters.standard
        exact.reportsRunnerUp = true
        let plain = try StrokeClassifier(templates: templates, parameters: alone)
        let ranked = try StrokeClassifier(templates: templates, parameters: exact)
        let searched = try StrokeClassifier(templates: templates)
        var withRunnerUp = 0
        for ink in Self.drawings() {
            let match = ranked.classify(ink)
            let found = plain.classify(ink)
            #expect(Self.stripped(match) == found)
            #expect(Self.stripped(searched.classify(ink)) == found)
            #expect(found?.runnerUpDistance == .infinity && found?.margin == 1)
            guard let match else { continue }
            if match.runnerUpTemplateIndex >= 0 { withRunnerUp += 1 }
            #expect(match.runnerUpTemplateIndex != match.templateIndex)
            #expect(match.runnerUpDistance >= match.distance)
            #expect(match.margin >= 1)
        }
        #expect(withRunnerUp == Self.drawings().count)
    }

    @Test func theRunnerUpIsTheNearestOfTheOtherTemplates() throws {
        // The pruning is kept exact for the best two: the runner-up is what
        // a classifier without the match's template finds, at its distance.
        let templates = StrokeTemplate.builtIn
        var exact = StrokeMatchingParameters.standard
        exact.reportsRunnerUp = true
        let classifier = try StrokeClassifier(templates: templates, parameters: exact)
        let searched = StrokeClassifier()
        let without = try templates.indices.map { left in
            try StrokeClassifier(templates: templates.enumerated().filter { $0.offset != left }.map(\.element))
        }
        var looked = 0, stoppedEarly = 0
        for ink in Self.drawings() {
            let match = try #require(classifier.classify(ink))
            let other = try #require(without[match.templateIndex].classify(ink))
            #expect(templates[match.runnerUpTemplateIndex].name == other.name)
            #expect(match.runnerUpDistance == other.distance)
            // The library's bounded search, which stops once the decision is
            // known: the same decision, from a bound of the exact margin (an
            // upper one where another template rejects, a lower one where
            // none is within the reach).
            let bounded = try #require(searched.classify(ink))
            #expect(bounded.isConfident() == match.isConfident())
            if bounded.shapeDeviation > GestureDefaults.strokeMaximumShapeDeviation {
                looked += 1
                if bounded.runnerUpTemplateIndex >= 0 {
                    #expect(bounded.runnerUpDistance >= match.runnerUpDistance)
                    #expect(!bounded.isConfident())
                    if bounded.runnerUpDistance > match.runnerUpDistance { stoppedEarly += 1 }
                } else {
                    #expect(match.margin > bounded.shapeDeviation / GestureDefaults.strokeMaximumShapeDeviation)
                }
            } else {
                #expect(bounded.margin == 1)
            }
        }
        #expect(looked > 20, "the scribbles' shape deviations are mostly above the threshold")
        #expect(stoppedEarly > 0, "some searches stop at a template farther than the nearest, which rejects as well")
    }

    @Test(arguments: [1.5, 2.5, 4.5])
    func aRecognizersOwnThresholdDecidesAsTheExactMargin(threshold: Double) throws {
        // A recognizer searches at its own maximumShapeDeviation, not at the
        // (shared) classifier's marginSearchDeviation: its decision is the
        // exact margin's at any threshold.
        var exact = StrokeMatchingParameters.standard
        exact.reportsRunnerUp = true
        let ranked = try StrokeClassifier(templates: StrokeTemplate.builtIn, parameters: exact)
        let shared = StrokeClassifier()
        var differsFromDefault = 0
        for ink in Self.drawings() {
            let match = try #require(ranked.classify(ink))
            let searched = try #require(shared.classify(ink, marginSearchDeviation: threshold))
            #expect(Self.stripped(searched).map { $0.name } == match.name)
            #expect(searched.isConfident(maximumShapeDeviation: threshold) == match.isConfident(maximumShapeDeviation: threshold))
            if match.isConfident(maximumShapeDeviation: threshold) != match.isConfident() { differsFromDefault += 1 }
        }
        #expect(differsFromDefault > 0, "the threshold changes some decisions, so the search at it is tested")
    }

    @Test func aClearMarginLoosensTheShapeCheckAndASmallOneTightensIt() throws {
        var exact = StrokeMatchingParameters.standard
        exact.reportsRunnerUp = true
        let classifier = try StrokeClassifier(templates: StrokeTemplate.builtIn, parameters: exact)
        var synthesizer = StrokeSynthesizer(seed: 0x3A1)
        let ink = StrokeInk(strokes: synthesizer.drawing(of: .circle, by: StrokeWriter(seed: 710)))
        var match = try #require(classifier.classify(ink))
        #expect(match.name == "circle" && match.margin > 1.2, "a clean circle is clearly nearer its template")
        // Within the threshold, the library does not look for the runner-up.
        let searched = try #require(StrokeClassifier().classify(ink))
        #expect(searched.shapeDeviation <= GestureDefaults.strokeMaximumShapeDeviation && searched.margin == 1)
        let limit = GestureDefaults.strokeMaximumShapeDeviation
        match.score = 0.9
        match.shapeDeviation = limit * 1.5
        match.runnerUpDistance = match.distance * 2   // twice as far: deviation / 2 passes
        #expect(match.isConfident())
        match.runnerUpDistance = match.distance * 1.2   // about as near: deviation / 1.2 does not
        #expect(!match.isConfident())
        match.shapeDeviation = limit * 0.9
        match.runnerUpDistance = .infinity   // no runner-up: the shape check alone
        #expect(match.margin == 1 && match.isConfident())
        match.shapeDeviation = limit * 1.1
        #expect(!match.isConfident())
        match.score = 0.5   // the score floor stands whatever the margin
        match.shapeDeviation = 0
        match.runnerUpDistance = match.distance * 10
        #expect(!match.isConfident())
    }
}
