import Foundation
import TactileTestSupport
import Testing
@_spi(StrokeTuning) @testable import Tactile

/// The player's own drawings kept as samples (session 20, round 14): the
/// memory is bounded, the oldest drawing goes first, a rejected drawing is
/// never learned, bad drawings are refused, and the adapted set keeps each
/// template's own settings.
struct StrokeAdaptationTests {
    static func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }
    static func v(_ depth: Double) -> [[Point]] { [[p(0, 0), p(50, depth), p(100, 0)]] }

    @Test func eachTemplateKeepsAtMostKDrawingsTheOldestDroppedFirst() throws {
        var adaptation = StrokeAdaptation(drawingsPerTemplate: 2)
        let kept = [100.0, 110, 120, 130, 140].map { adaptation.learn(Self.v($0), as: "v") }
        #expect(kept == [true, true, true, true, true])
        #expect(adaptation.drawings["v"] == [Self.v(130), Self.v(140)])
        let check = adaptation.learn(Self.v(90), as: "check")
        #expect(check)
        #expect(adaptation.drawings.count == 2 && adaptation.drawings["check"]?.count == 1)
        // Clamped: never unbounded, never zero.
        #expect(StrokeAdaptation(drawingsPerTemplate: 1_000).drawingsPerTemplate == StrokeAdaptation.maximumDrawingsPerTemplate)
        #expect(StrokeAdaptation(drawingsPerTemplate: 0).drawingsPerTemplate == 1)
        #expect(StrokeAdaptation(learningShare: .nan).learningShare == 1)
        #expect(StrokeAdaptation(learningShare: 2).learningShare == 1)
        #expect(StrokeAdaptation(thresholdExponent: -1).thresholdExponent == GestureDefaults.strokeAdaptedThresholdExponent)
        #expect(StrokeAdaptation(thresholdExponent: .infinity).thresholdExponent == GestureDefaults.strokeAdaptedThresholdExponent)
    }

    /// A template's threshold falls with the drawings it learned, as
    /// (b ÷ (b + j))^α, and only that template's; α = 0 keeps it.
    @Test func aTemplatesThresholdFallsWithTheDrawingsItHolds() throws {
        let builtIn = StrokeTemplate.builtIn
        let v = try #require(builtIn.first { $0.name == "v" }), check = try #require(builtIn.first { $0.name == "check" })
        #expect(v.samples.count == 3)
        var adaptation = StrokeAdaptation(drawingsPerTemplate: 3)
        let t = GestureDefaults.strokeMaximumShapeDeviation
        #expect(adaptation.maximumShapeDeviation(for: v) == t)
        adaptation.learn(Self.v(100), as: "v")
        #expect(abs(adaptation.maximumShapeDeviation(for: v) - t * 0.9396) < 0.0005 * t)   // (3 ÷ 4)^0.2164
        adaptation.learn(Self.v(110), as: "v")
        adaptation.learn(Self.v(120), as: "v")
        #expect(abs(adaptation.maximumShapeDeviation(for: v, base: 2) - 2 * pow(0.5, GestureDefaults.strokeAdaptedThresholdExponent)) < 1e-12)
        #expect(adaptation.maximumShapeDeviation(for: check) == t)
        var fixed = StrokeAdaptation(thresholdExponent: 0)
        fixed.learn(Self.v(100), as: "v")
        #expect(fixed.maximumShapeDeviation(for: v) == t)
    }

    @Test func aDrawingATemplateCouldNotHoldIsRefused() {
        var adaptation = StrokeAdaptation()
        let kept = [
            adaptation.learn([], as: "v"),
            adaptation.learn([[]], as: "v"),
            adaptation.learn([[Self.p(5, 5), Self.p(5, 5)]], as: "v"),
            adaptation.learn([[Self.p(0, 0), Self.p(.nan, 1)]], as: "v"),
            adaptation.learn(Self.v(100), as: "two words"),
        ]
        #expect(kept == [false, false, false, false, false])
        #expect(adaptation.drawings.isEmpty)
    }

    /// With nothing learned the decision is the classification's at the
    /// base threshold (the margin searched as far as it decides); a match beyond the templates given (the wrong
    /// list) is decided at the base threshold too, never trapped.
    @Test func decidingWithNothingLearnedIsTheClassificationsDecision() throws {
        let classifier = StrokeClassifier()
        var synthesizer = StrokeSynthesizer(seed: 0xADD)
        let hand = StrokeWriter(seed: 702)
        var adaptation = StrokeAdaptation()
        for shape in StrokeShape.allCases { adaptation.learn(synthesizer.drawing(of: shape, by: hand), as: shape.rawValue) }
        let drawings = StrokeShape.allCases.map { synthesizer.drawing(of: $0, by: hand) } + (0..<16).map { _ in synthesizer.scribble() }
        var recognized = 0
        for drawing in drawings {
            let ink = StrokeInk(strokes: drawing)
            let searched = try #require(classifier.classify(ink, marginSearchDeviation: GestureDefaults.strokeMaximumShapeDeviation))
            let decided = try #require(StrokeAdaptation().decide(ink, with: classifier, templates: StrokeTemplate.builtIn))
            #expect(decided.match == searched && decided.threshold == GestureDefaults.strokeMaximumShapeDeviation)
            #expect(decided.isRecognized == searched.isConfident())
            let unlisted = try #require(adaptation.decide(ink, with: classifier, templates: []))
            #expect(unlisted.match == searched && unlisted.isRecognized == decided.isRecognized)
            if decided.isRecognized { recognized += 1 }
        }
        #expect(recognized > 0 && recognized < drawings.count)
        #expect(StrokeAdaptation().decide(StrokeInk(strokes: [[Point(x: 3, y: 3)]]), with: classifier, templates: []) == nil)
    }

    /// Drawings and scribbles against the built-in set at its threshold: a
    /// rejected one is never learned, a learned one is always recognized;
    /// within half the threshold some recognized ones are not learned (so
    /// the test can fail both ways), by default every recognized one is.
    @Test(arguments: [0.5, 1])
    func onlyRecognizedDrawingsAreLearnedWithinTheShare(share: Double) throws {
        var parameters = StrokeMatchingParameters.standard
        parameters.reportsRunnerUp = true   // the exact margin
        let classifier = try StrokeClassifier(templates: StrokeTemplate.builtIn, parameters: parameters)
        let adaptation = StrokeAdaptation(learningShare: share)
        var synthesizer = StrokeSynthesizer(seed: 0xADA)
        var drawings: [[[Point]]] = []
        for writer in 0..<4 {
            let hand = StrokeWriter(seed: 700 + UInt64(writer))
            drawings += StrokeShape.allCases.map { synthesizer.drawing(of: $0, by: hand) }
        }
        drawings += (0..<64).map { _ in synthesizer.scribble() }
        var learned = 0, recognizedNotLearned = 0, rejected = 0
        for drawing in drawings {
            let match = try #require(classifier.classify(strokes: drawing))
            if adaptation.learns(match) {
                #expect(match.isConfident())
                learned += 1
            } else if match.isConfident() {
                recognizedNotLearned += 1
            } else {
                rejected += 1
            }
        }
        #expect(learned > 0 && rejected > 0)
        #expect(share < 1 ? recognizedNotLearned > 0 : recognizedNotLearned == 0)
    }

    @Test func theAdaptedSetAddsTheDrawingsAfterEachTemplatesOwnAndKeepsItsSettings() throws {
        var adaptation = StrokeAdaptation(drawingsPerTemplate: 3)
        let builtIn = StrokeTemplate.builtIn
        let name = try #require(builtIn.first { !$0.closeTemplates.isEmpty }).name
        adaptation.learn(Self.v(100), as: name)
        adaptation.learn(Self.v(120), as: name)
        adaptation.learn(Self.v(80), as: "no-such-template")
        let adapted = try adaptation.templates(adding: builtIn)
        #expect(adapted.map(\.name) == builtIn.map(\.name))
        for (before, after) in zip(builtIn, adapted) {
            #expect(after.deviationScale == before.deviationScale && after.closeTemplates == before.closeTemplates
                    && after.isRotationInvariant == before.isRotationInvariant)
            #expect(after.samples == before.samples + (before.name == name ? [Self.v(100), Self.v(120)] : []))
        }
        // Reset: the set as it was.
        adaptation.removeAll()
        #expect(try adaptation.templates(adding: builtIn) == builtIn)
    }

    /// The same drawings in the same order give the same set, and a
    /// classifier on it gives the same matches.
    @Test func adaptingIsDeterministic() throws {
        func adapted() throws -> StrokeClassifier {
            var adaptation = StrokeAdaptation()
            var synthesizer = StrokeSynthesizer(seed: 0xADB)
            let hand = StrokeWriter(seed: 701)
            let classifier = try StrokeClassifier(templates: StrokeTemplate.builtIn)
            for shape in StrokeShape.allCases {
                let drawing = synthesizer.drawing(of: shape, by: hand)
                if let match = classifier.classify(strokes: drawing), adaptation.learns(match) {
                    adaptation.learn(drawing, as: match.name)
                }
            }
            #expect(!adaptation.drawings.isEmpty)
            return try StrokeClassifier(templates: adaptation.templates(adding: StrokeTemplate.builtIn))
        }
        let (one, two) = (try adapted(), try adapted())
        #expect(one.templates == two.templates)
        var synthesizer = StrokeSynthesizer(seed: 0xADC)
        for _ in 0..<8 {
            let scribble = synthesizer.scribble()
            #expect(one.classify(strokes: scribble) == two.classify(strokes: scribble))
        }
    }

    /// End to end, as a game would adapt between rounds: a player whose
    /// hand is wider than the templates' draws a round against the
    /// built-in set, the drawings it recognizes are learned (the last of
    /// each shape kept), the classifier is made again, and in the next
    /// round the adapted set, each template deciding at its own threshold,
    /// recognizes (right shape, accepted) drawings of that player's that
    /// the built-in set rejects or takes for another shape, and more of
    /// them in all, while it still rejects scribbles.
    @Test func learnedDrawingsRecognizeMoreOfThePlayersOwnHand() throws {
        let builtIn = try StrokeClassifier(templates: StrokeTemplate.builtIn)
        var synthesizer = StrokeSynthesizer(seed: 0x5EED)
        var rightBefore = 0, rightAfter = 0, rescued = 0, lost = 0
        var scribblesBefore = 0, scribblesAfter = 0
        for writer in 0..<4 {
            let hand = StrokeWriter(seed: 4_100 + UInt64(writer), habits: .wide)
            var adaptation = StrokeAdaptation()
            for shape in StrokeShape.allCases {
                for _ in 0..<2 {
                    let drawing = synthesizer.drawing(of: shape, by: hand)
                    if let match = builtIn.classify(strokes: drawing), adaptation.learns(match) {
                        adaptation.learn(drawing, as: match.name)
                    }
                }
            }
            #expect(!adaptation.drawings.isEmpty)
            let adapted = try StrokeClassifier(templates: adaptation.templates(adding: StrokeTemplate.builtIn))
            // Decided as the recognizer decides (the margin measured as far
            // as each template's threshold needs); nothing learned, the
            // built-in set's own decision.
            func accepts(_ classifier: StrokeClassifier, _ drawing: [[Point]]) -> StrokeMatch? {
                let rule = classifier === builtIn ? StrokeAdaptation() : adaptation
                guard let decided = rule.decide(StrokeInk(strokes: drawing), with: classifier, templates: StrokeTemplate.builtIn),
                      decided.isRecognized else { return nil }
                return decided.match
            }
            for shape in StrokeShape.allCases {
                for _ in 0..<3 {
                    let drawing = synthesizer.drawing(of: shape, by: hand)
                    let before = accepts(builtIn, drawing)?.name == shape.rawValue
                    let after = accepts(adapted, drawing)?.name == shape.rawValue
                    if before { rightBefore += 1 }
                    if after { rightAfter += 1 }
                    if after && !before { rescued += 1 }
                    if before && !after { lost += 1 }
                }
            }
            for _ in 0..<16 {
                let scribble = synthesizer.scribble()
                if accepts(builtIn, scribble) != nil { scribblesBefore += 1 }
                if accepts(adapted, scribble) != nil { scribblesAfter += 1 }
            }
        }
        print("adaptation, wide hands: \(rightBefore) → \(rightAfter) of 192 recognized, \(rescued) rescued, \(lost) lost; scribbles accepted \(scribblesBefore) → \(scribblesAfter) of 64")
        #expect(rescued > 0)
        #expect(rightAfter > rightBefore)
        #expect(scribblesAfter <= scribblesBefore + 2)
    }
}
