import TactileTestSupport
import Testing
@_spi(StrokeTuning) @testable import Tactile

/// `classify(_:minimumScore:maximumShapeDeviation:)` (session 14): told the
/// decision, the classification may stop once rejection is certain. The
/// decision must be the full classification's, and an accepted match that
/// match, every field, for any threshold, least score and deviation scales.
struct StrokeClassifierCertainRejectionTests {
    /// Random deviation scales, least scores and thresholds; drawings of
    /// every shape and scribbles of every kind. Fails if stopping ever
    /// changes a decision or an accepted match, or a match not stopped
    /// (session 15: the search skips candidates the certificate matched),
    /// and if it never stops, nor by one run's witness (a test that could
    /// not fail).
    /// Session 25: with the path measures smoothed as shipped (four
    /// passes) and unsmoothed, which the certificate measures as `finish`
    /// does, and with the distances smoothed (round 22), which it bounds.
    /// Also with the distances lowered by the drawing's roughness (round
    /// 24), the last argument.
    @Test(arguments: [(UInt64(0x15A), 32, 4, 0, 0.0), (UInt64(0x15B), 32, 4, 0, 0), (UInt64(0x15C), 31, 4, 0, 0),
                      (UInt64(0x15D), 32, 0, 0, 0), (UInt64(0x15E), 32, 4, 4, 0), (UInt64(0x15F), 31, 4, 2, 0),
                      (UInt64(0x160), 32, 4, 0, 2)])
    func stoppingOnceRejectionIsCertainChangesNoDecision(seed: UInt64, pointCount: Int, smoothingPasses: Int,
                                                         distanceSmoothingPasses: Int, roughnessDiscount: Double) throws {
        var mix = SplitMix64(seed: seed)
        var synthesizer = StrokeSynthesizer(seed: seed)
        var parameters = StrokeMatchingParameters.standard
        parameters.pointCount = pointCount
        parameters.pathSmoothingPasses = smoothingPasses
        parameters.distanceSmoothingPasses = distanceSmoothingPasses
        parameters.distanceRoughnessDiscount = roughnessDiscount
        var stops = 0, rejected = 0, accepted = 0
        var byRun = 0
        for _ in 0..<4 {
            // Scales from a fifth to five times the shipped ones' order.
            let templates = try StrokeTemplate.builtIn.map {
                try StrokeTemplate(name: $0.name, deviationScale: mix.between(0.2, 5), samples: $0.samples)
            }
            let classifier = try StrokeClassifier(templates: templates, parameters: parameters)
            classifier.checksWitnessRuns = true
            defer { #expect(classifier.witnessRunChecks.disagreed == 0) }
            let minimumScore = mix.between(0.3, 0.85)
            let threshold = mix.between(0.8, 9)
            var inks: [StrokeInk] = []
            for _ in 0..<12 {
                let shape = StrokeShape.allCases[Int(mix.next() % UInt64(StrokeShape.allCases.count))]
                let writer = StrokeWriter(seed: 900 + mix.next() % 100)
                inks.append(StrokeInk(strokes: synthesizer.drawing(of: shape, by: writer)))
            }
            for _ in 0..<18 {
                let kind = StrokeScribble.allCases[Int(mix.next() % UInt64(StrokeScribble.allCases.count))]
                inks.append(StrokeInk(strokes: synthesizer.scribble(kind)))
            }
            defer { byRun += classifier.certificateStops.byRun }
            for ink in inks {
                let before = classifier.certainRejections
                let full = classifier.classify(ink, marginSearchDeviation: threshold)
                let told = classifier.classify(ink, minimumScore: minimumScore, maximumShapeDeviation: threshold)
                let stopped = classifier.certainRejections > before
                #expect((full == nil) == (told == nil))
                guard let full, let told else { continue }
                let decision = full.isConfident(minimumScore: minimumScore, maximumShapeDeviation: threshold)
                #expect(told.isConfident(minimumScore: minimumScore, maximumShapeDeviation: threshold) == decision)
                if decision {
                    accepted += 1
                    #expect(told == full)
                    #expect(!stopped)
                } else {
                    rejected += 1
                }
                if stopped { stops += 1 } else { #expect(told == full) }
            }
        }
        #expect(accepted > 0 && rejected > 0)
        #expect(stops > 0)
        #expect(byRun > 0)
    }

    /// At the library's defaults, scribbles stop after their best's own
    /// template's candidates were matched too (session 15), and with a
    /// witness found by searching a candidate's runs (session 16), with the
    /// full classification's decision.
    @Test func scribblesStopAfterTheBestsOwnTemplateIsMatched() {
        let classifier = StrokeClassifier()
        classifier.checksWitnessRuns = true
        var synthesizer = StrokeSynthesizer(seed: 0x15E)
        for index in 0..<96 {
            let ink = StrokeInk(strokes: synthesizer.scribble(StrokeScribble.allCases[index % StrokeScribble.allCases.count]))
            let full = classifier.classify(ink, marginSearchDeviation: GestureDefaults.strokeMaximumShapeDeviation)
            let told = classifier.classify(ink, minimumScore: GestureDefaults.strokeMinimumScore,
                                           maximumShapeDeviation: GestureDefaults.strokeMaximumShapeDeviation)
            #expect(told?.isConfident() == full?.isConfident())
            if full?.isConfident() == true { #expect(told == full) }
        }
        #expect(classifier.certificateStops.afterOwnMatched > 0 && classifier.certificateStops.byRun > 0)
        // And after a witness's runs were searched one by one (session 16).
        #expect(classifier.certificateStops.byRunSearched > 0)
        // Each conclusion `witnessRun` drew, the matching's own (session 16).
        #expect(classifier.witnessRunChecks.agreed > 0 && classifier.witnessRunChecks.disagreed == 0)
    }

    /// The plain classification still finds the exact nearest, and a set
    /// with a rotation-invariant template is searched whole.
    @Test func theNearestIsStillFoundWhenNoDecisionIsTold() throws {
        let classifier = StrokeClassifier()
        var synthesizer = StrokeSynthesizer(seed: 0x15D)
        for kind in StrokeScribble.allCases {
            let ink = StrokeInk(strokes: synthesizer.scribble(kind))
            let full = classifier.classify(ink, marginSearchDeviation: GestureDefaults.strokeMaximumShapeDeviation)
            #expect(classifier.classify(ink) == full)
        }
        #expect(classifier.certainRejections == 0)
        let turning = try StrokeClassifier(templates: StrokeTemplate.builtIn.map {
            try StrokeTemplate(name: $0.name, isRotationInvariant: $0.name == "circle", samples: $0.samples)
        })
        for kind in StrokeScribble.allCases {
            let ink = StrokeInk(strokes: synthesizer.scribble(kind))
            let told = turning.classify(ink, minimumScore: GestureDefaults.strokeMinimumScore,
                                        maximumShapeDeviation: GestureDefaults.strokeMaximumShapeDeviation)
            #expect(told == turning.classify(ink))
        }
        #expect(turning.certainRejections == 0)
    }
}

extension SplitMix64 {
    /// A number in `low..<high`, from 53 random bits.
    fileprivate mutating func between(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * (Double(next() >> 11) / Double(1 << 53))
    }
}
